export function DashboardPage() {
  return <div className="page">Dashboard</div>;
}

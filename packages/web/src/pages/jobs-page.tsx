export function JobsPage() {
  return <div className="page">Jobs</div>;
}

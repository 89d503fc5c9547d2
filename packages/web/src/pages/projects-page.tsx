export function ProjectsPage() {
  return <div className="page">Projects</div>;
}

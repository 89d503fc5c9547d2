export function ScriptPage() {
  return <div className="page">Script</div>;
}

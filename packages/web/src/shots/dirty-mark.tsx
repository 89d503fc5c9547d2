/** The unsaved-changes mark of a shot: an amber dot, read as "unsaved changes". */
export function DirtyMark() {
  return (
    <span className="dirty-mark" title="Unsaved changes" data-dirty="true">
      <span className="sr-only">unsaved changes</span>
    </span>
  );
}

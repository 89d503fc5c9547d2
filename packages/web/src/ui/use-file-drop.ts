import { type DragEvent, useState } from 'react';

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * Dropping a file on an element (the script desk, the audio page): `dragging` while files are
 * dragged over it (a drag of anything else is left alone), and the drag props to spread on it; the
 * first dropped file goes to `onFile`. With `capture`, the element takes the drag before its
 * children and keeps the drop from them (an editor inside would otherwise insert the file's text).
 */
export function useFileDrop(onFile: (file: File) => void, { capture = false } = {}) {
  const [dragging, setDragging] = useState(false);
  const onDragOver = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    if (capture) event.stopPropagation();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  const props = capture
    ? { onDragEnterCapture: onDragOver, onDragOverCapture: onDragOver, onDragLeave, onDropCapture: onDrop }
    : { onDragOver, onDragLeave, onDrop };
  return { dragging, props };
}

import { useState } from 'react';
import { type PageCommands, usePageCommand } from '../app/page-commands.js';
import { useServices } from '../app/services-context.js';
import type { Store } from '../state/store.js';
import { ConfirmModal } from '../ui/confirm-modal.js';
import type { ShotEditor } from './editor.js';
import { formatShotNumber, type ShotBoard } from './model.js';
import type { Selection } from './selection.js';

function deleteDescription(board: ShotBoard, ids: readonly string[]): string {
  const one = ids.length === 1;
  const numbers = ids.slice(0, 6).map((id) => formatShotNumber(board.byId.get(id)?.index ?? 0));
  const more = ids.length > 6 ? ` and ${ids.length - 6} more` : '';
  return `Shot${one ? '' : 's'} ${numbers.join(', ')}${more} leave${one ? 's' : ''} the project with ${
    one ? 'its frame' : 'their frames'
  }. Ctrl+Z brings ${one ? 'it' : 'them'} back.`;
}

/**
 * Undo and redo (Ctrl+Z, Ctrl+Shift+Z) on a shot view's editor while it is mounted, each announcing
 * what it undid or redid (or that there was nothing to).
 */
export function useUndoRedoCommands(
  commands: PageCommands,
  editor: ShotEditor,
  announce: (text: string) => void,
): void {
  usePageCommand(commands, 'edit.undo', () => {
    const command = editor.undo();
    announce(command ? `Undone: ${command.label}` : 'Nothing to undo');
  });
  usePageCommand(commands, 'edit.redo', () => {
    const command = editor.redo();
    announce(command ? `Redone: ${command.label}` : 'Nothing to redo');
  });
}

/**
 * The edit commands every shot view hands to the global actions while mounted: undo and redo
 * (Ctrl+Z, Ctrl+Shift+Z), delete the selection after a confirmation (Delete), duplicate it
 * (Ctrl+D). Returns the confirmation dialog to render and what to announce to screen readers.
 */
export function useShotEditCommands({
  board,
  editor,
  selection,
  onDuplicated,
  onDeleted,
}: {
  board: ShotBoard;
  editor: ShotEditor;
  selection: Store<Selection>;
  onDuplicated?: (lastCopyId: string) => void;
  /** The dialog closed (deleted or cancelled): the view takes the focus back. */
  onDeleted?: () => void;
}) {
  const { commands, toasts } = useServices();
  const [confirmDelete, setConfirmDelete] = useState<string[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const hasShots = board.shots.length > 0;
  const selectedIds = () =>
    board.shots.map((entry) => entry.shot.id).filter((id) => selection.get().ids.has(id));

  useUndoRedoCommands(commands, editor, setAnnouncement);
  usePageCommand(
    commands,
    'edit.delete',
    hasShots
      ? () => {
          const ids = selectedIds();
          if (ids.length > 0) setConfirmDelete(ids);
        }
      : null,
  );
  usePageCommand(
    commands,
    'edit.duplicate',
    hasShots
      ? () => {
          const copies = editor.duplicateShots(selectedIds());
          const last = copies.at(-1);
          if (!last) return;
          selection.set({ ids: new Set(copies), anchor: copies[0] ?? last, active: last });
          setAnnouncement(copies.length === 1 ? 'Shot duplicated' : `${copies.length} shots duplicated`);
          onDuplicated?.(last);
        }
      : null,
  );

  const confirm = () => {
    if (!confirmDelete) return;
    const count = confirmDelete.length;
    editor.deleteShots(confirmDelete);
    setConfirmDelete(null);
    toasts.show({
      type: 'success',
      title: count === 1 ? 'Shot deleted' : `${count} shots deleted`,
      message: 'Ctrl+Z brings it back.',
      action: { label: 'Undo', onClick: () => void editor.undo() },
    });
    onDeleted?.();
  };

  const cancelDelete = () => {
    setConfirmDelete(null);
    onDeleted?.();
  };
  const dialog = (
    <ConfirmModal
      open={confirmDelete !== null}
      className="shots-confirm"
      title={
        confirmDelete?.length === 1 ? 'Delete this shot?' : `Delete ${confirmDelete?.length ?? 0} shots?`
      }
      description={deleteDescription(board, confirmDelete ?? [])}
      confirmLabel={confirmDelete?.length === 1 ? 'Delete shot' : 'Delete shots'}
      focusConfirm
      onConfirm={confirm}
      onCancel={cancelDelete}
    />
  );
  return { dialog, announcement, announce: setAnnouncement };
}

import { useState } from 'react';
import type { EditContext } from '../actions/edit-actions.js';
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
 * Undo and redo (Ctrl+Z, Ctrl+Shift+Z) on a shot view's editor, each announcing what it undid or
 * redid (or that there was nothing to): the part of the page's edit context they make.
 */
export function shotHistory(
  editor: ShotEditor,
  announce: (text: string) => void,
): Required<Pick<EditContext, 'undo' | 'redo'>> {
  return {
    undo: () => {
      const command = editor.undo();
      announce(command ? `Undone: ${command.label}` : 'Nothing to undo');
    },
    redo: () => {
      const command = editor.redo();
      announce(command ? `Redone: ${command.label}` : 'Nothing to redo');
    },
  };
}

/**
 * What every shot view hands the edit actions (its edit context): undo and redo (Ctrl+Z,
 * Ctrl+Shift+Z), delete the selection after a confirmation (Delete), duplicate it (Ctrl+D). Returns
 * them with the confirmation dialog to render and what to announce to screen readers.
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
  const { toasts } = useServices();
  const [confirmDelete, setConfirmDelete] = useState<string[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const hasShots = board.shots.length > 0;
  const selectedIds = () =>
    board.shots.map((entry) => entry.shot.id).filter((id) => selection.get().ids.has(id));

  const edit: EditContext = {
    ...shotHistory(editor, setAnnouncement),
    ...(hasShots
      ? {
          deleteSelection: () => {
            const ids = selectedIds();
            if (ids.length > 0) setConfirmDelete(ids);
          },
          duplicateSelection: () => {
            const copies = editor.duplicateShots(selectedIds());
            const last = copies.at(-1);
            if (!last) return;
            selection.set({ ids: new Set(copies), anchor: copies[0] ?? last, active: last });
            setAnnouncement(copies.length === 1 ? 'Shot duplicated' : `${copies.length} shots duplicated`);
            onDuplicated?.(last);
          },
        }
      : {}),
  };

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
  return { dialog, announcement, announce: setAnnouncement, edit };
}

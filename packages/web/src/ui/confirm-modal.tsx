import type { ReactNode } from 'react';
import { Button } from './button.js';
import { Modal } from './modal.js';

/**
 * A destructive action's confirmation: what goes, then Cancel (a close like Escape) and the danger
 * button. Cancel has the focus unless `focusConfirm` (a quick, undoable delete).
 */
export function ConfirmModal({
  open,
  title,
  description,
  confirmLabel,
  busy = false,
  focusConfirm = false,
  className,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  busy?: boolean;
  focusConfirm?: boolean;
  className?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : onCancel())}
      size="small"
      className={className}
      title={title}
      description={description}
      locked={busy}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy} autoFocus={!focusConfirm}>
            Cancel
          </Button>
          <Button variant="danger" busy={busy} onClick={onConfirm} autoFocus={focusConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}

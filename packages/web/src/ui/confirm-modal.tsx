import type { ReactNode } from 'react';
import { Button } from './button.js';
import { Modal, type ModalSize } from './modal.js';

/**
 * An action's confirmation: what it does (a destructive one by default: the danger button), then
 * Cancel (a close like Escape) and the confirm button. Cancel has the focus unless `focusConfirm`
 * (a quick, undoable delete). `children`, if any, is the body (e.g. the details or an error).
 */
export function ConfirmModal({
  open,
  title,
  description,
  confirmLabel,
  confirmVariant = 'danger',
  size = 'small',
  busy = false,
  focusConfirm = false,
  className,
  children,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  confirmVariant?: 'danger' | 'primary';
  size?: ModalSize;
  busy?: boolean;
  focusConfirm?: boolean;
  className?: string;
  children?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : onCancel())}
      size={size}
      className={className}
      title={title}
      description={description}
      locked={busy}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy} autoFocus={!focusConfirm}>
            Cancel
          </Button>
          <Button variant={confirmVariant} busy={busy} onClick={onConfirm} autoFocus={focusConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}

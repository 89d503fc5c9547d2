import { type ReactNode, useId } from 'react';
import { Button } from './button.js';
import { Modal, type ModalProps } from './modal.js';

export interface FormModalProps extends Omit<ModalProps, 'footer' | 'locked' | 'children' | 'size'> {
  submitLabel: ReactNode;
  /** While true the dialog is locked open and the submit button shows its spinner. */
  busy: boolean;
  submitDisabled?: boolean;
  onSubmit: () => void;
  size?: ModalProps['size'];
  children: ReactNode;
}

/**
 * A dialog holding one form: its fields, then Cancel (a close like Escape) and the primary submit
 * button in the footer (which names the form by an id of its own, so callers need not invent one).
 */
export function FormModal({
  submitLabel,
  busy,
  submitDisabled,
  onSubmit,
  size = 'small',
  children,
  ...modal
}: FormModalProps) {
  const formId = useId();
  return (
    <Modal
      {...modal}
      size={size}
      locked={busy}
      footer={
        <>
          <Button variant="secondary" onClick={() => modal.onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} busy={busy} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="form-stack"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </Modal>
  );
}

import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { cx } from './cx.js';

export type ModalSize = 'small' | 'medium' | 'large' | 'fullscreen';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  size?: ModalSize;
  children?: ReactNode;
  footer?: ReactNode;
  /** Keeps the dialog open on Escape and outside clicks (e.g. while a long operation runs). */
  locked?: boolean;
  /** A body of text only that may scroll: it takes the focus, so the keyboard can scroll it. */
  scrollableText?: boolean;
  className?: string;
}

/**
 * Where the focus goes back when what opened a dialog is gone (an item of a context menu, which
 * closed): the page's grid, where the keyboard was (the storyboard, the shot list), else its main region.
 */
function focusHome(): HTMLElement | null {
  const grids = [...document.querySelectorAll<HTMLElement>('#main [role="grid"]:not([hidden])')];
  return grids.length === 1 ? (grids[0] as HTMLElement) : document.getElementById('main');
}

/**
 * Modals in four sizes on Radix Dialog: focus is trapped inside, Escape closes, focus returns to
 * what opened it, and the title and description label the dialog.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  size = 'medium',
  children,
  footer,
  locked = false,
  scrollableText = false,
  className,
}: ModalProps) {
  const guard = (event: Event) => {
    if (locked) event.preventDefault();
  };
  // Our dialogs are opened by actions, not by a Dialog.Trigger, so Radix has nothing to give focus
  // back to: remember what had focus when the dialog opened and return it there.
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  wasOpen.current = open;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (locked && !next ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        {/* A click on the scrim closes at once (Radix's own outside-click listener starts a tick after opening). */}
        <Dialog.Overlay className="modal-scrim" onClick={() => (locked ? undefined : onOpenChange(false))} />
        <Dialog.Content
          className={cx('modal', `modal--${size}`, className)}
          onOpenAutoFocus={(event) => {
            // Focus the first field of the dialog rather than its Close button.
            const content = event.currentTarget as HTMLElement | null;
            const preferred = content?.querySelector<HTMLElement>('.modal__body [data-autofocus]');
            const field =
              preferred ??
              content?.querySelector<HTMLElement>(
                '.modal__body input:not([type=hidden]):not([disabled]), .modal__body textarea:not([disabled]), .modal__body button.select:not([disabled]), .modal__body [data-autofocus]',
              );
            if (field) {
              event.preventDefault();
              field.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // Another dialog opened meanwhile and holds the focus: leave it there.
            if (document.activeElement?.closest('[role="dialog"][data-state="open"]')) return;
            const target = opener.current?.isConnected ? opener.current : focusHome();
            target?.focus({ preventScroll: true });
          }}
          onEscapeKeyDown={guard}
          onPointerDownOutside={guard}
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
        >
          <header className="modal__header">
            <div>
              <Dialog.Title className="modal__title">{title}</Dialog.Title>
              {description !== undefined ? (
                <Dialog.Description className="modal__description">{description}</Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close className="btn btn--ghost btn--sm btn--icon" aria-label="Close" disabled={locked}>
              <X size={16} aria-hidden="true" />
            </Dialog.Close>
          </header>
          {children !== undefined ? (
            <div className="modal__body" tabIndex={scrollableText ? 0 : undefined}>
              {children}
            </div>
          ) : null}
          {footer !== undefined ? <footer className="modal__footer">{footer}</footer> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

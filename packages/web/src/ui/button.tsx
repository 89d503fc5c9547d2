import { type ButtonHTMLAttributes, forwardRef, type ReactNode } from 'react';
import { cx } from './cx.js';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link' | 'brand';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: ReactNode;
  /** Shows a spinner and disables the button. */
  busy?: boolean;
  /** Square, icon-only button: give it an aria-label. */
  iconOnly?: boolean;
}

/** The one button: six variants (primary, secondary, ghost, danger, link, brand). */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'secondary',
    size = 'md',
    icon,
    busy = false,
    iconOnly = false,
    className,
    children,
    disabled,
    type,
    ...rest
  },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type ?? 'button'}
      className={cx(
        'btn',
        `btn--${variant}`,
        `btn--${size}`,
        iconOnly && 'btn--icon',
        busy && 'is-busy',
        className,
      )}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : icon}
      {children !== undefined && !iconOnly ? <span className="btn__label">{children}</span> : null}
    </button>
  );
});

import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { cx } from './cx.js';
import { type IconProp, renderIcon } from './icon.js';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link' | 'brand';
export type ButtonSize = 'sm' | 'md' | 'lg';

/** The icon size (px) drawn for a Lucide icon component on each button size. */
const ICON_SIZE: Record<ButtonSize, number> = { sm: 15, md: 16, lg: 18 };

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** A Lucide icon (drawn at the button size's icon size) or a node. */
  icon?: IconProp;
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
      {busy ? <span className="spinner" aria-hidden="true" /> : renderIcon(icon, ICON_SIZE[size])}
      {children !== undefined && !iconOnly ? <span className="btn__label">{children}</span> : null}
    </button>
  );
});

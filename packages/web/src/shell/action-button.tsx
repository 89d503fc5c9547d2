import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '../ui/button.js';
import { Tooltip } from '../ui/tooltip.js';
import { useAction } from './use-action.js';

export interface ActionButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  actionId: string;
  /** Defaults to the action's label. */
  children?: ReactNode;
  /** Shows the button even when the action is not available here (disabled). */
  showUnavailable?: boolean;
}

/**
 * A button that runs a registered action (UI.md principle 1): its tooltip reads "Label · Shortcut"
 * from the registry, and it is disabled where the action is not available.
 */
export function ActionButton({
  actionId,
  children,
  showUnavailable = true,
  iconOnly,
  ...rest
}: ActionButtonProps) {
  const { label, shortcut, available, reason, run } = useAction(actionId);
  if (!available && !showUnavailable) return null;
  const named = shortcut ? `${label} · ${shortcut}` : label;
  const tip = reason ? `${named} — ${reason}` : named;
  // Disabled with a reason: still focusable and hoverable (aria-disabled), so the reason can be read.
  const explained = !available && reason !== undefined;
  return (
    <Tooltip content={tip}>
      <Button
        {...rest}
        iconOnly={iconOnly}
        aria-label={iconOnly ? label : undefined}
        aria-keyshortcuts={shortcut}
        disabled={(!available && !explained) || rest.disabled}
        aria-disabled={explained ? true : undefined}
        onClick={run}
        data-action={actionId}
      >
        {children ?? label}
      </Button>
    </Tooltip>
  );
}

/**
 * A toolbar's small icon-only button for an action: ghost, the action's label as its name and
 * tooltip. Other button props (aria-pressed, a class) pass through.
 */
export function ActionIconButton({
  icon: Icon,
  ...rest
}: Omit<ActionButtonProps, 'icon' | 'iconOnly' | 'children'> & { icon: LucideIcon }) {
  return <ActionButton variant="ghost" size="sm" {...rest} iconOnly icon={Icon} />;
}

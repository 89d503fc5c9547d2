import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '../ui/button.js';
import type { IconProp } from '../ui/icon.js';
import { ActionButton } from './action-button.js';

/** One entry of a row of action buttons: the action, its visible label and icon, its variant. */
export interface ActionButtonSpec {
  actionId: string;
  label: ReactNode;
  icon: IconProp;
  /** Defaults to the row's variant. */
  variant?: ButtonVariant;
  /** A stable React key for an entry whose action changes with the state (defaults to the action). */
  key?: string;
}

/**
 * A row of action buttons drawn from a table of specs (a toolbar, a header's or a panel's actions):
 * one `ActionButton` each, in order, with the row's size and default variant.
 */
export function ActionButtons({
  actions,
  variant = 'ghost',
  size,
}: {
  actions: readonly ActionButtonSpec[];
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  return (
    <>
      {actions.map((action) => (
        <ActionButton
          key={action.key ?? action.actionId}
          actionId={action.actionId}
          variant={action.variant ?? variant}
          icon={action.icon}
          size={size}
        >
          {action.label}
        </ActionButton>
      ))}
    </>
  );
}

/** One action on an item of a list (a table row, a card): its action id, visible label and icon. */
export interface ItemAction<Id extends string = string> {
  actionId: Id;
  label: string;
  icon: LucideIcon;
  /** Icon only: the label is still the button's accessible name. */
  iconOnly?: boolean;
}

/**
 * The small ghost buttons on one item of a list: each is named "Label item" for assistive
 * technology (so the buttons of different rows differ) and hands its action id to `onAction`.
 */
export function ItemActionButtons<Id extends string>({
  actions,
  itemName,
  onAction,
}: {
  actions: readonly ItemAction<Id>[];
  itemName: string;
  onAction: (actionId: Id) => void;
}) {
  return (
    <>
      {actions.map((action) => (
        <Button
          key={action.actionId}
          variant="ghost"
          size="sm"
          icon={action.icon}
          iconOnly={action.iconOnly}
          aria-label={`${action.label} ${itemName}`}
          data-action={action.actionId}
          onClick={() => onAction(action.actionId)}
        >
          {action.iconOnly ? null : action.label}
        </Button>
      ))}
    </>
  );
}

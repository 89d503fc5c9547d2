import type { LucideIcon } from 'lucide-react';
import { Button } from './button.js';

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

import * as Menu from '@radix-ui/react-dropdown-menu';
import type { LucideIcon } from 'lucide-react';
import { useAction } from '../shell/use-action.js';

/** Where the menu opens (the pointer, or the active frame's corner for the keyboard) and for which shot. */
export interface ShotMenuAt {
  x: number;
  y: number;
  shotNumber: string;
}

export interface ShotMenuEntry {
  actionId: string;
  icon: LucideIcon;
}

function Entry({ actionId, icon: Icon }: ShotMenuEntry) {
  const action = useAction(actionId);
  if (!action.action) return null;
  return (
    <Menu.Item
      className="menu__item"
      disabled={!action.available}
      onSelect={action.run}
      data-action={actionId}
      title={action.reason}
    >
      <Icon size={14} aria-hidden="true" />
      <span className="menu__text">{action.label}</span>
      {action.shortcut ? <kbd className="menu__kbd">{action.shortcut}</kbd> : null}
    </Menu.Item>
  );
}

/**
 * A shot's context menu (right click, the Menu key or Shift+F10 on a shot view): entries are actions
 * of the registry (UI.md principle 1), with their shortcuts, disabled where they cannot run.
 */
export function ShotContextMenu({
  at,
  entries,
  onClose,
}: {
  at: ShotMenuAt | null;
  entries: readonly ShotMenuEntry[];
  onClose: () => void;
}) {
  return (
    <Menu.Root open={at !== null} onOpenChange={(open) => (open ? undefined : onClose())} modal>
      <Menu.Trigger asChild>
        <span
          aria-hidden="true"
          tabIndex={-1}
          style={{ position: 'fixed', left: at?.x ?? 0, top: at?.y ?? 0, width: 1, height: 1 }}
        />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          className="menu"
          align="start"
          sideOffset={2}
          aria-label={at ? `Shot ${at.shotNumber}` : 'Shot'}
          onCloseAutoFocus={(event) => event.preventDefault()}
          ref={(node) => {
            if (node)
              requestAnimationFrame(() =>
                node.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')?.focus(),
              );
          }}
        >
          {at ? <Menu.Label className="menu__label">Shot {at.shotNumber}</Menu.Label> : null}
          <Menu.Separator className="menu__separator" />
          {entries.map((entry) => (
            <Entry key={entry.actionId} {...entry} />
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

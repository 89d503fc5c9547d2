import * as Menu from '@radix-ui/react-dropdown-menu';
import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { useAction } from './use-action.js';

/** The account menu (Radix dropdown): who is signed in, and Sign Out. Opens as soon as it loads. */
export function AccountMenu({ face, email }: { face: ReactNode; email: string | undefined }) {
  const signOut = useAction('session.signOut');
  return (
    <Menu.Root defaultOpen>
      <Menu.Trigger className="user-menu__trigger">{face}</Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          className="menu"
          align="end"
          sideOffset={6}
          ref={(node) => {
            // It opens as soon as its code arrives, from a click or a key: start on the first item.
            if (node)
              requestAnimationFrame(() => node.querySelector<HTMLElement>('[role="menuitem"]')?.focus());
          }}
        >
          {email ? (
            <Menu.Label className="menu__label">
              Signed in as <strong>{email}</strong>
            </Menu.Label>
          ) : null}
          <Menu.Separator className="menu__separator" />
          <Menu.Item className="menu__item" onSelect={signOut.run} data-action="session.signOut">
            <LogOut size={14} aria-hidden="true" />
            {signOut.label}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

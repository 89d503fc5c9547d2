import { defineActions } from './action.js';

/** The palette, the shortcut help and signing out. */
export const helpActions = defineActions([
  {
    id: 'palette.open',
    label: 'Command palette',
    section: 'Help',
    keywords: ['commands', 'search', 'run'],
    binding: 'Mod+K',
    perform: ({ services }) => {
      const { ui } = services;
      // Keys typed before the palette's field has the focus are kept for it (it delivers them).
      if (ui.store.get().paletteOpen) ui.paletteKeys.cancel();
      else ui.paletteKeys.start();
      ui.palette.toggle();
    },
  },
  {
    id: 'help.toggle',
    label: 'Keyboard shortcuts',
    section: 'Help',
    keywords: ['help', 'shortcuts', 'keys', 'hotkeys'],
    binding: 'Shift+?',
    allowWhileTyping: true,
    perform: ({ services }) => services.ui.patch({ helpOpen: !services.ui.store.get().helpOpen }),
  },
  {
    id: 'session.signOut',
    label: 'Sign Out',
    section: 'Help',
    keywords: ['log out', 'logout', 'account'],
    perform: async ({ services, navigate }) => {
      const { saves, client, connection, jobs, queryClient, session } = services;
      await saves.flush().catch(() => {});
      await client.auth.logout();
      connection.reset();
      jobs.clear();
      queryClient.clear();
      session.signedOut();
      navigate('/login');
    },
  },
]);

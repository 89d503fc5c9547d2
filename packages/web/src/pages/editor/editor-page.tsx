import { Construction } from 'lucide-react';
import { ActionButton } from '../../shell/action-button.js';
import { EmptyState } from '../../ui/card.js';
import { PageHeader } from '../../ui/page-header.js';

const PAGES: Record<string, { title: string; text: string; actions: string[] }> = {
  editor: {
    title: 'Editor',
    text: 'The editor (the timeline with the cut’s transitions) is being built.',
    actions: ['nav.jobs'],
  },
};

/**
 * A page of the route table whose own issue is still open: it says so plainly and offers what
 * already works, instead of pretending.
 */
export function UpcomingPage({ page }: { page: string }) {
  const entry = PAGES[page] ?? { title: page, text: 'This page is being built.', actions: [] };
  return (
    <div className="page">
      <PageHeader title={entry.title} />
      <EmptyState
        icon={Construction}
        title={`${entry.title} is not built yet`}
        actions={entry.actions.map((id) => <ActionButton key={id} actionId={id} variant="secondary" />)}
      >
        {entry.text}
      </EmptyState>
    </div>
  );
}

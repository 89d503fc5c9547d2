import { Construction } from 'lucide-react';
import { ActionButton } from '../../shell/action-button.js';
import { EmptyState } from '../../ui/card.js';
import { PageHeader } from '../../ui/page-header.js';

/**
 * /project/{id}/editor: the timeline with the cut's transitions, whose own issue is still open. It
 * says so plainly and offers what already works, instead of pretending.
 */
export function EditorPage() {
  return (
    <div className="page">
      <PageHeader title="Editor" />
      <EmptyState
        icon={Construction}
        title="Editor is not built yet"
        actions={<ActionButton actionId="nav.jobs" variant="secondary" />}
      >
        The editor (the timeline with the cut’s transitions) is being built.
      </EmptyState>
    </div>
  );
}

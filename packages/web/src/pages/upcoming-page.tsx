import { Construction } from 'lucide-react';
import { ActionButton } from '../shell/action-button.js';
import { EmptyState } from '../ui/card.js';

const PAGES: Record<string, { title: string; text: string; actions: string[] }> = {
  assets: {
    title: 'Assets',
    text: 'The assets page (characters, locations, props and their images) is being built. Until then, create assets with Ctrl+N or the CLI.',
    actions: ['asset.new'],
  },
  asset: {
    title: 'Asset',
    text: "One asset's image grid is being built. Its images can be generated from the CLI meanwhile.",
    actions: ['nav.assets'],
  },
  editor: {
    title: 'Editor',
    text: 'The editor (the timeline with the cut’s transitions) is being built.',
    actions: ['nav.jobs'],
  },
  audio: {
    title: 'Audio',
    text: 'Soundtrack upload and waveforms are being built.',
    actions: ['nav.dashboard'],
  },
  'rough-cut': {
    title: 'Rough cut',
    text: 'The rough-cut player is being built.',
    actions: ['generate.renderAllVideos'],
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
      <header className="page__header">
        <h1 className="page__title">{entry.title}</h1>
      </header>
      <EmptyState
        icon={<Construction size={28} aria-hidden="true" />}
        title={`${entry.title} is not built yet`}
        actions={entry.actions.map((id) => <ActionButton key={id} actionId={id} variant="secondary" />)}
      >
        {entry.text}
      </EmptyState>
    </div>
  );
}

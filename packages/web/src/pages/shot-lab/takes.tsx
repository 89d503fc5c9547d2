import type { Shot, ShotTake } from '@reelbench/sdk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { History, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { usePageContext } from '../../actions/page-context.js';
import { queries, queryKeys } from '../../app/queries.js';
import { useServices } from '../../app/services-context.js';
import { ActionButton } from '../../shell/action-button.js';
import { errorBody } from '../../state/errors.js';
import { cx } from '../../ui/cx.js';
import { labTakes } from './lab-actions.js';
import { LabSection } from './lab-section.js';

/** What made a take's media, by the job type the server records. */
const GENERATIONS: Record<string, string> = {
  'shot:generate': 'Generated',
  'shot:generate-seedream': 'Seedream',
  'shot:generate-batch': 'Batch render',
  'shot:generate-video': 'Video render',
  'shot:generate-video-batch': 'Batch video render',
  'shot:edit': 'Edit',
  'shot:generate-with-quality': 'Quality run',
  'composition:create': 'Composition',
  'composition:create-batch': 'Re-compose',
  'video:generate': 'Video render',
  'video:generate-batch': 'Batch video render',
};

export function generationLabel(generation: string | null): string {
  if (generation === null) return 'Earlier media';
  return GENERATIONS[generation] ?? generation;
}

const TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The shot's takes (its earlier images and videos, newest first) as a radio group; "Use this take"
 * (an action) restores the chosen one, the current media becoming a take in turn.
 */
export function Takes({
  shot,
  onRestored,
}: {
  shot: Shot;
  onRestored: (shot: Shot, takes: ShotTake[]) => void;
}) {
  const { client, activity, toasts } = useServices();
  const queryClient = useQueryClient();
  const takes = useQuery(queries.takes(client, shot));
  const list = takes.data?.takes ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const current = list.find((take) => take.id === chosen) ?? list[0];

  usePageContext(
    labTakes,
    current
      ? {
          useTake: async () => {
            try {
              const reply = await activity.track(client.shots.restoreTake(shot.id, current.id));
              queryClient.setQueryData(queryKeys.takes(reply.shot), {
                shotId: reply.shotId,
                takes: reply.takes,
              });
              setChosen(null);
              onRestored(reply.shot, reply.takes);
            } catch (caught) {
              toasts.show({ type: 'error', title: 'Could not use the take', message: errorBody(caught) });
            }
          },
        }
      : null,
  );

  return (
    <LabSection
      className="lab-takes"
      headingId="lab-takes-heading"
      title="Takes"
      actions={
        <ActionButton actionId="shotLab.useTake" variant="primary" size="sm" icon={Undo2}>
          Use this take
        </ActionButton>
      }
    >
      {takes.isPending ? (
        <p className="lab-note">Loading takes…</p>
      ) : takes.isError ? (
        <p className="lab-note">Takes are unavailable: {errorBody(takes.error)}</p>
      ) : list.length === 0 ? (
        <p className="lab-note">
          <History size={14} aria-hidden="true" /> No takes yet. Each new image or video keeps the one it
          replaces here (up to 10), so you can go back to it.
        </p>
      ) : (
        <div className="lab-takes__list" role="radiogroup" aria-label="Takes, newest first">
          {list.map((take, index) => {
            const checked = take.id === current?.id;
            const when = TIME.format(new Date(take.createdAt));
            return (
              <label key={take.id} className={cx('lab-take', checked && 'is-chosen')} data-take-id={take.id}>
                <input
                  type="radio"
                  name={`takes-${shot.id}`}
                  className="sr-only"
                  value={take.id}
                  checked={checked}
                  onChange={() => setChosen(take.id)}
                />
                <span className="lab-take__frame">
                  {take.image_url ? (
                    <img src={take.image_url} alt="" loading="lazy" />
                  ) : (
                    <span className="lab-take__none">No image</span>
                  )}
                  <span className="lab-take__badge mono">{list.length - index}</span>
                </span>
                <span className="lab-take__kind">
                  {take.kind === 'video' ? 'Video' : 'Image'}
                  {take.video_url && take.kind === 'image' ? ' + video' : ''}
                </span>
                <span className="lab-take__meta">
                  {generationLabel(take.generation)} · <time dateTime={take.createdAt}>{when}</time>
                </span>
              </label>
            );
          })}
        </div>
      )}
    </LabSection>
  );
}

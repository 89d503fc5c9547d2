import type { ReactNode } from 'react';
import { ActionButton } from '../shell/action-button.js';
import { errorBody } from '../state/errors.js';
import { EmptyState, Kbd } from '../ui/card.js';
import type { IconProp } from '../ui/icon.js';

export interface ShotsPageStatusProps {
  /** What the last undo, redo or edit did, read out by screen readers. */
  announcement: string;
  error: unknown;
  isLoading: boolean;
  hasShots: boolean;
  /** The page's own loading placeholder. */
  skeleton: ReactNode;
  icon: IconProp;
}

/**
 * What the storyboard, the timeline and the shot list show before their shots: the live
 * announcement region, then an error with a retry, the page's skeleton, or the empty state that
 * offers the first pass. Renders nothing more once there are shots.
 */
export function ShotsPageStatus({
  announcement,
  error,
  isLoading,
  hasShots,
  skeleton,
  icon,
}: ShotsPageStatusProps) {
  return (
    <>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      {error && !hasShots ? (
        <EmptyState
          title="The shots could not be loaded"
          actions={<ActionButton actionId="shots.reload">Try again</ActionButton>}
        >
          {errorBody(error)}
        </EmptyState>
      ) : isLoading ? (
        skeleton
      ) : !hasShots ? (
        <NoShotsYet icon={icon} />
      ) : null}
    </>
  );
}

/** A shot view's empty state before the first pass: what makes shots, with its button and key. */
export function NoShotsYet({ icon }: { icon: IconProp }) {
  return (
    <EmptyState
      icon={icon}
      title="No shots yet"
      actions={<ActionButton actionId="project.firstPass" variant="brand" />}
    >
      Generate First Pass breaks the script into shots · <Kbd>Ctrl</Kbd>
      <Kbd>K</Kbd>
    </EmptyState>
  );
}

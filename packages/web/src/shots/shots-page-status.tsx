import type { ReactNode } from 'react';
import { ActionButton } from '../shell/action-button.js';
import { errorBody } from '../state/errors.js';
import { EmptyState, Kbd } from '../ui/card.js';
import type { IconProp } from '../ui/icon.js';
import type { ProjectShots } from './use-project-shots.js';

export interface ShotsPageStatusProps {
  /** The page's shots, as useProjectShots gives them. */
  shots: Pick<ProjectShots, 'board' | 'error' | 'isLoading'>;
  /** What the last undo, redo or edit did, read out by screen readers. */
  announcement?: string;
  icon: IconProp;
  /** The class of the loading placeholder's box (role status, "Loading shots"); none: no box. */
  skeletonClass?: string;
  /** The page's own loading placeholder. */
  children: ReactNode;
}

/**
 * What the storyboard, the timeline and the shot list show before their shots: the live
 * announcement region, then an error with a retry, the page's skeleton, or the empty state that
 * offers the first pass. Renders nothing more once there are shots.
 */
export function ShotsPageStatus({
  shots: { board, error, isLoading },
  announcement = '',
  icon,
  skeletonClass,
  children,
}: ShotsPageStatusProps) {
  const hasShots = board.shots.length > 0;
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
        skeletonClass === undefined ? (
          children
        ) : (
          <div className={skeletonClass} role="status" aria-busy="true" aria-label="Loading shots">
            {children}
          </div>
        )
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

import type { Shot } from '@reelbench/sdk';
import { type ReactNode, useMemo } from 'react';
import type { ShotBoard } from './model.js';

/**
 * How many shots have an image (a video) made from other inputs than the shot's current ones: the
 * stale media a Render stale button brings up to date. A shot never rendered is not stale (a fresh
 * first pass shows no count). Counted from the shot cache, which the server's answers and events
 * keep current.
 */
export function staleCounts(
  shots: readonly Pick<Shot, 'image_url' | 'video_url' | 'image_stale' | 'video_stale'>[],
) {
  const out = { staleImages: 0, staleVideos: 0 };
  for (const shot of shots) {
    if (shot.image_url && shot.image_stale === true) out.staleImages += 1;
    if (shot.video_url && shot.video_stale === true) out.staleVideos += 1;
  }
  return out;
}

export function useStaleCounts(board: ShotBoard) {
  return useMemo(() => staleCounts(board.shots.map((entry) => entry.shot)), [board]);
}

/** How many shots a Render stale button would render, beside its label (none: nothing shown). */
export function StaleCount({ count }: { count: number }) {
  return count > 0 ? <span className="btn__count mono">{count}</span> : null;
}

/**
 * The toolbar over a grid of frames (storyboard, media, assets): the page's title with its facts
 * (counts, duration) in the monospaced face and an optional tally under them, then the page's
 * filters and actions (`children`).
 */
export function ShotsToolbar({
  title,
  facts,
  tally,
  children,
}: {
  title: string;
  /** The facts line beside the title; none while the page has nothing to count. */
  facts: ReactNode;
  tally?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="shots-toolbar">
      <div className="shots-toolbar__heading">
        <div className="shots-toolbar__title">
          <h1 className="page__title">{title}</h1>
          {facts !== null && facts !== undefined ? (
            <p className="shots-toolbar__facts mono">{facts}</p>
          ) : null}
        </div>
        {tally}
      </div>
      {children}
    </header>
  );
}

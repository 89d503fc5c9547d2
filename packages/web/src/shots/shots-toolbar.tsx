import { type ReactNode, useMemo } from 'react';
import type { ShotBoard } from './model.js';

/**
 * What the server's staleOnly batches would render (an image or video missing, or made from other
 * inputs than the shot's current ones), and the videos made before their shot changed: counted from
 * the shot cache, which the server's answers and events keep current.
 */
export function useStaleCounts(board: ShotBoard) {
  return useMemo(() => {
    const out = { staleImages: 0, staleVideos: 0, videosOutOfDate: 0 };
    for (const { shot } of board.shots) {
      if (!shot.image_url || shot.image_stale === true) out.staleImages += 1;
      if (!shot.video_url || shot.video_stale === true) out.staleVideos += 1;
      if (shot.video_url && shot.video_stale === true) out.videosOutOfDate += 1;
    }
    return out;
  }, [board]);
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

import type { ReactNode } from 'react';

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

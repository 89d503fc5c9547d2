import type { ReactNode } from 'react';

/**
 * A page's header: its title, a line under it (announced politely when `live`, as counts change) and
 * the page's actions on the right; a crumb above the title on a page under another.
 */
export function PageHeader({
  title,
  crumb,
  subtitle,
  live = false,
  mono = false,
  actions,
}: {
  title: ReactNode;
  /** A link back to the page above, over the title. */
  crumb?: ReactNode;
  /** The subtitle in the monospaced face (timecodes, counts). */
  mono?: boolean;
  subtitle?: ReactNode;
  live?: boolean;
  actions?: ReactNode;
}) {
  return (
    <header className="page__header">
      <div>
        {crumb ? <p className="cuts-crumb">{crumb}</p> : null}
        <h1 className="page__title">{title}</h1>
        {subtitle !== undefined ? (
          <p
            className={mono ? 'page__subtitle mono' : 'page__subtitle'}
            aria-live={live ? 'polite' : undefined}
          >
            {subtitle}
          </p>
        ) : null}
      </div>
      {actions ? <div className="page__actions">{actions}</div> : null}
    </header>
  );
}

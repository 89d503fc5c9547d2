import type { ReactNode } from 'react';

/**
 * A titled section of the shot lab's side column: its heading names it (`headingId`), the buttons in
 * `actions` sit on the heading's line (`<className>__head`), then the content.
 */
export function LabSection({
  className,
  headingId,
  title,
  actions,
  children,
}: {
  className: string;
  headingId: string;
  title: string;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={headingId}>
      <div className={`${className}__head`}>
        <h2 className="lab-heading" id={headingId}>
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

import { Clapperboard, Lock } from 'lucide-react';

/** The public pages' frame (review, repository): brand, a read-only badge, the page. */
export function PublicFrame({ children, title }: { children: React.ReactNode; title: string }) {
  return (
    <div className="public-page">
      <header className="public-page__bar">
        <span className="breadcrumb__brand">
          <span className="brand-mark" aria-hidden="true">
            <Clapperboard size={15} />
          </span>
          Reelbench
        </span>
        <span className="public-page__badge">
          <Lock size={12} aria-hidden="true" /> Read-only
        </span>
      </header>
      <main className="public-page__main">
        <h1 className="page__title">{title}</h1>
        {children}
      </main>
    </div>
  );
}

import { HTTP_ROUTES } from '@reelbench/sdk';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Clapperboard, Film, Lock } from 'lucide-react';
import { useServices } from '../app/services-context.js';
import { EmptyState, Skeleton } from '../ui/card.js';

function PublicFrame({ children, title }: { children: React.ReactNode; title: string }) {
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

function formatSeconds(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** /review/{token}: the shared project's frames in order, for anyone holding the link. */
export function ReviewPage() {
  const { token } = useParams({ from: '/review/$token' });
  const { client } = useServices();
  const view = useQuery({
    queryKey: ['review', token],
    queryFn: () => client.http.typedRequest(HTTP_ROUTES.review.view, { params: { token } }),
    retry: false,
  });
  if (view.isPending) {
    return (
      <PublicFrame title="Loading review…">
        <div className="frame-grid">
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
            <Skeleton key={index} height={120} />
          ))}
        </div>
      </PublicFrame>
    );
  }
  if (view.isError) {
    return (
      <PublicFrame title="Review link unavailable">
        <EmptyState icon={<Lock size={28} aria-hidden="true" />} title="This link does not work">
          It may have expired or been revoked. Ask the project's owner for a new one.
        </EmptyState>
      </PublicFrame>
    );
  }
  const { project, shots } = view.data;
  const total = shots.reduce((sum, shot) => sum + shot.duration, 0);
  return (
    <PublicFrame title={project.name}>
      <p className="page__subtitle">
        {shots.length} shots · {formatSeconds(total)}
        {project.description ? ` · ${project.description}` : ''}
      </p>
      {shots.length === 0 ? (
        <EmptyState icon={<Film size={28} aria-hidden="true" />} title="No shots yet">
          The storyboard appears here once the project has shots.
        </EmptyState>
      ) : (
        <ol className="frame-grid">
          {shots.map((shot, index) => (
            <li key={shot.id} className="frame-card">
              <div className="frame-card__image">
                {shot.image_url ? (
                  <img src={shot.image_url} alt={`Shot ${index + 1}: ${shot.name}`} loading="lazy" />
                ) : (
                  <span>No frame yet</span>
                )}
              </div>
              <div className="frame-card__meta">
                <span className="mono">{String(index + 1).padStart(3, '0')}</span>
                <span className="frame-card__name">{shot.name}</span>
                <span className="mono">{shot.duration}s</span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </PublicFrame>
  );
}

/** /repository/{id}: the assets a project or series publishes. Publishing is not built yet. */
export function RepositoryPage() {
  return (
    <PublicFrame title="Asset repository">
      <EmptyState icon={<Clapperboard size={28} aria-hidden="true" />} title="Nothing published here">
        When a project or series publishes its characters, locations and props, they appear on this page for
        anyone with the link. Publishing is not available yet.
      </EmptyState>
    </PublicFrame>
  );
}

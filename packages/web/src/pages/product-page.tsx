import { useParams, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { useServices } from '../app/services-context.js';
import { PRODUCTS } from '../products.js';
import { prefetchShots } from '../shots/fetch-shots.js';
import { UpcomingPage } from './editor/editor-page.js';
import { NotFoundPage } from './not-found/not-found-page.js';
import { printLayoutOf } from './storyboard/print/print-actions.js';

const StoryboardPage = lazy(() =>
  import('./storyboard/storyboard-page.js').then((module) => ({ default: module.StoryboardPage })),
);
const ShotLabPage = lazy(() =>
  import('./shot-lab/shot-lab-page.js').then((module) => ({ default: module.ShotLabPage })),
);
const StoryboardPrint = lazy(() =>
  import('./storyboard/print/storyboard-print.js').then((module) => ({ default: module.StoryboardPrint })),
);
const MediaPage = lazy(() =>
  import('./media/media-page.js').then((module) => ({ default: module.MediaPage })),
);
const TimelinePage = lazy(() =>
  import('./timeline/timeline-page.js').then((module) => ({ default: module.TimelinePage })),
);

/** /project/{id}/{product}: storyboard, timeline, shot-lab, editor or media; anything else is not found. */
export function ProductPage() {
  const { projectId, product } = useParams({ from: '/guarded/project/$projectId/$product' });
  const { client, queryClient } = useServices();
  const print = useRouterState({
    select: (state) => printLayoutOf((state.location.search as Record<string, unknown>).print),
  });
  useEffect(() => {
    if (product === 'storyboard' || product === 'timeline' || product === 'shot-lab' || product === 'media')
      prefetchShots(client, queryClient, projectId);
  }, [client, queryClient, product, projectId]);
  if (!(PRODUCTS as readonly string[]).includes(product)) return <NotFoundPage />;
  if (product === 'storyboard' && print !== null) {
    return (
      <Suspense fallback={null}>
        <StoryboardPrint projectId={projectId} layout={print} />
      </Suspense>
    );
  }
  if (product === 'storyboard') {
    return (
      <Suspense fallback={null}>
        <StoryboardPage projectId={projectId} />
      </Suspense>
    );
  }
  if (product === 'timeline') {
    return (
      <Suspense fallback={null}>
        <TimelinePage projectId={projectId} />
      </Suspense>
    );
  }
  if (product === 'shot-lab') {
    return (
      <Suspense fallback={null}>
        <ShotLabPage projectId={projectId} />
      </Suspense>
    );
  }
  if (product === 'media') {
    return (
      <Suspense fallback={null}>
        <MediaPage projectId={projectId} />
      </Suspense>
    );
  }
  return <UpcomingPage page={product} />;
}

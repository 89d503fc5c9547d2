import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { queries } from './app/queries.js';
import type { AppServices } from './app/services.js';
import { NotFoundPage } from './pages/not-found/not-found-page.js';
import { ProjectLayout } from './pages/project/project-layout.js';
import { isShotViewPath } from './products.js';
import { ErrorScreen } from './shell/error-screens.js';
import { LoadingScreen } from './shell/loading-screen.js';

export interface RouterContext {
  services: AppServices;
}

/**
 * SPEC.md §2's route table, one route per page. Every page is a folder of src/pages and loads with
 * its route (lazyRouteComponent), so the first render carries only the shell it needs.
 */
const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
  errorComponent: ({ error, reset }) => <ErrorScreen kind="page" error={error} onRetry={reset} />,
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' && search.redirect.startsWith('/')
      ? { redirect: search.redirect }
      : {},
  // Loaded on its own: a signed-in tab never needs the sign-in form's code.
  component: lazyRouteComponent(() => import('./pages/login/login-page.js'), 'LoginPage'),
});

const repositoryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/repository/$repositoryId',
  component: lazyRouteComponent(() => import('./pages/repository/repository-page.js'), 'RepositoryPage'),
});

const reviewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/review/$token',
  component: lazyRouteComponent(() => import('./pages/review/review-page.js'), 'ReviewPage'),
});

/** Everything behind sign-in: after the authentication check, a signed-out visitor goes to /login. */
const guardedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'guarded',
  beforeLoad: async ({ context, location }) => {
    const session = await context.services.session.check();
    if (session.status !== 'signed-in') {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
  },
  pendingComponent: LoadingScreen,
  // The shell (palette, menus, dialogs) loads with the first signed-in page, not with /login.
  component: lazyRouteComponent(() => import('./shell/app-layout.js'), 'AppLayout'),
});

const projectsRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./pages/projects/projects-page.js'), 'ProjectsPage'),
});

/** /project/{projectId}: the project's layout; a path under it that is no page is the not-found page inside it. */
const projectRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: '/project/$projectId',
  component: ProjectLayout,
  notFoundComponent: NotFoundPage,
});

/**
 * Every project page's loader: a shot view (src/products.ts) starts loading the project's shots as
 * soon as its route is entered, beside the page's lazy code, instead of once the page has rendered.
 * Not on a hover's preload: that loads the code only.
 */
function prefetchShotViews({
  context,
  params,
  location,
  preload,
}: {
  context: RouterContext;
  params: { projectId: string };
  location: { pathname: string };
  preload: boolean;
}): void {
  if (preload || !isShotViewPath(location.pathname)) return;
  const { client, queryClient } = context.services;
  void queryClient.prefetchQuery(queries.shots(client, params.projectId));
}

const dashboard = lazyRouteComponent(() => import('./pages/dashboard/dashboard-page.js'), 'DashboardPage');
const projectIndexRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: '/',
  loader: (match) => prefetchShotViews(match),
  component: dashboard,
});
const dashboardRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'dashboard',
  loader: (match) => prefetchShotViews(match),
  component: dashboard,
});
const scriptRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'script',
  loader: (match) => prefetchShotViews(match),
  component: lazyRouteComponent(() => import('./pages/script/script-page.js'), 'ScriptPage'),
});
const assetsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'assets',
  loader: (match) => prefetchShotViews(match),
  component: lazyRouteComponent(() => import('./pages/assets/assets-page.js'), 'AssetsPage'),
});
const assetRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'assets/$assetId',
  loader: (match) => prefetchShotViews(match),
  component: lazyRouteComponent(() => import('./pages/assets/asset/asset-page.js'), 'AssetPage'),
});
const shotsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'shots',
  loader: (match) => prefetchShotViews(match),
  component: lazyRouteComponent(() => import('./pages/shots/shot-list-page.js'), 'ShotListPage'),
});
const stylesRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'styles',
  loader: (match) => prefetchShotViews(match),
  component: lazyRouteComponent(() => import('./pages/styles/styles-page.js'), 'StylesPage'),
});
const jobsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'jobs',
  loader: (match) => prefetchShotViews(match),
  component: lazyRouteComponent(() => import('./pages/jobs/jobs-page.js'), 'JobsPage'),
});
const audioRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'audio',
  loader: (match) => prefetchShotViews(match),
  component: lazyRouteComponent(() => import('./pages/audio/audio-page.js'), 'AudioPage'),
});
const roughCutRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'rough-cut',
  loader: (match) => prefetchShotViews(match),
  component: lazyRouteComponent(() => import('./pages/rough-cut/rough-cut-page.js'), 'RoughCutPage'),
});
const cutsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'edl',
  loader: (match) => prefetchShotViews(match),
  component: lazyRouteComponent(() => import('./pages/edl/cuts-page.js'), 'CutsPage'),
});
const cutRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'edl/$edlId',
  loader: (match) => prefetchShotViews(match),
  component: lazyRouteComponent(() => import('./pages/edl/cut/cut-page.js'), 'CutPage'),
});
// The production views of UI.md's {product} route (src/products.ts).
const storyboardRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'storyboard',
  loader: (match) => prefetchShotViews(match),
  component: lazyRouteComponent(() => import('./pages/storyboard/storyboard-page.js'), 'StoryboardRoute'),
});
const timelineRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'timeline',
  loader: (match) => prefetchShotViews(match),
  component: lazyRouteComponent(() => import('./pages/timeline/timeline-page.js'), 'TimelinePage'),
});
const shotLabRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'shot-lab',
  loader: (match) => prefetchShotViews(match),
  component: lazyRouteComponent(() => import('./pages/shot-lab/shot-lab-page.js'), 'ShotLabPage'),
});
const editorRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'editor',
  loader: (match) => prefetchShotViews(match),
  component: lazyRouteComponent(() => import('./pages/editor/editor-page.js'), 'EditorPage'),
});
const mediaRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'media',
  loader: (match) => prefetchShotViews(match),
  component: lazyRouteComponent(() => import('./pages/media/media-page.js'), 'MediaPage'),
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  repositoryRoute,
  reviewRoute,
  guardedRoute.addChildren([
    projectsRoute,
    projectRoute.addChildren([
      projectIndexRoute,
      dashboardRoute,
      scriptRoute,
      assetsRoute,
      assetRoute,
      shotsRoute,
      stylesRoute,
      jobsRoute,
      audioRoute,
      roughCutRoute,
      cutsRoute,
      cutRoute,
      storyboardRoute,
      timelineRoute,
      shotLabRoute,
      editorRoute,
      mediaRoute,
    ]),
  ]),
]);

export function createAppRouter(services: AppServices) {
  return createRouter({
    routeTree,
    context: { services },
    defaultPreload: 'intent',
    defaultPendingMs: 150,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

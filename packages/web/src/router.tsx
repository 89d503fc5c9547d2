import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import type { AppServices } from './app/services.js';
import { NotFoundPage } from './pages/not-found/not-found-page.js';
import { ProjectLayout } from './pages/project/project-layout.js';
import { ErrorScreen } from './shell/error-screens.js';
import { LoadingScreen } from './shell/loading-screen.js';
import { prefetchShots } from './shots/fetch-shots.js';

export interface RouterContext {
  services: AppServices;
}

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

/** The product pages that show every shot of the project. */
const SHOT_VIEWS = new Set(['storyboard', 'timeline', 'shot-lab']);

/**
 * A shot view's loader: the project's shots (2,000 on a feature) start loading as soon as the route
 * is entered, beside the shell's and the page's lazy code, instead of once the page has rendered.
 * Not on a hover's preload: that loads the code only.
 */
function prefetchShotViews(context: RouterContext, projectId: string, preload: boolean): void {
  if (preload) return;
  prefetchShots(context.services.client, context.services.queryClient, projectId);
}

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

const projectRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: '/project/$projectId',
  component: ProjectLayout,
});

const dashboard = lazyRouteComponent(() => import('./pages/dashboard/dashboard-page.js'), 'DashboardPage');
const projectIndexRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: '/',
  component: dashboard,
});
const dashboardRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'dashboard',
  component: dashboard,
});
const scriptRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'script',
  component: lazyRouteComponent(() => import('./pages/script/script-page.js'), 'ScriptPage'),
});
const assetsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'assets',
  component: lazyRouteComponent(() => import('./pages/assets/assets-page.js'), 'AssetsPage'),
});
const assetRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'assets/$assetId',
  component: lazyRouteComponent(() => import('./pages/assets/asset/asset-page.js'), 'AssetPage'),
});
const shotsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'shots',
  loader: ({ context, params, preload }) => prefetchShotViews(context, params.projectId, preload),
  component: lazyRouteComponent(() => import('./pages/shots/shot-list-page.js'), 'ShotListPage'),
});
const stylesRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'styles',
  component: lazyRouteComponent(() => import('./pages/styles/styles-page.js'), 'StylesPage'),
});
const jobsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'jobs',
  component: lazyRouteComponent(() => import('./pages/jobs/jobs-page.js'), 'JobsPage'),
});
const audioRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'audio',
  component: lazyRouteComponent(() => import('./pages/audio/audio-page.js'), 'AudioPage'),
});
const roughCutRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'rough-cut',
  component: lazyRouteComponent(() => import('./pages/rough-cut/rough-cut-page.js'), 'RoughCutPage'),
});
const cutsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'edl',
  component: lazyRouteComponent(() => import('./pages/edl/cuts-page.js'), 'CutsPage'),
});
const edlRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'edl/$edlId',
  component: lazyRouteComponent(() => import('./pages/edl/cut/cut-page.js'), 'CutPage'),
});
const productRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: '$product',
  loader: ({ context, params, preload }) => {
    if (SHOT_VIEWS.has(params.product)) prefetchShotViews(context, params.projectId, preload);
  },
  component: lazyRouteComponent(() => import('./pages/product-page.js'), 'ProductPage'),
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
      edlRoute,
      productRoute,
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

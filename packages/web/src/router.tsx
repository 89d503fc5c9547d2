import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import type { AppServices } from './app/services.js';
import { LoginPage } from './pages/login-page.js';
import { NotFoundPage } from './pages/not-found-page.js';
import { ProductPage } from './pages/product-page.js';
import { ProjectLayout } from './pages/project-layout.js';
import { UpcomingPage as UpcomingRoute } from './pages/upcoming-page.js';
import { AppLayout } from './shell/app-layout.js';
import { ErrorScreen } from './shell/error-screens.js';
import { LoadingScreen } from './shell/loading-screen.js';

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
  component: LoginPage,
});

const repositoryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/repository/$repositoryId',
  component: lazyRouteComponent(() => import('./pages/public-pages.js'), 'RepositoryPage'),
});

const reviewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/review/$token',
  component: lazyRouteComponent(() => import('./pages/public-pages.js'), 'ReviewPage'),
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
  component: AppLayout,
});

const projectsRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./pages/projects-page.js'), 'ProjectsPage'),
});

const projectRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: '/project/$projectId',
  component: ProjectLayout,
});

const dashboard = lazyRouteComponent(() => import('./pages/dashboard-page.js'), 'DashboardPage');
const AssetsUpcoming = () => <UpcomingRoute page="assets" />;
const AssetUpcoming = () => <UpcomingRoute page="asset" />;
const ShotsUpcoming = () => <UpcomingRoute page="shots" />;
const StylesUpcoming = () => <UpcomingRoute page="styles" />;
const AudioUpcoming = () => <UpcomingRoute page="audio" />;
const RoughCutUpcoming = () => <UpcomingRoute page="rough-cut" />;
const EdlUpcoming = () => <UpcomingRoute page="edl" />;
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
  component: AssetsUpcoming,
});
const assetRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'assets/$assetId',
  component: AssetUpcoming,
});
const shotsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'shots',
  component: ShotsUpcoming,
});
const stylesRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'styles',
  component: StylesUpcoming,
});
const jobsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'jobs',
  component: lazyRouteComponent(() => import('./pages/jobs-page.js'), 'JobsPage'),
});
const audioRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'audio',
  component: AudioUpcoming,
});
const roughCutRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'rough-cut',
  component: RoughCutUpcoming,
});
const edlRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'edl/$edlId',
  component: EdlUpcoming,
});
const productRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: '$product',
  component: ProductPage,
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

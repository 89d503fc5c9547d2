/** The project page a path is on ('' for the project's index), or null outside a project. */
export function projectPage(pathname: string): string | null {
  const match = /^\/project\/[^/]+(?:\/(.*?))?\/?$/.exec(pathname);
  return match ? (match[1] ?? '') : null;
}

function pages(...names: string[]): (pathname: string) => boolean {
  return (pathname) => {
    const page = projectPage(pathname);
    return (
      page !== null &&
      names.some((name) => (name.endsWith('/*') ? page.startsWith(name.slice(0, -1)) : page === name))
    );
  };
}

interface ScopeDefinition {
  /** Where the scope's keys work, as the help overlay says it. */
  label: string;
  matches: (pathname: string) => boolean;
  /** The project page to go to for an action of this scope run from elsewhere. */
  page?: string;
}

/**
 * Where actions apply. SPEC.md §9's two scopes are by path fragment (timeline keys on paths containing
 * timeline or shot-lab, asset keys on paths containing asset); the others are pages of the route
 * table. Two actions may share a key only in scopes that no route of the app is in at once.
 */
export const SCOPES = {
  global: { label: 'Everywhere', matches: () => true },
  projects: { label: 'Projects', matches: (pathname) => pathname === '/' },
  dashboard: { label: 'Dashboard', matches: pages('', 'dashboard'), page: 'dashboard' },
  script: { label: 'Script', matches: pages('script'), page: 'script' },
  timeline: {
    label: 'Timeline and shot lab',
    matches: (pathname) => pathname.includes('timeline') || pathname.includes('shot-lab'),
    page: 'timeline',
  },
  'timeline-page': { label: 'Timeline', matches: pages('timeline'), page: 'timeline' },
  'shot-lab': { label: 'Shot lab', matches: pages('shot-lab'), page: 'shot-lab' },
  storyboard: { label: 'Storyboard', matches: pages('storyboard'), page: 'storyboard' },
  'shot-list': { label: 'Shot list', matches: pages('shots'), page: 'shots' },
  'shot-selection': {
    label: 'Storyboard and shot list',
    matches: pages('storyboard', 'shots'),
    page: 'storyboard',
  },
  'shot-views': {
    label: 'Shot views',
    matches: pages('storyboard', 'timeline', 'shot-lab', 'media', 'shots'),
    page: 'storyboard',
  },
  asset: { label: 'Asset pages', matches: (pathname) => pathname.includes('asset'), page: 'assets' },
  'asset-page': { label: 'One asset', matches: pages('assets/*'), page: 'assets' },
  styles: { label: 'Styles', matches: pages('styles'), page: 'styles' },
  jobs: { label: 'Jobs', matches: pages('jobs'), page: 'jobs' },
  audio: { label: 'Audio', matches: pages('audio'), page: 'audio' },
  'rough-cut': { label: 'Rough cut', matches: pages('rough-cut'), page: 'rough-cut' },
  'cut-source': { label: 'Timeline and cuts', matches: pages('timeline', 'edl', 'edl/*'), page: 'edl' },
  cuts: { label: 'Cuts', matches: pages('edl', 'edl/*'), page: 'edl' },
  cut: { label: 'A cut', matches: pages('edl/*'), page: 'edl' },
} satisfies Record<string, ScopeDefinition>;

export type ActionScope = keyof typeof SCOPES;

const SAMPLE_PROJECT = '/project/p1';

/**
 * One path of every route of the router (router.tsx; a test checks that none is missing). Two scopes
 * overlap when one of these paths is in both.
 */
export const ROUTE_SAMPLES: readonly string[] = [
  '/',
  '/login',
  '/repository/r1',
  '/review/t1',
  SAMPLE_PROJECT,
  ...[
    'dashboard',
    'script',
    'assets',
    'assets/a1',
    'shots',
    'styles',
    'jobs',
    'audio',
    'rough-cut',
    'edl',
    'edl/e1',
    'storyboard',
    'timeline',
    'shot-lab',
    'editor',
    'media',
  ].map((page) => `${SAMPLE_PROJECT}/${page}`),
];

export function inScope(scope: ActionScope | undefined, pathname: string): boolean {
  return SCOPES[scope ?? 'global'].matches(pathname);
}

/** Whether a page of the app is in both scopes: two actions there cannot share a key. */
export function scopesOverlap(a: ActionScope | undefined, b: ActionScope | undefined): boolean {
  return ROUTE_SAMPLES.some((pathname) => inScope(a, pathname) && inScope(b, pathname));
}

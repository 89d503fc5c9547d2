/** Business constants and limits: SPEC.md section 9, verbatim. */

export const HTTP_TIMEOUT_MS = 30_000;
/** Delays before retry 1, 2 and 3. 4xx answers are never retried. */
export const HTTP_RETRY_DELAYS_MS = [1_000, 2_000, 4_000] as const;
export const HTTP_MAX_RETRIES = HTTP_RETRY_DELAYS_MS.length;
export const ME_TIMEOUT_MS = 3_000;
/** Same-origin rule: in development with no port, the API is on this port. */
export const DEFAULT_DEV_PORT = 3002;

export const SOCKET_DEFAULT_TIMEOUT_MS = 600_000;
export const ACK_TIMEOUT_MS = 30_000;
export const ASSET_SOCKET_POLL_INTERVAL_MS = 100;
export const SOCKET_OPTIONS = {
  reconnectionAttempts: 5,
  reconnectionDelayMs: 1_000,
  reconnectionDelayMaxMs: 30_000,
  connectTimeoutMs: 10_000,
  pingIntervalMs: 30_000,
  transports: ['websocket', 'polling'],
} as const;

export const CIRCUIT_BREAKER = {
  failureThreshold: 3,
  windowMs: 120_000,
  openMs: 30_000,
  successesToClose: 2,
} as const;

export const PROJECT_SAVE_DEBOUNCE_MS = 1_000;
export const ORDER_PERSIST_DEBOUNCE_MS = 800;
export const LOCAL_PENDING_WINDOW_MS = 2_000;
export const VIDEO_DEDUPE_HOLD_MS = 2_000;
export const IDLE_DEFERRAL_MS = 1_500;

export const TOAST_TYPES = ['success', 'error', 'warning', 'info'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];
export const TOAST_DURATION_MS: Record<ToastType, number> = {
  success: 5_000,
  info: 5_000,
  warning: 6_000,
  error: 8_000,
};
export const TOAST_FADE_MS = 200;

export const DEFAULT_SHOT_DURATION = 5;
export const DEFAULT_PROJECT_NAME = 'Untitled Project';
export const DEFAULT_SHOT_NAME = 'Untitled Shot';
export const DEFAULT_SCENE_NAME = 'Scene';

export const QUICK_ANALYSIS_MAX_CHARACTERS = 10;
export const READING_WORDS_PER_MINUTE = 200;

export const QUALITY_DEFAULTS = { maxRetries: 3, minScore: 6 } as const;

/** Shots of one batch job rendered at the same time: at most this many, and never more than the server's workers. */
export const MAX_BATCH_CONCURRENCY = 16;

/** The 7 theme colours a new scene picks from at random. */
export const SCENE_COLORS = [
  '#ef4444',
  '#f97316',
  '#eab308',
  '#22c55e',
  '#06b6d4',
  '#6366f1',
  '#d946ef',
] as const;

export const TOKEN_STORAGE_KEY = 'auth_token';
/** Older clients stored the token under these keys; they are read once and migrated to auth_token. */
export const LEGACY_TOKEN_KEYS = ['token', 'authToken', 'jwt_token'] as const;

/** TanStack Query defaults (SPEC.md section 7, data caching). */
export const QUERY_DEFAULTS = {
  staleTimeMs: 5 * 60_000,
  gcTimeMs: 10 * 60_000,
  retry: 3,
  retryBaseDelayMs: 1_000,
  retryMaxDelayMs: 30_000,
  mutationRetry: 1,
  networkMode: 'offlineFirst',
  refetchOnWindowFocus: true,
} as const;

export const FIRST_PASS_MODE = 'cinematic' as const;

export const VISUAL_STYLES = [
  { value: 'gritty-filmic', label: 'Gritty, filmic, natural light' },
  { value: 'stylized-sci-fi', label: 'Stylized sci-fi, neon, contrast' },
  { value: 'documentary', label: 'Documentary, handheld, practical' },
  { value: 'warm-commercial', label: 'Warm commercial, soft light' },
] as const;
export const ASPECT_RATIOS = ['16:9', '9:16', '1:1'] as const;
export const PACINGS = ['slow', 'balanced', 'fast'] as const;
export const CINEMATIC_TEMPLATES = [
  'auto',
  'two-shot',
  'over-shoulder',
  'triangular',
  'single-close',
  'insert',
] as const;

export type VisualStyle = (typeof VISUAL_STYLES)[number]['value'];
export type AspectRatio = (typeof ASPECT_RATIOS)[number];
export type Pacing = (typeof PACINGS)[number];
export type CinematicTemplate = (typeof CINEMATIC_TEMPLATES)[number];

export const FIRST_PASS_DEFAULTS = {
  style: 'gritty-filmic',
  aspect: '16:9',
  pacing: 'balanced',
  template: 'auto',
} as const satisfies { style: VisualStyle; aspect: AspectRatio; pacing: Pacing; template: CinematicTemplate };

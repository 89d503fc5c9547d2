export { type AssetEvents, assetEvents } from './asset-events.client.js';
export { type AssetsClient, assetsClient } from './assets.client.js';
export { type AudioClient, audioClient } from './audio.client.js';
export { type AuthClient, authClient } from './auth.client.js';
export { type BaseUrlOptions, type PageLocation, resolveBaseUrl } from './base-url.js';
export {
  CircuitBreaker,
  type CircuitBreakerOptions,
  type CircuitState,
  CONNECTION_ISSUES_TOAST,
} from './circuit-breaker.js';
export { createReelbench, type Reelbench, type ReelbenchOptions, type SocketSettings } from './client.js';
export * from './contract/index.js';
export { type CutsClient, cutsClient, type StoryboardPdfFile } from './cuts.client.js';
export { type DomainContext, httpThenSocket, shouldFallBack } from './domain-context.js';
export * from './editorial/index.js';
export { type FilesClient, type FileUploadOptions, filesClient } from './files.client.js';
export {
  attachmentFilename,
  type DownloadedBytes,
  type DownloadedFile,
  HttpClient,
  type HttpClientOptions,
  parseRouteReply,
  type Query,
  type QueryValue,
  type RequestOptions,
  type RouteReply,
  type RouteRequest,
  type UploadOptions,
  type UploadXhr,
} from './http-client.js';
export * from './http-errors.js';
export { type FinishedJob, type JobsClient, type JobWaitOptions, jobsClient } from './jobs.client.js';
export type { UploadFile } from './multipart.js';
export { type ProjectsClient, projectsClient } from './projects.client.js';
export { type QuickAnalysis, quickAnalyze } from './quick-analyze.js';
export { type RepositoryClient, repositoryClient } from './repository.client.js';
export {
  CancelledError,
  HTTP_RETRY_POLICY,
  isCancelledError,
  isTransientHttpError,
  queryRetryDelay,
  type RetryDelay,
  type RetryOptions,
  retry,
  type ShouldRetry,
  type Sleep,
  shouldRetryQuery,
  sleep,
} from './retry.js';
export { type ReviewClient, reviewClient } from './review.client.js';
export * from './screenplay/index.js';
export { type FirstPassOptions, type ScriptClient, scriptClient } from './script.client.js';
export { type SeriesClient, seriesClient } from './series.client.js';
export {
  csvCell,
  readShotListCsv,
  SHOT_LIST_CSV_COLUMNS,
  type ShotListCsvChange,
  type ShotListCsvReading,
  shotListCsv,
} from './shot-list-csv.js';
export { type ShotsClient, shotsClient } from './shots.client.js';
export { SocketClient, type SocketClientOptions, type SocketRequestOptions } from './socket-client.js';
export { type StylesClient, stylesClient } from './styles.client.js';
export { BrowserTokenStore, type KeyValueStorage, MemoryTokenStore, type TokenStore } from './token-store.js';

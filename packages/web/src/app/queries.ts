import { HTTP_ROUTES, type Reelbench, stylesClient } from '@reelbench/sdk';
import type { Shot } from '@reelbench/sdk/contract';
import { type DataTag, queryOptions } from '@tanstack/react-query';
import { fetchAllShots } from '../shots/fetch-shots.js';
import { isClientError } from '../state/errors.js';

/** A key that carries the type of the data cached under it, so setQueryData and getQueryData are typed. */
function key<Data>() {
  return <const Key extends readonly unknown[]>(parts: Key) => parts as DataTag<Key, Data, Error>;
}

type Media = Pick<Shot, 'id' | 's3_image_key' | 's3_video_key'>;

/** How each query asks the server. */
const fetchers = {
  projects: (client: Reelbench) => client.projects.list(),
  project: (client: Reelbench, projectId: string) => client.projects.get(projectId),
  series: (client: Reelbench) => client.series.list(),
  shots: (client: Reelbench, projectId: string) => fetchAllShots(client, projectId),
  assets: (client: Reelbench, projectId: string) => client.assets.listByProject(projectId),
  asset: (client: Reelbench, assetId: string) => client.assets.get(assetId),
  script: async (client: Reelbench, projectId: string) => {
    try {
      return await client.script.get(projectId);
    } catch (error) {
      // No script yet is an empty one.
      if (isClientError(error) && (error as { statusCode?: number }).statusCode === 404) {
        return { projectId, content: '' };
      }
      throw error;
    }
  },
  analysis: (client: Reelbench, content: string) => client.script.analyze({ content, format: 'fountain' }),
  projectAnalysis: (client: Reelbench, projectId: string) => client.script.analyzeProject(projectId),
  cast: (client: Reelbench, projectId: string) => client.projects.cast(projectId),
  cuts: (client: Reelbench, projectId: string) => client.cuts.list(projectId),
  cut: (client: Reelbench, projectId: string, cutId: string) => client.cuts.get(projectId, cutId),
  cutComparison: (client: Reelbench, projectId: string, olderId: string, newerId: string) =>
    client.cuts.compare(projectId, olderId, newerId),
  roughCut: (client: Reelbench, projectId: string, cutId: string) => client.cuts.roughCut(projectId, cutId),
  soundtrack: (client: Reelbench, projectId: string) => client.audio.get(projectId),
  styles: (client: Reelbench, projectId: string) => stylesClient(client.socket).list(projectId),
  coverage: (client: Reelbench, shotId: string) => client.shots.send('get-coverage', { shotId }),
  takes: (client: Reelbench, shotId: string) => client.shots.getTakes(shotId),
  reviewLinks: (client: Reelbench, projectId: string) =>
    client.http.typedRequest(HTTP_ROUTES.review.listLinks, { params: { id: projectId } }),
  reviewComments: (client: Reelbench, projectId: string) =>
    client.http.typedRequest(HTTP_ROUTES.review.listComments, { params: { id: projectId } }),
  review: (client: Reelbench, token: string) =>
    client.http.typedRequest(HTTP_ROUTES.review.view, { params: { token } }),
  repository: (client: Reelbench, repositoryId: string) =>
    client.http.typedRequest(HTTP_ROUTES.repository.view, { params: { id: repositoryId } }),
  repositoryState: (client: Reelbench, projectId: string) =>
    client.http.typedRequest(HTTP_ROUTES.repository.state, { params: { id: projectId } }),
};

/** The data a query caches. */
export type QueryData<Name extends keyof typeof fetchers> = Awaited<ReturnType<(typeof fetchers)[Name]>>;

/**
 * Query keys per domain (UI.md, data), each typed with its data: socket events and edits write into
 * these with setQueryData. No other module writes a key literal.
 */
export const queryKeys = {
  projects: key<QueryData<'projects'>>()(['projects']),
  project: (projectId: string) => key<QueryData<'project'>>()(['project', projectId]),
  series: key<QueryData<'series'>>()(['series']),
  shots: (projectId: string) => key<QueryData<'shots'>>()(['shots', projectId]),
  /** Every project's asset list (a prefix: an asset is written into each list that holds it). */
  allAssets: ['assets'] as const,
  assets: (projectId: string) => key<QueryData<'assets'>>()(['assets', projectId]),
  asset: (assetId: string) => key<QueryData<'asset'>>()(['asset', assetId]),
  script: (projectId: string) => key<QueryData<'script'>>()(['script', projectId]),
  /** The script page's last analysis of the text; also the prefix of projectAnalysis. */
  analysis: (projectId: string) => key<QueryData<'analysis'>>()(['analysis', projectId]),
  /** The dashboard's analysis of the saved script, for this length and save. */
  projectAnalysis: (projectId: string, length: number, updatedAt: string) =>
    key<QueryData<'projectAnalysis'>>()(['analysis', projectId, length, updatedAt]),
  /** The cast the script names (the prefix of castFor). */
  cast: (projectId: string) => ['cast', projectId] as const,
  /** The cast, asked again when the script's length or the number of assets changes. */
  castFor: (projectId: string, scriptLength: number, assetCount: number) =>
    key<QueryData<'cast'>>()(['cast', projectId, scriptLength, assetCount]),
  cuts: (projectId: string) => key<QueryData<'cuts'>>()(['cuts', projectId]),
  cut: (projectId: string, cutId: string) => key<QueryData<'cut'>>()(['cut', projectId, cutId]),
  cutComparison: (projectId: string, cutId: string, otherId: string) =>
    key<QueryData<'cutComparison'>>()(['cut-compare', projectId, otherId, cutId]),
  /** Every rough cut of the project (the prefix of roughCut). */
  roughCuts: (projectId: string) => ['rough-cut', projectId] as const,
  roughCut: (projectId: string, cutId: string) =>
    key<QueryData<'roughCut'>>()(['rough-cut', projectId, cutId]),
  soundtrack: (projectId: string) => key<QueryData<'soundtrack'>>()(['soundtrack', projectId]),
  styles: (projectId: string) => key<QueryData<'styles'>>()(['styles', projectId]),
  coverage: (shotId: string) => key<QueryData<'coverage'>>()(['coverage', shotId]),
  /** A new image or video (a generation, a restore) means new takes: the key follows the media. */
  takes: (shot: Media) => key<QueryData<'takes'>>()(['takes', shot.id, shot.s3_image_key, shot.s3_video_key]),
  reviewLinks: (projectId: string) => key<QueryData<'reviewLinks'>>()(['review-links', projectId]),
  reviewComments: (projectId: string) => key<QueryData<'reviewComments'>>()(['review-comments', projectId]),
  review: (token: string) => key<QueryData<'review'>>()(['review', token]),
  repository: (repositoryId: string) => key<QueryData<'repository'>>()(['repository', repositoryId]),
  repositoryState: (projectId: string) =>
    key<QueryData<'repositoryState'>>()(['repository-state', projectId]),
};

/**
 * The queries of the app as TanStack `queryOptions`, beside their keys: every useQuery and every
 * prefetch reads one of these, so a key and how it is fetched are written once.
 */
export const queries = {
  projects: (client: Reelbench) =>
    queryOptions({ queryKey: queryKeys.projects, queryFn: () => fetchers.projects(client) }),
  project: (client: Reelbench, projectId: string) =>
    queryOptions({
      queryKey: queryKeys.project(projectId),
      queryFn: () => fetchers.project(client, projectId),
      enabled: projectId !== '',
    }),
  series: (client: Reelbench) =>
    queryOptions({ queryKey: queryKeys.series, queryFn: () => fetchers.series(client) }),
  /** Every shot of the project, in pages of 2,000. */
  shots: (client: Reelbench, projectId: string) =>
    queryOptions({ queryKey: queryKeys.shots(projectId), queryFn: () => fetchers.shots(client, projectId) }),
  assets: (client: Reelbench, projectId: string) =>
    queryOptions({
      queryKey: queryKeys.assets(projectId),
      queryFn: () => fetchers.assets(client, projectId),
      enabled: projectId !== '',
    }),
  asset: (client: Reelbench, assetId: string) =>
    queryOptions({
      queryKey: queryKeys.asset(assetId),
      queryFn: () => fetchers.asset(client, assetId),
      enabled: assetId !== '',
    }),
  /** The saved script (an empty one before the first save); not refetched on focus, which would undo typing. */
  script: (client: Reelbench, projectId: string) =>
    queryOptions({
      queryKey: queryKeys.script(projectId),
      queryFn: () => fetchers.script(client, projectId),
      refetchOnWindowFocus: false,
    }),
  projectAnalysis: (client: Reelbench, projectId: string, length: number, updatedAt: string) =>
    queryOptions({
      queryKey: queryKeys.projectAnalysis(projectId, length, updatedAt),
      queryFn: () => fetchers.projectAnalysis(client, projectId),
      retry: false,
    }),
  cast: (client: Reelbench, projectId: string, scriptLength: number, assetCount: number) =>
    queryOptions({
      queryKey: queryKeys.castFor(projectId, scriptLength, assetCount),
      queryFn: () => fetchers.cast(client, projectId),
      retry: false,
    }),
  cuts: (client: Reelbench, projectId: string) =>
    queryOptions({
      queryKey: queryKeys.cuts(projectId),
      queryFn: () => fetchers.cuts(client, projectId),
      enabled: projectId !== '',
    }),
  cut: (client: Reelbench, projectId: string, cutId: string) =>
    queryOptions({
      queryKey: queryKeys.cut(projectId, cutId),
      queryFn: () => fetchers.cut(client, projectId, cutId),
      enabled: projectId !== '' && cutId !== '',
    }),
  /** What changed from the older of the two versions to the newer. */
  cutComparison: (
    client: Reelbench,
    projectId: string,
    cutId: string,
    otherId: string,
    otherIsNewer: boolean,
  ) =>
    queryOptions({
      queryKey: queryKeys.cutComparison(projectId, cutId, otherId),
      queryFn: () =>
        otherIsNewer
          ? fetchers.cutComparison(client, projectId, cutId, otherId)
          : fetchers.cutComparison(client, projectId, otherId, cutId),
    }),
  roughCut: (client: Reelbench, projectId: string, cutId: string) =>
    queryOptions({
      queryKey: queryKeys.roughCut(projectId, cutId),
      queryFn: () => fetchers.roughCut(client, projectId, cutId),
    }),
  /** The project's soundtrack with its waveform peaks (null without one). */
  soundtrack: (client: Reelbench, projectId: string) =>
    queryOptions({
      queryKey: queryKeys.soundtrack(projectId),
      queryFn: () => fetchers.soundtrack(client, projectId),
      enabled: projectId !== '',
    }),
  styles: (client: Reelbench, projectId: string) =>
    queryOptions({
      queryKey: queryKeys.styles(projectId),
      queryFn: () => fetchers.styles(client, projectId),
      enabled: projectId !== '',
    }),
  coverage: (client: Reelbench, shotId: string) =>
    queryOptions({
      queryKey: queryKeys.coverage(shotId),
      queryFn: () => fetchers.coverage(client, shotId),
      retry: false,
    }),
  takes: (client: Reelbench, shot: Media) =>
    queryOptions({
      queryKey: queryKeys.takes(shot),
      queryFn: () => fetchers.takes(client, shot.id),
      retry: false,
    }),
  reviewLinks: (client: Reelbench, projectId: string) =>
    queryOptions({
      queryKey: queryKeys.reviewLinks(projectId),
      queryFn: () => fetchers.reviewLinks(client, projectId),
    }),
  reviewComments: (client: Reelbench, projectId: string) =>
    queryOptions({
      queryKey: queryKeys.reviewComments(projectId),
      queryFn: () => fetchers.reviewComments(client, projectId),
    }),
  /** A review link's page: one try, so an unknown or expired link says so at once. */
  review: (client: Reelbench, token: string) =>
    queryOptions({
      queryKey: queryKeys.review(token),
      queryFn: () => fetchers.review(client, token),
      retry: false,
    }),
  repository: (client: Reelbench, repositoryId: string) =>
    queryOptions({
      queryKey: queryKeys.repository(repositoryId),
      queryFn: () => fetchers.repository(client, repositoryId),
      retry: false,
    }),
  repositoryState: (client: Reelbench, projectId: string) =>
    queryOptions({
      queryKey: queryKeys.repositoryState(projectId),
      queryFn: () => fetchers.repositoryState(client, projectId),
      retry: false,
    }),
};

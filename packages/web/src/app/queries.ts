import { type Reelbench, stylesClient } from '@reelbench/sdk';
import type { Shot } from '@reelbench/sdk/contract';
import { type DataTag, queryOptions } from '@tanstack/react-query';
import { fetchAllShots } from '../shots/fetch-shots.js';
import { isClientError } from '../state/errors.js';

type Client = Reelbench;
type Media = Pick<Shot, 'id' | 's3_image_key' | 's3_video_key'>;
/** What a call answers. */
type Reply<Call> = Call extends (...args: never[]) => Promise<infer Data> ? Data : never;

/** A key that carries the type of the data cached under it, so setQueryData and getQueryData are typed. */
const key =
  <Data>() =>
  <const Key extends readonly unknown[]>(parts: Key) =>
    parts as DataTag<Key, Data, Error>;

/** The saved script; before the first save there is none, which is an empty one. */
async function script(client: Client, projectId: string) {
  try {
    return await client.script.get(projectId);
  } catch (error) {
    if (isClientError(error) && (error as { statusCode?: number }).statusCode === 404) {
      return { projectId, content: '' };
    }
    throw error;
  }
}

/** The newest script version with its text: what the last first pass ran on (null before any pass). */
async function latestScriptVersion(client: Client, projectId: string) {
  const [latest] = await client.script.versions(projectId, 1);
  return latest === undefined ? null : client.script.version(projectId, latest.id);
}

const coverage = (client: Client, shotId: string) => client.shots.send('get-coverage', { shotId });
const reviewLinks = (client: Client, id: string) => client.review.listLinks(id);
const reviewComments = (client: Client, id: string) => client.review.listComments(id);
const review = (client: Client, token: string) => client.review.view(token);
const repository = (client: Client, id: string) => client.repository.view(id);
const repositoryState = (client: Client, id: string) => client.repository.state(id);

/**
 * Query keys per domain (UI.md, data), each typed with its data: socket events and edits write into
 * these with setQueryData. No other module writes a key literal.
 */
export const queryKeys = {
  projects: key<Reply<Client['projects']['list']>>()(['projects']),
  project: (projectId: string) => key<Reply<Client['projects']['get']>>()(['project', projectId]),
  series: key<Reply<Client['series']['list']>>()(['series']),
  shots: (projectId: string) => key<Reply<typeof fetchAllShots>>()(['shots', projectId]),
  /** Every project's asset list (a prefix: an asset is written into each list that holds it). */
  allAssets: ['assets'] as const,
  assets: (projectId: string) => key<Reply<Client['assets']['listByProject']>>()(['assets', projectId]),
  asset: (assetId: string) => key<Reply<Client['assets']['get']>>()(['asset', assetId]),
  script: (projectId: string) => key<Reply<typeof script>>()(['script', projectId]),
  /** The saved scripts first passes ran on, newest first (the prefix of the keys below). */
  scriptVersions: (projectId: string) =>
    key<Reply<Client['script']['versions']>>()(['script-versions', projectId]),
  /** The newest version with its text. */
  latestScriptVersion: (projectId: string) =>
    key<Reply<typeof latestScriptVersion>>()(['script-versions', projectId, 'latest']),
  /** One version with its text (versions never change but for their pass count). */
  scriptVersion: (projectId: string, versionId: string) =>
    key<Reply<Client['script']['version']>>()(['script-versions', projectId, 'version', versionId]),
  /** The script page's last analysis of the text; also the prefix of projectAnalysis. */
  analysis: (projectId: string) => key<Reply<Client['script']['analyze']>>()(['analysis', projectId]),
  /** The dashboard's analysis of the saved script, for this length and save. */
  projectAnalysis: (projectId: string, length: number, updatedAt: string) =>
    key<Reply<Client['script']['analyzeProject']>>()(['analysis', projectId, length, updatedAt]),
  /** The cast the script names (the prefix of castFor). */
  cast: (projectId: string) => ['cast', projectId] as const,
  /** The cast, asked again when the script's length or the number of assets changes. */
  castFor: (projectId: string, scriptLength: number, assetCount: number) =>
    key<Reply<Client['projects']['cast']>>()(['cast', projectId, scriptLength, assetCount]),
  cuts: (projectId: string) => key<Reply<Client['cuts']['list']>>()(['cuts', projectId]),
  cut: (projectId: string, cutId: string) => key<Reply<Client['cuts']['get']>>()(['cut', projectId, cutId]),
  cutComparison: (projectId: string, cutId: string, otherId: string) =>
    key<Reply<Client['cuts']['compare']>>()(['cut-compare', projectId, otherId, cutId]),
  /** Every rough cut of the project (the prefix of roughCut). */
  roughCuts: (projectId: string) => ['rough-cut', projectId] as const,
  roughCut: (projectId: string, cutId: string) =>
    key<Reply<Client['cuts']['roughCut']>>()(['rough-cut', projectId, cutId]),
  /** The project's latest rough cut, of any cut (cut ids are uuids, never 'latest'). */
  latestRoughCut: (projectId: string) =>
    key<Reply<Client['cuts']['roughCut']>>()(['rough-cut', projectId, 'latest']),
  soundtrack: (projectId: string) => key<Reply<Client['audio']['get']>>()(['soundtrack', projectId]),
  /** The scratch track's lines (audio page, timeline). */
  dialogueLines: (projectId: string) =>
    key<Reply<Client['audio']['listLines']>>()(['dialogue-lines', projectId]),
  styles: (projectId: string) => key<Reply<ReturnType<typeof stylesClient>['list']>>()(['styles', projectId]),
  coverage: (shotId: string) => key<Reply<typeof coverage>>()(['coverage', shotId]),
  /** A new image or video (a generation, a restore) means new takes: the key follows the media. */
  takes: (shot: Media) =>
    key<Reply<Client['shots']['getTakes']>>()(['takes', shot.id, shot.s3_image_key, shot.s3_video_key]),
  reviewLinks: (projectId: string) => key<Reply<typeof reviewLinks>>()(['review-links', projectId]),
  reviewComments: (projectId: string) => key<Reply<typeof reviewComments>>()(['review-comments', projectId]),
  review: (token: string) => key<Reply<typeof review>>()(['review', token]),
  repository: (repositoryId: string) => key<Reply<typeof repository>>()(['repository', repositoryId]),
  repositoryState: (projectId: string) =>
    key<Reply<typeof repositoryState>>()(['repository-state', projectId]),
};

/** The data a key holds. */
export type QueryData<Name extends keyof typeof queryKeys> = (typeof queryKeys)[Name] extends (
  ...args: never[]
) => DataTag<unknown, infer Data, Error>
  ? Data
  : (typeof queryKeys)[Name] extends DataTag<unknown, infer Data, Error>
    ? Data
    : never;

/**
 * The queries of the app as TanStack `queryOptions`, beside their keys: every useQuery and every
 * prefetch reads one of these, so a key and how it is fetched are written once.
 */
export const queries = {
  projects: (client: Client) =>
    queryOptions({ queryKey: queryKeys.projects, queryFn: () => client.projects.list() }),
  project: (client: Client, projectId: string) =>
    queryOptions({
      queryKey: queryKeys.project(projectId),
      queryFn: () => client.projects.get(projectId),
      enabled: projectId !== '',
    }),
  series: (client: Client) =>
    queryOptions({ queryKey: queryKeys.series, queryFn: () => client.series.list() }),
  /** Every shot of the project, in pages of 2,000. */
  shots: (client: Client, projectId: string) =>
    queryOptions({ queryKey: queryKeys.shots(projectId), queryFn: () => fetchAllShots(client, projectId) }),
  assets: (client: Client, projectId: string) =>
    queryOptions({
      queryKey: queryKeys.assets(projectId),
      queryFn: () => client.assets.listByProject(projectId),
      enabled: projectId !== '',
    }),
  asset: (client: Client, assetId: string) =>
    queryOptions({
      queryKey: queryKeys.asset(assetId),
      queryFn: () => client.assets.get(assetId),
      enabled: assetId !== '',
    }),
  /** The saved script; not refetched on focus, which would put it back over what is being typed. */
  script: (client: Client, projectId: string) =>
    queryOptions({
      queryKey: queryKeys.script(projectId),
      queryFn: () => script(client, projectId),
      refetchOnWindowFocus: false,
    }),
  scriptVersions: (client: Client, projectId: string) =>
    queryOptions({
      queryKey: queryKeys.scriptVersions(projectId),
      queryFn: () => client.script.versions(projectId),
    }),
  latestScriptVersion: (client: Client, projectId: string) =>
    queryOptions({
      queryKey: queryKeys.latestScriptVersion(projectId),
      queryFn: () => latestScriptVersion(client, projectId),
      refetchOnWindowFocus: false,
    }),
  scriptVersion: (client: Client, projectId: string, versionId: string) =>
    queryOptions({
      queryKey: queryKeys.scriptVersion(projectId, versionId),
      queryFn: () => client.script.version(projectId, versionId),
      staleTime: Number.POSITIVE_INFINITY,
      enabled: versionId !== '',
    }),
  projectAnalysis: (client: Client, projectId: string, length: number, updatedAt: string) =>
    queryOptions({
      queryKey: queryKeys.projectAnalysis(projectId, length, updatedAt),
      queryFn: () => client.script.analyzeProject(projectId),
      retry: false,
    }),
  cast: (client: Client, projectId: string, scriptLength: number, assetCount: number) =>
    queryOptions({
      queryKey: queryKeys.castFor(projectId, scriptLength, assetCount),
      queryFn: () => client.projects.cast(projectId),
      retry: false,
    }),
  cuts: (client: Client, projectId: string) =>
    queryOptions({
      queryKey: queryKeys.cuts(projectId),
      queryFn: () => client.cuts.list(projectId),
      enabled: projectId !== '',
    }),
  cut: (client: Client, projectId: string, cutId: string) =>
    queryOptions({
      queryKey: queryKeys.cut(projectId, cutId),
      queryFn: () => client.cuts.get(projectId, cutId),
      enabled: projectId !== '' && cutId !== '',
    }),
  /** What changed from the older of the two versions to the newer. */
  cutComparison: (client: Client, projectId: string, cutId: string, otherId: string, otherIsNewer: boolean) =>
    queryOptions({
      queryKey: queryKeys.cutComparison(projectId, cutId, otherId),
      queryFn: () =>
        otherIsNewer
          ? client.cuts.compare(projectId, cutId, otherId)
          : client.cuts.compare(projectId, otherId, cutId),
    }),
  roughCut: (client: Client, projectId: string, cutId: string) =>
    queryOptions({
      queryKey: queryKeys.roughCut(projectId, cutId),
      queryFn: () => client.cuts.roughCut(projectId, cutId),
    }),
  latestRoughCut: (client: Client, projectId: string) =>
    queryOptions({
      queryKey: queryKeys.latestRoughCut(projectId),
      queryFn: () => client.cuts.roughCut(projectId),
      enabled: projectId !== '',
    }),
  /** The project's soundtrack with its waveform peaks (null without one). */
  soundtrack: (client: Client, projectId: string) =>
    queryOptions({
      queryKey: queryKeys.soundtrack(projectId),
      queryFn: () => client.audio.get(projectId),
      enabled: projectId !== '',
    }),
  /** The scratch track's lines in script order (none before the first Generate Scratch Track). */
  dialogueLines: (client: Client, projectId: string) =>
    queryOptions({
      queryKey: queryKeys.dialogueLines(projectId),
      queryFn: () => client.audio.listLines(projectId),
      enabled: projectId !== '',
    }),
  styles: (client: Client, projectId: string) =>
    queryOptions({
      queryKey: queryKeys.styles(projectId),
      queryFn: () => stylesClient(client.socket).list(projectId),
      enabled: projectId !== '',
    }),
  coverage: (client: Client, shotId: string) =>
    queryOptions({
      queryKey: queryKeys.coverage(shotId),
      queryFn: () => coverage(client, shotId),
      retry: false,
    }),
  takes: (client: Client, shot: Media) =>
    queryOptions({
      queryKey: queryKeys.takes(shot),
      queryFn: () => client.shots.getTakes(shot.id),
      retry: false,
    }),
  reviewLinks: (client: Client, projectId: string) =>
    queryOptions({
      queryKey: queryKeys.reviewLinks(projectId),
      queryFn: () => reviewLinks(client, projectId),
    }),
  reviewComments: (client: Client, projectId: string) =>
    queryOptions({
      queryKey: queryKeys.reviewComments(projectId),
      queryFn: () => reviewComments(client, projectId),
    }),
  /** A review link's page: one try, so an unknown or expired link says so at once. */
  review: (client: Client, token: string) =>
    queryOptions({ queryKey: queryKeys.review(token), queryFn: () => review(client, token), retry: false }),
  repository: (client: Client, repositoryId: string) =>
    queryOptions({
      queryKey: queryKeys.repository(repositoryId),
      queryFn: () => repository(client, repositoryId),
      retry: false,
    }),
  repositoryState: (client: Client, projectId: string) =>
    queryOptions({
      queryKey: queryKeys.repositoryState(projectId),
      queryFn: () => repositoryState(client, projectId),
      retry: false,
    }),
};

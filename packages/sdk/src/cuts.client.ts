import type { CutCreate, CutExportFile, CutExportOptions } from './contract/cuts.js';
import type { EditorialFormat } from './contract/editorial.js';
import { HTTP_ROUTES } from './contract/http.js';
import { type DomainContext, httpThenSocket } from './domain-context.js';

const routes = HTTP_ROUTES.cuts;

const MIME_FALLBACK: Record<EditorialFormat, string> = {
  edl: 'text/plain',
  otio: 'application/json',
  fcpxml: 'application/xml',
};

/** Export options as the export route's query: flags as 'true' / 'false'. */
function exportQuery(options: CutExportOptions) {
  const flag = (value: boolean | undefined) =>
    value === undefined ? undefined : value ? ('true' as const) : ('false' as const);
  return {
    ...(options.frameRate === undefined ? {} : { frameRate: options.frameRate }),
    ...(options.dropFrame === undefined ? {} : { dropFrame: flag(options.dropFrame) }),
    ...(options.includeSoundtrack === undefined
      ? {}
      : { includeSoundtrack: flag(options.includeSoundtrack) }),
  };
}

/**
 * Cuts: versioned snapshots of a project's timeline and their EDL / OTIO / FCPXML files
 * (docs/editorial.md). HTTP first, the socket when the server cannot be reached over HTTP.
 */
export function cutsClient(ctx: DomainContext) {
  const { http } = ctx;
  return {
    /** A new cut (a new version) from the project's current timeline. */
    create: (projectId: string, input: CutCreate = {}) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.create, { params: { projectId }, body: input }),
        (socket) => socket.request('cut', 'create', { projectId, ...input }),
      ),

    /** The project's cuts, newest version first, without their events. */
    list: (projectId: string) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.list, { params: { projectId } }),
        (socket) => socket.request('cut', 'list', { projectId }),
      ),

    get: (projectId: string, cutId: string) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.get, { params: { projectId, cutId } }),
        (socket) => socket.request('cut', 'get', { projectId, cutId }),
      ),

    rename: (projectId: string, cutId: string, name: string) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.rename, { params: { projectId, cutId }, body: { name } }),
        (socket) => socket.request('cut', 'rename', { projectId, cutId, name }),
      ),

    delete: (projectId: string, cutId: string) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.delete, { params: { projectId, cutId } }),
        (socket) => socket.request('cut', 'delete', { projectId, cutId }),
      ),

    /** What moved and what changed length between two versions. */
    compare: (projectId: string, olderId: string, newerId: string) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.compare, { params: { projectId, olderId, newerId } }),
        (socket) => socket.request('cut', 'compare', { projectId, olderId, newerId }),
      ),

    /** The file: its text, the name to save it under and its MIME type. */
    export: (
      projectId: string,
      cutId: string,
      format: EditorialFormat,
      options: CutExportOptions = {},
    ): Promise<CutExportFile> =>
      httpThenSocket(
        ctx,
        async () => {
          const file = await http.download(routes.export, {
            params: { projectId, cutId, format },
            query: exportQuery(options),
          });
          return {
            format,
            text: file.text,
            filename: file.filename ?? `${cutId}.${format}`,
            mimeType: file.contentType === '' ? MIME_FALLBACK[format] : file.contentType,
          };
        },
        (socket) => socket.request('cut', 'export', { projectId, cutId, format, options }),
      ),

    /**
     * An EDL or OTIO edited elsewhere: saved as a new version of the cut, the project's shot order
     * and durations follow it; `unmatched` and `removed` say what the file did not account for.
     */
    import: (projectId: string, cutId: string, format: 'edl' | 'otio', text: string) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.import, { params: { projectId, cutId }, body: { format, text } }),
        (socket) => socket.request('cut', 'import', { projectId, cutId, format, text }),
      ),
  };
}

export type CutsClient = ReturnType<typeof cutsClient>;

import type {
  CutCreate,
  CutExportFile,
  CutExportOptions,
  RoughCutRender,
  StoryboardLayout,
} from './contract/cuts.js';
import type { EditorialFormat, EditorialFrameRate } from './contract/editorial.js';
import { HTTP_ROUTES } from './contract/http.js';
import { type DomainContext, httpThenSocket } from './domain-context.js';

const routes = HTTP_ROUTES.cuts;

/** The storyboard PDF: its bytes and the name the server gives it. */
export interface StoryboardPdfFile {
  layout: StoryboardLayout;
  bytes: Uint8Array;
  filename: string;
}

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
    ...(options.includeDialogue === undefined ? {} : { includeDialogue: flag(options.includeDialogue) }),
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
     * The cut's storyboard as a PDF made on the server: a contact sheet (12 frames a page) or one
     * shot a page. HTTP only: the socket carries no binary files.
     */
    /**
     * The hand-off package of a cut: one zip with the EDL, OTIO and FCPXML (media paths relative to
     * the zip), the shot media, the soundtrack and a README (HTTP only; docs/editorial.md).
     */
    package: async (projectId: string, cutId: string): Promise<{ bytes: Uint8Array; filename: string }> => {
      const file = await http.downloadBytes(routes.package, { params: { projectId, cutId } });
      return { bytes: file.bytes, filename: file.filename ?? `${cutId}-package.zip` };
    },

    storyboardPdf: async (
      projectId: string,
      cutId: string,
      options: { layout?: StoryboardLayout } = {},
    ): Promise<StoryboardPdfFile> => {
      const layout = options.layout ?? 'contact';
      const file = await http.downloadBytes(routes.storyboard, {
        params: { projectId, cutId },
        query: { layout },
      });
      return { layout, bytes: file.bytes, filename: file.filename ?? `${cutId}-storyboard.pdf` };
    },

    /**
     * An EDL or OTIO edited elsewhere: saved as a new version of the cut, the project's shot order
     * and durations follow it; `unmatched` and `removed` say what the file did not account for.
     */
    /**
     * Applies an edited EDL or OTIO as a new version of the cut (and the project's shot order and
     * durations). `frameRate`: the file's rate when it cannot say it; `dryRun`: answer what it would
     * do and save nothing.
     */
    import: (
      projectId: string,
      cutId: string,
      format: 'edl' | 'otio',
      text: string,
      options: { frameRate?: EditorialFrameRate; dryRun?: boolean } = {},
    ) =>
      httpThenSocket(
        ctx,
        () =>
          http.typedRequest(routes.import, {
            params: { projectId, cutId },
            body: { format, text, ...options },
          }),
        (socket) => socket.request('cut', 'import', { projectId, cutId, format, text, ...options }),
      ),

    /** Puts the project's shot order and durations back to this version's (the undo of an import). */
    restore: (projectId: string, cutId: string) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.restore, { params: { projectId, cutId } }),
        (socket) => socket.request('cut', 'restore', { projectId, cutId }),
      ),

    /** Queues the cut's rough cut (one MP4): a job; its progress arrives as job events. */
    renderRoughCut: (projectId: string, cutId: string, input: RoughCutRender = {}) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.renderRoughCut, { params: { projectId, cutId }, body: input }),
        (socket) => socket.request('cut', 'render-rough-cut', { projectId, cutId, ...input }),
      ),

    /** The latest rough cut of the cut (of the project without cutId), with a fresh URL; null when none. */
    roughCut: (projectId: string, cutId?: string) =>
      httpThenSocket(
        ctx,
        () =>
          http.typedRequest(routes.getRoughCut, {
            params: { projectId },
            query: cutId === undefined ? {} : { cutId },
          }),
        (socket) => socket.request('cut', 'get-rough-cut', { projectId, ...(cutId ? { cutId } : {}) }),
      ),
  };
}

export type CutsClient = ReturnType<typeof cutsClient>;

import type { CutSoundtrackSet, DialogueGenerate, DialogueTiming, SoundtrackSet } from './contract/audio.js';
import { HTTP_ROUTES } from './contract/http.js';
import { type DomainContext, httpThenSocket } from './domain-context.js';

const routes = HTTP_ROUTES.audio;

/**
 * The project's soundtrack (docs/editorial.md): upload the file with `files.uploadAudio`, then set
 * it here. HTTP first, the socket when the server cannot be reached over HTTP.
 */
export function audioClient(ctx: DomainContext) {
  const { http } = ctx;
  return {
    /** The soundtrack with its waveform peaks, or null. */
    get: (projectId: string) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.get, { params: { projectId } }),
        (socket) => socket.request('audio', 'get', { projectId }),
      ),
    /** Sets or replaces the soundtrack with an uploaded audio file of the project. */
    set: (projectId: string, input: SoundtrackSet) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.set, { params: { projectId }, body: input }),
        (socket) => socket.request('audio', 'set', { projectId, ...input }),
      ),
    setOffset: (projectId: string, offsetSeconds: number) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.setOffset, { params: { projectId }, body: { offsetSeconds } }),
        (socket) => socket.request('audio', 'set-offset', { projectId, offsetSeconds }),
      ),
    remove: (projectId: string) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.remove, { params: { projectId } }),
        (socket) => socket.request('audio', 'remove', { projectId }),
      ),
    /** Puts the soundtrack under a cut with an offset, or takes it off (`remove: true`). */
    setCut: (projectId: string, input: CutSoundtrackSet) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.setCut, { params: { projectId }, body: input }),
        (socket) => socket.request('audio', 'set-cut', { projectId, ...input }),
      ),
    /**
     * Queues the scratch track (docs/generation.md, "Speech"): every dialogue line of the saved script
     * spoken in its character's voice. Follow the job with `jobs`; its result is a DialogueTrackResult.
     */
    generateDialogue: (projectId: string, input: DialogueGenerate = {}) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.generateDialogue, { params: { projectId }, body: input }),
        (socket) => socket.request('audio', 'generate-dialogue', { projectId, ...input }),
      ),
    /** The dialogue lines in script order, each with its clip's URL, length and waveform. */
    listLines: (projectId: string) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.listLines, { params: { projectId } }),
        (socket) => socket.request('audio', 'list-lines', { projectId }),
      ),
    /** Speaks one line again (a recorded take gives way to a generated clip). */
    regenerateLine: (projectId: string, lineId: string, input: DialogueGenerate = {}) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.regenerateLine, { params: { projectId, lineId }, body: input }),
        (socket) => socket.request('audio', 'regenerate-line', { projectId, lineId, ...input }),
      ),
    /** Replaces a line with a recorded take: a file uploaded with `files.uploadAudio` to this project. */
    uploadLine: (projectId: string, lineId: string, key: string) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.uploadLine, { params: { projectId, lineId }, body: { key } }),
        (socket) => socket.request('audio', 'upload-line', { projectId, lineId, key }),
      ),
    /** The line's clip (a WAV), over HTTP. */
    lineFile: async (projectId: string, lineId: string): Promise<Uint8Array> =>
      (await http.downloadBytes(routes.lineFile, { params: { projectId, lineId } })).bytes,
    /**
     * Times every dialogue shot to its lines plus the pacing's pauses; answers each changed shot with
     * its previous duration (put those back to undo).
     */
    timeShots: (projectId: string, input: DialogueTiming = {}) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.timeShots, { params: { projectId }, body: input }),
        (socket) => socket.request('audio', 'time-shots', { projectId, ...input }),
      ),
  };
}

export type AudioClient = ReturnType<typeof audioClient>;

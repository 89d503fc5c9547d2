import type { CutSoundtrackSet, SoundtrackSet } from './contract/audio.js';
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
  };
}

export type AudioClient = ReturnType<typeof audioClient>;

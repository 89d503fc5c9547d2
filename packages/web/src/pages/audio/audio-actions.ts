import type { ActionDefinition } from '../../actions/registry.js';
import type { PageCommandId } from '../../app/page-commands.js';
import { type AppServices, perServices } from '../../app/services.js';
import { createStore, type Store } from '../../state/store.js';

export const AUDIO_PATHS = ['/audio'];
export const ROUGH_CUT_PATHS = ['/rough-cut'];

/** Whether the open audio page shows a soundtrack (Upload or Replace is offered accordingly). */
export const soundtrackShown: (services: AppServices) => Store<boolean> = perServices(() =>
  createStore<boolean>(false),
);

/**
 * An action that runs a page's handler: available only while the page that handles it is mounted
 * (usePageCommand), and where `when` says so.
 */
export function pageAction(
  services: AppServices,
  command: PageCommandId,
  definition: Omit<ActionDefinition, 'perform' | 'available'> & { when?: () => boolean },
): ActionDefinition {
  const { when, ...rest } = definition;
  return {
    ...rest,
    available: (context) =>
      context.projectId !== null && services.commands.has(command) && (when?.() ?? true),
    perform: () => void services.commands.run(command),
  };
}

/** The audio page's actions: upload or replace, play, nudge the offset, put under a cut, remove. */
export function registerAudioActions(services: AppServices): void {
  const shown = soundtrackShown(services);
  // Palette sections of UI.md: the file and the cut under Project, listening and sync under Timeline.
  const section = 'Project';
  const timeline = 'Timeline';
  const keywords = ['soundtrack', 'music', 'audio', 'track'];
  services.registry.registerOnce(
    pageAction(services, 'audio.pick', {
      id: 'audio.upload',
      label: 'Upload Soundtrack',
      section,
      keywords: [...keywords, 'mp3', 'wav', 'm4a', 'ogg', 'import', 'add'],
      hint: 'MP3, WAV, M4A, OGG or FLAC',
      paths: AUDIO_PATHS,
      when: () => !shown.get(),
    }),
    pageAction(services, 'audio.pick', {
      id: 'audio.replace',
      label: 'Replace Soundtrack',
      section,
      keywords: [...keywords, 'mp3', 'wav', 'm4a', 'ogg', 'upload', 'swap'],
      hint: 'Another file takes its place; the offset stays',
      paths: AUDIO_PATHS,
      when: () => shown.get(),
    }),
    pageAction(services, 'audio.playPause', {
      id: 'audio.playPause',
      label: 'Play or Pause Soundtrack',
      section: timeline,
      keywords: [...keywords, 'play', 'pause', 'listen'],
      binding: 'Space',
      paths: AUDIO_PATHS,
    }),
    pageAction(services, 'audio.nudge.frameEarlier', {
      id: 'audio.nudge.frameEarlier',
      label: 'Nudge Soundtrack One Frame Earlier',
      section: timeline,
      keywords: [...keywords, 'offset', 'sync', 'slip'],
      binding: ',',
      paths: AUDIO_PATHS,
    }),
    pageAction(services, 'audio.nudge.frameLater', {
      id: 'audio.nudge.frameLater',
      label: 'Nudge Soundtrack One Frame Later',
      section: timeline,
      keywords: [...keywords, 'offset', 'sync', 'slip'],
      binding: '.',
      paths: AUDIO_PATHS,
    }),
    pageAction(services, 'audio.nudge.secondEarlier', {
      id: 'audio.nudge.secondEarlier',
      label: 'Nudge Soundtrack One Second Earlier',
      section: timeline,
      keywords: [...keywords, 'offset', 'sync', 'slip'],
      binding: '[',
      paths: AUDIO_PATHS,
    }),
    pageAction(services, 'audio.nudge.secondLater', {
      id: 'audio.nudge.secondLater',
      label: 'Nudge Soundtrack One Second Later',
      section: timeline,
      keywords: [...keywords, 'offset', 'sync', 'slip'],
      binding: ']',
      paths: AUDIO_PATHS,
    }),
    pageAction(services, 'audio.setCut', {
      id: 'audio.setCut',
      label: 'Set as Cut Soundtrack',
      section,
      keywords: [...keywords, 'cut', 'edl', 'mix', 'rough cut'],
      hint: 'The chosen cut carries the soundtrack at this offset',
      paths: AUDIO_PATHS,
    }),
    pageAction(services, 'audio.remove', {
      id: 'audio.remove',
      label: 'Remove Soundtrack',
      section,
      keywords: [...keywords, 'delete', 'clear'],
      paths: AUDIO_PATHS,
    }),
  );
}

/** The rough-cut page's actions: render the chosen cut, play or pause the player. */
export function registerRoughCutActions(services: AppServices): void {
  services.registry.registerOnce(
    pageAction(services, 'roughCut.render', {
      id: 'roughCut.render',
      label: 'Render Rough Cut',
      section: 'Generation',
      keywords: ['rough cut', 'mp4', 'assemble', 'cut', 'render', 'preview', 'export video'],
      hint: 'One MP4 of the chosen cut, with the soundtrack under it',
      paths: ROUGH_CUT_PATHS,
    }),
    pageAction(services, 'roughCut.playPause', {
      id: 'roughCut.playPause',
      label: 'Play or Pause Rough Cut',
      section: 'Timeline',
      keywords: ['play', 'pause', 'watch', 'rough cut'],
      binding: 'Space',
      paths: ROUGH_CUT_PATHS,
    }),
  );
}

import { type ActionContext, type ActionDefinition, defineActions } from '../../actions/action.js';
import { definePageContext } from '../../actions/page-context.js';

/** The audio page on screen: whether it shows a soundtrack and what it can do with it now. */
export interface AudioPage {
  hasTrack: boolean;
  /** Opens the file pick (absent while the soundtrack loads or an upload runs). */
  pick?: () => void;
  togglePlay?: () => void;
  nudgeFrames?: (frames: number) => void;
  nudgeSeconds?: (seconds: number) => void;
  setCut?: () => void;
  remove?: () => void;
  /** The dialogue line that has (or last had) the focus in the lines list, and what can be done to it. */
  line?: DialogueLineControls;
}

export interface DialogueLineControls {
  id: string;
  togglePlay: () => void;
  /** Absent while the line is being spoken again or replaced. */
  regenerate?: () => void;
  replace?: () => void;
}

export const audioPage = definePageContext<AudioPage>('audio');

const page = (context: ActionContext) => audioPage.get(context.services);
const keywords = ['soundtrack', 'music', 'audio', 'track'];

function nudge(
  id: string,
  label: string,
  binding: string,
  move: (shown: AudioPage) => void,
  can: (shown: AudioPage) => boolean,
): ActionDefinition {
  return {
    id,
    label,
    section: 'Project',
    keywords: [...keywords, 'offset', 'sync', 'slip'],
    binding,
    scope: 'audio',
    available: (context) => {
      const shown = page(context);
      return shown !== null && can(shown);
    },
    perform: (context) => {
      const shown = page(context);
      if (shown) move(shown);
    },
  };
}

/**
 * The audio page's actions: upload or replace, play, nudge the offset (a frame on the 24 fps grid,
 * a second), put under a cut, remove. The file and the cut under Project, listening under View.
 */
export const audioActions = defineActions([
  {
    id: 'audio.upload',
    label: 'Upload Soundtrack',
    section: 'Project',
    keywords: [...keywords, 'mp3', 'wav', 'm4a', 'ogg', 'import', 'add'],
    hint: 'MP3, WAV, M4A, OGG or FLAC',
    scope: 'audio',
    available: (context) => page(context)?.pick !== undefined && page(context)?.hasTrack === false,
    perform: (context) => page(context)?.pick?.(),
  },
  {
    id: 'audio.replace',
    label: 'Replace Soundtrack',
    section: 'Project',
    keywords: [...keywords, 'mp3', 'wav', 'm4a', 'ogg', 'upload', 'swap'],
    hint: 'Another file takes its place; the offset stays',
    scope: 'audio',
    available: (context) => page(context)?.pick !== undefined && page(context)?.hasTrack === true,
    perform: (context) => page(context)?.pick?.(),
  },
  {
    id: 'audio.playPause',
    label: 'Play or Pause Soundtrack',
    section: 'View',
    keywords: [...keywords, 'play', 'pause', 'listen'],
    hint: 'The focused dialogue line instead when a line has the focus',
    binding: 'Space',
    scope: 'audio',
    available: (context) => page(context)?.togglePlay !== undefined,
    perform: (context) => page(context)?.togglePlay?.(),
  },
  nudge(
    'audio.nudge.frameEarlier',
    'Nudge Soundtrack One Frame Earlier',
    ',',
    (shown) => shown.nudgeFrames?.(-1),
    (shown) => shown.nudgeFrames !== undefined,
  ),
  nudge(
    'audio.nudge.frameLater',
    'Nudge Soundtrack One Frame Later',
    '.',
    (shown) => shown.nudgeFrames?.(1),
    (shown) => shown.nudgeFrames !== undefined,
  ),
  nudge(
    'audio.nudge.secondEarlier',
    'Nudge Soundtrack One Second Earlier',
    '[',
    (shown) => shown.nudgeSeconds?.(-1),
    (shown) => shown.nudgeSeconds !== undefined,
  ),
  nudge(
    'audio.nudge.secondLater',
    'Nudge Soundtrack One Second Later',
    ']',
    (shown) => shown.nudgeSeconds?.(1),
    (shown) => shown.nudgeSeconds !== undefined,
  ),
  {
    id: 'dialogue.playLine',
    label: 'Play or Pause Line',
    section: 'View',
    keywords: ['dialogue', 'line', 'listen', 'scratch track', 'voice'],
    hint: 'Enter or Space on a line',
    scope: 'audio',
    available: (context) => page(context)?.line !== undefined,
    perform: (context) => page(context)?.line?.togglePlay(),
  },
  {
    id: 'dialogue.regenerateLine',
    label: 'Regenerate Line',
    section: 'Generation',
    keywords: ['dialogue', 'line', 'speak again', 'voice', 'scratch track', 're-speak'],
    hint: 'Speaks the line again (a recorded take gives way)',
    binding: 'R',
    scope: 'audio',
    available: (context) => page(context)?.line?.regenerate !== undefined,
    perform: (context) => page(context)?.line?.regenerate?.(),
  },
  {
    id: 'dialogue.replaceLine',
    label: 'Replace Line with Recorded Take',
    section: 'Project',
    keywords: ['dialogue', 'line', 'upload', 'take', 'record', 'actor', 'voice', 'adr'],
    hint: 'MP3, WAV, M4A, OGG or FLAC; the take then wins everywhere',
    binding: 'T',
    scope: 'audio',
    available: (context) => page(context)?.line?.replace !== undefined,
    perform: (context) => page(context)?.line?.replace?.(),
  },
  {
    id: 'audio.setCut',
    label: 'Set as Cut Soundtrack',
    section: 'Project',
    keywords: [...keywords, 'cut', 'edl', 'mix', 'rough cut'],
    hint: 'The chosen cut carries the soundtrack at this offset',
    scope: 'audio',
    available: (context) => page(context)?.setCut !== undefined,
    perform: (context) => page(context)?.setCut?.(),
  },
  {
    id: 'audio.remove',
    label: 'Remove Soundtrack',
    section: 'Project',
    keywords: [...keywords, 'delete', 'clear'],
    scope: 'audio',
    available: (context) => page(context)?.remove !== undefined,
    perform: (context) => page(context)?.remove?.(),
  },
]);

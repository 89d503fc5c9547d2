import type {
  AssetType,
  FirstPassScene,
  FirstPassShot,
  FirstPassSound,
  FirstPassTransition,
  FramingType,
  MissingAsset,
} from '../contract/index.js';
import type { FilmScene } from './director.reading.js';
import type { CameraMove } from './director.rules.js';

export interface DirectorAsset {
  id: string;
  name: string;
  type: AssetType;
  /** How prompts describe the asset, so it renders the same in every shot. */
  visualIdentifier?: string | null;
}

export interface DirectorOptions {
  /** The project's assets: characters, locations and props are linked to the script by name. */
  assets?: readonly DirectorAsset[];
}

export interface LinkedAsset {
  assetId: string;
  type: AssetType;
  name: string;
  /** Indexes into `shots` of the shots the asset appears in. */
  shotIndexes: number[];
}

export interface FirstPassResult {
  shots: FirstPassShot[];
  scenes: FirstPassScene[];
  missingAssets: MissingAsset[];
  linkedAssets: LinkedAsset[];
}

/** What a shot is for: the report and the rules that check any breakdown read it. */
export type ShotPurpose =
  | 'establishing'
  | 'action'
  | 'introduction'
  | 'insert'
  | 'card'
  | 'master'
  | 'single'
  | 'reaction'
  | 'voice-over'
  | 'off-screen'
  | 'dual';

/** A shot before it is placed on the timeline. `characters` are normalised names. */
export interface ShotDraft {
  purpose: ShotPurpose;
  /** Element indexes of the screenplay the shot covers, first and last (a shot's source span). */
  from: number;
  to: number;
  sounds: FirstPassSound[];
  /** Who speaks on screen in the lines the shot covers. */
  speakers?: string[];
  /** The writer's slugs this shot carries out, as written. */
  slugs: string[];
  transitionIn?: FirstPassTransition;
  framing: FramingType;
  camera: CameraMove;
  characters: string[];
  subject: string;
  /** What the shot's name says it shows, when not its subject (an establishing shot's place). */
  title?: string;
  description: string;
  action: string;
  scriptText: string;
  seconds: number;
  props: string[];
  /** The page time of an establishing shot's heading and the lines that set the place. */
  pageSeconds?: number;
  /** The establishing shot: it stays the first shot of its scene. */
  opensScene?: boolean;
  /**
   * Where the shot is when not in its scene's place: in an intercut (a phone call), the other
   * party is filmed where they are, the scene they were last seen in.
   */
  at?: FilmScene;
  /** People the shot shows at another age, by canonical name ('RAY' → 'YOUNG RAY' in a flashback). */
  shownAs?: Record<string, string>;
}

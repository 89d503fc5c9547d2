import type {
  AssetType,
  FirstPassScene,
  FirstPassShot,
  FramingType,
  MissingAsset,
} from '../contract/index.js';
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

/** A shot before it is placed on the timeline. `characters` are normalised names. */
export interface ShotDraft {
  framing: FramingType;
  camera: CameraMove;
  characters: string[];
  subject: string;
  description: string;
  action: string;
  scriptText: string;
  seconds: number;
  props: string[];
  /** The establishing shot: it stays the first shot of its scene. */
  opensScene?: boolean;
}

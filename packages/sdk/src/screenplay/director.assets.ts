import type { MissingAsset } from '../contract/index.js';
import { TEXT_LIMITS } from '../contract/index.js';
import { clip } from './director.text.js';
import type { DirectorAsset, LinkedAsset, ShotDraft } from './director.types.js';
import { plainText } from './emphasis.js';
import { normalizeCharacterName } from './screenplay.model.js';

function normalizePlace(name: string): string {
  return plainText(name).replace(/\s+/g, ' ').trim().toUpperCase();
}

/** The project's assets by normalised name, and which shots each is used in. */
export class AssetIndex {
  private readonly characters = new Map<string, DirectorAsset>();
  private readonly locations = new Map<string, DirectorAsset>();
  private readonly props = new Map<string, DirectorAsset>();
  private readonly uses = new Map<DirectorAsset, number[]>();
  private readonly locationByName = new Map<string, DirectorAsset | undefined>();
  private readonly anyLook: boolean;

  constructor(assets: readonly DirectorAsset[]) {
    this.anyLook = assets.some((asset) => asset.type === 'character' && Boolean(asset.visualIdentifier));
    for (const asset of assets) {
      if (asset.type === 'character') this.characters.set(normalizeCharacterName(asset.name), asset);
      else if (asset.type === 'location') this.locations.set(normalizePlace(asset.name), asset);
      else if (asset.type === 'prop') this.props.set(normalizePlace(asset.name), asset);
    }
  }

  propNames(): string[] {
    return [...this.props.values()].map((asset) => asset.name);
  }

  /** 'POLICE STATION - INTERROGATION ROOM' is also found as the asset 'Police station'. */
  private location(name: string): DirectorAsset | undefined {
    if (this.locationByName.has(name)) return this.locationByName.get(name);
    const key = normalizePlace(name);
    const asset = this.locations.get(key) ?? this.locations.get(key.split(' - ')[0] ?? key);
    this.locationByName.set(name, asset);
    return asset;
  }

  characterName(key: string): string {
    return this.characters.get(key)?.name ?? key;
  }

  /** 'MARA (red coat, silver hair), ELI (...)' for the characters whose asset has a visual identifier. */
  characterLooks(keys: readonly string[]): string {
    if (!this.anyLook) return '';
    return keys
      .flatMap((key) => {
        const asset = this.characters.get(key);
        return asset?.visualIdentifier ? [`${asset.name} (${asset.visualIdentifier})`] : [];
      })
      .join(', ');
  }

  locationName(name: string): string {
    return this.location(name)?.name ?? name;
  }

  locationPrompt(name: string): string {
    const asset = this.location(name);
    return asset?.visualIdentifier ? `${asset.name} (${asset.visualIdentifier})` : this.locationName(name);
  }

  link(draft: ShotDraft, location: string | null, shotIndex: number): void {
    const used = [
      ...draft.characters.map((key) => this.characters.get(key)),
      location ? this.location(location) : undefined,
      ...draft.props.map((prop) => this.props.get(normalizePlace(prop))),
    ];
    for (const asset of new Set(used)) {
      if (!asset) continue;
      const indexes = this.uses.get(asset) ?? [];
      indexes.push(shotIndex);
      this.uses.set(asset, indexes);
    }
  }

  linked(): LinkedAsset[] {
    return [...this.uses].map(([asset, shotIndexes]) => ({
      assetId: asset.id,
      type: asset.type,
      name: asset.name,
      shotIndexes,
    }));
  }

  /** Speakers and scene locations the project has no asset for, in order of appearance. */
  missing(speakers: string[], places: Iterable<string>): MissingAsset[] {
    const characters = speakers
      .filter((name) => name !== '' && !this.characters.has(name))
      .map((name) => ({ type: 'character' as const, name: clip(name, TEXT_LIMITS.name) }));
    const locations = [...new Set(places)]
      .filter((name) => !this.location(name))
      .map((name) => ({ type: 'location' as const, name: clip(name, TEXT_LIMITS.name) }));
    return [...characters, ...locations];
  }
}

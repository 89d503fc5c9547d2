import { randomUUID } from 'node:crypto';
import {
  type AspectRatio,
  type Asset,
  defaultAssetConfig,
  type FramingType,
  type ShotAssetPlacement,
} from '@reelbench/sdk/contract';
import { directFirstPass, parseFountain, scriptCast } from '@reelbench/sdk/screenplay';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RenderedImage, ShotImageRequest } from '../../src/generation/generation.types.js';
import { clipMove } from '../../src/generation/local/framing.js';
import { createLocalProvider } from '../../src/generation/local/local.provider.js';
import { ageOf } from '../../src/generation/local/people.js';
import { propIconFor } from '../../src/generation/local/prop-icons.js';
import { framePixelCache } from '../../src/generation/local/render-cache.js';
import { SET_KINDS } from '../../src/generation/local/set-classes.js';
import { SET_CLASSES, setBody, setFor } from '../../src/generation/local/sets.js';
import { castPlacements, placementsByShot } from '../../src/script/first-pass.plan.js';
import { type Pixels, pixelsOf, regionDifference, sha256 } from './generation.fixtures.js';

/**
 * Issue #29: storyboard frames a viewer can tell apart. A small project goes through the embedded
 * first pass (cast from the script, shots, the server's placements) and the local renderer, and
 * its frames are measured: perceptual hashes for places, changed pixels for figures and props.
 */

const SCRIPT = `EXT. RIVER - DAY

A wide brown river under a pale sky.

MARA (8), a small girl in a yellow raincoat, skims stones. DAD (40s), a broad man in a blue coat, watches.

MARA
Can we cross?

DAD
Not today.

INT. MARA'S BEDROOM - NIGHT

A narrow room with a single bed and a lamp.

Mara sits on the bed.

INSERT - THE PHONE

The PHONE lights up.

INT. DAD'S BEDROOM - NIGHT

A big bed, the curtains drawn.

Dad lies awake.
`;

const provider = createLocalProvider();

type ProjectAsset = Pick<Asset, 'id' | 'type' | 'name' | 'config' | 'description'>;

interface ProjectShot {
  name: string;
  action: string;
  framing: FramingType;
  camera_move: string;
  prompt: string;
  location: string;
  assets: ShotAssetPlacement[];
}

function smallProject(): { assets: ProjectAsset[]; shots: ProjectShot[] } {
  const screenplay = parseFountain(SCRIPT);
  const assets = scriptCast(screenplay).map((member) => ({
    id: randomUUID(),
    type: member.type,
    name: member.name,
    description: member.description,
    config: defaultAssetConfig(member.type),
  }));
  const pass = directFirstPass(
    screenplay,
    {},
    { assets: assets.map((a) => ({ ...a, visualIdentifier: null })) },
  );
  const placements = placementsByShot(pass.shots, pass.linkedAssets);
  const shots = pass.shots.map((shot, index) => ({
    name: shot.name,
    action: shot.action ?? '',
    framing: shot.framing,
    camera_move: shot.camera_move,
    prompt: shot.prompt,
    location: shot.location,
    assets: placements[index] ?? [],
  }));
  return { assets, shots };
}

function request(
  assets: readonly ProjectAsset[],
  shot: Pick<ProjectShot, 'name' | 'framing' | 'assets'> & Partial<ProjectShot>,
  aspect: AspectRatio = '16:9',
): ShotImageRequest {
  const byId = new Map(assets.map((asset) => [asset.id, asset]));
  return {
    shot: {
      name: shot.name,
      action: shot.action ?? null,
      description: null,
      framing: shot.framing,
      camera_move: shot.camera_move ?? null,
      assets: shot.assets,
    },
    aspect,
    style: 'documentary',
    assets: shot.assets.flatMap((placement) => {
      const asset = byId.get(placement.assetId);
      return asset ? [{ asset, image: null }] : [];
    }),
    ...(shot.prompt ? { prompt: shot.prompt } : {}),
  };
}

/** The rows above the caption band: what the camera sees. */
const PICTURE_SHARE = 0.78;

/** A 64-bit difference hash of the picture (9x8 grey, each pixel against its right neighbour). */
async function dHash(png: Buffer): Promise<boolean[]> {
  const { width, height } = await sharp(png).metadata();
  const { data } = await sharp(png)
    .extract({ left: 0, top: 0, width: width ?? 0, height: Math.round((height ?? 0) * PICTURE_SHARE) })
    .greyscale()
    .resize(9, 8, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const bits: boolean[] = [];
  for (let y = 0; y < 8; y += 1)
    for (let x = 0; x < 8; x += 1) bits.push((data[y * 9 + x] ?? 0) > (data[y * 9 + x + 1] ?? 0));
  return bits;
}

async function hashDistance(a: Buffer, b: Buffer): Promise<number> {
  const [ha, hb] = await Promise.all([dHash(a), dHash(b)]);
  return ha.filter((bit, index) => bit !== hb[index]).length;
}

interface Changed {
  count: number;
  top: number;
  bottom: number;
  left: number;
  right: number;
  meanX: number;
}

/** The pixels of the picture (above the caption band) where two frames differ by more than a little. */
function changed(a: Pixels, b: Pixels): Changed {
  const result = { count: 0, top: a.height, bottom: -1, left: a.width, right: -1, meanX: 0 };
  let sumX = 0;
  const rows = Math.round(a.height * PICTURE_SHARE);
  for (let y = 0; y < rows; y += 1) {
    for (let x = 0; x < a.width; x += 1) {
      const index = (y * a.width + x) * a.channels;
      let difference = 0;
      for (let channel = 0; channel < 3; channel += 1)
        difference += Math.abs((a.data[index + channel] ?? 0) - (b.data[index + channel] ?? 0));
      if (difference <= 24) continue;
      result.count += 1;
      sumX += x;
      result.top = Math.min(result.top, y);
      result.bottom = Math.max(result.bottom, y);
      result.left = Math.min(result.left, x);
      result.right = Math.max(result.right, x);
    }
  }
  result.meanX = result.count === 0 ? 0 : sumX / result.count;
  return result;
}

async function render(req: ShotImageRequest): Promise<RenderedImage> {
  return provider.shotImage.renderShot(req);
}

/** What a placement adds to a frame: the frame with it against the same frame without it. */
async function figureOf(
  assets: readonly ProjectAsset[],
  shot: Pick<ProjectShot, 'name' | 'framing' | 'assets'>,
  aspect: AspectRatio = '16:9',
) {
  const location = shot.assets.filter(
    (placement) => assets.find((asset) => asset.id === placement.assetId)?.type === 'location',
  );
  const [withIt, without] = await Promise.all([
    render(request(assets, shot, aspect)),
    render(request(assets, { ...shot, assets: location }, aspect)),
  ]);
  return { frame: withIt, change: changed(await pixelsOf(withIt.png), await pixelsOf(without.png)) };
}

describe('storyboard frames that read (#29)', () => {
  let project: ReturnType<typeof smallProject>;
  const named = (name: string) => {
    const found = project.assets.find((asset) => asset.name === name);
    if (!found) throw new Error(`No asset ${name}`);
    return found;
  };
  const establishing = (location: string) => {
    const found = project.shots.find(
      (shot) => shot.framing === 'establishing' && shot.location.toUpperCase() === location,
    );
    if (!found) throw new Error(`No establishing shot of ${location}`);
    return found;
  };

  beforeAll(() => {
    project = smallProject();
  });

  it('reads the cast as the script gives it: places by class and light, ages, prop nouns', () => {
    expect(setFor({ name: 'River', description: named('River').description })).toMatchObject({
      kind: 'river',
      interior: false,
      light: 'day',
    });
    expect(
      setFor({ name: "Mara's Bedroom", description: named("Mara's Bedroom").description }),
    ).toMatchObject({ kind: 'bedroom', interior: true, light: 'night' });
    expect(setFor({ name: 'Airliner Cabin' }).kind).toBe('aircraft');
    expect(setFor({ name: 'Forest Cabin', prompt: 'wide shot, FOREST CABIN (interior), day' }).interior).toBe(
      true,
    );
    // An unknown place is an interior or an exterior by its heading, never a skyline indoors.
    expect(setFor({ name: 'The Vault', prompt: 'wide shot, THE VAULT (interior), night' })).toMatchObject({
      kind: 'interior',
      light: 'night',
    });
    expect(setFor({ name: 'The Vault', prompt: 'wide shot, THE VAULT (exterior), dusk' })).toMatchObject({
      kind: 'exterior',
      light: 'dusk',
    });
    expect(ageOf('Mara', named('Mara').description)).toBe('child');
    expect(ageOf('Dad', named('Dad').description)).toBe('adult');
    expect(ageOf('Old Tom', null)).toBe('old');
    expect(propIconFor('Phone')).toBe('phone');
    expect(propIconFor("Mara's car keys")).toBe('key');
    expect(propIconFor('Flux capacitor')).toBe('tag');
  });

  it('tells a river from a bedroom, and one bedroom matches another far more closely', async () => {
    const [river, maraRoom, dadRoom] = await Promise.all(
      [establishing('RIVER'), establishing("MARA'S BEDROOM"), establishing("DAD'S BEDROOM")].map((shot) =>
        render(request(project.assets, shot)),
      ),
    );
    expect(river?.meta).toMatchObject({ backdrop: 'set', set: 'river' });
    expect(maraRoom?.meta).toMatchObject({ backdrop: 'set', set: 'bedroom', light: 'night' });
    const apart = await hashDistance((river as RenderedImage).png, (maraRoom as RenderedImage).png);
    const alike = await hashDistance((maraRoom as RenderedImage).png, (dadRoom as RenderedImage).png);
    expect(apart).toBeGreaterThanOrEqual(16);
    expect(alike).toBeLessThanOrEqual(8);
    expect(apart).toBeGreaterThanOrEqual(3 * Math.max(alike, 2));
    // Two bedrooms are not the same room: their palettes come from their names.
    expect(sha256((maraRoom as RenderedImage).png)).not.toBe(sha256((dadRoom as RenderedImage).png));
  });

  it('draws the same location the same in two shots', async () => {
    const atRiver = project.shots.filter(
      (shot) => shot.location.toUpperCase() === 'RIVER' && shot.framing === 'over-shoulder',
    );
    expect(atRiver.length).toBeGreaterThanOrEqual(2);
    const [first, second] = await Promise.all(
      atRiver.slice(0, 2).map((shot) => render(request(project.assets, shot))),
    );
    const a = await pixelsOf((first as RenderedImage).png);
    const b = await pixelsOf((second as RenderedImage).png);
    // The sky above the people is the same set, pixel for pixel; the frames as a whole hash alike.
    expect(regionDifference(a, b, { left: 0, top: 0, width: 1280, height: 60 })).toBe(0);
    // The same two people in a bedroom instead: further from the first frame than the second river frame is.
    const river = named('River').id;
    const bedroom = named("Mara's Bedroom").id;
    const moved = atRiver[0] as ProjectShot;
    const elsewhere = await render(
      request(project.assets, {
        ...moved,
        prompt: '',
        assets: moved.assets.map((placement) =>
          placement.assetId === river ? { ...placement, assetId: bedroom } : placement,
        ),
      }),
    );
    const same = await hashDistance((first as RenderedImage).png, (second as RenderedImage).png);
    const other = await hashDistance((first as RenderedImage).png, elsewhere.png);
    expect(same).toBeLessThan(other);
  });

  it('stands a child shorter than an adult in the same framing', async () => {
    const river = named('River').id;
    const shotOf = (who: string) => ({
      name: 'Wide',
      framing: 'wide' as const,
      assets: castPlacements('wide', { characters: [named(who).id], location: river, props: [] }),
    });
    const child = await figureOf(project.assets, shotOf('Mara'));
    const adult = await figureOf(project.assets, shotOf('Dad'));
    const childHeight = child.change.bottom - child.change.top;
    const adultHeight = adult.change.bottom - adult.change.top;
    expect(childHeight).toBeGreaterThan(20);
    expect(childHeight).toBeLessThan(adultHeight * 0.75);
  });

  it("covers several times the area with a close-up's figure as with the same figure in a wide", async () => {
    const river = named('River').id;
    const dad = named('Dad').id;
    const shotOf = (framing: FramingType) => ({
      name: framing,
      framing,
      assets: castPlacements(framing, { characters: [dad], location: river, props: [] }),
    });
    const wide = await figureOf(project.assets, shotOf('wide'));
    const close = await figureOf(project.assets, shotOf('close'));
    expect(wide.change.count).toBeGreaterThan(1000);
    expect(close.change.count).toBeGreaterThan(4 * wide.change.count);
    // The close-up shows a head and shoulders: the head is in the frame, near its top.
    expect(close.change.top).toBeGreaterThan(0);
    expect(close.change.top).toBeLessThan(720 * 0.3);
  });

  it('draws an insert of a phone as a phone, not the generic prop', async () => {
    const phoneShot = project.shots.find((shot) => shot.framing === 'insert' && /PHONE/.test(shot.name));
    expect(phoneShot).toBeDefined();
    const widget: ProjectAsset = {
      id: randomUUID(),
      type: 'prop',
      name: 'Widget',
      description: null,
      config: defaultAssetConfig('prop'),
    };
    const assets = [...project.assets, widget];
    const phone = phoneShot as ProjectShot;
    const asWidget = {
      ...phone,
      assets: phone.assets.map((placement) =>
        named('Phone').id === placement.assetId ? { ...placement, assetId: widget.id } : placement,
      ),
    };
    const [phoneFrame, widgetFrame] = await Promise.all([
      render(request(assets, phone)),
      render(request(assets, asWidget)),
    ]);
    expect(phoneFrame.meta).toMatchObject({ framing: 'insert', silhouettes: 1 });
    const drawn = await figureOf(assets, phone);
    // The insert fills the frame with the prop.
    expect(drawn.change.count).toBeGreaterThan(1280 * 720 * PICTURE_SHARE * 0.12);
    const a = await pixelsOf(phoneFrame.png);
    const b = await pixelsOf(widgetFrame.png);
    const centre = changed(a, b);
    expect(centre.count).toBeGreaterThan(1280 * 720 * PICTURE_SHARE * 0.08);
  });

  it('renders every frame of a 9:16 project at 720x1280 with its subject inside the frame', async () => {
    const frames = await Promise.all(project.shots.map((shot) => figureOf(project.assets, shot, '9:16')));
    frames.forEach(({ frame, change }, index) => {
      const shot = project.shots[index] as ProjectShot;
      expect([frame.width, frame.height], shot.name).toEqual([720, 1280]);
      const subjects = shot.assets.filter(
        (placement) =>
          named(project.assets.find((asset) => asset.id === placement.assetId)?.name ?? '').type !==
          'location',
      );
      if (subjects.length === 0) return;
      expect(change.count, shot.name).toBeGreaterThan(500);
      expect(change.top, shot.name).toBeGreaterThan(0);
      expect(change.meanX, shot.name).toBeGreaterThan(720 * 0.15);
      expect(change.meanX, shot.name).toBeLessThan(720 * 0.85);
    });
  });

  it('renders the same shot to the same bytes, cached or not', async () => {
    const shot = project.shots.find((candidate) => candidate.framing === 'over-shoulder') as ProjectShot;
    const first = await render(request(project.assets, shot));
    framePixelCache.clear();
    const second = await render(request(project.assets, shot));
    expect(sha256(second.png)).toBe(sha256(first.png));
  });

  it('draws the camera move as a mark over the frame and lets it choose the animatic move', async () => {
    const shot = establishing('RIVER');
    const [still, panned, pushed] = await Promise.all(
      ['static', 'slow pan', 'slow push-in'].map((move) =>
        render(request(project.assets, { ...shot, camera_move: move })),
      ),
    );
    const none = await render(request(project.assets, { ...shot, camera_move: '' }));
    expect(sha256((still as RenderedImage).png)).toBe(sha256(none.png));
    const a = await pixelsOf((still as RenderedImage).png);
    const pan = changed(a, await pixelsOf((panned as RenderedImage).png));
    const push = changed(a, await pixelsOf((pushed as RenderedImage).png));
    // A pan is an arrow across the top; a push-in a frame within the frame, corners pointing in.
    expect(pan.count).toBeGreaterThan(200);
    expect(pan.bottom).toBeLessThan(720 * 0.15);
    expect(push.bottom - push.top).toBeGreaterThan(720 * 0.3);
    expect(clipMove('wide', 'slow push-in')).toBe('push-in');
    expect(clipMove('close', 'tracking')).toBe('pan');
    expect(clipMove('medium', 'static')).toBe('static');
    expect(clipMove('wide', null)).toBe('pan');
    expect(clipMove('insert', '')).toBe('static');
  });

  it('finds every set class by its first word and draws each one differently, at every aspect', async () => {
    for (const [kind, entry] of Object.entries(SET_CLASSES)) {
      const heading = entry.interior ? 'interior' : 'exterior';
      expect(
        setFor({ name: `The ${entry.words[0]}`, prompt: `wide shot, X (${heading}), day` }).kind,
        kind,
      ).toBe(kind);
    }
    for (const [width, height] of [
      [320, 180],
      [180, 320],
    ] as const) {
      const hashes = await Promise.all(
        SET_KINDS.map(async (kind) => {
          const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${setBody({ kind, interior: kind !== 'exterior', light: 'dusk', seed: 7 }, width, height)}</svg>`;
          return sha256(await sharp(Buffer.from(svg)).raw().toBuffer());
        }),
      );
      expect(new Set(hashes).size).toBe(SET_KINDS.length);
    }
  });
});

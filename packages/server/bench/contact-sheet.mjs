// Renders one short screenplay's storyboard frames through the local provider and lays them out as
// one contact sheet PNG. The first pass is the embedded director's (as the server runs it): the
// script's cast as assets without images, its shots with their framing, prompt and the placements
// the server lays out. Imports BUILT code: `npx tsc -b` first.
//
//   node packages/server/bench/contact-sheet.mjs <out.png> [aspect] [generation dist dir]
//
// The optional dist dir (default packages/server/dist) lets the same script render with another
// build, e.g. the baseline the render bench builds from git.

import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { defaultAssetConfig } from '@reelbench/sdk/contract';
import { directFirstPass, parseFountain, scriptCast } from '@reelbench/sdk/screenplay';

const here = path.dirname(fileURLToPath(import.meta.url));
const [out = 'contact-sheet.png', aspect = '16:9', dist = path.join(here, '..', 'dist')] =
  process.argv.slice(2);

export const SHORT_SCREENPLAY = `Title: The Crossing

EXT. RIVER - DAY

A wide brown river under a pale sky. Reeds bend in the wind.

MARA (8), a small girl in a yellow raincoat, skims stones from the bank. OLD TOM (70s), stooped, grey beard, watches from a rowing boat.

MARA
Can we cross today?

OLD TOM
Not till the water drops.

INT. MARA'S BEDROOM - NIGHT

A narrow room with a single bed and a lamp. Rain on the window.

Mara sits on the bed and reads the LETTER.

INSERT - THE PHONE

The PHONE lights up on the pillow: "Tom".

INT. AIRLINER CABIN - DAY

Rows of seats. A WOMAN (40s), sharp suit, grips the armrest.

WOMAN
We're landing early.

EXT. CIRCUS TENT - NIGHT

Striped canvas glows under strings of bulbs. Old Tom walks Mara to the entrance.
`;

const { createLocalProvider } = await import(pathToFileURL(path.join(dist, 'generation', 'index.js')).href);
const { placementsByShot } = await import(
  pathToFileURL(path.join(dist, 'script', 'first-pass.plan.js')).href
);

/** The screenplay's cast as assets (no images yet) and its first-pass shots with their placements. */
export function shortProject() {
  const screenplay = parseFountain(SHORT_SCREENPLAY);
  const assets = scriptCast(screenplay).map((member) => ({
    id: randomUUID(),
    type: member.type,
    name: member.name,
    description: member.description,
    config: defaultAssetConfig(member.type),
    visualIdentifier: null,
  }));
  const pass = directFirstPass(screenplay, {}, { assets });
  const placements = placementsByShot(pass.shots, pass.linkedAssets);
  return { assets, shots: pass.shots.map((shot, index) => ({ ...shot, assets: placements[index] ?? [] })) };
}

const provider = createLocalProvider();
const { assets, shots } = shortProject();
const byId = new Map(assets.map((asset) => [asset.id, asset]));
const frames = [];
for (const shot of shots) {
  const frame = await provider.shotImage.renderShot({
    shot: {
      name: shot.name,
      action: shot.action ?? null,
      description: shot.description ?? null,
      framing: shot.framing,
      camera_move: shot.camera_move,
      assets: shot.assets,
    },
    aspect,
    style: 'gritty-filmic',
    assets: shot.assets.flatMap((placement) => {
      const asset = byId.get(placement.assetId);
      return asset ? [{ asset, image: null }] : [];
    }),
    prompt: shot.prompt,
  });
  frames.push(frame.png);
}
const sheet = await provider.composition.grid(frames, {
  columns: aspect === '9:16' ? 6 : 4,
  cellAspect: aspect,
  cellWidth: aspect === '9:16' ? 240 : 400,
  gutter: 8,
});
await writeFile(out, sheet.png);
console.log(`contact sheet: ${shots.length} frames (${aspect}) → ${out}`);
for (const shot of shots) console.log(`  ${shot.framing.padEnd(14)} ${shot.name}`);

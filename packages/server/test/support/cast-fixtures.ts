import { BUILT_IN_STYLE_GRADES, type FramingType, type Shot } from '@reelbench/sdk/contract';
import sharp from 'sharp';
import { renderFrame } from '../../src/generation/local/frame-renderer.js';

/** Three speaking characters, four locations, no props. */
export const CAST_SCRIPT = `Title: Low Tide

INT. LIGHTHOUSE - NIGHT

Mara climbs the spiral stairs with a lantern. The lamp turns above her.

MARA
Who moved the ledger?

ELI
Nobody moved it.

MARA
Then where is it?

ELI
Ask the keeper.

EXT. HARBOR MARKET - DAY

Eli runs through the stalls. Mara follows.

MARA
Stop!

INT. DINER - NIGHT

Odile wipes the counter and watches the door.

ODILE
You two look like the storm.

MARA
We need the ledger.

ODILE
Then you need the boat.

EXT. PIER - DAWN

The three stand at the end of the pier, looking out to sea.
`;

/** The shot's frame as the local renderer draws it over this backdrop with no one placed (default style). */
export async function renderedWithoutFigures(
  shot: Pick<Shot, 'name' | 'action' | 'description' | 'framing' | 'camera_move'>,
  backdrop: Buffer,
): Promise<Buffer> {
  const frame = await renderFrame({
    aspect: '16:9',
    framing: (shot.framing ?? 'wide') as FramingType,
    style: 'gritty-filmic',
    grade: BUILT_IN_STYLE_GRADES['gritty-filmic'],
    shot: { name: shot.name, action: shot.action, description: shot.description },
    backdrop,
    // The same marks over the frame: the camera move's arrow is not a figure.
    cameraMove: shot.camera_move ?? null,
    placements: [],
  });
  return frame.png;
}

/**
 * How many figures stand in the frame: the columns (above the caption band) where the frame differs
 * from the same shot rendered without its figures, counted as separate runs.
 */
export async function figuresOver(frame: Buffer, backdrop: Buffer): Promise<number> {
  const a = await sharp(frame).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const b = await sharp(backdrop).removeAlpha().raw().toBuffer();
  const { width, height } = a.info;
  const rows = Math.floor(height * 0.7);
  const differs: boolean[] = [];
  for (let x = 0; x < width; x++) {
    let changed = 0;
    for (let y = 0; y < rows; y++) {
      const i = (y * width + x) * 3;
      const delta =
        Math.abs((a.data[i] ?? 0) - (b[i] ?? 0)) +
        Math.abs((a.data[i + 1] ?? 0) - (b[i + 1] ?? 0)) +
        Math.abs((a.data[i + 2] ?? 0) - (b[i + 2] ?? 0));
      if (delta > 60) changed++;
    }
    differs.push(changed > rows * 0.05);
  }
  // Runs of differing columns; a gap narrower than a twentieth of the frame (between an arm and a
  // torso whose colour is close to the backdrop's) is inside one figure.
  let runs = 0;
  let gap = Number.POSITIVE_INFINITY;
  for (const column of differs) {
    if (column) {
      if (gap >= width / 20) runs++;
      gap = 0;
    } else gap++;
  }
  return runs;
}

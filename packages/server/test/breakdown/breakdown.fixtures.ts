import { styleGuideSchema } from '@reelbench/sdk/contract';
import { parseFountain } from '@reelbench/sdk/screenplay';
import type { BreakdownInput } from '../../src/breakdown/index.js';

export const MARA_ID = '0b7e3c52-1d4f-4a8e-9c61-5f2a9d3e7b10';
export const KITCHEN_ID = '6c1d8f0a-2b3e-4f5a-8d7c-9e0b1a2c3d4e';

export const FOUNTAIN = `Title: Night Shift

INT. KITCHEN - NIGHT

Mara pours coffee into a chipped mug.

MARA
You're late.

ELI
Traffic.

EXT. HARBOUR - DAWN

Eli walks the length of the pier alone.
`;

/** A scene a model can misdirect in every way issue 25 lists (see fake-llm.server.ts). */
export const MISDIRECTED_SCRIPT = `FADE IN:

INT. KITCHEN - NIGHT

MARA QUINN (30s) pours coffee. The door SLAMS.

NARRATOR (V.O.)
She was always late.

MARA
You're late.

ELI (O.S.)
Traffic.

DISSOLVE TO:

EXT. HARBOUR - DAWN

Eli walks the length of the pier alone.
`;

export function breakdownInput(overrides: Partial<BreakdownInput> = {}): BreakdownInput {
  return {
    screenplay: parseFountain(FOUNTAIN),
    fountain: FOUNTAIN,
    styleGuide: styleGuideSchema.parse({ pacing: 'fast', notes: 'Keep it moody' }),
    assets: [
      { id: MARA_ID, name: 'Mara', type: 'character', visualIdentifier: 'red coat' },
      { id: KITCHEN_ID, name: 'Kitchen', type: 'location' },
    ],
    ...overrides,
  };
}

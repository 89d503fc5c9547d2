import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importEdl } from '../../src/editorial/edl.import.js';
import { writeEdl } from '../../src/editorial/edl.writer.js';
import { writeFcpxml } from '../../src/editorial/fcpxml.writer.js';
import { importOtio } from '../../src/editorial/otio.reader.js';
import { writeOtio } from '../../src/editorial/otio.writer.js';
import { sampleCut, uuidFor, withSoundtrack } from './cut-fixtures.js';

const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/editorial');

/** Compares with the committed file; UPDATE_EDITORIAL_FIXTURES=1 rewrites it after a deliberate change. */
function expectGolden(name: string, text: string): void {
  const file = resolve(FIXTURES, name);
  if (process.env.UPDATE_EDITORIAL_FIXTURES === '1' || !existsSync(file)) writeFileSync(file, text);
  expect(text).toBe(readFileSync(file, 'utf8'));
}

describe('the sample cut in every format (committed examples for the server, CLI and docs)', () => {
  const cut = withSoundtrack(sampleCut(23.976), 24, 600);
  const dropFrame = withSoundtrack(sampleCut(29.97), 24, 600);

  it('matches the committed files', () => {
    expectGolden('night-ferry-23976.edl', writeEdl(cut, { includeSoundtrack: true }));
    expectGolden('night-ferry-2997df.edl', writeEdl(dropFrame, { includeSoundtrack: true }));
    expectGolden('night-ferry-23976.otio', writeOtio(cut));
    expectGolden('night-ferry-23976.fcpxml', writeFcpxml(cut));
    expectGolden('night-ferry-2997df.fcpxml', writeFcpxml(dropFrame));
  });

  it('reads a list another tool wrote: Avid-style spacing, lower case, a wipe, black and an M2 line', () => {
    const result = importEdl(sampleCut(24), readFileSync(resolve(FIXTURES, 'hand-edited.edl'), 'utf8'));
    expect(result.cut.events.map((event) => [event.shotId, event.duration, event.transition])).toEqual([
      [uuidFor(3), 48, { type: 'cut' }],
      [uuidFor(1), 96, { type: 'dissolve', frames: 24 }],
      [uuidFor(2), 72, { type: 'dissolve', frames: 10 }],
    ]);
    expect(result.unmatched).toEqual([
      { line: 17, reason: 'Black (reel BL): a cut has no black, so it is closed up' },
      {
        line: 19,
        clipName: 'B-roll from stock',
        reason: "No shot id, and no clip of this cut is named 'B-roll from stock'",
      },
    ]);
    expect(result.removed).toEqual([]);
    expect(result.notes.map((note) => note.message)).toContain('Transition W001 read as a dissolve');
    expect(result.edl.warnings.map((warning) => warning.line)).toEqual([21]);
  });

  it('reads its own committed files back as no-ops', () => {
    expect(importEdl(cut, readFileSync(resolve(FIXTURES, 'night-ferry-23976.edl'), 'utf8')).cut).toEqual(cut);
    expect(
      importEdl(dropFrame, readFileSync(resolve(FIXTURES, 'night-ferry-2997df.edl'), 'utf8')).cut,
    ).toEqual(dropFrame);
    expect(importOtio(cut, readFileSync(resolve(FIXTURES, 'night-ferry-23976.otio'), 'utf8')).cut).toEqual(
      cut,
    );
  });
});

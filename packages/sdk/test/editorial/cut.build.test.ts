import { describe, expect, it } from 'vitest';
import {
  cutImportResultSchema,
  cutSummarySchema,
  editorialExportOptionsSchema,
} from '../../src/contract/editorial.js';
import { edlSchema } from '../../src/contract/project.js';
import {
  addMarkerAtSeconds,
  cutFromTimeline,
  cutToEdlEntity,
  eventAtRecordFrame,
} from '../../src/editorial/cut.build.js';
import { cutDurationFrames, summarizeCut } from '../../src/editorial/cut.model.js';
import { editorialFilename, exportCut, importCut } from '../../src/editorial/editorial.exports.js';
import { CUT_ID, PROJECT_ID, sampleCut, uuidFor, withSoundtrack } from './cut-fixtures.js';
import { checkEdl } from './edl-checker.js';

const timeline = {
  id: CUT_ID,
  projectId: PROJECT_ID,
  name: 'Café scene',
  version: 3,
  frameRate: 23.976 as const,
  shots: [
    { shotId: uuidFor(1), name: 'Wide', mediaUrl: 'https://x/1.mp4', durationSeconds: 2.5 },
    { shotId: uuidFor(2), name: 'Close', durationSeconds: 1.3, dissolveSeconds: 0.5, take: 2 },
    {
      shotId: uuidFor(3),
      name: 'Insert',
      mediaPath: '/m/3.mov',
      durationSeconds: 0.01,
      markers: [{ atSeconds: 5, text: 'too short', author: 'Lee' }],
    },
  ],
  soundtrack: { name: 'Song', url: 'https://x/song.mp3', offsetSeconds: 0.5, durationSeconds: 60 },
};

describe('cutFromTimeline', () => {
  it('rounds shot boundaries on the record so the cut keeps the timeline length', () => {
    const cut = cutFromTimeline(timeline);
    // 2.5 s, 3.8 s, 3.81 s at 24000/1001 fps → frames 60, 91, 91+1 (a shot gets at least a frame).
    expect(cut.events.map((event) => event.duration)).toEqual([60, 31, 1]);
    expect(cut.events[1]).toMatchObject({ take: 2, transition: { type: 'dissolve', frames: 12 } });
    expect(cut.events[2]?.markers).toEqual([{ frame: 0, text: 'too short', author: 'Lee' }]);
    expect(cut.soundtrack).toMatchObject({ offsetFrames: 12, durationFrames: 1439 });
    expect(cutDurationFrames(cut)).toBe(92);
  });

  it('finds the shot on screen at a time and adds review markers there', () => {
    const cut = sampleCut();
    expect(eventAtRecordFrame(cut, 0)).toEqual({ index: 0, frame: 0 });
    expect(eventAtRecordFrame(cut, 120)).toEqual({ index: 1, frame: 0 });
    expect(eventAtRecordFrame(cut, 288)).toBeUndefined();
    const marked = addMarkerAtSeconds(cut, 5.5, { text: 'Hold longer', author: 'Sam' });
    expect(marked.events[1]?.markers.at(-1)).toEqual({ frame: 12, text: 'Hold longer', author: 'Sam' });
    expect(addMarkerAtSeconds(cut, 999, { text: 'End' }).events[2]?.markers.at(-1)).toEqual({
      frame: 95,
      text: 'End',
    });
    expect(writeEdlHasLoc(marked)).toBe(true);
  });

  it('gives the contract Edl entity that project:getEDL replies with', () => {
    const edl = cutToEdlEntity(sampleCut(), '2026-01-01T00:00:00.000Z');
    expect(edlSchema.parse(edl)).toEqual(edl);
    expect(edl.events[1]).toEqual({
      eventNumber: 2,
      shotId: uuidFor(2),
      reel: 'AX',
      clipName: 'Deckhand <close>',
      sourceIn: 0.5,
      sourceOut: 3.5,
      recordIn: 5,
      recordOut: 8,
    });
  });
});

function writeEdlHasLoc(cut: ReturnType<typeof sampleCut>): boolean {
  return exportCut(cut, 'edl').text.includes('* LOC: 01:00:05:12 YELLOW  Sam: Hold longer');
}

describe('exportCut and importCut', () => {
  it('writes each format with a file name and type, and reads EDL and OTIO back', () => {
    const cut = withSoundtrack(sampleCut(25));
    const edl = exportCut(cut, 'edl', { includeSoundtrack: true, frameRate: 29.97 });
    expect(edl).toMatchObject({
      filename: 'Night-Ferry-rough-cut-v2-notes-v2-2997.edl',
      mimeType: 'text/plain; charset=us-ascii',
    });
    expect(checkEdl(edl.text, 29.97).errors).toEqual([]);
    expect(exportCut(cut, 'otio').filename).toBe('Night-Ferry-rough-cut-v2-notes-v2-25.otio');
    expect(exportCut(cut, 'fcpxml').text).toContain('<fcpxml version="1.10">');
    expect(importCut(cut, 'edl', exportCut(cut, 'edl').text).cut).toEqual(cut);
    expect(importCut(cut, 'otio', exportCut(cut, 'otio').text).cut).toEqual(cut);
    expect(editorialFilename({ ...cut, name: '***' }, 'edl')).toBe('cut-v2-25.edl');
    const broken = {
      ...cut,
      events: cut.events.map((event) => ({ ...event, duration: event.duration + 1 })),
    };
    expect(() => exportCut(broken, 'fcpxml')).toThrow(/sourceOut - sourceIn/);
  });
});

describe('the contract for the wiring', () => {
  it('describes import replies, list entries and export requests', () => {
    const cut = sampleCut();
    const edited = exportCut(cut, 'edl').text.replace(uuidFor(3), uuidFor(42));
    const reply = importCut(cut, 'edl', edited);
    expect(cutImportResultSchema.parse(reply)).toEqual(reply);
    expect(reply.unmatched).toHaveLength(1);
    expect(cutSummarySchema.parse(summarizeCut(cut))).toEqual({
      id: CUT_ID,
      projectId: PROJECT_ID,
      name: cut.name,
      version: 2,
      frameRate: 24,
      eventCount: 3,
      durationFrames: 288,
      hasSoundtrack: false,
    });
    expect(editorialExportOptionsSchema.parse({ format: 'edl', frameRate: 29.97 })).toEqual({
      format: 'edl',
      frameRate: 29.97,
    });
    expect(editorialExportOptionsSchema.safeParse({ format: 'aaf' }).success).toBe(false);
  });
});

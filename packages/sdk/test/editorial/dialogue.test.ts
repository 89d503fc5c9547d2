import { describe, expect, it } from 'vitest';
import {
  type Cut,
  cutSchema,
  EDITORIAL_FRAME_RATES,
  type EditorialFrameRate,
} from '../../src/contract/editorial.js';
import {
  type DialogueClipSource,
  placeCutDialogue,
  urlFileName,
  withDialogue,
} from '../../src/editorial/cut.dialogue.js';
import { retimeCut } from '../../src/editorial/cut.model.js';
import { exportCut, importCut } from '../../src/editorial/editorial.exports.js';
import { writeEdl, writeEdlParts } from '../../src/editorial/edl.writer.js';
import { writeFcpxml } from '../../src/editorial/fcpxml.writer.js';
import { frameRateValue } from '../../src/editorial/frame-rate.js';
import { cutToOtio, writeOtio } from '../../src/editorial/otio.writer.js';
import { framesToTimecode, recordStartFrame } from '../../src/editorial/timecode.js';
import { DIALOGUE_PAUSES } from '../../src/screenplay/director.rules.js';
import { CUT_ID, PROJECT_ID, sampleCut, uuidFor, withSoundtrack } from './cut-fixtures.js';
import { checkEdl } from './edl-checker.js';
import { validateFcpxml } from './fcpxml-dtd.js';
import { type Json, walkOtio } from './otio-schema.js';

const lineId = (n: number) => `bbbbbbbb-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * The sample cut's shots (5 s, 3 s and 4 s at 24 fps) speak: two lines on the first, a line longer
 * than the second (clipped), a line after a beat on the third, and a line of a shot the cut lacks.
 */
function lines(): DialogueClipSource[] {
  const base = (n: number, shotId: string | null, order: number, durationMs: number) => ({
    id: lineId(n),
    shotId,
    order,
    durationMs,
    character: n % 2 ? 'MARA' : 'JOE',
    text: `Line ${n}: “Where’s the ferry?” <now> & then`,
    url: `https://cdn.example.com/dialogue/line-${n}.wav?sig=x&y=z`,
    key: `projects/${PROJECT_ID}/dialogue/line-${n}.wav`,
    parenthetical: null as string | null,
  });
  return [
    base(1, uuidFor(1), 0, 1200),
    base(2, uuidFor(1), 1, 2000),
    base(3, uuidFor(2), 2, 4000),
    { ...base(4, uuidFor(3), 3, 1000), parenthetical: '(beat)' },
    base(5, uuidFor(99), 4, 900),
  ];
}

function spokenCut(rate: EditorialFrameRate = 24, soundtrack = false): Cut {
  const cut = soundtrack ? withSoundtrack(sampleCut(rate), 24, 600) : sampleCut(rate);
  return withDialogue(cut, lines(), 'balanced');
}

describe('withDialogue and placeCutDialogue', () => {
  it('places each line at a whole frame of its shot, clipped at the shot’s end, lines of gone shots left out', () => {
    const cut = spokenCut();
    expect(cutSchema.parse(cut)).toEqual(cut);
    const head = DIALOGUE_PAUSES.balanced.head;
    const between = DIALOGUE_PAUSES.balanced.between;
    expect(
      cut.dialogue?.map((line) => [line.lineId, line.shotId, line.offset, line.duration, line.clipFrames]),
    ).toEqual([
      [lineId(1), uuidFor(1), Math.round(head * 24), Math.round(1.2 * 24), Math.round(1.2 * 24)],
      [lineId(2), uuidFor(1), Math.round((head + 1.2 + between) * 24), 48, 48],
      // The 3 s shot (72 frames) cuts the 4 s line short.
      [lineId(3), uuidFor(2), Math.round(head * 24), 72 - Math.round(head * 24), 96],
      [lineId(4), uuidFor(3), Math.round((head + 0.5) * 24), 24, 24],
    ]);
    const placed = placeCutDialogue(cut);
    expect(placed.map((entry) => [entry.recordIn, entry.recordOut, entry.clipped, entry.eventIndex])).toEqual(
      [
        [10, 39, false, 0],
        [46, 94, false, 0],
        [130, 192, true, 1],
        [214, 238, false, 2],
      ],
    );
    expect(withDialogue(sampleCut(), [], 'balanced').dialogue).toBeUndefined();
  });

  it('keeps a line with its shot when the cut is re-ordered, and drops it when the shot leaves the cut', () => {
    const cut = spokenCut();
    const [first, , third] = cut.events as [Cut['events'][number], unknown, Cut['events'][number]];
    const reordered: Cut = { ...cut, events: [{ ...third, transition: { type: 'cut' } }, first] };
    const placed = placeCutDialogue(reordered);
    expect(placed.map((entry) => entry.line.lineId)).toEqual([lineId(4), lineId(1), lineId(2)]);
    expect(placed[1]?.recordIn).toBe(96 + 10);
  });

  it('retimes the lines with the cut: the same place in seconds at another rate', () => {
    const cut = spokenCut(25);
    for (const rate of EDITORIAL_FRAME_RATES) {
      const retimed = retimeCut(cut, rate);
      for (const [index, line] of (retimed.dialogue ?? []).entries()) {
        const original = cut.dialogue?.[index];
        expect(
          Math.abs(line.offset / frameRateValue(rate) - (original?.offset ?? 0) / 25),
        ).toBeLessThanOrEqual(0.5 / frameRateValue(rate) + 1e-9);
      }
    }
  });

  it('names a clip file by its URL’s last part', () => {
    expect(urlFileName('https://x.example/a/b/line%201.wav?sig=1')).toBe('line 1.wav');
    expect(urlFileName('media/dialogue/0001-MARA-00000001.wav')).toBe('0001-MARA-00000001.wav');
  });
});

describe('EDL with dialogue', () => {
  it('writes one A2 event per line at every rate: the clip from its start, the record where it plays', () => {
    for (const rate of EDITORIAL_FRAME_RATES) {
      const cut = spokenCut(rate, true);
      const text = writeEdl(cut, { includeSoundtrack: true });
      const checked = checkEdl(text, rate);
      expect(checked.errors, text).toEqual([]);
      const audio = checked.events.filter((event) => event.channel === 'A2');
      const placed = placeCutDialogue(cut);
      expect(audio).toHaveLength(4);
      expect(audio.map((event) => [event.recordIn, event.recordOut, event.lineId, event.shotId])).toEqual(
        placed.map((entry) => [entry.recordIn, entry.recordOut, entry.line.lineId, entry.line.shotId]),
      );
      // Numbered after the picture and the soundtrack.
      expect(audio.map((event) => event.number)).toEqual([5, 6, 7, 8]);
      expect(checked.events.find((event) => event.channel === 'A')?.number).toBe(4);
      expect(audio[0]?.sourceFile).toBe('line-1.wav');
    }
  });

  it('writes drop-frame timecode at 29.97 and names the line’s reel and clip', () => {
    const cut = spokenCut(29.97);
    const text = writeEdl(cut);
    const first = placeCutDialogue(cut)[0];
    const start = recordStartFrame(29.97, { dropFrame: true });
    const tc = (frames: number) => framesToTimecode(frames, 29.97, { dropFrame: true });
    const length = (first?.recordOut ?? 0) - (first?.recordIn ?? 0);
    expect(text).toContain(
      `004  ${lineId(1).slice(-8).toUpperCase()} A2    C        ${tc(0)} ${tc(length)} ${tc(start + (first?.recordIn ?? 0))} ${tc(start + (first?.recordOut ?? 0))}`,
    );
    expect(text).toContain('* FROM CLIP NAME: MARA: Line 1: "Where\'s the ferry?" <now> & then');
    expect(text).toContain(`* REELBENCH LINE: ${lineId(1)} SHOT: ${uuidFor(1)}`);
    expect(tc(start + (first?.recordIn ?? 0))).toMatch(/^01:00:00;\d\d$/);
    expect(writeEdl(cut, { includeDialogue: false })).not.toContain('A2');
  });

  it('reads back into the cut without changing a shot', () => {
    for (const rate of EDITORIAL_FRAME_RATES) {
      const cut = spokenCut(rate, true);
      const result = importCut(cut, 'edl', exportCut(cut, 'edl', { includeSoundtrack: true }).text);
      expect(result.cut.events).toEqual(cut.events);
      expect(result.unmatched).toEqual([]);
      expect(result.removed).toEqual([]);
    }
  });

  it('keeps an event and its lines in one part when the list is split', () => {
    const shotCount = 700;
    const events = Array.from({ length: shotCount }, (_, index) => ({
      shotId: uuidFor(index + 1),
      take: 1,
      clipName: `Shot ${index + 1}`,
      sourceIn: 0,
      sourceOut: 48,
      duration: 48,
    }));
    const cut = withDialogue(
      cutSchema.parse({ id: CUT_ID, projectId: PROJECT_ID, name: 'Long', version: 1, frameRate: 24, events }),
      events.map((event, index) => ({
        id: lineId(index + 1),
        shotId: event.shotId,
        order: index,
        durationMs: 1000,
        character: 'MARA',
        text: `Line ${index + 1}`,
        url: `https://cdn.example.com/l/${index}.wav`,
      })),
    );
    expect(() => writeEdl(cut)).toThrow(/at most 999 events, this cut needs 1400/);
    const parts = writeEdlParts(cut);
    expect(parts).toHaveLength(2);
    let lineCount = 0;
    for (const part of parts) {
      const checked = checkEdl(part.text, 24);
      expect(checked.errors.filter((error) => !error.includes('record in'))).toEqual([]);
      expect(checked.events.length).toBeLessThanOrEqual(999);
      const audio = checked.events.filter((event) => event.channel === 'A2');
      const video = checked.events.filter((event) => event.channel === 'V');
      expect(audio).toHaveLength(video.length);
      lineCount += audio.length;
    }
    expect(lineCount).toBe(shotCount);
  });
});

describe('OTIO with dialogue', () => {
  it('writes an audio track of line clips with the character, text and line id, in OTIO’s schema shapes', () => {
    for (const rate of EDITORIAL_FRAME_RATES) {
      const cut = spokenCut(rate, true);
      const text = writeOtio(cut);
      const walked = walkOtio(text);
      expect(walked.errors).toEqual([]);
      expect([...walked.rates]).toEqual([frameRateValue(rate)]);
      const timeline = JSON.parse(text) as { tracks: { children: (Json & { children: Json[] })[] } };
      const tracks = timeline.tracks.children;
      expect(tracks.map((track) => [track.name, track.kind])).toEqual([
        ['V1', 'Video'],
        ['A1', 'Audio'],
        ['Dialogue', 'Audio'],
      ]);
      const dialogue = tracks[2]?.children ?? [];
      const clips = dialogue.filter((child) => child.OTIO_SCHEMA === 'Clip.2');
      const placed = placeCutDialogue(cut);
      expect(clips).toHaveLength(4);
      // Gaps and clips end to end: each clip starts on the record where the line plays.
      let record = 0;
      const starts: number[] = [];
      for (const child of dialogue) {
        const range = child.source_range as { duration: { value: number } };
        if (child.OTIO_SCHEMA === 'Clip.2') starts.push(record);
        record += range.duration.value;
      }
      expect(starts).toEqual(placed.map((entry) => entry.recordIn));
      for (const [index, clip] of clips.entries()) {
        const line = placed[index]?.line;
        expect(clip.metadata).toEqual({
          reelbench: {
            dialogueLineId: line?.lineId,
            shotId: line?.shotId,
            character: line?.character,
            text: line?.text,
          },
        });
        const reference = (clip.media_references as Record<string, Json>).DEFAULT_MEDIA;
        expect(reference).toMatchObject({
          OTIO_SCHEMA: 'ExternalReference.1',
          target_url: line?.url,
          available_range: { duration: { OTIO_SCHEMA: 'RationalTime.1', value: line?.clipFrames } },
        });
        expect((clip.source_range as { start_time: { value: number } }).start_time.value).toBe(0);
      }
    }
  });

  it('reads back into the cut without changing a shot, and leaves the track out when asked', () => {
    for (const rate of EDITORIAL_FRAME_RATES) {
      const cut = spokenCut(rate, true);
      const result = importCut(cut, 'otio', writeOtio(cut));
      expect(result.cut).toEqual(cut);
      expect(result.unmatched).toEqual([]);
    }
    const tracks = cutToOtio(spokenCut(), { includeDialogue: false }).tracks.children;
    expect(tracks.map((track) => track.name)).toEqual(['V1']);
  });
});

describe('FCPXML with dialogue', () => {
  it('connects each line under its shot’s clip on lane -1 (the soundtrack on -2) and stays DTD-valid', () => {
    for (const rate of EDITORIAL_FRAME_RATES) {
      const cut = spokenCut(rate, true);
      const xml = writeFcpxml(cut);
      validateFcpxml(xml, `dialogue-${rate}`);
      const clips = [
        ...xml.matchAll(/<asset-clip ref="(r\d+)" lane="-1" offset="([^"]+)"[^>]*audioRole="dialogue">/g),
      ];
      expect(clips).toHaveLength(4);
      expect(xml.match(/lane="-2"[^>]*audioRole="music"/g)).toHaveLength(1);
      for (const line of cut.dialogue ?? []) {
        expect(xml).toContain(`src="${line.url.replace(/&/g, '&amp;')}"`);
        expect(xml).toContain(`Reelbench line ${line.lineId}`);
      }
    }
    // Without a soundtrack, and at 29.97 non-drop: still valid; no lane -2.
    const plain = writeFcpxml(spokenCut(29.97), { dropFrame: false });
    validateFcpxml(plain, 'dialogue-2997-ndf');
    expect(plain).not.toContain('lane="-2"');
  });

  it('puts a line at its offset in the parent clip’s own time (from its source in)', () => {
    const cut = spokenCut(24);
    const xml = writeFcpxml(cut);
    // The second shot starts 12 frames into its media: its line 10 frames in is at 22/24 s.
    expect(xml).toMatch(/lane="-1" offset="11\/12s" name="MARA: Line 3/);
    // The first shot's second line: 46 frames in, from source 0.
    expect(xml).toMatch(/lane="-1" offset="23\/12s" name="JOE: Line 2/);
  });
});

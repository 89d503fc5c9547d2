import { describe, expect, it } from 'vitest';
import { initialJobState, reduceJobView } from '../src/live/job-state.js';
import { lineTimestamp, PlainPrinter } from '../src/live/plain-printer.js';
import { JobFixture } from './support/job-events.js';
import { Capture } from './support/run-cli.js';

const ESCAPES = ['\u001b', '\u009b'];
const AT = new Date('2026-11-22T05:01:02.345Z');

/** A job over shots of these names, and a plain printer whose lines are captured, stamped AT. */
function printing(names: string[]) {
  const out = new Capture();
  return { fixture: new JobFixture(names), out, printer: new PlainPrinter(out, () => AT) };
}

describe('the plain printer', () => {
  it('stamps lines with the instant to the second', () => {
    expect(lineTimestamp(AT)).toBe('2026-11-22T05:01:02Z');
  });

  it('prints one timestamped line per status change and nothing for progress ticks', () => {
    const { fixture, out, printer } = printing(['INT. KITCHEN – 1', 'EXT. ROOF – 2']);
    let state = initialJobState(fixture.job(), fixture.names);
    printer.show(state);
    const steps = [
      fixture.jobEvent('job:progress', { status: 'running', progress: 0 }),
      fixture.shotProgress(0, 'processing', 10),
      fixture.shotProgress(0, 'processing', 60),
      fixture.shotProgress(0, 'completed', 100, { url: '/files/kitchen.png' }),
      fixture.shotProgress(1, 'failed', 20, { message: 'Provider refused the prompt' }),
      fixture.complete([
        { index: 0, status: 'completed', url: '/files/kitchen.png' },
        { index: 1, status: 'failed', error: 'Provider refused the prompt' },
      ]),
    ];
    for (const step of steps) {
      state = reduceJobView(state, step, fixture.names);
      printer.show(state);
    }
    expect(out.text.split('\n').filter(Boolean)).toEqual([
      `2026-11-22T05:01:02Z job ${fixture.jobId} queued (0/2 completed, 0 failed)`,
      `2026-11-22T05:01:02Z job ${fixture.jobId} running (0/2 completed, 0 failed)`,
      '2026-11-22T05:01:02Z shot 1/2 "INT. KITCHEN – 1" processing',
      '2026-11-22T05:01:02Z shot 1/2 "INT. KITCHEN – 1" completed /files/kitchen.png',
      '2026-11-22T05:01:02Z shot 2/2 "EXT. ROOF – 2" failed: Provider refused the prompt',
      `2026-11-22T05:01:02Z job ${fixture.jobId} completed (1/2 completed, 1 failed)`,
    ]);
  });

  it('prints the job line after the last shots when the job ends with them', () => {
    const { fixture, out, printer } = printing(['ONE']);
    const start = initialJobState(fixture.job({ status: 'running' }), fixture.names);
    printer.show(start);
    printer.show(
      reduceJobView(
        start,
        fixture.complete([{ index: 0, status: 'completed', url: '/files/1.png' }]),
        fixture.names,
      ),
    );
    expect(out.text.split('\n').filter(Boolean).slice(1)).toEqual([
      '2026-11-22T05:01:02Z shot 1/1 "ONE" completed /files/1.png',
      `2026-11-22T05:01:02Z job ${fixture.jobId} completed (1/1 completed, 0 failed)`,
    ]);
  });

  it('never writes an escape code, even when a shot name or an error carries one', () => {
    const { fixture, out, printer } = printing(['\u001b[31mRED\u001b[0m SHOT']);
    let state = initialJobState(fixture.job(), fixture.names);
    printer.show(state);
    state = reduceJobView(
      state,
      fixture.shotProgress(0, 'failed', 0, { message: 'bad \u009b2J terminal' }),
      fixture.names,
    );
    printer.show(state);
    expect(out.text).toContain('[31mRED [0m SHOT');
    for (const code of ESCAPES) expect(out.text).not.toContain(code);
  });
});

import { renderToString } from 'ink';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { JobView, progressBar } from '../src/live/ink-view.js';
import { initialJobState, type JobViewState, reduceJobView } from '../src/live/job-state.js';
import { JobFixture } from './support/job-events.js';

function frame(state: JobViewState, color = false): string {
  return renderToString(createElement(JobView, { state, color }), { columns: 120 });
}

describe('the Ink job view', () => {
  const fixture = new JobFixture(['INT. KITCHEN – 1', 'EXT. ROOF – 2', 'INT. CAR – 3']);

  it('draws a progress bar of the given width', () => {
    expect(progressBar(0, 4)).toBe('░░░░');
    expect(progressBar(50, 4)).toBe('██░░');
    expect(progressBar(140, 4)).toBe('████');
  });

  it('shows one row per shot with its status, progress and url or error, then the overall bar', () => {
    let state = initialJobState(fixture.job({ status: 'running' }), fixture.names);
    for (const action of [
      fixture.shotProgress(0, 'completed', 100, { url: '/files/kitchen.png' }),
      fixture.shotProgress(1, 'failed', 30, { message: 'Provider refused the prompt' }),
      fixture.shotProgress(2, 'processing', 45),
    ]) {
      state = reduceJobView(state, action, fixture.names);
    }
    const lines = frame(state).split('\n');
    expect(lines[0]).toBe(`shot:generate-batch · job ${fixture.jobId} · running`);
    expect(lines[1]).toMatch(/^✔ +1 INT\. KITCHEN – 1 +completed +100% \/files\/kitchen\.png$/);
    expect(lines[2]).toMatch(/^✘ +2 EXT\. ROOF – 2 +failed +30% Provider refused the prompt$/);
    expect(lines[3]).toMatch(/^› +3 INT\. CAR – 3 +processing +45%/);
    expect(lines[4]).toMatch(/^█{20}░{10} +67% 1\/3 completed, 1 failed$/);
  });

  it('asks for no colour at all with --no-color, even where the terminal has them', () => {
    const state = initialJobState(fixture.job({ status: 'running' }), fixture.names);
    const element = JobView({ state, color: false });
    const colourProps = JSON.stringify(element, (key, value) =>
      ['color', 'dimColor', 'bold'].includes(key) && !value ? undefined : value,
    );
    expect(colourProps).not.toMatch(/"(color|dimColor|bold)":/);
    expect(frame(state, false)).not.toContain('\u001b[');
  });
});

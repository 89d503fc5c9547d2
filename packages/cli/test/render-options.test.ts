import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { visibleJobs } from '../src/commands/jobs.commands.js';
import { renderPlan } from '../src/commands/render.command.js';
import { UsageError } from '../src/errors.js';
import { eachLimited, scoreNote } from '../src/live/quality.js';
import { JobFixture } from './support/job-events.js';
import { runCli } from './support/run-cli.js';

const PROJECT = randomUUID();
const SHOT = randomUUID();
const STACK_LINE = /^\s+at /m;

describe('render flags', () => {
  it('targets every shot by default and waits', () => {
    expect(renderPlan('images', PROJECT, {})).toEqual({
      kind: 'images',
      projectId: PROJECT,
      target: { kind: 'all' },
      quality: false,
      wait: true,
    });
  });

  it('reads --shots, --scene, --stale, --concurrency and --no-wait', () => {
    expect(renderPlan('images', PROJECT, { shots: [SHOT, SHOT] }).target).toEqual({
      kind: 'shots',
      shotIds: [SHOT],
    });
    expect(renderPlan('videos', PROJECT, { scene: '3' }).target).toEqual({ kind: 'scene', sceneNumber: 3 });
    expect(renderPlan('videos', PROJECT, { stale: true }).target).toEqual({ kind: 'stale' });
    expect(renderPlan('images', PROJECT, { concurrency: '16', wait: false })).toMatchObject({
      concurrency: 16,
      wait: false,
    });
    expect(renderPlan('images', PROJECT, { quality: true, scene: '1' })).toMatchObject({ quality: true });
  });

  it.each([
    [{ concurrency: '0' }, "--concurrency must be a whole number from 1 to 16, not '0'"],
    [{ concurrency: '17' }, "--concurrency must be a whole number from 1 to 16, not '17'"],
    [{ concurrency: '2.5' }, "--concurrency must be a whole number from 1 to 16, not '2.5'"],
    [{ scene: '0' }, "--scene must be a whole number from 1, not '0'"],
    [{ scene: 'two' }, "--scene must be a whole number from 1, not 'two'"],
    [{ shots: [SHOT], stale: true }, '--shots and --stale cannot be used together: choose the shots one way'],
    [{ scene: '1', stale: true }, '--scene and --stale cannot be used together: choose the shots one way'],
    [{ shots: ['shot-7'] }, "--shots takes shot ids, and 'shot-7' is not one"],
    [
      { quality: true, stale: true },
      '--quality cannot be combined with --stale: give --shots or --scene, or neither',
    ],
    [
      { quality: true, wait: false },
      '--quality runs from this terminal, so it cannot be combined with --no-wait',
    ],
  ])('%j is a usage error', (flags, message) => {
    const attempt = () => renderPlan('images', PROJECT, flags);
    expect(attempt).toThrow(UsageError);
    expect(attempt).toThrow(message);
  });

  it('--quality is for images only', () => {
    expect(() => renderPlan('videos', PROJECT, { quality: true })).toThrow(
      '--quality scores images: it works with `render images` only',
    );
  });

  it.each([
    [
      ['render', 'images', PROJECT, '--concurrency', 'many'],
      "--concurrency must be a whole number from 1 to 16, not 'many'",
    ],
    [
      ['render', 'videos', PROJECT, '--shots', SHOT, '--stale'],
      '--shots and --stale cannot be used together',
    ],
    [
      ['render', 'pictures', PROJECT],
      "'pictures' is invalid for argument 'what'. Allowed choices are images, videos.",
    ],
    [['render', 'images'], "missing required argument 'projectId'"],
    [
      ['export', 'mov', PROJECT, '-o', 'x.mov'],
      'Allowed choices are edl, otio, fcpxml, pdf, mp4, package, csv.',
    ],
    [
      ['export', 'edl', PROJECT, '-o', 'x.edl', '--frame-rate', '60'],
      'Allowed choices are 23.976, 24, 25, 29.97, 30.',
    ],
    [['export', 'edl', PROJECT, '--drop-frame'], '--drop-frame needs --frame-rate 29.97'],
    [
      ['export', 'edl', PROJECT, '--drop-frame', '--frame-rate', '25'],
      '--drop-frame needs --frame-rate 29.97, not 25',
    ],
    [
      ['import', 'edl', PROJECT, 'x.edl'],
      'import edl needs --cut <cutId>: the cut the file was exported from',
    ],
    [['import', 'csv', PROJECT, 'x.csv', '--frame-rate', '25'], '--frame-rate is for edl and otio, not csv'],
    [['import', 'edl', PROJECT, 'x.edl', '--cut', 'v2'], "--cut takes a cut id, and 'v2' is not one"],
    [
      ['export', 'edl', PROJECT, '-o', 'x.edl', '--cut', 'latest'],
      "--cut takes a cut id, and 'latest' is not one",
    ],
    [['jobs', 'cancel', 'job-1'], "'job-1' is not a job id"],
    [['jobs', 'watch', 'job-1'], "'job-1' is not a job id"],
    [['jobs', 'list', '--project', 'p1'], "--project takes a project id, and 'p1' is not one"],
    [['assets', 'generate', 'a1'], "'a1' is not an asset id"],
  ])('%j: exit 2 with one sentence on stderr, nothing sent', async (argv, message) => {
    // No server listens at this address: reaching it would be exit 1, not 2.
    const result = await runCli(argv, {
      env: { REELBENCH_SERVER: 'http://127.0.0.1:9', REELBENCH_TOKEN: 't' },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).not.toMatch(STACK_LINE);
    expect(result.stdout).toBe('');
  });
});

describe('the quality loop helpers', () => {
  it('runs at most `limit` items at once, each once, in order of the items', async () => {
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    await eachLimited([1, 2, 3, 4, 5], 2, async (item) => {
      started.push(item);
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
    });
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
  });

  it('describes an assessment in a few words', () => {
    expect(scoreNote({ attempts: 1, score: 8.25, passed: true })).toBe('score 8.3/10 after 1 attempt');
    expect(scoreNote({ attempts: 3, score: 5, passed: false })).toBe(
      'score 5.0/10 after 3 attempts, below the minimum',
    );
  });
});

describe('jobs list', () => {
  it('shows only queued and running jobs unless --all', () => {
    const fixture = new JobFixture(['ONE']);
    const reply = {
      jobs: [
        fixture.job({ status: 'running' }),
        { ...fixture.job({ status: 'completed' }), id: randomUUID() },
      ],
      counts: { waiting: 0, running: 1 },
    };
    expect(visibleJobs(reply, false).jobs.map((job) => job.status)).toEqual(['running']);
    expect(visibleJobs(reply, true)).toBe(reply);
  });
});

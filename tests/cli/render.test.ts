import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  batchShotResultSchema,
  jobAcceptedReplySchema,
  jobListReplySchema,
  jobSchema,
  qualityGenerationReplySchema,
} from '../../packages/sdk/dist/contract/index.js';
import type { Reelbench } from '../../packages/sdk/dist/index.js';
import {
  CLI_BIN,
  type CliRun,
  type CliRunOptions,
  ESCAPE,
  FOUNTAIN,
  ROOT,
  runBinary,
  runPiped,
  sessionEnv,
  useCliSession,
} from './support/cli-harness.js';

/** A plain progress line: `2026-11-22T05:01:02Z shot 3/10 "INT. KITCHEN – 1" completed …`. */
const LINE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ (job|shot) /;

const cli = useCliSession('render');
let sdk: Reelbench;
let projectId: string;

/** The environment of a run: this test's server and login, and no CI marker (Ink draws only once in CI). */
function runEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && key !== 'CI' && !key.startsWith('CI_') && key !== 'CONTINUOUS_INTEGRATION') {
      env[key] = value;
    }
  }
  return { ...env, ...sessionEnv(cli.server, cli.configDir), ...extra };
}

function reelbench(args: string[], options: CliRunOptions = {}): Promise<CliRun> {
  return runPiped(args, { ...options, env: runEnv(options.env) });
}

/** Text as a regular expression that matches it literally. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Terminal control sequences (CSI), to read what a frame says. */
const CONTROL = new RegExp(`${ESCAPE.replace('[', '\\[')}[0-9;?]*[A-Za-z]`, 'g');

const shellQuote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/** The binary under a pseudo-terminal (util-linux `script`), typed at as a person would. */
class TerminalSession {
  output = '';
  readonly exited: Promise<number | null>;
  readonly #waiters: { pattern: RegExp; from: number; resolve: () => void }[] = [];
  readonly #child: ChildProcessWithoutNullStreams;

  constructor(args: string[]) {
    const command = `stty cols 140 rows 60; ${[process.execPath, CLI_BIN, ...args].map(shellQuote).join(' ')}`;
    this.#child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: ROOT, env: runEnv() });
    const collect = (chunk: string) => {
      this.output += chunk;
      for (const waiter of [...this.#waiters]) {
        if (waiter.pattern.test(this.output.slice(waiter.from).replace(CONTROL, ''))) {
          this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    };
    this.#child.stdout.setEncoding('utf8').on('data', collect);
    this.#child.stderr.setEncoding('utf8').on('data', collect);
    // stdin stays open: at its end `script` would hang up the terminal under the command.
    this.exited = new Promise((resolve, reject) => {
      this.#child.on('error', reject);
      this.#child.on('close', resolve);
    });
  }

  /** Resolves once the output written from now on matches (control sequences removed). */
  waitFor(pattern: RegExp): Promise<void> {
    const from = this.output.length;
    return new Promise((resolve) => {
      this.#waiters.push({ pattern, from, resolve });
    });
  }

  /** Keys as the terminal sends them: '\u0003' is Ctrl+C, '\r' is Enter. */
  type(keys: string): void {
    this.#child.stdin.write(keys);
  }
}

async function inTerminal(args: string[]): Promise<{ code: number | null; output: string }> {
  const session = new TerminalSession(args);
  const code = await session.exited;
  return { code, output: session.output };
}

async function shotsOf(id: string) {
  return (await sdk.shots.list(id)).shots;
}

beforeAll(async () => {
  sdk = await cli.register(reelbench, 'ines@example.com');
  projectId = (await reelbench(['projects', 'create', 'Night Shift', '--quiet'])).stdout.trim();
  expect((await reelbench(['script', 'push', projectId, FOUNTAIN])).code).toBe(0);
  expect((await reelbench(['first-pass', projectId])).code).toBe(0);
});

describe('render, jobs and export with the built binary against the real server', () => {
  it('render images for every shot: plain timestamped lines, exit 0, every shot has its image', async () => {
    const shots = await shotsOf(projectId);
    expect(shots.length).toBeGreaterThan(1);
    const result = await reelbench(['render', 'images', projectId]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    const summary = lines.pop();
    expect(summary).toMatch(
      new RegExp(`^Job [0-9a-f-]{36} completed: ${shots.length}/${shots.length} shots completed, 0 failed$`),
    );
    for (const line of lines) expect(line).toMatch(LINE);
    for (const shot of shots) {
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`shot \\d+/${shots.length} "${literal(shot.name)}" completed`)),
      );
    }
    const after = await shotsOf(projectId);
    expect(after.map((shot) => shot.image_url)).toEqual(after.map(() => expect.any(String)));
  });

  it('render images --scene 1 --json: one document, the stored job and the per-shot results', async () => {
    const sceneShots = (await sdk.shots.list(projectId, { sceneNumber: 1 })).shots;
    const result = await reelbench(['render', 'images', projectId, '--scene', '1', '--json']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const document = JSON.parse(result.stdout) as { job: unknown; results: unknown[] };
    const job = jobSchema.parse(document.job);
    const results = batchShotResultSchema.array().parse(document.results);
    expect(job).toMatchObject({ projectId, type: 'shot:generate-batch', status: 'completed' });
    expect(results.map((entry) => entry.shotId).sort()).toEqual(sceneShots.map((shot) => shot.id).sort());
    expect(results.every((entry) => entry.status === 'completed' && entry.url !== undefined)).toBe(true);
  });

  it('render images --quality --json: each shot with its assessment', async () => {
    const sceneShots = (await sdk.shots.list(projectId, { sceneNumber: 2 })).shots;
    const result = await reelbench(['render', 'images', projectId, '--scene', '2', '--quality', '--json']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const assessed = batchShotResultSchema.extend({
      attempts: qualityGenerationReplySchema.shape.attempts,
      score: qualityGenerationReplySchema.shape.score,
      passed: qualityGenerationReplySchema.shape.passed,
    });
    const results = assessed.array().parse((JSON.parse(result.stdout) as { results: unknown }).results);
    expect(results.map((entry) => entry.shotId)).toEqual(sceneShots.map((shot) => shot.id));
    expect(results.every((entry) => entry.status === 'completed' && entry.url !== undefined)).toBe(true);
  });

  it('assets generate prints the url of the new image, which the asset then has', async () => {
    const assetId = (
      await reelbench(['assets', 'create', projectId, 'character', 'Mara', '--quiet'])
    ).stdout.trim();
    const result = await reelbench(['assets', 'generate', assetId, '--quiet']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const url = result.stdout.trim();
    expect(url.length).toBeGreaterThan(0);
    const asset = await sdk.assets.get(assetId);
    expect(Object.values(asset?.images ?? {}).map((image) => image.url)).toContain(url);
  });

  it('jobs list --all --json: the contract reply, with the finished render jobs', async () => {
    const result = await reelbench(['jobs', 'list', '--all', '--project', projectId, '--json']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const reply = jobListReplySchema.parse(JSON.parse(result.stdout));
    const renders = reply.jobs.filter((job) => job.type === 'shot:generate-batch');
    expect(renders.length).toBeGreaterThanOrEqual(2);
    expect(renders.every((job) => job.status === 'completed')).toBe(true);
  });

  it('jobs watch of a finished job prints its lines and ends at once with its exit code', async () => {
    const { jobs } = await sdk.jobs.list(projectId);
    const done = jobs.find((job) => job.status === 'completed');
    if (done === undefined) throw new Error('no completed job');
    const result = await reelbench(['jobs', 'watch', done.id]);
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toMatch(new RegExp(`^Job ${done.id} completed: `));
  });

  it('render videos --no-wait prints the job id; jobs cancel cancels it', async () => {
    const started = await reelbench([
      'render',
      'videos',
      projectId,
      '--no-wait',
      '--concurrency',
      '1',
      '--json',
    ]);
    expect(started.code).toBe(0);
    const { job } = jobAcceptedReplySchema.parse(JSON.parse(started.stdout));
    expect(job.type).toBe('shot:generate-video-batch');
    const cancel = await reelbench(['jobs', 'cancel', job.id, '--json']);
    expect(cancel).toMatchObject({ code: 0, stderr: '' });
    expect(jobSchema.parse(JSON.parse(cancel.stdout))).toMatchObject({ id: job.id, status: 'cancelled' });
    const { jobs } = await sdk.jobs.list(projectId);
    expect(jobs.find((candidate) => candidate.id === job.id)?.status).toBe('cancelled');
  });

  it('render images of a feature-length project is one job over every shot, past the 1000 ids of a list', async () => {
    const script = join(mkdtempSync(join(tmpdir(), 'reelbench-feature-')), 'feature.fountain');
    writeFileSync(
      script,
      execFileSync(process.execPath, [
        join(ROOT, '..', 'shared', 'tools', 'make-screenplay.mjs'),
        '--pages',
        '70',
      ]),
    );
    const feature = (await reelbench(['projects', 'create', 'Feature', '--quiet'])).stdout.trim();
    expect((await reelbench(['script', 'push', feature, script])).code).toBe(0);
    expect((await reelbench(['first-pass', feature])).code).toBe(0);
    // One page holds them all: a list answers up to 2000 shots.
    const listed = await sdk.shots.list(feature, { limit: 2000 });
    const shots = listed.shots.map((shot) => shot.id);
    expect(shots).toHaveLength(listed.total);
    expect(shots.length).toBeGreaterThan(1000);
    const started = await reelbench(['render', 'images', feature, '--no-wait', '--json']);
    expect(started).toMatchObject({ code: 0, stderr: '' });
    const { job } = jobAcceptedReplySchema.parse(JSON.parse(started.stdout));
    expect(job.shotIds).toEqual(shots);
    expect((await reelbench(['jobs', 'cancel', job.id])).code).toBe(0);
  }, 120_000);

  it('render --no-wait for people: the job id alone on stdout, how to watch it on stderr', async () => {
    const started = await reelbench(['render', 'videos', projectId, '--stale', '--no-wait']);
    expect(started.code).toBe(0);
    const jobId = started.stdout.trim();
    expect(jobSchema.shape.id.safeParse(jobId).success).toBe(true);
    expect(started.stderr).toContain(`reelbench jobs watch ${jobId}`);
    await reelbench(['jobs', 'cancel', jobId]);
  });

  it('Ctrl+C without a terminal leaves the job running: the watch hint on stderr, exit 130', async () => {
    const child = spawn(process.execPath, [CLI_BIN, 'render', 'videos', projectId, '--concurrency', '1'], {
      cwd: ROOT,
      env: runEnv(),
    });
    let stdout = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    // Interrupt once the first shot is under way, as a person pressing Ctrl+C would.
    await new Promise<void>((resolve) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        if (/ shot \d+\/\d+ .* processing/.test(stdout)) resolve();
      });
    });
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    const jobId = /job ([0-9a-f-]{36}) /.exec(stdout)?.[1] ?? '';
    expect(stderr).toBe(`Job ${jobId} keeps running: watch it with \`reelbench jobs watch ${jobId}\`\n`);
    const { jobs } = await sdk.jobs.list(projectId);
    expect(jobs.find((job) => job.id === jobId)?.status).toMatch(/^(queued|running|completed)$/);
    await sdk.jobs.cancel(jobId).catch(() => undefined);
  });

  it('Ctrl+C in a terminal asks whether to cancel; y cancels the job: exit 130', async () => {
    const session = new TerminalSession(['render', 'videos', projectId, '--concurrency', '1']);
    await session.waitFor(/completed +100%/);
    const question = session.waitFor(/Cancel job [0-9a-f-]{36}\? \[y\/N\]/);
    session.type('\u0003');
    await question;
    session.type('y\r');
    expect(await session.exited).toBe(130);
    const plain = session.output.replace(CONTROL, '');
    const jobId = /Cancelled job ([0-9a-f-]{36})/.exec(plain)?.[1] ?? '';
    const { jobs } = await sdk.jobs.list(projectId);
    expect(jobs.find((job) => job.id === jobId)?.status).toBe('cancelled');
  });

  it('jobs cancel of an unknown job: the server sentence, exit 1', async () => {
    const result = await reelbench(['jobs', 'cancel', randomUUID()]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^error: .*not found/i);
  });

  it("an unknown project: exit 1, 'Project not found', no stack trace", async () => {
    const result = await reelbench(['render', 'images', randomUUID()]);
    expect(result).toEqual({ code: 1, stdout: '', stderr: 'error: Project not found\n' });
  });

  it('a bad flag: exit 2, one sentence', async () => {
    expect(await reelbench(['render', 'images', projectId, '--concurrency', '0'])).toEqual({
      code: 2,
      stdout: '',
      stderr: "error: --concurrency must be a whole number from 1 to 16, not '0'\n",
    });
  });

  it('export pdf writes the storyboard of a new cut, as a contact sheet or one shot a page', async () => {
    const shots = await shotsOf(projectId);
    const output = join(cli.configDir, 'night-shift.pdf');
    const written = await reelbench(['export', 'pdf', projectId, '-o', output, '--fps', '23.976', '--json']);
    expect(written).toMatchObject({ code: 0, stderr: '' });
    const document = JSON.parse(written.stdout) as {
      cutId: string;
      filename: string;
      bytes: number;
      layout: string;
    };
    expect(document).toMatchObject({ filename: output, layout: 'contact' });
    const sheet = readFileSync(output);
    expect(sheet.length).toBe(document.bytes);
    expect(sheet.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    // 12 frames a page.
    const pageCount = (pdf: string) => Number(/\/Type \/Pages \/Count (\d+)/.exec(pdf)?.[1]);
    expect(pageCount(sheet.toString('latin1'))).toBe(Math.ceil(shots.length / 12));

    // The PDF's own bytes on stdout (runBinary: a JPEG may hold what looks like an escape code).
    const args = ['export', 'pdf', projectId, '--cut', document.cutId, '--layout', 'pages', '--out', '-'];
    const pages = await runBinary(args, { env: runEnv() });
    expect(pages).toMatchObject({ code: 0, stderr: '' });
    expect(pages.stdout.startsWith('%PDF-1.4')).toBe(true);
    expect(pageCount(pages.stdout)).toBe(shots.length);
    expect(await reelbench(['export', 'edl', projectId, '--layout', 'pages'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: --layout is for pdf, not edl\n',
    });
  });

  it('export mp4 needs the project, and a file to write to: exit 1 and 2', async () => {
    const output = join(cli.configDir, 'night-shift.mp4');
    expect(await reelbench(['export', 'mp4', projectId, '-o', '-'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: mp4 is written to a file: --out FILE, not -\n',
    });
    expect(existsSync(output)).toBe(false);
    expect(await reelbench(['export', 'mp4', randomUUID(), '-o', output])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'error: Project not found\n',
    });
    expect(await reelbench(['export', 'edl', randomUUID(), '-o', output])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'error: Project not found\n',
    });
  });

  it('export edl writes a new cut of the timeline; import applies an edited list back', async () => {
    const before = (await sdk.projects.get(projectId)).settings.shotOrder;
    expect(before.length).toBeGreaterThan(1);
    const path = join(cli.configDir, 'night-shift.edl');
    const exported = await reelbench([
      'export',
      'edl',
      projectId,
      '--out',
      path,
      '--frame-rate',
      '25',
      '--json',
    ]);
    expect(exported).toMatchObject({ code: 0, stderr: '' });
    const document = JSON.parse(exported.stdout) as { cutId: string; filename: string; bytes: number };
    expect(document.filename).toBe(path);
    const text = readFileSync(path, 'utf8');
    expect(Buffer.byteLength(text)).toBe(document.bytes);
    expect(text).toMatch(/^TITLE: Night Shift\nFCM: NON-DROP FRAME\n\n001 {2}[0-9A-F]{8} V +C /);
    const { cutId } = document;

    // Without --frame-rate a cut is written at its own rate: the 25 fps list again, byte for byte.
    const again = await reelbench(['export', 'edl', projectId, '--cut', cutId, '--out', '-']);
    expect(again).toEqual({ code: 0, stdout: text, stderr: '' });
    const fcpxml = await reelbench(['export', 'fcpxml', projectId, '--cut', cutId, '--out', '-']);
    expect(fcpxml.stdout).toContain('<fcpxml version="1.10">');

    const same = await reelbench(['import', 'edl', projectId, path, '--cut', cutId]);
    expect(same.stderr).toBe('');
    expect(same.code).toBe(0);
    expect(same.stdout.trimEnd()).toMatch(
      /^Imported .* v\d+ \([0-9a-f-]{36}\): \d+ events, 0 unmatched, 0 removed$/,
    );
    expect((await sdk.projects.get(projectId)).settings.shotOrder).toEqual(before);

    const [first = '', second = ''] = before;
    const swappedPath = join(cli.configDir, 'night-shift-swapped.edl');
    writeFileSync(
      swappedPath,
      text.replaceAll(first, 'FIRST').replaceAll(second, first).replaceAll('FIRST', second),
    );
    // --dry-run: what would move, nothing saved.
    const preview = await reelbench(['import', 'edl', projectId, swappedPath, '--cut', cutId, '--dry-run']);
    expect(preview).toMatchObject({ code: 0, stderr: '' });
    expect(preview.stdout).toMatch(
      /^Dry run of .* v\d+: nothing was saved\.\n1 moved, 2 change length, 0 removed, 0 unmatched/,
    );
    const previewJson = await reelbench([
      'import',
      'edl',
      projectId,
      swappedPath,
      '--cut',
      cutId,
      '--dry-run',
      '--json',
    ]);
    expect(JSON.parse(previewJson.stdout)).toMatchObject({ dryRun: true, cutId, removed: [], unmatched: [] });
    expect((await sdk.projects.get(projectId)).settings.shotOrder).toEqual(before);

    const swapped = await reelbench(['import', 'edl', projectId, swappedPath, '--cut', cutId, '--json']);
    expect(swapped.code).toBe(0);
    expect(JSON.parse(swapped.stdout)).toMatchObject({ unmatched: [], removed: [] });
    expect((await sdk.projects.get(projectId)).settings.shotOrder).toEqual([
      second,
      first,
      ...before.slice(2),
    ]);

    const strangerPath = join(cli.configDir, 'night-shift-stranger.edl');
    writeFileSync(strangerPath, text.replace(first, randomUUID()));
    const stranger = await reelbench(['import', 'edl', projectId, strangerPath, '--cut', cutId]);
    expect(stranger.code).toBe(4);
    expect(stranger.stdout).toContain('1 unmatched');
    expect(stranger.stdout).toMatch(/unmatched {2}line \d+/);
    expect(stranger.stderr).toBe(`error: 1 clip of ${strangerPath} matched no shot of the cut\n`);
  });

  it('export package writes the hand-off zip of a cut: the lists and the media inside', async () => {
    const cut = await sdk.cuts.create(projectId, { name: 'Hand-off' });
    const path = join(cli.configDir, 'handoff.zip');
    const written = await reelbench([
      'export',
      'package',
      projectId,
      '--cut',
      cut.id,
      '--out',
      path,
      '--json',
    ]);
    expect(written).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(written.stdout)).toMatchObject({ cutId: cut.id, filename: path });
    const zip = readFileSync(path);
    expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    const listing = zip.toString('latin1');
    for (const name of ['README.txt', '.otio', '.fcpxml', '.edl', 'media/0001-'])
      expect(listing).toContain(name);
  });

  it('export csv writes the shot list, one row per shot in timeline order', async () => {
    const shots = await shotsOf(projectId);
    const listed = await reelbench(['export', 'csv', projectId, '--out', '-']);
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    const lines = listed.stdout
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((line) => line !== '');
    expect(lines[0]).toBe(
      'Scene,Shot,Name,Framing,Camera move,Duration (s),Characters,Location,Props,Image,Video,Script text,Shot id',
    );
    const order = (await sdk.projects.get(projectId)).settings.shotOrder;
    // Every shot once, each row ending with its id, in the timeline's order.
    const ids = listed.stdout.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\r\n)/g);
    expect(ids).toEqual(order);
    expect(ids).toHaveLength(shots.length);
    const path = join(cli.configDir, 'shot-list.csv');
    const written = await reelbench(['export', 'csv', projectId, '--out', path, '--json']);
    expect(JSON.parse(written.stdout)).toMatchObject({ filename: path, shots: shots.length });
    expect(readFileSync(path, 'utf8')).toBe(listed.stdout);

    // Edited in a spreadsheet: the first shot renamed and lengthened; previewed, then applied.
    const table = Papa.parse<string[]>(listed.stdout.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    const firstRow = table[1] ?? [];
    const target = shots.find((shot) => shot.id === firstRow[12]);
    if (!target) throw new Error('the first row names no shot');
    firstRow[2] = 'Diner at night';
    firstRow[5] = '6.5';
    const editedPath = join(cli.configDir, 'shot-list-edited.csv');
    writeFileSync(editedPath, Papa.unparse(table, { newline: '\r\n' }));
    const preview = await reelbench(['import', 'csv', projectId, editedPath, '--dry-run']);
    expect(preview).toMatchObject({ code: 0, stderr: '' });
    expect(preview.stdout).toMatch(
      /^Dry run of .*: 1 shots would change, 0 rows skipped; nothing was saved\./,
    );
    expect(preview.stdout).toContain('  name       line 2  ');
    expect((await sdk.shots.get(target.id)).name).toBe(target.name);
    const applied = await reelbench(['import', 'csv', projectId, editedPath, '--json']);
    expect(applied.code).toBe(0);
    expect(JSON.parse(applied.stdout)).toMatchObject({ dryRun: false, skipped: [] });
    const after = await sdk.shots.get(target.id);
    expect(after).toMatchObject({ name: 'Diner at night', duration: 6.5 });
  });

  it('in a terminal the Ink view draws and updates, ending with every shot completed', async () => {
    const shots = await shotsOf(projectId);
    const { code, output } = await inTerminal(['render', 'images', projectId]);
    expect(code).toBe(0);
    expect(output).toContain(ESCAPE);
    // The first frame shows the job before any shot is done; Ink then moves the cursor up (ESC [1A)
    // to draw the next frames over it, the last one with every shot completed.
    const rewrite = output.indexOf(`${ESCAPE}1A`);
    expect(rewrite).toBeGreaterThan(0);
    expect(output.slice(0, rewrite).replace(CONTROL, '')).toContain(`0/${shots.length} completed, 0 failed`);
    const plain = output.replace(CONTROL, '');
    const lastFrame = plain.slice(plain.lastIndexOf(`shot:generate-batch · job `));
    expect(lastFrame).toContain(`${shots.length}/${shots.length} completed, 0 failed`);
    for (const shot of shots) {
      expect(lastFrame).toMatch(new RegExp(`${literal(shot.name.slice(0, 30))}[^\\n]*completed`));
    }
    expect(plain).toMatch(/Job [0-9a-f-]{36} completed: /);
  });
});

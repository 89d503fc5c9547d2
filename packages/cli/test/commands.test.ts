import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scriptAnalysisSchema, scriptValidationSchema } from '@reelbench/sdk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { deadServerUrl } from './support/dead-server.js';
import { configDir, runCli } from './support/run-cli.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const NIGHT_SHIFT = fixture('night-shift.fountain');
const BROKEN_FDX = fixture('broken.fdx');
const STACK_LINE = /^\s+at /m;

let dead: string;
beforeAll(async () => {
  dead = await deadServerUrl();
});

describe('offline script commands', () => {
  it('script analyze prints the engine analysis without a server', async () => {
    const result = await runCli(['script', 'analyze', NIGHT_SHIFT], { env: { REELBENCH_SERVER: dead } });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Night Shift\n3 scenes, 3 characters, 3 locations, 1 page/);
    expect(result.stdout).toMatch(/^1 {2}INT\. HOSPITAL CORRIDOR - NIGHT +1 +3\/8 +MARA, ELI$/m);
    expect(result.stdout).toMatch(/^MARA +4 +16 +1 2 3$/m);
  });

  it('script analyze --json is the contract ScriptAnalysis', async () => {
    const result = await runCli(['script', 'analyze', NIGHT_SHIFT, '--json']);
    const analysis = scriptAnalysisSchema.parse(JSON.parse(result.stdout));
    expect(analysis.title).toBe('Night Shift');
    expect(analysis.scenes.map((s) => s.heading)).toEqual([
      'INT. HOSPITAL CORRIDOR - NIGHT',
      'EXT. HOSPITAL ROOF - CONTINUOUS',
      'INT. ROOM TWELVE - NIGHT',
    ]);
    expect(analysis.characters.map((c) => c.name)).toEqual(['MARA', 'ELI', 'OLD MAN']);
  });

  it("script analyze --director prints the director's report offline, and --json gives its data", async () => {
    const result = await runCli(['script', 'analyze', '--director', NIGHT_SHIFT], {
      env: { REELBENCH_SERVER: dead },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^Night Shift\n\d+ shots in 3 scenes; running time 0:\d\d for 1 page \(estimate 0:55, [01]\.\d\d×\)$/m,
    );
    expect(result.stdout).toMatch(/^off-screen +ELI +medium on MARA +Mara! They need you downstairs\./m);
    expect(result.stdout).toMatch(
      /^1 +INT\. HOSPITAL CORRIDOR - NIGHT +4 +medium 1, over-shoulder 3 +MARA 2, ELI 2$/m,
    );
    const json = await runCli([
      'script',
      'analyze',
      '--director',
      NIGHT_SHIFT,
      '--json',
      '--template',
      'single-close',
    ]);
    const report = JSON.parse(json.stdout) as {
      runningTimeRatio: number;
      shots: number;
      framings: Record<string, number>;
      voices: { speaker: string; coveredOn: string }[];
    };
    expect(Object.values(report.framings).reduce((sum, n) => sum + n, 0)).toBe(report.shots);
    expect(report.runningTimeRatio).toBeGreaterThanOrEqual(0.8);
    expect(report.runningTimeRatio).toBeLessThanOrEqual(1.25);
    expect(report.framings.close).toBeGreaterThan(0);
    expect(report.voices).toEqual([expect.objectContaining({ speaker: 'ELI', coveredOn: 'medium on MARA' })]);
  });

  it('script analyze on an unreadable FDX is one sentence with the line, exit 1', async () => {
    const result = await runCli(['script', 'analyze', BROKEN_FDX]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'error: Script validation failed (line 9, column 1: Unclosed <Text> opened at line 8)\n',
    );
  });

  it('script validate passes a good script: exit 0 and a summary', async () => {
    const result = await runCli(['script', 'validate', NIGHT_SHIFT]);
    expect(result).toEqual({
      code: 0,
      stdout: `${NIGHT_SHIFT}: fountain, 3 scenes, 1 page: 0 errors, 0 warnings\n`,
      stderr: '',
    });
  });

  it('script validate lists findings as file:line:column, exit 1', async () => {
    const result = await runCli(['script', 'validate', BROKEN_FDX]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `${BROKEN_FDX}:9:1: error: The Final Draft file cannot be read: Unclosed <Text> opened at line 8 [FDX_UNREADABLE]`,
    );
    expect(result.stderr).toBe(`error: ${BROKEN_FDX} has 1 error\n`);
    const json = await runCli(['script', 'validate', BROKEN_FDX, '--json']);
    expect(json.code).toBe(1);
    expect(scriptValidationSchema.parse(JSON.parse(json.stdout))).toMatchObject({
      valid: false,
      format: 'fdx',
    });
  });

  it('a missing file is a usage error, exit 2', async () => {
    const result = await runCli(['script', 'analyze', '/no/such/script.fountain']);
    expect(result).toMatchObject({
      code: 2,
      stderr: 'error: Cannot read /no/such/script.fountain: no such file\n',
    });
  });

  it('script push refuses a script with errors before contacting the server', async () => {
    const result = await runCli(['script', 'push', 'p1', BROKEN_FDX], { env: { REELBENCH_SERVER: dead } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: Script validation failed (line 9, column 1');
    expect(result.stderr).not.toContain('Cannot reach');
  });
});

describe('input checked before anything is sent', () => {
  it('register with a bad email: exit 2 with the field', async () => {
    const result = await runCli(['register', '--email', 'nope', '--username', 'mara', '--password-stdin'], {
      stdin: 'correct horse battery\n',
      env: { REELBENCH_SERVER: dead },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: Registration failed \(email: .+\)\n$/);
  });

  it('register with a short password from REELBENCH_PASSWORD: exit 2', async () => {
    const result = await runCli(['register', '--email', 'mara@example.com', '--username', 'mara'], {
      env: { REELBENCH_SERVER: dead, REELBENCH_PASSWORD: 'short' },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: Registration failed \(password: .+\)\n$/);
  });

  it('login with no password and no terminal: exit 2 saying how to give one', async () => {
    const result = await runCli(['login', '--email', 'mara@example.com'], {
      env: { REELBENCH_SERVER: dead },
    });
    expect(result).toMatchObject({
      code: 2,
      stderr:
        'error: No password given: pipe it in with --password-stdin, set REELBENCH_PASSWORD or run in a terminal\n',
    });
  });

  it('first-pass with notes longer than the contract allows: exit 2', async () => {
    const result = await runCli(['first-pass', 'p1', '--notes', 'x'.repeat(5001)], {
      env: { REELBENCH_SERVER: dead },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: The first pass was not started \(notes: .+\)\n$/);
  });

  it('projects create with a name longer than the contract allows: exit 2', async () => {
    const result = await runCli(['projects', 'create', 'x'.repeat(201)], { env: { REELBENCH_SERVER: dead } });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: The project was not created \(name: .+\)\n$/);
  });

  it('deleting without --yes and without a terminal: exit 2', async () => {
    const result = await runCli(['projects', 'delete', 'p1'], { env: { REELBENCH_SERVER: dead } });
    expect(result).toMatchObject({
      code: 2,
      stderr: 'error: Deleting needs --yes when there is no terminal to confirm on\n',
    });
  });

  it('deleting on a terminal asks first; anything but yes deletes nothing', async () => {
    const result = await runCli(['series', 'delete', 's1', 's2'], {
      tty: true,
      stdin: 'n\n',
      env: { REELBENCH_SERVER: dead, NO_COLOR: '1' },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Delete series s1, s2? [y/N]');
    expect(result.stdout).toBe('Nothing deleted\n');
  });

  it('a server URL that is not http(s): exit 2', async () => {
    const result = await runCli(['--server', 'localhost:3002', 'whoami'], { env: { REELBENCH_TOKEN: 't' } });
    expect(result).toMatchObject({
      code: 2,
      stderr: "error: The server URL 'localhost:3002' is not an http:// or https:// URL\n",
    });
  });
});

describe('sign-in state', () => {
  it('whoami with no saved login: exit 3 without contacting the server', async () => {
    const result = await runCli(['whoami'], { env: { REELBENCH_SERVER: dead } });
    expect(result).toEqual({
      code: 3,
      stdout: '',
      stderr: 'error: Authentication required: sign in with `reelbench login`\n',
    });
  });

  it('logout with no saved login is fine: exit 0', async () => {
    const result = await runCli(['logout'], { env: { REELBENCH_SERVER: dead } });
    expect(result).toEqual({ code: 0, stdout: 'Not signed in\n', stderr: '' });
  });

  it('a server that is down: one sentence naming it, exit 1, no stack', async () => {
    const result = await runCli(['whoami', '--token', 'abc'], { env: { REELBENCH_SERVER: dead } });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`error: Cannot reach the Reelbench server at ${dead}: is it running?\n`);
    expect(result.stderr).not.toMatch(STACK_LINE);
  });

  it('a broken credentials file is reported with its path, exit 1', async () => {
    const dir = configDir();
    writeFileSync(join(dir, 'credentials.json'), '{ not json');
    const result = await runCli(['whoami'], { env: { REELBENCH_CONFIG_DIR: dir, REELBENCH_SERVER: dead } });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `error: Credentials file ${join(dir, 'credentials.json')} is not a JSON object; fix or delete it\n`,
    );
  });

  it('REELBENCH_DEBUG adds the stack for a bug report', async () => {
    const dir = configDir();
    mkdirSync(join(dir, 'credentials.json'));
    const result = await runCli(['whoami'], { env: { REELBENCH_CONFIG_DIR: dir, REELBENCH_DEBUG: '1' } });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: An unexpected error occurred: EISDIR/);
    expect(result.stderr).toMatch(STACK_LINE);
  });
});

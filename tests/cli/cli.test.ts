import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deadServerUrl } from '../../packages/cli/test/support/dead-server.js';
import {
  assetSchema,
  errorBodySchema,
  firstPassResponseSchema,
  firstPassShotDuration,
  PACINGS,
  projectListEntrySchema,
  projectSchema,
  scriptAnalysisSchema,
  scriptSchema,
  seriesSchema,
  userSchema,
} from '../../packages/sdk/dist/contract/index.js';
import type { Reelbench } from '../../packages/sdk/dist/index.js';
import { CLI_BIN, FOUNTAIN, ROOT, runBinary, staticImports, useCliSession } from './support/cli-harness.js';

const EMAIL = 'mara@example.com';
const PASSWORD = 'correct horse battery';
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const cli = useCliSession('config');
let sdk: Reelbench;

/** The binary against the test server with this test's credentials; never a colour code without a TTY. */
const reelbench = cli.run;

describe('reelbench --version', () => {
  it('prints the package version', async () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'packages/cli/package.json'), 'utf8')) as {
      version: string;
    };
    expect(await runBinary(['--version'])).toEqual({ code: 0, stdout: `${manifest.version}\n`, stderr: '' });
  });

  it('loads neither the UI, commander nor the SDK before it answers', () => {
    const binImports = staticImports(readFileSync(CLI_BIN, 'utf8'));
    expect(binImports).toEqual(['./version.js']);
    const versionImports = staticImports(readFileSync(join(CLI_BIN, '../version.js'), 'utf8'));
    expect(versionImports).toEqual(['node:fs']);
  });
});

describe('a user session with the built binary against the real server', () => {
  let projectId: string;

  it('register signs in and keeps the token in a private credentials file', async () => {
    const result = await reelbench(['register', '--email', EMAIL, '--username', 'mara', '--password-stdin'], {
      stdin: `${PASSWORD}\n`,
    });
    expect(result).toEqual({
      code: 0,
      stdout: `Registered and signed in as mara <${EMAIL}> on ${cli.server.url}\n`,
      stderr: '',
    });
    expect(statSync(join(cli.configDir, 'credentials.json')).mode & 0o777).toBe(0o600);
  });

  it('logout, then login with the password from REELBENCH_PASSWORD', async () => {
    expect(await reelbench(['logout'])).toMatchObject({
      code: 0,
      stdout: `Signed out of ${cli.server.url}\n`,
    });
    const login = await reelbench(['login', '--email', EMAIL], { env: { REELBENCH_PASSWORD: PASSWORD } });
    expect(login).toMatchObject({ code: 0, stdout: `Signed in as mara <${EMAIL}> on ${cli.server.url}\n` });
    sdk = cli.signIn();
  });

  it('a wrong password is refused: exit 3, one sentence', async () => {
    const result = await reelbench(['login', '--email', EMAIL, '--password-stdin'], {
      stdin: 'wrong password',
    });
    expect(result).toEqual({ code: 3, stdout: '', stderr: 'error: Login failed\n' });
  });

  it('whoami prints the user; --json is the contract User', async () => {
    expect(await reelbench(['whoami'])).toMatchObject({
      code: 0,
      stdout: `mara <${EMAIL}> on ${cli.server.url}\n`,
    });
    const json = await reelbench(['whoami', '--json']);
    expect(userSchema.parse(JSON.parse(json.stdout))).toEqual(await sdk.auth.me());
  });

  it('projects create / list / show / rename', async () => {
    const created = await reelbench(['projects', 'create', 'Night Shift', '--quiet']);
    expect(created.code).toBe(0);
    projectId = created.stdout.trim();
    expect((await sdk.projects.get(projectId)).name).toBe('Night Shift');

    const list = await reelbench(['projects', 'list', '--json']);
    const entries = projectListEntrySchema.array().parse(JSON.parse(list.stdout));
    expect(entries.map((p) => p.id)).toEqual([projectId]);
    const table = await reelbench(['projects', 'list']);
    expect(table.stdout).toMatch(
      new RegExp(`^ID +NAME +SHOTS +LENGTH +UPDATED\\n${projectId} +Night Shift +0 +0:00 `),
    );

    const show = await reelbench(['projects', 'show', projectId, '--json']);
    expect(projectSchema.parse(JSON.parse(show.stdout))).toEqual(await sdk.projects.get(projectId));

    const renamed = await reelbench(['projects', 'rename', projectId, 'Night Shift (v2)']);
    expect(renamed).toMatchObject({ code: 0, stdout: `Renamed project ${projectId} to Night Shift (v2)\n` });
    expect((await sdk.projects.get(projectId)).name).toBe('Night Shift (v2)');
  });

  it('script push saves the Fountain file; script pull prints it back byte for byte', async () => {
    const fountain = readFileSync(FOUNTAIN, 'utf8');
    const push = await reelbench(['script', 'push', projectId, FOUNTAIN]);
    expect(push).toEqual({
      code: 0,
      stdout: `Pushed ${FOUNTAIN} to project ${projectId} (fountain, 3 scenes, 3 characters)\n`,
      stderr: '',
    });
    expect((await sdk.script.get(projectId)).content).toBe(fountain);
    expect(await reelbench(['script', 'pull', projectId])).toEqual({ code: 0, stdout: fountain, stderr: '' });
    const json = await reelbench(['script', 'pull', projectId, '--json']);
    expect(scriptSchema.parse(JSON.parse(json.stdout))).toMatchObject({ projectId, content: fountain });
  });

  it('script analyze works offline: no server, no sign-in', async () => {
    const result = await reelbench(['script', 'analyze', FOUNTAIN, '--json'], {
      env: {
        REELBENCH_SERVER: await deadServerUrl(),
        REELBENCH_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'nobody-')),
      },
    });
    expect(result.code).toBe(0);
    const analysis = scriptAnalysisSchema.parse(JSON.parse(result.stdout));
    expect(analysis.scenes).toHaveLength(3);
    expect(analysis.characters.map((c) => c.name)).toEqual(['MARA', 'ELI', 'OLD MAN']);
  });

  it('first-pass --pacing fast --json: the contract response, and the project holds exactly those shots', async () => {
    const result = await reelbench(['first-pass', projectId, '--pacing', 'fast', '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const raw = JSON.parse(result.stdout) as { shots: { id: string }[] };
    const reply = firstPassResponseSchema.parse(raw);
    expect(reply.shots.length).toBeGreaterThan(0);
    expect(new Set(reply.shots.map((shot) => shot.sceneNumber))).toEqual(new Set([1, 2, 3]));

    const { shots } = await sdk.shots.list(projectId);
    const saved = [...shots].sort((a, b) => a.start_time - b.start_time);
    expect(saved.map((shot) => shot.id)).toEqual(raw.shots.map((shot) => shot.id));
    expect(saved.map((shot) => [shot.name, shot.start_time, shot.duration, shot.framing])).toEqual(
      reply.shots.map((shot) => [shot.name, shot.startTime, firstPassShotDuration(shot), shot.framing]),
    );
  });

  it('first-pass --replace for people: status on stderr, the shot table and the ready line on stdout', async () => {
    const result = await reelbench([
      'first-pass',
      projectId,
      '--replace',
      '--style',
      'documentary',
      '--aspect',
      '9:16',
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('Analyzing script and preparing shots…\n');
    const { total } = await sdk.shots.list(projectId);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^# +SCENE +START +LENGTH +FRAMING +MOVE +NAME$/);
    expect(lines.slice(1, -2)).toHaveLength(total);
    expect(lines.at(-1)).toBe(`First Pass Ready: Created ${total} shots with documentary style`);
  });

  it('first-pass --dry-run --json after a script edit: the lists of shot ids, and nothing written', async () => {
    const before = await sdk.shots.list(projectId);
    const script = (await sdk.script.get(projectId)).content;
    const line = 'He says you remind him of someone.';
    expect(script).toContain(line);
    await sdk.script.save(projectId, {
      content: script.replace(line, 'He says you remind him of his daughter. The one who never writes.'),
    });

    const dry = await reelbench(['first-pass', projectId, '--dry-run', '--json']);
    expect(dry.code).toBe(0);
    const lists = JSON.parse(dry.stdout) as Record<string, unknown>;
    expect(Object.keys(lists).sort()).toEqual(['added', 'changed', 'dryRun', 'kept', 'removed', 'update']);
    expect(lists).toMatchObject({ update: 'revise', dryRun: true, added: [], removed: [] });
    const changed = lists.changed as string[];
    const byId = new Map(before.shots.map((shot) => [shot.id, shot]));
    expect(changed.length).toBeGreaterThan(0);
    for (const id of changed) expect(byId.get(id)?.script_text).toContain(line);
    expect([...(lists.kept as string[]), ...changed].sort()).toEqual([...byId.keys()].sort());
    expect(await sdk.shots.list(projectId)).toEqual(before);

    const human = await reelbench(['first-pass', projectId, '--dry-run']);
    expect(human.stdout.trimEnd().split('\n').at(-1)).toBe(
      `Dry run (nothing written): ${changed.length} changed, 0 added, 0 removed, ${before.total - changed.length} kept`,
    );
    const applied = await reelbench(['first-pass', projectId]);
    expect(applied.stdout.trimEnd().split('\n').at(-1)).toBe(
      `${changed.length} changed, 0 added, 0 removed, ${before.total - changed.length} kept`,
    );
    const again = await reelbench(['first-pass', projectId]);
    expect(again.stdout).toBe(`0 changed, 0 added, 0 removed, ${before.total} kept\n`);
  });

  it('first-pass --script pushes the file first, then generates from it', async () => {
    const fresh = (await reelbench(['projects', 'create', 'Fresh', '--quiet'])).stdout.trim();
    const empty = await reelbench(['first-pass', fresh]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('error: No Shots Generated: push a script first');
    const result = await reelbench([
      'first-pass',
      fresh,
      '--script',
      FOUNTAIN,
      '--template',
      'over-shoulder',
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(`Pushed ${FOUNTAIN}\nAnalyzing script and preparing shots…\n`);
    expect((await sdk.script.get(fresh)).content).toBe(readFileSync(FOUNTAIN, 'utf8'));
    expect((await sdk.shots.list(fresh)).total).toBeGreaterThan(0);
  });

  it('a bad flag value: exit 2, one sentence with the allowed values', async () => {
    const result = await reelbench(['first-pass', projectId, '--pacing', 'warp']);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `error: option '--pacing <pacing>' argument 'warp' is invalid. Allowed choices are ${PACINGS.join(', ')}.\n`,
    });
  });

  it("an unknown project: exit 1, 'Project not found'", async () => {
    const unknown = randomUUID();
    expect(await reelbench(['projects', 'show', unknown])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'error: Project not found\n',
    });
    expect(await reelbench(['first-pass', unknown])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('error: Project not found\n'),
    });
    const json = await reelbench(['script', 'pull', unknown, '--json']);
    expect(errorBodySchema.parse(JSON.parse(json.stdout))).toMatchObject({
      code: 'NOT_FOUND_ERROR',
      statusCode: 404,
    });
  });

  it('the server down: exit 1 and the sentence naming it', async () => {
    const dead = await deadServerUrl();
    expect(await reelbench(['projects', 'list'], { env: { REELBENCH_SERVER: dead } })).toEqual({
      code: 1,
      stdout: '',
      stderr: `error: Cannot reach the Reelbench server at ${dead}: is it running?\n`,
    });
  });

  it('series create / show: a project created in the series is listed with it', async () => {
    const seriesId = (await reelbench(['series', 'create', 'Harbor Lights', '--quiet'])).stdout.trim();
    const episode = (
      await reelbench(['projects', 'create', 'Episode 1', '--series', seriesId, '--quiet'])
    ).stdout.trim();
    const show = await reelbench(['series', 'show', seriesId, '--json']);
    const { series, projects } = JSON.parse(show.stdout) as { series: unknown; projects: unknown };
    expect(seriesSchema.parse(series).name).toBe('Harbor Lights');
    expect(
      projectListEntrySchema
        .array()
        .parse(projects)
        .map((p) => p.id),
    ).toEqual([episode]);
    expect(await reelbench(['series', 'delete', seriesId, '--yes'])).toMatchObject({ code: 0 });
    expect((await sdk.projects.get(episode)).series_id).toBeNull();
  });

  it('assets create / list / upload: the image lands on the asset under its default key', async () => {
    const created = await reelbench(['assets', 'create', projectId, 'character', 'Mara', '--quiet']);
    expect(created.code).toBe(0);
    const assetId = created.stdout.trim();
    const list = await reelbench(['assets', 'list', projectId, '--json']);
    expect(
      assetSchema
        .array()
        .parse(JSON.parse(list.stdout))
        .map((a) => [a.id, a.type, a.name]),
    ).toEqual([[assetId, 'character', 'Mara']]);

    const png = join(mkdtempSync(join(tmpdir(), 'reelbench-png-')), 'mara.png');
    writeFileSync(png, PNG);
    const upload = await reelbench(['assets', 'upload', assetId, png]);
    expect(upload).toEqual({
      code: 0,
      stdout: `Uploaded ${png} as the default-front image of character Mara (${assetId})\n`,
      stderr: '',
    });
    expect((await sdk.assets.get(assetId))?.images['default-front']?.url).toEqual(expect.any(String));

    const wrongKey = await reelbench(['assets', 'upload', assetId, png, '--key', 'default-wide']);
    expect(wrongKey.code).toBe(2);
    expect(wrongKey.stderr).toMatch(
      /^error: 'default-wide' is not an image key of this character: use one of /,
    );
  });

  it('projects delete removes the project', async () => {
    const extra = (await reelbench(['projects', 'create', 'Scratch', '--quiet'])).stdout.trim();
    const result = await reelbench(['projects', 'delete', extra, '--yes']);
    expect(result).toEqual({ code: 0, stdout: `Deleted project ${extra}\n`, stderr: '' });
    await expect(sdk.projects.get(extra)).rejects.toMatchObject({ code: 'NOT_FOUND_ERROR' });
  });

  it('after logout the old token is revoked (exit 3) and nothing is saved (exit 3)', async () => {
    const token = cli.savedToken();
    expect(await reelbench(['logout'])).toMatchObject({ code: 0 });
    const revoked = await reelbench(['projects', 'list'], { env: { REELBENCH_TOKEN: token } });
    expect(revoked).toEqual({
      code: 3,
      stdout: '',
      stderr: 'error: Authentication required: sign in with `reelbench login`\n',
    });
    expect(await reelbench(['whoami'])).toMatchObject({ code: 3 });
  });
});

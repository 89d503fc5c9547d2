import { readFileSync } from 'node:fs';
import {
  ASPECT_RATIOS,
  CINEMATIC_TEMPLATES,
  errorBodySchema,
  PACINGS,
  VISUAL_STYLES,
} from '@reelbench/sdk/contract';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { createProgram } from '../src/program.js';
import { Capture, runCli } from './support/run-cli.js';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const STACK_LINE = /^\s+at /m;

/** Every command path below the program, e.g. ['projects', 'create']. */
function commandPaths(command: Command, prefix: string[] = []): string[][] {
  return command.commands.flatMap((sub) => {
    const path = [...prefix, sub.name()];
    return [path, ...commandPaths(sub, path)];
  });
}

function programTree(): Command {
  const capture = new Capture();
  return createProgram({ stdout: capture, stderr: capture, stdin: process.stdin, env: {} }).program;
}

describe('the program', () => {
  it('prints the version of package.json', async () => {
    for (const flag of ['--version', '-V']) {
      const result = await runCli([flag]);
      expect(result).toEqual({ code: 0, stdout: `${manifest.version}\n`, stderr: '' });
    }
  });

  const paths = commandPaths(programTree());

  it('has the commands of the issue', () => {
    const names = paths.map((path) => path.join(' '));
    expect(names).toEqual(
      expect.arrayContaining([
        'register',
        'login',
        'logout',
        'whoami',
        'projects list',
        'projects create',
        'projects show',
        'projects rename',
        'projects delete',
        'series list',
        'series create',
        'series show',
        'series rename',
        'series delete',
        'script push',
        'script pull',
        'script analyze',
        'script validate',
        'assets list',
        'assets create',
        'assets upload',
        'assets generate',
        'first-pass',
        'render',
        'jobs list',
        'jobs watch',
        'jobs cancel',
        'export',
        'import',
        'completion',
      ]),
    );
  });

  it.each([[[]], ...paths.map((path) => [path])])(
    '%j --help shows usage and an example, exit 0',
    async (path) => {
      const result = await runCli([...path, '--help']);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`Usage: reelbench ${path.join(' ')}`.trimEnd());
      expect(result.stdout).toMatch(/Examples:\n {2}\$ .*reelbench /);
      expect(result.stderr).toBe('');
    },
  );

  it.each([
    ['an unknown command', ['projcts'], /unknown command 'projcts'/],
    ['an unknown option', ['projects', 'list', '--colour'], /unknown option '--colour'/],
    ['a missing argument', ['projects', 'show'], /missing required argument 'projectId'/],
    ['an extra argument', ['whoami', 'now'], /too many arguments/],
    ['a missing required option', ['login'], /required option '--email <email>' not specified/],
    [
      'a bad --format',
      ['script', 'analyze', 'x.fountain', '--format', 'pdf'],
      /Allowed choices are fountain, fdx, text/,
    ],
    ['a bad shell', ['completion', 'fish'], /Allowed choices are bash, zsh/],
  ])('%s is a usage error: exit 2, one line on stderr', async (_case, argv, message) => {
    const result = await runCli(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(STACK_LINE);
    expect(result.stdout).toBe('');
  });

  it('a command group without a command shows its help on stderr, exit 2', async () => {
    const result = await runCli(['projects']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: reelbench projects');
  });

  const firstPassChoices: [string, readonly string[]][] = [
    ['--style', VISUAL_STYLES.map((s) => s.value)],
    ['--aspect', ASPECT_RATIOS],
    ['--pacing', PACINGS],
    ['--template', CINEMATIC_TEMPLATES],
  ];

  it.each(firstPassChoices)(
    'first-pass %s with a bad value: exit 2 listing the contract values',
    async (flag, values) => {
      const result = await runCli(['first-pass', 'p1', flag, 'warp']);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        `argument 'warp' is invalid. Allowed choices are ${values.join(', ')}.`,
      );
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    },
  );

  it('with --json a usage error is also the error body on stdout', async () => {
    const result = await runCli(['--json', 'first-pass', 'p1', '--pacing', 'warp']);
    expect(result.code).toBe(2);
    const body = errorBodySchema.parse(JSON.parse(result.stdout));
    expect(body).toMatchObject({ code: 'VALIDATION_ERROR', success: false });
    expect(body.error).toContain("argument 'warp' is invalid");
  });

  it('accepts the global options after the command too', async () => {
    const result = await runCli(['render', 'images', 'p1', '--concurrency', '0', '--json']);
    expect(result.code).toBe(2);
    const body = errorBodySchema.parse(JSON.parse(result.stdout));
    expect(body).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: "--concurrency must be a whole number from 1 to 16, not '0'",
    });
  });
});

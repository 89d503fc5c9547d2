import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACINGS, SCRIPT_FORMATS } from '@reelbench/sdk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';

let bashScript: string;
let scriptFile: string;

beforeAll(async () => {
  bashScript = (await runCli(['completion', 'bash'])).stdout;
  scriptFile = join(mkdtempSync(join(tmpdir(), 'reelbench-completion-')), 'reelbench.bash');
  writeFileSync(scriptFile, bashScript);
});

/** What bash offers after typing `line` and pressing TAB, through the generated script. */
function complete(line: string): string[] {
  const words = line.split(' ');
  const program = [
    `source ${JSON.stringify(scriptFile)}`,
    `COMP_WORDS=(${words.map((word) => `'${word}'`).join(' ')})`,
    `COMP_CWORD=${words.length - 1}`,
    `_reelbench_complete reelbench '${words.at(-1)}' '${words.at(-2)}'`,
    `printf '%s\\n' "\${COMPREPLY[@]}"`,
  ].join('\n');
  const result = spawnSync('bash', ['--norc', '--noprofile', '-c', program], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  return result.stdout.split('\n').filter(Boolean);
}

describe('completion bash', () => {
  it('is a valid bash script that registers the function', () => {
    const syntax = spawnSync('bash', ['-n', scriptFile], { encoding: 'utf8' });
    expect(syntax.status).toBe(0);
    expect(bashScript).toContain('complete -o default -F _reelbench_complete reelbench');
  });

  it('completes the commands', () => {
    expect(complete('reelbench ')).toEqual(
      expect.arrayContaining([
        'register',
        'login',
        'projects',
        'series',
        'script',
        'first-pass',
        'render',
        'jobs',
        'export',
        'completion',
      ]),
    );
    expect(complete('reelbench pro')).toEqual(['projects']);
  });

  it('completes render, jobs, assets generate and export', () => {
    expect(complete('reelbench render ')).toEqual(expect.arrayContaining(['images', 'videos', '--stale']));
    expect(complete('reelbench render images p1 --con')).toEqual(['--concurrency']);
    expect(complete('reelbench render images p1 --no')).toEqual(['--no-color', '--no-wait']);
    expect(complete('reelbench jobs ')).toEqual(expect.arrayContaining(['list', 'watch', 'cancel']));
    expect(complete('reelbench assets gen')).toEqual(['generate']);
    expect(complete('reelbench export ')).toEqual(
      expect.arrayContaining(['edl', 'otio', 'fcpxml', 'pdf', 'mp4']),
    );
    expect(complete('reelbench export edl p1 --frame-rate ')).toEqual(['23.976', '24', '25', '29.97', '30']);
    expect(complete('reelbench import ')).toEqual(expect.arrayContaining(['edl', 'otio']));
  });

  it('completes subcommands and options at any depth', () => {
    expect(complete('reelbench projects ')).toEqual(
      expect.arrayContaining(['list', 'create', 'show', 'rename', 'delete']),
    );
    expect(complete('reelbench projects delete p1 --y')).toEqual(['--yes']);
    expect(complete('reelbench script push p1 --f')).toEqual(['--format', '--force']);
  });

  it('offers the global options after a command', () => {
    expect(complete('reelbench projects list --j')).toEqual(['--json']);
  });

  it("completes an option's values from the contract", () => {
    expect(complete('reelbench first-pass p1 --pacing ')).toEqual([...PACINGS]);
    expect(complete('reelbench first-pass p1 --style doc')).toEqual(['documentary']);
    expect(complete('reelbench script analyze --format ')).toEqual([...SCRIPT_FORMATS]);
    expect(complete('reelbench completion ')).toEqual(expect.arrayContaining(['bash', 'zsh']));
  });

  it('leaves free values (a file, a URL) to the shell', () => {
    expect(complete('reelbench first-pass p1 --script ')).toEqual([]);
    expect(complete('reelbench --server ')).toEqual([]);
  });

  it('skips option values when finding the command', () => {
    expect(complete('reelbench --server http://x projects ')).toEqual(
      expect.arrayContaining(['list', 'create']),
    );
    expect(complete('reelbench first-pass p1 --pacing fast --')).toEqual(
      expect.arrayContaining(['--style', '--notes']),
    );
  });
});

describe('completion zsh', () => {
  it('loads bashcompinit and registers the same function', async () => {
    const zsh = (await runCli(['completion', 'zsh'])).stdout;
    expect(zsh).toContain('autoload -U +X bashcompinit && bashcompinit');
    expect(zsh).toContain(bashScript.slice(bashScript.indexOf('_reelbench_complete()')));
  });

  it('--json wraps the script', async () => {
    const json = JSON.parse((await runCli(['completion', 'bash', '--json'])).stdout) as unknown;
    expect(json).toEqual({ shell: 'bash', script: bashScript });
  });
});

import { describe, expect, it } from 'vitest';
import { formatClock, formatDuration, formatSeconds, formatTimestamp, plural } from '../src/format.js';
import {
  type CommandResult,
  colorEnabled,
  fields,
  Output,
  type OutputMode,
  painter,
  table,
} from '../src/output.js';
import { Capture } from './support/run-cli.js';

const ESCAPE = '\u001b[';

function output(mode: OutputMode, tty = false) {
  const stdout = new Capture(tty);
  const stderr = new Capture(tty);
  const out = new Output({ mode, stdout, stderr, colorOut: tty, colorErr: tty });
  return { out, stdout, stderr };
}

const result: CommandResult = {
  json: { id: 'p1', name: 'Night Shift' },
  text: 'Created project Night Shift (p1)',
  quiet: 'p1',
};

describe('Output', () => {
  it('human mode prints the text, newline-terminated', () => {
    const { out, stdout, stderr } = output('human');
    out.result(result);
    expect(stdout.text).toBe('Created project Night Shift (p1)\n');
    expect(stderr.text).toBe('');
  });

  it('json mode prints exactly one JSON document and nothing else', () => {
    const { out, stdout } = output('json');
    out.progress('working…');
    out.result(result);
    expect(JSON.parse(stdout.text)).toEqual(result.json);
  });

  it('quiet mode prints only the quiet part, and nothing when there is none', () => {
    const quiet = output('quiet');
    quiet.out.progress('working…');
    quiet.out.result(result);
    expect(quiet.stdout.text).toBe('p1\n');
    expect(quiet.stderr.text).toBe('');
    const silent = output('quiet');
    silent.out.result({ json: {}, text: 'Signed out' });
    expect(silent.stdout.text).toBe('');
  });

  it('keeps text that already ends with a newline as it is (a pulled script)', () => {
    const { out, stdout } = output('human');
    out.result({ json: {}, text: 'INT. ROOF - NIGHT\n\nWind.\n' });
    expect(stdout.text).toBe('INT. ROOF - NIGHT\n\nWind.\n');
  });

  it('progress goes to stderr for people only', () => {
    const { out, stdout, stderr } = output('human');
    out.progress('Analyzing script and preparing shots…');
    expect(stdout.text).toBe('');
    expect(stderr.text).toBe('Analyzing script and preparing shots…\n');
  });

  it.each(['human', 'quiet', 'json'] as const)('%s mode prints failures on stderr, one line each', (mode) => {
    const { out, stderr } = output(mode);
    out.result({ ...result, failures: ['a: Project not found', 'b: Project not found'], exitCode: 4 });
    expect(stderr.text).toBe('error: a: Project not found\nerror: b: Project not found\n');
  });

  it('an error is one sentence on stderr, and with --json the error body on stdout', () => {
    const body = {
      success: false as const,
      error: 'Project not found',
      code: 'NOT_FOUND_ERROR' as const,
      statusCode: 404,
    };
    const human = output('human');
    human.out.error('Project not found', body);
    expect(human.stdout.text).toBe('');
    expect(human.stderr.text).toBe('error: Project not found\n');
    const json = output('json');
    json.out.error('Project not found', body);
    expect(JSON.parse(json.stdout.text)).toEqual(body);
    expect(json.stderr.text).toBe('error: Project not found\n');
  });

  it('writes escape codes only when it may colour', () => {
    const plain = output('human', false);
    plain.out.result({ json: {}, text: table(['ID'], [['p1']], plain.out.paint) });
    plain.out.progress('working');
    plain.out.error('bad', { success: false, error: 'bad', code: 'UNKNOWN_ERROR', statusCode: 0 });
    expect(plain.stdout.text + plain.stderr.text).not.toContain(ESCAPE);
    const tty = output('human', true);
    tty.out.result({ json: {}, text: table(['ID'], [['p1']], tty.out.paint) });
    expect(tty.stdout.text).toBe(`${ESCAPE}1mID${ESCAPE}22m\np1\n`);
  });
});

describe('colorEnabled', () => {
  const tty = { isTTY: true, write: () => true };
  const pipe = { write: () => true };

  it('colours a terminal', () => expect(colorEnabled(tty, {}, true)).toBe(true));
  it('never colours a pipe or a file', () => expect(colorEnabled(pipe, {}, true)).toBe(false));
  it('never colours with --no-color', () => expect(colorEnabled(tty, {}, false)).toBe(false));
  it('never colours with NO_COLOR set', () => expect(colorEnabled(tty, { NO_COLOR: '1' }, true)).toBe(false));
  it('ignores an empty NO_COLOR, as no-color.org says', () =>
    expect(colorEnabled(tty, { NO_COLOR: '' }, true)).toBe(true));
});

describe('table and fields', () => {
  const plain = painter(false);

  it('pads every column but the last to its widest cell', () => {
    expect(
      table(
        ['ID', 'NAME', 'SHOTS'],
        [
          ['a', 'Night Shift', '12'],
          ['bbbb', 'X', '3'],
        ],
        plain,
      ),
    ).toBe(['ID    NAME         SHOTS', 'a     Night Shift  12', 'bbbb  X            3'].join('\n'));
  });

  it('aligns the values of a record', () => {
    expect(
      fields(
        [
          ['ID', 'p1'],
          ['Description', '-'],
        ],
        plain,
      ),
    ).toBe('ID           p1\nDescription  -');
  });
});

describe('formats', () => {
  it.each([
    [0, '0:00.0'],
    [2.25, '0:02.3'],
    [75.25, '1:15.3'],
    [599.96, '10:00.0'],
  ])('clock %s → %s', (seconds, text) => expect(formatClock(seconds)).toBe(text));

  it.each([
    [0, '0:00'],
    [55.4, '0:55'],
    [221, '3:41'],
    [3725, '1:02:05'],
  ])('duration %s → %s', (seconds, text) => expect(formatDuration(seconds)).toBe(text));

  it('seconds, timestamps and plurals', () => {
    expect(formatSeconds(2.25)).toBe('2.3s');
    expect(formatSeconds(5)).toBe('5.0s');
    expect(formatTimestamp('2026-11-22T14:05:09.123Z')).toBe('2026-11-22 14:05 UTC');
    expect(plural(1, 'scene')).toBe('1 scene');
    expect(plural(3, 'scene')).toBe('3 scenes');
  });
});

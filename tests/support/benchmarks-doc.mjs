// Every benchmark owns one section of docs/benchmarks.md, between
// `<!-- bench:NAME:start -->` and `<!-- bench:NAME:end -->`, and rewrites only that section.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';

const DOC = new URL('../../docs/benchmarks.md', import.meta.url);
const HEADER = '# Benchmarks\n\nResults of `npm run bench`; each section is rewritten by its benchmark.\n';

/**
 * '' on a machine with a core per runnable process; with a load average above the core count, a
 * parenthesis to follow the figure, saying that other work shared the machine (so times are longer).
 */
export function sharedMachine(load) {
  const cores = cpus().length;
  return load > cores
    ? ` (more than the ${cores} cores: other work shared the machine, and times are longer than on an idle one)`
    : '';
}

/**
 * Replaces the section, or appends it when the doc lacks it, and returns its text. `section` is
 * either its lines between the markers, or its whole text including both markers.
 */
export function writeBenchmarkSection(name, section) {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const text = Array.isArray(section) ? [start, ...section, end].join('\n') : section;
  if (!text.startsWith(start) || !text.trimEnd().endsWith(end)) {
    throw new Error(`the ${name} section must start with ${start} and end with ${end}`);
  }
  const current = existsSync(DOC) ? readFileSync(DOC, 'utf8') : HEADER;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? current.slice(0, from) + text.trimEnd() + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n${text.trimEnd()}\n`;
  writeFileSync(DOC, next);
  return text;
}

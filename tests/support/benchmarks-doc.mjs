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

/** A section's whole text: its lines between the bench:NAME markers, as writeBenchmarkSection takes it. */
export function benchmarkSection(name, lines) {
  return [`<!-- bench:${name}:start -->`, ...lines, `<!-- bench:${name}:end -->`].join('\n');
}

/** Replaces the section (its text includes both markers), or appends it when the doc lacks it. */
export function writeBenchmarkSection(name, section) {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  if (!section.startsWith(start) || !section.trimEnd().endsWith(end)) {
    throw new Error(`the ${name} section must start with ${start} and end with ${end}`);
  }
  const current = existsSync(DOC) ? readFileSync(DOC, 'utf8') : HEADER;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? current.slice(0, from) + section.trimEnd() + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n${section.trimEnd()}\n`;
  writeFileSync(DOC, next);
}

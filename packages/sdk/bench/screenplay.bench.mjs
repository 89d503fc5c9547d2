// The screenplay engine on the generated 120-page screenplay, side by side with fountain-js on the
// same text in one run: parse, analyse, first pass and the whole chain. Imports the BUILT engine
// (run `npx tsc -b` first; `npm run bench -w @reelbench/sdk` does). Rewrites the section between the
// bench:screenplay markers in docs/benchmarks.md.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { analyzeScreenplay, directFirstPass, parseFountain } from '@reelbench/sdk/screenplay';
import fountainJs from 'fountain-js';
import { sharedMachine, writeBenchmarkSection } from '../../../tests/support/benchmarks-doc.mjs';

const PAGES = 120;
const WARMUP = 10;
const RUNS = 40;
const GOAL_FIRST_PASS_MS = 150;
const GENERATOR = fileURLToPath(new URL('../../../../shared/tools/make-screenplay.mjs', import.meta.url));

if (!existsSync(GENERATOR)) {
  console.error(
    `The screenplay generator is missing at ${GENERATOR}: shared/ must sit beside the repository.`,
  );
  process.exit(1);
}
const startLoad = loadavg()[0];
const script = execFileSync(process.execPath, [GENERATOR, '--pages', String(PAGES)], { encoding: 'utf8' });
const realWorld = execFileSync(process.execPath, [GENERATOR, '--pages', String(PAGES), '--real-world'], {
  encoding: 'utf8',
});
const { Fountain, Lexer } = fountainJs;
// REELBENCH_BASELINE_SDK=<a checkout>/packages/sdk/dist/screenplay/index.js measures that build too, in
// the same run: the director before a change, side by side with the director after it.
const baselinePath = process.env.REELBENCH_BASELINE_SDK;
const baseline = baselinePath ? await import(pathToFileURL(baselinePath).href) : null;

const steps = {
  'parseFountain (ours)': () => parseFountain(script),
  'fountain-js Lexer.tokenize (tokens only)': () => Lexer.tokenize(script),
  'fountain-js parse (tokens + HTML, its public API)': () => new Fountain().parse(script, true),
  analyzeScreenplay: (screenplay) => analyzeScreenplay(screenplay),
  'directFirstPass (balanced, auto)': (screenplay) => directFirstPass(screenplay, {}),
  'whole first pass: parse + analyse + direct': () => {
    const screenplay = parseFountain(script);
    analyzeScreenplay(screenplay);
    return directFirstPass(screenplay, {});
  },
  'whole first pass, --real-world script': () => {
    const screenplay = parseFountain(realWorld);
    analyzeScreenplay(screenplay);
    return directFirstPass(screenplay, {});
  },
  ...(baseline
    ? {
        'baseline: whole first pass': () => {
          const screenplay = baseline.parseFountain(script);
          baseline.analyzeScreenplay(screenplay);
          return baseline.directFirstPass(screenplay, {});
        },
        'baseline: whole first pass, --real-world script': () => {
          const screenplay = baseline.parseFountain(realWorld);
          baseline.analyzeScreenplay(screenplay);
          return baseline.directFirstPass(screenplay, {});
        },
      }
    : {}),
};

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * One round runs every step once, in an order that rotates, so no step always runs first. Wall
 * time is the goal's measure; CPU time (all threads, GC included) shows what the step costs when
 * the machine is shared.
 */
function round(names, screenplay, rotation, samples) {
  for (let k = 0; k < names.length; k += 1) {
    const name = names[(k + rotation) % names.length];
    const cpu = process.cpuUsage();
    const start = performance.now();
    steps[name](screenplay);
    const wall = performance.now() - start;
    const used = process.cpuUsage(cpu);
    samples?.[name].wall.push(wall);
    samples?.[name].cpu.push((used.user + used.system) / 1_000);
  }
}

const names = Object.keys(steps);
const screenplay = parseFountain(script);
for (let i = 0; i < WARMUP; i += 1) round(names, screenplay, i);
const samples = Object.fromEntries(names.map((name) => [name, { wall: [], cpu: [] }]));
for (let i = 0; i < RUNS; i += 1) round(names, screenplay, i, samples);
const results = Object.fromEntries(
  names.map((name) => {
    const wall = [...samples[name].wall].sort((a, b) => a - b);
    const cpu = [...samples[name].cpu].sort((a, b) => a - b);
    return [name, { median: percentile(wall, 50), p95: percentile(wall, 95), cpu: percentile(cpu, 50) }];
  }),
);

const analysis = analyzeScreenplay(screenplay);
const shots = directFirstPass(screenplay, {}).shots.length;
const ours = results['parseFountain (ours)'].median;
const tokenizer = results['fountain-js Lexer.tokenize (tokens only)'].median;
const whole = results['whole first pass: parse + analyse + direct'].median;
const ms = (value) => `${value.toFixed(1)} ms`;
const verdict = (ok) => (ok ? 'met' : 'NOT met');

const section = writeBenchmarkSection('screenplay', [
  '## Screenplay engine',
  '',
  `Input: \`make-screenplay.mjs --pages ${PAGES}\` — ${script.split('\n').length} lines, ` +
    `${Math.round(script.length / 1024)} KB, ${screenplay.scenes.length} scenes, ${analysis.characters.length} characters; ` +
    `our page model lays it out on ${analysis.pageCount} pages. The first pass makes ${shots} shots.`,
  `Machine: Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, ` +
    `load average ${startLoad.toFixed(1)} when the run started${sharedMachine(startLoad)}, ${new Date().toISOString().slice(0, 10)}.`,
  `Method: ${WARMUP} warm-up rounds, then ${RUNS} measured rounds; each round runs every step once, in rotating order.`,
  '',
  '| Step | median | p95 | median CPU time |',
  '|---|---:|---:|---:|',
  ...names.map(
    (name) =>
      `| ${name} | ${ms(results[name].median)} | ${ms(results[name].p95)} | ${ms(results[name].cpu)} |`,
  ),
  '',
  ...(baseline
    ? [
        `Baseline rows: the same steps with the build of ${process.env.REELBENCH_BASELINE_LABEL ?? 'another checkout'} (REELBENCH_BASELINE_SDK), measured in this run. On a shared machine the median CPU time is the fairer comparison.`,
        '',
      ]
    : []),
  `Goals: the whole first pass under ${GOAL_FIRST_PASS_MS} ms (median ${ms(whole)}): ${verdict(whole < GOAL_FIRST_PASS_MS)}. ` +
    `Our parse no slower than fountain-js's tokenizer (${(ours / tokenizer).toFixed(2)}× its median): ${verdict(ours <= tokenizer)}.`,
  '',
  'Our parse builds the full model (elements with source lines, dual dialogue, scenes); fountain-js',
  'tokenizes, and its `parse` also renders HTML. Run it with `npm run bench -w @reelbench/sdk`.',
]);

console.log(section);

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The contract's layout (docs/architecture.md, "The contract"): primitives.ts is a leaf, each domain
 * file builds on it (and on the domains it needs), socket.ts and http.ts assemble the domains' tables.
 * No file imports one that imports it back, and no file grows past MAX_LINES.
 */

const CONTRACT_DIR = fileURLToPath(new URL('../../src/contract/', import.meta.url));
const MAX_LINES = 400;
/** `import … from './x.js'`, `import type …`, `export … from './x.js'`, `import './x.js'`. */
const SPECIFIER = /^\s*(?:import|export)\b[^'"]*?(?:\bfrom\s*)?['"]([^'"]+)['"]/gm;

function readContract(): Map<string, string> {
  const files = readdirSync(CONTRACT_DIR).filter((name) => name.endsWith('.ts'));
  return new Map(files.map((name) => [name, readFileSync(CONTRACT_DIR + name, 'utf8')]));
}

/** The specifiers a file imports or re-exports from, in order. */
function importSpecifiers(source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((match) => match[1] ?? '');
}

/** The contract files a file depends on: its relative specifiers, as file names ('./shot.js' → 'shot.ts'). */
function contractImports(source: string): string[] {
  return importSpecifiers(source)
    .filter((specifier) => specifier.startsWith('./'))
    .map((specifier) => specifier.slice(2).replace(/\.js$/, '.ts'));
}

/** Every cycle in the graph, each as the path that closes it: ['a.ts', 'b.ts', 'a.ts']. */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string): void => {
    const open = path.indexOf(node);
    if (open !== -1) {
      cycles.push([...path.slice(open), node]);
      return;
    }
    if (done.has(node)) return;
    path.push(node);
    for (const next of graph.get(node) ?? []) visit(next);
    path.pop();
    done.add(node);
  };
  for (const node of [...graph.keys()].sort()) visit(node);
  return cycles;
}

describe('the contract files', () => {
  const files = readContract();
  const graph = new Map([...files].map(([name, source]) => [name, contractImports(source)]));

  it('import only files that exist', () => {
    const missing = [...graph].flatMap(([name, imports]) =>
      imports.filter((target) => !files.has(target)).map((target) => `${name} → ${target}`),
    );
    expect(missing).toEqual([]);
  });

  it('import each other without a cycle', () => {
    const cycles = findCycles(graph).map((cycle) => cycle.join(' → '));
    if (cycles.length > 0) expect.fail(`Import cycles among the contract files:\n${cycles.join('\n')}`);
  });

  it(`are at most ${MAX_LINES} lines each`, () => {
    const long = [...files]
      .map(([name, source]) => ({ name, lines: source.replace(/\n$/, '').split('\n').length }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ name, lines }) => `${name}: ${lines} lines`);
    expect(long).toEqual([]);
  });

  it('rest on primitives.ts, a leaf that imports no other contract file', () => {
    const primitives = files.get('primitives.ts');
    expect(primitives, 'src/contract/primitives.ts').toBeDefined();
    expect(contractImports(primitives ?? '')).toEqual([]);
    expect(importSpecifiers(primitives ?? '').filter((specifier) => specifier.startsWith('.'))).toEqual([]);
  });
});

describe('findCycles', () => {
  it('reports the path of a cycle and nothing for a tree', () => {
    const cyclic = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
    ]);
    expect(findCycles(cyclic)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
    const tree = new Map([
      ['a.ts', ['b.ts', 'c.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', []],
    ]);
    expect(findCycles(tree)).toEqual([]);
  });

  it('reads type-only imports and re-exports as dependencies', () => {
    const source = [
      "import { z } from 'zod';",
      "import type { Shot } from './shot.js';",
      'import {',
      '  assetSchema,',
      "} from './asset.js';",
      "export type { SocketActionSpec } from './primitives.js';",
      "export * from './jobs.js';",
    ].join('\n');
    expect(importSpecifiers(source)).toEqual([
      'zod',
      './shot.js',
      './asset.js',
      './primitives.js',
      './jobs.js',
    ]);
  });
});

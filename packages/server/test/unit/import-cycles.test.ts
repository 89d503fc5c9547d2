import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's folders form layers: common and config at the bottom, media above them, the domains
 * above those, the app module on top. A folder that imports a folder which (directly or through
 * others) imports it back makes a change go back and forth; this walks every relative import of
 * packages/server/src and fails on any such cycle, naming the imports that close it.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

interface ImportEdge {
  from: string;
  to: string;
  /** The importing file and the specifier, for the message. */
  where: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** Relative import and export-from specifiers, type-only ones included (they tie the code too). */
function relativeImports(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/\b(?:import|export)\s[^;]*?\bfrom\s+['"](\.[^'"]+)['"]/g))
    found.push(match[1] as string);
  for (const match of source.matchAll(/\bimport\s*\(\s*['"](\.[^'"]+)['"]\s*\)/g))
    found.push(match[1] as string);
  for (const match of source.matchAll(/^\s*import\s+['"](\.[^'"]+)['"]/gm)) found.push(match[1] as string);
  return found;
}

/** The top folder under src a file belongs to; files at src's root are the app itself ('(app)'). */
function folderOf(file: string): string {
  const relative = path.relative(SRC, file).split(path.sep);
  return relative.length > 1 ? (relative[0] as string) : '(app)';
}

function importEdges(): { files: string[]; edges: ImportEdge[] } {
  const files = sourceFiles(SRC);
  const edges: ImportEdge[] = [];
  for (const file of files) {
    for (const specifier of relativeImports(readFileSync(file, 'utf8'))) {
      const target = path.resolve(path.dirname(file), specifier).replace(/\.js$/, '.ts');
      edges.push({ from: file, to: target, where: `${path.relative(SRC, file)} → ${specifier}` });
    }
  }
  return { files, edges };
}

/** Strongly connected components of more than one node (Tarjan), each as its sorted members. */
export function cycles(nodes: readonly string[], next: (node: string) => readonly string[]): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of next(node)) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) as number, low.get(to) as number));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node) as number, index.get(to) as number));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}

/**
 * Each cycle: its members, then the shortest loop from each member back to itself (by breadth-first
 * search inside the cycle), each hop with one import that makes it.
 */
function describeCycles(found: string[][], edges: ImportEdge[], key: (file: string) => string): string {
  return found
    .map((members) => {
      const inside = new Set(members);
      const hop = new Map<string, ImportEdge>();
      for (const edge of edges) {
        const from = key(edge.from);
        const to = key(edge.to);
        if (from !== to && inside.has(from) && inside.has(to) && !hop.has(`${from}|${to}`))
          hop.set(`${from}|${to}`, edge);
      }
      const loops = new Set<string>();
      for (const start of members) {
        const came = new Map<string, string>();
        const queue = [start];
        while (queue.length > 0 && !came.has(start)) {
          const at = queue.shift() as string;
          for (const to of members) {
            if (!hop.has(`${at}|${to}`) || came.has(to)) continue;
            came.set(to, at);
            queue.push(to);
          }
        }
        const path: string[] = [];
        let at = start;
        do {
          const from = came.get(at) as string;
          path.unshift(`      ${hop.get(`${from}|${at}`)?.where}`);
          at = from;
        } while (at !== start);
        loops.add(`    ${start}:\n${path.join('\n')}`);
      }
      return `  ${members.join(', ')}\n${[...loops].join('\n')}`;
    })
    .join('\n');
}

function graph(edges: ImportEdge[], key: (file: string) => string): Map<string, Set<string>> {
  const next = new Map<string, Set<string>>();
  for (const edge of edges) {
    const from = key(edge.from);
    const to = key(edge.to);
    if (from === to) continue;
    if (!next.has(from)) next.set(from, new Set());
    next.get(from)?.add(to);
  }
  return next;
}

describe('the server has no import cycle', () => {
  const { files, edges } = importEdges();

  it('finds the imports it checks (a walk that reads nothing would pass anything)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(edges.length).toBeGreaterThan(500);
    expect(edges.some((edge) => folderOf(edge.from) === 'shots' && folderOf(edge.to) === 'common')).toBe(
      true,
    );
  });

  it('among its folders', () => {
    const next = graph(edges, folderOf);
    const found = cycles([...new Set(files.map(folderOf))], (node) => [...(next.get(node) ?? [])]);
    expect(found, `folders that import each other:\n${describeCycles(found, edges, folderOf)}`).toEqual([]);
  });

  it('among its files', () => {
    const key = (file: string) => path.relative(SRC, file);
    const next = graph(edges, key);
    const found = cycles(files.map(key), (node) => [...(next.get(node) ?? [])]);
    expect(found, `files that import each other:\n${describeCycles(found, edges, key)}`).toEqual([]);
  });
});

describe('the cycle finder', () => {
  it('finds a cycle through three nodes and none in a chain', () => {
    const ring: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a'], d: ['a'] };
    expect(cycles(Object.keys(ring), (node) => ring[node] ?? [])).toEqual([['a', 'b', 'c']]);
    const chain: Record<string, string[]> = { a: ['b'], b: ['c'], c: [] };
    expect(cycles(Object.keys(chain), (node) => chain[node] ?? [])).toEqual([]);
  });
});

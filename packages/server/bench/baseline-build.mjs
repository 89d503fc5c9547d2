// The server's code at another git commit, built for a benchmark to run side by side with this
// build: `git archive` of packages/server/src at the ref, each file transpiled (TypeScript's
// transpileModule: no type check) into node_modules/.cache/render-baseline/<commit>/dist, where
// its bare imports (sharp, zod, @reelbench/sdk) resolve to this checkout's packages. Built once per
// commit and kept.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverRoot = path.join(here, '..');
const repoRoot = path.join(serverRoot, '..', '..');

function git(args, options = {}) {
  return execFileSync('git', args, { cwd: repoRoot, ...options });
}

/** The commit a ref names; `main`'s merge base with HEAD when no ref is given (what this branch started from). */
export function baselineCommit(ref) {
  const chosen = ref || git(['merge-base', 'HEAD', 'main'], { encoding: 'utf8' }).trim();
  return git(['rev-parse', '--verify', `${chosen}^{commit}`], { encoding: 'utf8' }).trim();
}

async function* typeScriptFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* typeScriptFiles(full);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) yield full;
  }
}

/** The dist directory of the server at the commit, building it on first use. */
export async function buildBaseline(commit) {
  const out = path.join(serverRoot, 'node_modules', '.cache', 'render-baseline', commit);
  const dist = path.join(out, 'dist');
  if (existsSync(path.join(dist, 'generation', 'index.js'))) return dist;
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'render-baseline-'));
  try {
    const archive = path.join(scratch, 'src.tar');
    git(['archive', '--format=tar', '-o', archive, commit, 'packages/server/src']);
    execFileSync('tar', ['-xf', archive, '-C', scratch]);
    const src = path.join(scratch, 'packages', 'server', 'src');
    const options = {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      isolatedModules: true,
      esModuleInterop: true,
    };
    await rm(dist, { recursive: true, force: true });
    await mkdir(dist, { recursive: true });
    // Under node_modules no package.json of ours is found above: say the files are ES modules.
    await writeFile(path.join(out, 'package.json'), '{ "type": "module" }\n');
    for await (const file of typeScriptFiles(src)) {
      const { outputText } = ts.transpileModule(await readFile(file, 'utf8'), {
        compilerOptions: options,
        fileName: file,
      });
      const target = path.join(dist, path.relative(src, file)).replace(/\.ts$/, '.js');
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, outputText);
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return dist;
}

#!/usr/bin/env node
// The `reelbench` command as npm links it. This file is committed so that `npm ci` on a fresh clone
// can link it (the compiled CLI in dist/ does not exist yet at that moment); it runs the built CLI,
// or says how to build it.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = new URL('../dist/bin.js', import.meta.url);

if (existsSync(fileURLToPath(built))) {
  await import(built.href);
} else {
  process.stderr.write(
    'reelbench: the CLI is not built yet. Run `npm run build` (or `npx tsc -b`) at the root of the ' +
      'Reelbench repository, then try again.\n',
  );
  process.exitCode = 1;
}

// Runs every bench/*.bench.mjs in turn (`npm run bench -w @reelbench/sdk` builds the SDK first).
// Each benchmark rewrites its own section of docs/benchmarks.md. Exits non-zero if any failed.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const benches = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.mjs'))
  .sort();
const failed = [];
for (const name of benches) {
  console.log(`\n> ${name}`);
  const run = spawnSync(process.execPath, [name], { cwd: dir, stdio: 'inherit' });
  if (run.status !== 0) failed.push(name);
}
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}

#!/usr/bin/env node
import { cliVersion } from './version.js';

const argv = process.argv.slice(2);
// `--version` alone answers before commander, the contract and the SDK are loaded (docs/benchmarks.md).
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${cliVersion()}\n`);
} else {
  const { run } = await import('./program.js');
  process.exitCode = await run(argv);
}

#!/usr/bin/env node
import { cliVersion } from './version.js';

// A reader that stops early (`reelbench … | head`) closes the pipe: the rest of the output has nowhere
// to go, which is the reader's choice, not an error. End quietly, as cat and grep do, instead of an
// unhandled EPIPE with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

const argv = process.argv.slice(2);
// `--version` alone answers before commander, the contract and the SDK are loaded (docs/benchmarks.md).
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${cliVersion()}\n`);
} else {
  const { run } = await import('./program.js');
  process.exitCode = await run(argv);
}

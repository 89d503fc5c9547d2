#!/usr/bin/env node
import 'reflect-metadata';
import { ConfigError } from './config/config-error.js';
import { loadConfig } from './load-config.js';

/** `--role api|worker|all` (or `--role=…`) overrides ROLE. */
function roleArgument(args: string[]): string | undefined {
  for (const [index, arg] of args.entries()) {
    if (arg === '--role') return args[index + 1] ?? '';
    if (arg.startsWith('--role=')) return arg.slice('--role='.length);
  }
  return undefined;
}

async function main(): Promise<void> {
  const role = roleArgument(process.argv.slice(2));
  const config = loadConfig(role === undefined ? process.env : { ...process.env, ROLE: role });
  // Loaded after the config is known good, so a bad environment is reported at once.
  const { createApp, listeningLine } = await import('./app.js');
  const server = await createApp(config);
  process.stdout.write(`${listeningLine(server)}\n`);
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  // A bad environment is the operator's to fix: the list of bad variables, no stack trace.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { createReelbench, type Reelbench } from '../../../packages/sdk/dist/index.js';
import { FileTokenStore } from '../../../packages/sdk/dist/node/index.js';
// The built packages, as a user runs them: the server's dist also carries the decorator metadata
// that Nest needs and that this project's esbuild transform would not emit.
import type { ReelbenchServer } from '../../../packages/server/dist/index.js';

type ServerModule = typeof import('../../../packages/server/dist/index.js');

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const CLI_BIN = join(ROOT, 'packages/cli/dist/bin.js');
const SERVER_ENTRY = join(ROOT, 'packages/server/dist/index.js');
/** The screenplay the e2e tests import. */
export const FOUNTAIN = join(ROOT, 'packages/cli/test/fixtures/night-shift.fountain');
/** How every terminal control sequence (CSI) starts. */
export const ESCAPE = '\u001b[';
const STACK_LINE = /^\s+at /m;

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliRunOptions {
  stdin?: string;
  env?: Record<string, string>;
}

function exec(command: string, args: string[], options: CliRunOptions = {}): Promise<CliRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

/** `tsc -b` for the CLI and the server, only when a build output is missing. */
export async function ensureBuilt(): Promise<void> {
  if (existsSync(CLI_BIN) && existsSync(SERVER_ENTRY)) return;
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  const build = await exec(process.execPath, [tsc, '-b', 'packages/server', 'packages/cli']);
  if (build.code !== 0) throw new Error(`build failed:\n${build.stdout}${build.stderr}`);
}

export interface EmbeddedServer {
  url: string;
  close(): Promise<void>;
}

/** The real server in this process on PGlite, in a temporary data dir. */
export async function startServer(): Promise<EmbeddedServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'reelbench-cli-e2e-'));
  const { createApp, loadConfig }: ServerModule = await import(SERVER_ENTRY);
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    REELBENCH_DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
  });
  const server: ReelbenchServer = await createApp(config);
  return {
    url: server.url,
    close: async () => {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `node packages/cli/dist/bin.js …` as a user would, without a terminal. */
export function runBinary(args: string[], options: CliRunOptions = {}): Promise<CliRun> {
  return exec(process.execPath, [CLI_BIN, ...args], options);
}

/** A run against this server with the credentials kept in configDir, and no token from the environment. */
export function sessionEnv(server: EmbeddedServer, configDir: string): Record<string, string> {
  return { REELBENCH_SERVER: server.url, REELBENCH_CONFIG_DIR: configDir, REELBENCH_TOKEN: '' };
}

/** The binary through pipes (no terminal), checked to print no escape code and no stack trace. */
export async function runPiped(args: string[], options: CliRunOptions = {}): Promise<CliRun> {
  const result = await runBinary(args, options);
  expect(result.stdout + result.stderr).not.toContain(ESCAPE);
  expect(result.stderr).not.toMatch(STACK_LINE);
  return result;
}

/** The import specifiers a module loads before it runs (static imports and re-exports). */
export function staticImports(source: string): string[] {
  return [
    ...source.matchAll(
      /^\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm,
    ),
  ].map((match) => match[1] ?? match[2] ?? '');
}

/** A suite's session with the binary (useCliSession): the server and the config dir are set before all. */
export interface CliSession {
  server: EmbeddedServer;
  /** Where the binary keeps its credentials (REELBENCH_CONFIG_DIR). */
  configDir: string;
  /** The token the binary saved in the config dir; throws when there is none. */
  savedToken(): string;
  /** An SDK client signed in with the saved token, closed after all. */
  signIn(options?: { socket?: boolean }): Reelbench;
  /**
   * Registers through the binary with `run` (the suite's way of running it; the password on
   * stdin), expects exit 0, and returns an SDK client with a socket, signed in with the saved token.
   */
  register(
    run: (args: string[], options: CliRunOptions) => Promise<CliRun>,
    email: string,
  ): Promise<Reelbench>;
  /** The binary through pipes, signed in as this session's user (sessionEnv; `options.env` on top). */
  run(args: string[], options?: CliRunOptions): Promise<CliRun>;
  /**
   * Registers `email` through the binary, creates the project `name` and pushes `script` to it as
   * `file` in the config dir, each expected to exit 0: the signed-in SDK client and the project's id.
   */
  projectWithScript(
    email: string,
    name: string,
    file: string,
    script: string,
  ): Promise<{ sdk: Reelbench; projectId: string }>;
}

/**
 * The set-up every session suite shares, as file-level hooks: before all, the CLI and server built,
 * the server started and a config dir `reelbench-cli-<name>-…` made; after all, the SDK clients
 * from `signIn` closed and the server stopped.
 */
export function useCliSession(name: string): CliSession {
  const clients: Reelbench[] = [];
  const session: CliSession = {
    server: undefined as unknown as EmbeddedServer,
    configDir: '',
    savedToken() {
      const token = new FileTokenStore(join(session.configDir, 'credentials.json')).get();
      if (token === null) throw new Error('no saved token');
      return token;
    },
    signIn(options = {}) {
      const sdk = createReelbench({ baseUrl: session.server.url, token: session.savedToken(), ...options });
      clients.push(sdk);
      return sdk;
    },
    async register(run, email) {
      const username = email.slice(0, email.indexOf('@'));
      const args = ['register', '--email', email, '--username', username, '--password-stdin'];
      expect((await run(args, { stdin: 'a long enough password\n' })).code).toBe(0);
      return session.signIn({ socket: true });
    },
    run(args, options = {}) {
      const env = { ...sessionEnv(session.server, session.configDir), ...options.env };
      return runPiped(args, { ...options, env });
    },
    async projectWithScript(email, name, file, script) {
      const sdk = await session.register(session.run, email);
      const created = await session.run(['projects', 'create', name, '--quiet']);
      expect(created.code).toBe(0);
      const projectId = created.stdout.trim();
      const path = join(session.configDir, file);
      await writeFile(path, script);
      expect((await session.run(['script', 'push', projectId, path])).code).toBe(0);
      return { sdk, projectId };
    },
  };
  beforeAll(async () => {
    await ensureBuilt();
    session.server = await startServer();
    session.configDir = await mkdtemp(join(tmpdir(), `reelbench-cli-${name}-`));
  });
  afterAll(async () => {
    for (const sdk of clients) sdk.close();
    await session.server?.close();
  });
  return session;
}

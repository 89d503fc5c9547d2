import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SocketClient } from '@reelbench/sdk';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { BUILT_MAIN, ensureServerBuilt } from '../../packages/server/test/support/built-server.js';
import { watchChild } from '../../packages/server/test/support/child-output.js';
import { type ApiResponse, api as serverApi } from '../../packages/server/test/support/http-body.js';

/**
 * Real server processes (packages/server/dist/main.js, as `npm start` runs it) for the suites that
 * need several of them, and the loopback plumbing around them: a TCP proxy that can be cut, and a
 * round-robin balancer in front of the API nodes.
 */

export { REPO_ROOT as ROOT } from '../../packages/server/test/support/built-server.js';
export { ensureServerBuilt };

const LISTENING = /^Reelbench listening on (http:\/\/127\.0\.0\.1:(\d+)) \(database: (pglite|postgres)\)$/m;
/** A fresh PGlite data dir initialises in ~8 s on the dev machine; leave room for a slow CI. */
const START_TIMEOUT_MS = 90_000;
/** Every node of a test cluster shares it: a token signed on one is good on the others. */
export const CLUSTER_SECRET = 'a signing secret shared by every node of the test cluster';

export const hasServices = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

/** A database of its own on DATABASE_URL's server (the first node migrates it), dropped after. */
export async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.DATABASE_URL;
  if (!admin) throw new Error('DATABASE_URL is not set');
  const name = `reelbench_nodes_${randomBytes(5).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface LogLine {
  level: string;
  msg: string;
  context?: string;
  requestId?: string;
  jobId?: string;
  [field: string]: unknown;
}

export interface Node {
  name: string;
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote, stdout then stderr as they came. */
  output(): string;
  /** The JSON log lines it wrote so far. */
  logs(): LogLine[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends the signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface NodeOptions {
  name: string;
  role?: 'all' | 'api' | 'worker';
  env: Record<string, string>;
  /** Node's own options before the script, e.g. ['--import', preload]. */
  nodeArgs?: string[];
}

/** The test run's environment minus what would point the child at other services. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _db, REDIS_URL: _redis, LOG_LEVEL: _level, ...rest } = process.env;
  return { ...rest, LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0', SIGNING_SECRET: CLUSTER_SECRET, ...env };
}

/** Starts `node dist/main.js --role …` and resolves once it prints its listening line. */
export function startNode(options: NodeOptions): Promise<Node> {
  const args = [
    ...(options.nodeArgs ?? []),
    BUILT_MAIN,
    ...(options.role === undefined ? [] : ['--role', options.role]),
  ];
  const child = spawn(process.execPath, args, {
    env: childEnv(options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { all: output, exited } = watchChild(child);
  const logs = () =>
    output()
      .split('\n')
      .flatMap((line) => {
        if (!line.startsWith('{')) return [];
        try {
          return [JSON.parse(line) as LogLine];
        } catch {
          return [];
        }
      });
  return new Promise((resolveNode, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${options.name}: no start-up line within ${START_TIMEOUT_MS} ms:\n${output()}`));
    }, START_TIMEOUT_MS);
    const onData = () => {
      const match = LISTENING.exec(output());
      if (!match?.[1] || !match[2]) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolveNode({
        name: options.name,
        url: match[1],
        port: Number(match[2]),
        child,
        output,
        logs,
        exited,
        stop: (signal = 'SIGTERM') => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          return exited;
        },
      });
    };
    child.stdout?.on('data', onData);
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`${options.name} exited (${code ?? signal}) before listening:\n${output()}`));
    });
  });
}

/**
 * A loopback TCP proxy: to one target (a database, Redis) or round-robin over several (a load
 * balancer in front of the API nodes, skipping a node that refuses the connection). `cut()` drops
 * every open connection and refuses new ones until `restore()`.
 */
export class TcpProxy {
  readonly #sockets = new Set<net.Socket>();
  #server: net.Server | undefined;
  #cut = false;
  #next = 0;
  port = 0;

  constructor(private readonly targets: () => number[]) {}

  async listen(port = 0): Promise<this> {
    const server = net.createServer((client) => this.#accept(client));
    await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
    this.port = (server.address() as net.AddressInfo).port;
    this.#server = server;
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  cut(): void {
    this.#cut = true;
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
  }

  restore(): void {
    this.#cut = false;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((done) => (this.#server ? this.#server.close(() => done()) : done()));
  }

  #accept(client: net.Socket): void {
    if (this.#cut) {
      client.destroy();
      return;
    }
    this.#sockets.add(client);
    client.on('close', () => this.#sockets.delete(client));
    client.on('error', () => client.destroy());
    client.pause();
    this.#connect(client, this.targets(), 0);
  }

  #connect(client: net.Socket, targets: number[], tried: number): void {
    if (tried >= targets.length || client.destroyed) {
      client.destroy();
      return;
    }
    const port = targets[this.#next++ % targets.length] as number;
    const upstream = net.connect(port, '127.0.0.1');
    let connected = false;
    upstream.on('error', () => {
      // Refused (the node is down): the next target; once piped, the pair closes together.
      if (!connected) this.#connect(client, targets, tried + 1);
      upstream.destroy();
    });
    upstream.once('connect', () => {
      connected = true;
      if (this.#cut || client.destroyed) {
        upstream.destroy();
        return;
      }
      this.#sockets.add(upstream);
      upstream.on('close', () => {
        this.#sockets.delete(upstream);
        client.destroy();
      });
      client.on('close', () => upstream.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
  }
}

/** An HTTP answer (the server suites' ApiResponse): status, JSON body (or text) and headers. */
export type ApiAnswer<T> = ApiResponse<T>;

/** One HTTP call to a node (or the balancer) at `base`, as the server suites make them. */
export function api<T = unknown>(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<ApiAnswer<T>> {
  return serverApi<T>({ url: base }, method, path, options);
}

export interface ClusterUser {
  token: string;
  email: string;
  password: string;
}

export async function newUser(base: string, password = 'correct horse battery'): Promise<ClusterUser> {
  const suffix = randomUUID().slice(0, 8);
  const email = `user-${suffix}@example.com`;
  const answer = await api<{ token: string }>(base, 'POST', '/api/auth/register', {
    body: { email, username: `user_${suffix}`, password },
  });
  if (answer.status !== 201) throw new Error(`register failed: ${JSON.stringify(answer.body)}`);
  return { token: answer.body.token, email, password };
}

export async function newProject(
  base: string,
  user: ClusterUser,
  name = 'Night Shift',
): Promise<{ id: string }> {
  const answer = await api<{ id: string }>(base, 'POST', '/api/projects', {
    token: user.token,
    body: { name },
  });
  if (answer.status !== 201) throw new Error(`create project failed: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The SDK's socket client, as the web app and the CLI use it, connected. */
export async function sdkSocket(url: string, token: string): Promise<SocketClient> {
  const client = new SocketClient({ url, getToken: () => token });
  await client.connect();
  return client;
}

/** A bare socket.io client on the websocket transport, no reconnection, resolved once connected. */
export function rawSocket(url: string, token: string): Promise<Socket> {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    forceNew: true,
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Resolves when `check` holds, polling; rejects with `what` after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** What useCluster sets up for a suite; `database` and `dataDir` are filled in by its beforeAll. */
export interface ClusterSuite {
  /** A database of its own (createDatabase), when asked for. */
  database: Awaited<ReturnType<typeof createDatabase>>;
  /** A fresh data directory, for the nodes' REELBENCH_DATA_DIR. */
  dataDir: string;
  /** startNode, the node killed (SIGKILL) after all. */
  start(options: NodeOptions): Promise<Node>;
  /** The suite's user, once signUp ran. */
  user: ClusterUser;
  /** Registers the suite's user on the node at `url` (newUser). */
  signUp(url: string): Promise<ClusterUser>;
  /** sdkSocket as the suite's user, the socket disconnected after all. */
  connect(url: string): Promise<SocketClient>;
}

/**
 * The set-up every cluster suite shares, as hooks of the calling describe: before all, the server
 * built, a data directory `reelbench-<name>-…` and (with `database`) a database of its own; after
 * all, every socket from `connect` disconnected, every node from `start` killed, the database
 * dropped and the directory removed. The suite's own after-all hooks run before these.
 */
export function useCluster(name: string, options: { database?: boolean } = {}): ClusterSuite {
  const nodes: Node[] = [];
  const sockets: SocketClient[] = [];
  const suite: ClusterSuite = {
    database: undefined as unknown as ClusterSuite['database'],
    dataDir: '',
    async start(nodeOptions) {
      const node = await startNode(nodeOptions);
      nodes.push(node);
      return node;
    },
    user: undefined as unknown as ClusterUser,
    async signUp(url) {
      suite.user = await newUser(url);
      return suite.user;
    },
    async connect(url) {
      const socket = await sdkSocket(url, suite.user.token);
      sockets.push(socket);
      return socket;
    },
  };
  beforeAll(async () => {
    ensureServerBuilt();
    if (options.database) suite.database = await createDatabase();
    suite.dataDir = await mkdtemp(join(tmpdir(), `reelbench-${name}-`));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(nodes.map((node) => node.stop('SIGKILL')));
    await suite.database?.drop();
    if (suite.dataDir) await rm(suite.dataDir, { recursive: true, force: true });
  });
  return suite;
}

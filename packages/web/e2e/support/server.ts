import { spawn } from 'node:child_process';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './shared.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root, seen from packages/web/e2e/support. */
export const REPO_ROOT = path.resolve(here, '../../../..');
export const SERVER_MAIN = path.join(REPO_ROOT, 'packages/server/dist/main.js');
export const WEB_DIST = path.join(REPO_ROOT, 'packages/web/dist/app');
/** Where the global setup tells the workers about the server (an environment variable it sets). */
export const STATE_ENV = 'REELBENCH_E2E_SERVER_STATE';
const LISTENING = 'Reelbench listening on';
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** index.html and every asset it names are present. */
function wholeBuild(dir: string): boolean {
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) return false;
  const assets = [...readFileSync(index, 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)];
  return assets.every((match) => existsSync(path.join(dir, match[1] ?? '')));
}

function assetList(dir: string): string {
  try {
    return readdirSync(path.join(dir, 'assets')).sort().join('\n');
  } catch {
    return '';
  }
}

/**
 * A copy of the built web app for this run: other people rebuild packages/web/dist in the shared
 * tree while the suite runs, and Vite empties the folder first.
 */
async function snapshotWeb(target: string): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    rmSync(target, { recursive: true, force: true });
    if (wholeBuild(WEB_DIST)) {
      const before = assetList(WEB_DIST);
      cpSync(WEB_DIST, target, { recursive: true });
      // Nothing was rebuilt while copying.
      if (wholeBuild(target) && assetList(WEB_DIST) === before && assetList(target) === before) return;
    }
    await sleep(2_000);
  }
  throw new Error(`No complete web build in ${WEB_DIST}: run npm run build -w @reelbench/web`);
}

/** The environment of the server: the embedded defaults (PGlite, in-process queue), a fresh data dir. */
function serverEnv(port: number, dataDir: string, webDist: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) {
    if (['DATABASE_URL', 'REDIS_URL', 'PUBLIC_URL', 'CORS_ORIGINS', 'PORT', 'HOST'].includes(name)) {
      delete env[name];
    }
  }
  return {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    REELBENCH_DATA_DIR: dataDir,
    WEB_DIST: webDist,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  };
}

/** Alive and not a zombie waiting to be reaped. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    return true;
  }
}

interface ServerState {
  port: number;
  root: string;
  pid: number | null;
}

/**
 * The real built server as a process of its own (`node packages/server/dist/main.js`), described by
 * a small state file so that the runner (global setup and teardown) and the test workers (the
 * offline test stops and restarts it) all control the same one: same port, same data dir.
 */
export class ServerProcess {
  private constructor(
    private readonly stateFile: string,
    private state: ServerState,
  ) {}

  /** A free port, a fresh temp folder with the data dir and a snapshot of the web build. */
  static async create(): Promise<ServerProcess> {
    const root = mkdtempSync(path.join(tmpdir(), 'reelbench-e2e-'));
    const server = new ServerProcess(path.join(root, 'server.json'), {
      port: await freePort(),
      root,
      pid: null,
    });
    await snapshotWeb(server.webDist);
    server.save();
    return server;
  }

  /** The server the global setup started, from the file named by STATE_ENV. */
  static attach(stateFile = process.env[STATE_ENV]): ServerProcess {
    if (!stateFile || !existsSync(stateFile)) {
      throw new Error(`No server state (${STATE_ENV}): run the suite with e2e/playwright.config.ts`);
    }
    return new ServerProcess(stateFile, JSON.parse(readFileSync(stateFile, 'utf8')) as ServerState);
  }

  get file(): string {
    return this.stateFile;
  }

  get port(): number {
    return this.state.port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.state.port}`;
  }

  get dataDir(): string {
    return path.join(this.state.root, 'data');
  }

  get webDist(): string {
    return path.join(this.state.root, 'web');
  }

  private get logFile(): string {
    return path.join(this.state.root, 'server.log');
  }

  private save(): void {
    writeFileSync(this.stateFile, JSON.stringify(this.state));
  }

  private reload(): void {
    this.state = JSON.parse(readFileSync(this.stateFile, 'utf8')) as ServerState;
  }

  get running(): boolean {
    this.reload();
    return this.state.pid !== null && alive(this.state.pid);
  }

  /** The end of the server's output, for a failure message. */
  log(): string {
    try {
      return readFileSync(this.logFile, 'utf8').split('\n').slice(-40).join('\n');
    } catch {
      return '';
    }
  }

  /** Where the server's output ends now: `logSince(mark)` reads what it writes after. */
  logMark(): number {
    return existsSync(this.logFile) ? statSync(this.logFile).size : 0;
  }

  /** The server's output since `mark` (a test's warnings and errors, for its failure report). */
  logSince(mark: number): string {
    try {
      return readFileSync(this.logFile).subarray(mark).toString('utf8');
    } catch {
      return '';
    }
  }

  /** Starts the server (unless it runs) and waits for its "Reelbench listening on" line. */
  async start(): Promise<void> {
    if (this.running) return;
    const offset = existsSync(this.logFile) ? statSync(this.logFile).size : 0;
    const out = openSync(this.logFile, 'a');
    const child = spawn(process.execPath, [SERVER_MAIN], {
      cwd: REPO_ROOT,
      env: serverEnv(this.state.port, this.dataDir, this.webDist),
      stdio: ['ignore', out, out],
      // In the runner's process group, so Ctrl+C stops it too; it outlives a worker that started it
      // (the offline test's restart), and the global teardown ends it by its pid.
      detached: false,
    });
    closeSync(out);
    child.unref();
    const pid = child.pid;
    if (pid === undefined) throw new Error('The server could not be started');
    this.state = { ...this.state, pid };
    this.save();
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      const output = readFileSync(this.logFile, 'utf8').slice(offset);
      if (output.includes(LISTENING)) return;
      if (!alive(pid)) throw new Error(`The server exited during start-up:\n${output.slice(-4_000)}`);
      await sleep(100);
    }
    throw new Error(`The server did not start within ${START_TIMEOUT_MS} ms:\n${this.log()}`);
  }

  /** SIGTERM (a clean shutdown, which releases the port), SIGKILL if it hangs; waits for the end. */
  async stop(): Promise<void> {
    this.reload();
    const pid = this.state.pid;
    if (pid !== null && alive(pid)) {
      process.kill(pid, 'SIGTERM');
      const deadline = Date.now() + STOP_TIMEOUT_MS;
      while (alive(pid) && Date.now() < deadline) await sleep(50);
      if (alive(pid)) process.kill(pid, 'SIGKILL');
      while (alive(pid)) await sleep(50);
    }
    this.state = { ...this.state, pid: null };
    this.save();
  }

  /** Stops the server and removes its data dir and web copy. */
  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.state.root, { recursive: true, force: true });
  }
}

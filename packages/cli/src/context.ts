import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Reelbench } from '@reelbench/sdk';
import { DEFAULT_DEV_PORT } from '@reelbench/sdk/contract';
import { DEFAULT_CREDENTIALS_PATH, FileTokenStore } from '@reelbench/sdk/node';
import { UsageError } from './errors.js';
import { type CommandResult, colorEnabled, type Env, Output, type OutStream } from './output.js';

export interface CliIO {
  stdout: OutStream;
  stderr: OutStream;
  stdin: Readable & { isTTY?: boolean };
  env: Env;
  /**
   * Runs `handler` on Ctrl+C (SIGINT) instead of exiting, until the returned function is called.
   * Absent where there is no process to interrupt (in-process tests).
   */
  onInterrupt?: (handler: () => void) => () => void;
}

function onSigint(handler: () => void): () => void {
  process.on('SIGINT', handler);
  return () => {
    process.off('SIGINT', handler);
  };
}

export function processIO(): CliIO {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    onInterrupt: onSigint,
  };
}

/** The program-level options, valid before or after any command. */
export interface GlobalFlags {
  server?: string;
  token?: string;
  json?: boolean;
  quiet?: boolean;
  color: boolean;
}

export const DEFAULT_SERVER = `http://localhost:${DEFAULT_DEV_PORT}`;

export interface ClientOptions {
  /** Also open the socket (the first pass runs over it); HTTP only otherwise. */
  socket?: boolean;
  /** Sign-in commands: the token always goes to the credentials file, whatever --token says. */
  persist?: boolean;
}

/** What every command needs: the parsed global flags, the output, the credentials and the SDK client. */
export class CliContext {
  readonly io: CliIO;
  readonly #flags: () => GlobalFlags;
  readonly #clients: Reelbench[] = [];
  /** What the process exits with once the command has run. */
  exitCode = 0;

  constructor(io: CliIO, flags: () => GlobalFlags) {
    this.io = io;
    this.#flags = flags;
  }

  get flags(): GlobalFlags {
    return this.#flags();
  }

  get out(): Output {
    const { json, quiet, color } = this.flags;
    const { stdout, stderr, env } = this.io;
    return new Output({
      mode: json ? 'json' : quiet ? 'quiet' : 'human',
      stdout,
      stderr,
      colorOut: colorEnabled(stdout, env, color),
      colorErr: colorEnabled(stderr, env, color),
    });
  }

  /** Prints a command's result for the output mode and keeps its exit code. */
  emit(result: CommandResult): void {
    this.out.result(result);
    this.exitCode = result.exitCode ?? 0;
  }

  /** The saved login: REELBENCH_CONFIG_DIR/credentials.json, else ~/.config/reelbench/credentials.json. */
  get credentials(): FileTokenStore {
    const dir = this.io.env.REELBENCH_CONFIG_DIR;
    return new FileTokenStore(dir ? join(dir, 'credentials.json') : DEFAULT_CREDENTIALS_PATH);
  }

  /** --server, else REELBENCH_SERVER, else the server of the saved login, else localhost:3002. */
  get serverUrl(): string {
    return this.flags.server ?? this.io.env.REELBENCH_SERVER ?? this.#savedServer() ?? DEFAULT_SERVER;
  }

  /** --token, else REELBENCH_TOKEN; undefined means the saved login. */
  get explicitToken(): string | undefined {
    return this.flags.token ?? (this.io.env.REELBENCH_TOKEN || undefined);
  }

  /** The SDK, loaded on first use so that --help and --version never pay for it. */
  async client(options: ClientOptions = {}): Promise<Reelbench> {
    const baseUrl = this.serverUrl;
    if (!/^https?:$/.test(URL.parse(baseUrl)?.protocol ?? '')) {
      throw new UsageError(`The server URL '${baseUrl}' is not an http:// or https:// URL`);
    }
    const { createReelbench, MemoryTokenStore } = await import('@reelbench/sdk');
    const token = options.persist ? undefined : this.explicitToken;
    const tokenStore = token === undefined ? this.credentials : new MemoryTokenStore(token);
    const client = createReelbench({ baseUrl, tokenStore, socket: options.socket === true });
    this.#clients.push(client);
    return client;
  }

  close(): void {
    for (const client of this.#clients.splice(0)) client.close();
  }

  #savedServer(): string | undefined {
    try {
      return this.credentials.getServer() ?? undefined;
    } catch {
      // A broken credentials file is reported when the token is read, with its path.
      return undefined;
    }
  }
}

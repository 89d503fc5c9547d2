import type { LoggerService } from '@nestjs/common';
import type { LogLevel } from '../config/config.js';
import { currentLogContext } from './log-context.js';
import { redact } from './redact.js';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'verbose';

const RANK: Record<Level, number> = { fatal: 0, error: 1, warn: 2, info: 3, debug: 4, verbose: 5 };

/** Nest's start-up chatter (every module and route it wires); start-up prints one line of its own instead. */
const BOOTSTRAP_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'WebSocketsController',
  'NestApplication',
]);

export interface LogLine {
  time: string;
  level: Level;
  msg: string;
  context?: string;
  requestId?: string;
  jobId?: string;
  stack?: string;
  [field: string]: unknown;
}

export type LogSink = (line: string, level: Level) => void;

/** Errors and warnings to stderr, the rest to stdout; one JSON object per line. */
const processSink: LogSink = (line, level) =>
  (RANK[level] <= RANK.warn ? process.stderr : process.stdout).write(`${line}\n`);

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return value.message;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Structured logs (docs/deploy.md): one JSON line per event with time, level, msg, the Nest context
 * and the correlation ids of the request or job being served; every string is redacted first.
 */
export class AppLogger implements LoggerService {
  private readonly max: number;

  constructor(
    level: LogLevel,
    private readonly sink: LogSink = processSink,
  ) {
    this.max = RANK[level];
  }

  /** Writes one line; `fields` are added as they are (after redaction of their strings). */
  write(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
    if (RANK[level] > this.max) return;
    const line: LogLine = { time: new Date().toISOString(), level, msg, ...currentLogContext(), ...fields };
    // Each string before encoding, so the patterns see the text and not its JSON escapes.
    this.sink(
      JSON.stringify(line, (_key, value: unknown) => (typeof value === 'string' ? redact(value) : value)),
      level,
    );
  }

  log(message: unknown, ...params: unknown[]): void {
    this.emit('info', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.emit('error', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.emit('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.emit('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.emit('verbose', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.emit('fatal', message, params);
  }

  /** Nest's calls: (message, ...extra, context) where an error's extra is its stack or the Error. */
  private emit(level: Level, message: unknown, params: unknown[]): void {
    const last = params.at(-1);
    const context = params.length > 0 && typeof last === 'string' ? last : undefined;
    if (level === 'info' && context !== undefined && BOOTSTRAP_CONTEXTS.has(context)) return;
    const extra = context === undefined ? params : params.slice(0, -1);
    const stacks = [message, ...extra].flatMap((value) =>
      value instanceof Error && value.stack
        ? [value.stack]
        : typeof value === 'string' && value !== message
          ? [value]
          : [],
    );
    const details = extra.filter((value) => value instanceof Error).map((value) => (value as Error).message);
    const msg = [text(message), ...details].join(': ');
    this.write(level, msg, {
      ...(context === undefined ? {} : { context }),
      ...(stacks.length > 0 ? { stack: stacks.join('\n') } : {}),
    });
  }
}

import type { CliContext } from '../context.js';
import { colorEnabled } from '../output.js';
import type { JobViewState } from './job-state.js';
import { PlainPrinter } from './plain-printer.js';

/** Where a followed job shows itself: the Ink view, plain lines, or nothing (--json, --quiet). */
export interface JobDisplay {
  show(state: JobViewState): void;
  /** Ends the display; the Ink view leaves its last frame on the screen. */
  stop(): Promise<void>;
}

const silent: JobDisplay = {
  show() {},
  async stop() {},
};

function plainDisplay(printer: PlainPrinter): JobDisplay {
  return {
    show: (state) => printer.show(state),
    async stop() {},
  };
}

/** The Ink view on a terminal; it is imported here, on first use, so that --version never loads it. */
async function inkDisplay(ctx: CliContext, state: JobViewState): Promise<JobDisplay> {
  const { mountInkView } = await import('./ink-view.js');
  const { stdout, stdin, env } = ctx.io;
  return mountInkView(
    stdout as NodeJS.WriteStream,
    stdin as NodeJS.ReadStream,
    state,
    colorEnabled(stdout, env, ctx.flags.color),
  );
}

export type DisplayKind = 'ink' | 'plain' | 'silent';

/** The Ink view only for a person at a terminal: stdout a TTY and neither --json nor --quiet. */
export function displayKind(ctx: CliContext): DisplayKind {
  const { mode } = ctx.out;
  if (mode !== 'human') return 'silent';
  return ctx.io.stdout.isTTY === true ? 'ink' : 'plain';
}

/**
 * The server answers file urls relative to itself (/api/files/…); a person reading them needs the
 * whole address. --json keeps the contract's values.
 */
export function withAbsoluteUrls(state: JobViewState, serverUrl: string): JobViewState {
  if (!state.rows.some((row) => row.url?.startsWith('/'))) return state;
  const absolute = (url: string) => URL.parse(url, serverUrl)?.href ?? url;
  return {
    ...state,
    rows: state.rows.map((row) => (row.url === undefined ? row : { ...row, url: absolute(row.url) })),
  };
}

export async function openDisplay(ctx: CliContext, state: JobViewState): Promise<JobDisplay> {
  const kind = displayKind(ctx);
  const { serverUrl } = ctx;
  const shown = (next: JobViewState) => withAbsoluteUrls(next, serverUrl);
  const display =
    kind === 'ink'
      ? await inkDisplay(ctx, shown(state))
      : kind === 'plain'
        ? plainDisplay(new PlainPrinter(ctx.io.stdout))
        : silent;
  if (kind === 'plain') display.show(shown(state));
  return { show: (next) => display.show(shown(next)), stop: () => display.stop() };
}

import type { DeletedReply, ErrorBody } from '@reelbench/sdk/contract';
import type { CliContext } from './context.js';
import { describeFailure, EXIT_CODES, UsageError } from './errors.js';
import { confirm, isInteractive } from './input.js';
import type { CommandResult } from './output.js';

/** The --json document of a delete: what went, and why the rest did not. */
export interface DeleteReport {
  deleted: DeletedReply[];
  failed: (ErrorBody & { id: string })[];
}

export interface DeleteOptions {
  yes?: boolean;
}

async function confirmed(
  ctx: CliContext,
  noun: string,
  ids: string[],
  options: DeleteOptions,
): Promise<boolean> {
  if (options.yes) return true;
  if (!isInteractive(ctx.io)) {
    throw new UsageError('Deleting needs --yes when there is no terminal to confirm on');
  }
  return confirm(ctx.io, `Delete ${noun} ${ids.join(', ')}?`);
}

/**
 * Deletes each id in turn. Exit 0 when all went, 4 (partial) when some did, and the first failure's
 * own code (1 not found, 3 refused, …) when none did.
 */
export async function deleteEach(
  ctx: CliContext,
  noun: string,
  ids: string[],
  options: DeleteOptions,
  remove: (id: string) => Promise<DeletedReply>,
): Promise<CommandResult> {
  const report: DeleteReport = { deleted: [], failed: [] };
  if (!(await confirmed(ctx, noun, ids, options))) {
    return { json: report, text: 'Nothing deleted', exitCode: EXIT_CODES.failure };
  }
  const failures: string[] = [];
  let firstExit: number | undefined;
  for (const id of ids) {
    try {
      report.deleted.push(await remove(id));
    } catch (error) {
      const failure = describeFailure(error, ctx.serverUrl);
      report.failed.push({ ...failure.body, id });
      failures.push(`${id}: ${failure.sentence}`);
      firstExit ??= failure.exitCode;
    }
  }
  const exitCode =
    firstExit === undefined ? EXIT_CODES.ok : report.deleted.length > 0 ? EXIT_CODES.partial : firstExit;
  return {
    json: report,
    text: report.deleted.map(({ id }) => `Deleted ${noun} ${id}`).join('\n'),
    quiet: report.deleted.map(({ id }) => id).join('\n'),
    failures,
    exitCode,
  };
}

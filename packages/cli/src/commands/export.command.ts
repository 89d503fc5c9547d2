import { readShotListCsv, shotListCsv } from '@reelbench/sdk';
import {
  type Cut,
  type CutImportResultReply,
  type EditorialFormat,
  type EditorialFrameRate,
  formatMessage,
  idSchema,
  ReelbenchError,
  type Shot,
} from '@reelbench/sdk/contract';
import { compareCuts } from '@reelbench/sdk/editorial';
import { Argument, type Command, Option } from 'commander';
import type { CliContext } from '../context.js';
import { EXIT_CODES, UsageError } from '../errors.js';
import { withExamples } from '../help.js';
import { readTextFile, writeBinaryFile, writeTextFile } from '../input.js';
import { untilJobEnds } from '../live/watch-job.js';
import type { CommandResult } from '../output.js';

export const EXPORT_FORMATS = ['edl', 'otio', 'fcpxml', 'pdf', 'mp4', 'package', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EDITORIAL_EXPORTS = ['edl', 'otio', 'fcpxml'] as const;
export const IMPORT_FORMATS = ['edl', 'otio', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const EXPORT_FPS = ['23.976', '24', '25', '29.97', '30'] as const;

/** How often `export mp4` asks how the rough cut job is doing. */
const ROUGH_CUT_POLL_MS = 500;
export const STORYBOARD_LAYOUTS = ['contact', 'pages'] as const;
export type StoryboardLayoutOption = (typeof STORYBOARD_LAYOUTS)[number];

interface ExportOptions {
  out?: string;
  /** The older spelling of --out. */
  output?: string;
  frameRate?: string;
  /** The older spelling of --frame-rate. */
  fps?: string;
  dropFrame?: boolean;
  cut?: string;
  layout?: StoryboardLayoutOption;
  burnIn?: boolean;
}

interface ImportOptions {
  cut?: string;
  frameRate?: string;
  dryRun?: boolean;
}

function checkCutId(cut: string | undefined): void {
  if (cut !== undefined && !idSchema.safeParse(cut).success) {
    throw new UsageError(`--cut takes a cut id, and '${cut}' is not one`);
  }
}

function isEditorial(format: ExportFormat): format is EditorialFormat {
  return (EDITORIAL_EXPORTS as readonly string[]).includes(format);
}

/**
 * edl, otio, fcpxml, pdf: the given cut, or a new cut of the current timeline, written to a file (by
 * default the name the server gives it) or to stdout with `--out -`. pdf is the storyboard, a
 * contact sheet or one shot a page (--layout). mp4: the rough cut rendered by a job (exportRoughCut).
 */
async function exportProject(
  ctx: CliContext,
  format: ExportFormat,
  projectId: string,
  options: ExportOptions,
): Promise<CommandResult | undefined> {
  checkCutId(options.cut);
  if (options.layout !== undefined && format !== 'pdf') {
    throw new UsageError(`--layout is for pdf, not ${format}`);
  }
  // mp4 follows its job over the socket.
  const client = await ctx.client(format === 'mp4' ? { socket: true } : {});
  if (format === 'csv') return exportShotList(ctx, client, projectId, options);
  // Without --frame-rate a cut is written at its own rate (an unedited round trip is a no-op).
  const stated = options.frameRate ?? options.fps;
  const frameRate = stated === undefined ? undefined : (Number(stated) as EditorialFrameRate);
  if (format === 'mp4') return exportRoughCut(ctx, client, projectId, frameRate ?? 24, options);
  // Drop frame is a 29.97 timecode: say the rate with it (the CLI does not know a saved cut's rate).
  if (options.dropFrame === true && frameRate !== 29.97) {
    throw new UsageError(
      frameRate === undefined
        ? '--drop-frame needs --frame-rate 29.97'
        : `--drop-frame needs --frame-rate 29.97, not ${frameRate}`,
    );
  }
  const cutId =
    options.cut ?? (await client.cuts.create(projectId, frameRate === undefined ? {} : { frameRate })).id;
  if (format === 'package') return exportPackage(ctx, projectId, cutId, options);
  if (!isEditorial(format)) return exportStoryboard(ctx, projectId, cutId, options);
  const file = await client.cuts.export(projectId, cutId, format, {
    ...(frameRate === undefined ? {} : { frameRate }),
    ...(options.dropFrame === undefined ? {} : { dropFrame: options.dropFrame }),
  });
  const out = options.out ?? options.output ?? file.filename;
  const bytes = Buffer.byteLength(file.text, 'utf8');
  if (out === '-') {
    ctx.io.stdout.write(file.text);
    return undefined;
  }
  await writeTextFile(out, file.text);
  return {
    json: { cutId, filename: out, bytes },
    text: `Wrote ${ctx.out.paint('bold', out)} (${bytes} bytes, ${format.toUpperCase()} of cut ${cutId})`,
    quiet: out,
  };
}

/** The shot list as CSV (the assistant director's document): no cut is made; to a file or stdout. */
async function exportShotList(
  ctx: CliContext,
  client: Client,
  projectId: string,
  options: ExportOptions,
): Promise<CommandResult | undefined> {
  const shots: Shot[] = [];
  for (;;) {
    const page = await client.shots.list(projectId, { limit: 500, offset: shots.length });
    shots.push(...page.shots);
    if (page.shots.length === 0 || shots.length >= page.total) break;
  }
  const assets = await client.assets.listByProject(projectId);
  const text = shotListCsv(shots, assets);
  const project = await client.projects.get(projectId);
  const stem = project.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'project';
  const out = options.out ?? options.output ?? `${stem}-shot-list.csv`;
  if (out === '-') {
    ctx.io.stdout.write(text);
    return undefined;
  }
  await writeTextFile(out, text);
  return {
    json: { filename: out, shots: shots.length, bytes: Buffer.byteLength(text, 'utf8') },
    text: `Wrote ${ctx.out.paint('bold', out)} (the shot list: ${shots.length} shots, CSV)`,
    quiet: out,
  };
}

/** Bytes to the file `out`, or to stdout for '-' (then undefined: nothing else is printed). */
async function writeBytes(ctx: CliContext, out: string, bytes: Uint8Array): Promise<string | undefined> {
  if (out === '-') {
    ctx.io.stdout.write(bytes);
    return undefined;
  }
  await writeBinaryFile(out, bytes);
  return out;
}

/**
 * The hand-off package of a cut: one zip with the EDL, OTIO and FCPXML pointing at the media inside
 * it, the shot media, the soundtrack and a README (docs/editorial.md), to a file or stdout.
 */
async function exportPackage(
  ctx: CliContext,
  projectId: string,
  cutId: string,
  options: ExportOptions,
): Promise<CommandResult | undefined> {
  const file = await (await ctx.client()).cuts.package(projectId, cutId);
  const out = await writeBytes(ctx, options.out ?? options.output ?? file.filename, file.bytes);
  if (out === undefined) return undefined;
  const bytes = file.bytes.length;
  return {
    json: { cutId, filename: out, bytes },
    text: `Wrote ${ctx.out.paint('bold', out)} (${bytes} bytes, hand-off package of cut ${cutId}: unzip it and open the EDL, OTIO or FCPXML inside)`,
    quiet: out,
  };
}

/** The storyboard PDF of a cut, to a file or (with `--out -`) to stdout as bytes. */
async function exportStoryboard(
  ctx: CliContext,
  projectId: string,
  cutId: string,
  options: ExportOptions,
): Promise<CommandResult | undefined> {
  const layout = options.layout ?? 'contact';
  const file = await (await ctx.client()).cuts.storyboardPdf(projectId, cutId, { layout });
  const out = await writeBytes(ctx, options.out ?? options.output ?? file.filename, file.bytes);
  if (out === undefined) return undefined;
  const bytes = file.bytes.length;
  const sheet = layout === 'contact' ? 'contact sheet' : 'one shot a page';
  return {
    json: { cutId, filename: out, bytes, layout },
    text: `Wrote ${ctx.out.paint('bold', out)} (${bytes} bytes, storyboard PDF of cut ${cutId}, ${sheet})`,
    quiet: out,
  };
}

type Client = Awaited<ReturnType<CliContext['client']>>;

/**
 * mp4: the rough cut of the given cut (or of a new cut of the timeline) rendered by a job on the
 * server, followed until it ends (progress on stderr for people), then downloaded to a file.
 */
async function exportRoughCut(
  ctx: CliContext,
  client: Client,
  projectId: string,
  frameRate: EditorialFrameRate,
  options: ExportOptions,
): Promise<CommandResult | undefined> {
  if ((options.out ?? options.output) === '-')
    throw new UsageError('mp4 is written to a file: --out FILE, not -');
  const cutId = options.cut ?? (await client.cuts.create(projectId, { frameRate })).id;
  const accepted = await client.cuts.renderRoughCut(projectId, cutId, { burnIn: options.burnIn === true });
  const jobId = accepted.job.id;
  await untilJobEnds(ctx, client, jobId, projectId, 'Rendering the rough cut', ROUGH_CUT_POLL_MS);
  const rough = await client.cuts.roughCut(projectId, cutId);
  if (rough === null) throw new ReelbenchError({ code: 'NOT_FOUND_ERROR', message: 'Rough cut not found' });
  const response = await fetch(new URL(rough.url, `${client.http.baseUrl}/`));
  if (!response.ok) {
    throw new ReelbenchError({
      code: 'API_ERROR',
      message: formatMessage.apiError(response.status, response.statusText),
    });
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  const out = options.out ?? options.output ?? rough.filename;
  await writeBinaryFile(out, bytes);
  const notes = rough.notes.length > 0 ? `; ${rough.notes.join('; ')}` : '';
  return {
    json: { cutId, jobId, filename: out, bytes: bytes.byteLength, roughCut: rough },
    text: `Wrote ${ctx.out.paint('bold', out)} (${bytes.byteLength} bytes, rough cut of cut ${cutId}: ${rough.durationSeconds.toFixed(2)} s, ${rough.width}x${rough.height}${rough.hasSoundtrack ? ', with the soundtrack' : ''}${notes})`,
    quiet: out,
  };
}

function where(entry: { line?: number; path?: string }): string {
  if (entry.line !== undefined) return `line ${entry.line}`;
  return entry.path ?? '-';
}

function importReport(result: CutImportResultReply): string[] {
  return [
    ...result.unmatched.map(
      (clip) => `  unmatched  ${where(clip)}  ${clip.clipName ?? clip.shotId ?? '?'}: ${clip.reason}`,
    ),
    ...result.removed.map(
      (event) => `  removed    ${event.clipName} (shot ${event.shotId}, take ${event.take})`,
    ),
    ...result.notes.map((note) => `  note       ${where(note)}  ${note.message}`),
  ];
}

/**
 * `import --dry-run`: what applying the file would do, nothing saved: the shots that move, change
 * length or leave the cut, what did not match, and every note with its line.
 */
function previewReport(
  ctx: CliContext,
  path: string,
  source: Cut,
  result: CutImportResultReply,
): CommandResult {
  const comparison = compareCuts(source, result.cut);
  const moved = comparison.events.filter((event) => event.status === 'kept' && event.moved);
  const resized = comparison.events.filter((event) => event.status === 'kept' && event.durationDelta !== 0);
  const lines = [
    `Dry run of ${path} on ${ctx.out.paint('bold', source.name)} v${source.version}: nothing was saved.`,
    `${moved.length} moved, ${resized.length} change length, ${result.removed.length} removed, ${result.unmatched.length} unmatched, ${result.notes.length} notes`,
    ...moved.map(
      (event) =>
        `  moved      ${event.clipName}: ${(event.before?.index ?? 0) + 1} → ${(event.after?.index ?? 0) + 1}`,
    ),
    ...resized.map(
      (event) =>
        `  length     ${event.clipName}: ${event.before?.duration ?? 0} → ${event.after?.duration ?? 0} frames`,
    ),
    ...importReport(result),
  ];
  return {
    json: {
      dryRun: true,
      cutId: source.id,
      moved: moved.map((event) => event.shotId),
      resized: resized.map((event) => ({
        shotId: event.shotId,
        before: event.before?.duration,
        after: event.after?.duration,
      })),
      removed: result.removed.map((event) => event.shotId),
      unmatched: result.unmatched,
      notes: result.notes,
    },
    text: lines.join('\n'),
    quiet: String(moved.length + resized.length + result.removed.length),
  };
}

/**
 * `import csv`: a shot list edited in a spreadsheet (the file `export csv` wrote): the names,
 * framings and durations it changed, matched by shot id; `--dry-run` lists them and saves nothing.
 */
async function importShotList(
  ctx: CliContext,
  projectId: string,
  path: string,
  options: ImportOptions,
): Promise<CommandResult> {
  if (options.frameRate !== undefined) throw new UsageError('--frame-rate is for edl and otio, not csv');
  const text = await readTextFile(path);
  const client = await ctx.client();
  const shots: Shot[] = [];
  for (;;) {
    const page = await client.shots.list(projectId, { limit: 500, offset: shots.length });
    shots.push(...page.shots);
    if (page.shots.length === 0 || shots.length >= page.total) break;
  }
  const { changes, skipped } = readShotListCsv(text, shots);
  if (!options.dryRun) {
    for (const change of changes) {
      await client.shots.update(change.shotId, {
        ...(change.name ? { name: change.name.to } : {}),
        ...(change.framing ? { framing: change.framing.to } : {}),
        ...(change.duration ? { duration: change.duration.to } : {}),
      });
    }
  }
  const lines = [
    options.dryRun
      ? `Dry run of ${path}: ${changes.length} shots would change, ${skipped.length} rows skipped; nothing was saved.`
      : `Imported ${path}: ${changes.length} shots changed, ${skipped.length} rows skipped`,
    ...changes.flatMap((change) => [
      ...(change.name ? [`  name       line ${change.line}  ${change.name.from} → ${change.name.to}`] : []),
      ...(change.framing
        ? [`  framing    line ${change.line}  ${change.framing.from ?? '—'} → ${change.framing.to}`]
        : []),
      ...(change.duration
        ? [`  duration   line ${change.line}  ${change.duration.from} s → ${change.duration.to} s`]
        : []),
    ]),
    ...skipped.map((row) => `  skipped    line ${row.line}  ${row.reason}`),
  ];
  return {
    json: { dryRun: options.dryRun === true, changes, skipped },
    text: lines.join('\n'),
    quiet: String(changes.length),
    ...(skipped.length > 0
      ? {
          failures: [
            `${skipped.length} row${skipped.length === 1 ? '' : 's'} of ${path} could not be applied`,
          ],
          exitCode: EXIT_CODES.partial,
        }
      : {}),
  };
}

/** An edited EDL or OTIO: a new version of the cut, applied to the project's shot order and durations. */
async function importCutFile(
  ctx: CliContext,
  format: Exclude<ImportFormat, 'csv'>,
  projectId: string,
  path: string,
  options: ImportOptions,
): Promise<CommandResult> {
  if (options.cut === undefined)
    throw new UsageError(`import ${format} needs --cut <cutId>: the cut the file was exported from`);
  checkCutId(options.cut);
  const text = await readTextFile(path);
  const client = await ctx.client();
  const result = await client.cuts.import(projectId, options.cut, format, text, {
    ...(options.frameRate === undefined
      ? {}
      : { frameRate: Number(options.frameRate) as EditorialFrameRate }),
    ...(options.dryRun ? { dryRun: true } : {}),
  });
  if (options.dryRun) return previewReport(ctx, path, await client.cuts.get(projectId, options.cut), result);
  const { cut } = result;
  const unmatched = result.unmatched.length;
  const summary = `Imported ${path} as ${ctx.out.paint('bold', cut.name)} v${cut.version} (${cut.id}): ${cut.events.length} events, ${unmatched} unmatched, ${result.removed.length} removed`;
  return {
    json: { cutId: cut.id, ...result },
    text: [summary, ...importReport(result)].join('\n'),
    quiet: cut.id,
    ...(unmatched > 0
      ? {
          failures: [`${unmatched} clip${unmatched === 1 ? '' : 's'} of ${path} matched no shot of the cut`],
          exitCode: EXIT_CODES.partial,
        }
      : {}),
  };
}

/** `name <format> <projectId>`: a command that moves a cut of the project in one of `formats`. */
function cutFileCommand(program: Command, name: string, description: string, formats: readonly string[]) {
  const inWords = `${formats.slice(0, -1).join(', ')} or ${formats.at(-1)}`;
  return program
    .command(name)
    .description(description)
    .addArgument(new Argument('<format>', inWords).choices(formats))
    .argument('<projectId>', 'the project');
}

export function registerExportCommand(program: Command, ctx: CliContext): void {
  const command = cutFileCommand(
    program,
    'export',
    'write a cut of the project for an editor: EDL, OTIO, FCPXML, the storyboard PDF, the rough cut MP4, the hand-off package (a zip with the media) or the shot list as CSV',
    EXPORT_FORMATS,
  )
    .option('--cut <cutId>', 'this cut instead of a new cut of the current timeline')
    .addOption(
      new Option('--frame-rate <fps>', "frame rate of the timecodes (default: the cut's own)").choices(
        EXPORT_FPS,
      ),
    )
    .addOption(new Option('--fps <fps>').choices(EXPORT_FPS).hideHelp())
    .option('--drop-frame', 'drop-frame timecode (29.97 only; the default there)')
    .option('--no-drop-frame', 'non-drop-frame timecode at 29.97')
    .addOption(
      new Option('--layout <layout>', 'pdf: a contact sheet or one shot a page (default contact)').choices(
        STORYBOARD_LAYOUTS,
      ),
    )
    .option('--burn-in', 'mp4: burn shot names and record timecode into the picture')
    .option('-o, --out <file>', "where to write it; '-' for stdout (default: the cut's file name)")
    .addOption(new Option('--output <file>').hideHelp())
    .addHelpText(
      'after',
      '\n--json prints {cutId, filename, bytes} (and layout for pdf; jobId and roughCut for mp4).',
    )
    .action(async (format: ExportFormat, projectId: string, options: ExportOptions) => {
      const result = await exportProject(ctx, format, projectId, options);
      if (result !== undefined) ctx.emit(result);
    });
  withExamples(
    command,
    'reelbench export edl <projectId>',
    'reelbench export edl <projectId> --frame-rate 29.97 --drop-frame --out night-shift.edl',
    'reelbench export fcpxml <projectId> --cut <cutId> --out -',
    'reelbench export otio <projectId> --json',
    'reelbench export pdf <projectId> --layout pages --out boards.pdf',
    'reelbench export package <projectId> --cut <cutId> --out night-shift-handoff.zip',
    'reelbench export csv <projectId> --out shot-list.csv',
    'reelbench export mp4 <projectId> --burn-in --out night-shift.mp4',
  );

  const importCommand = cutFileCommand(
    program,
    'import',
    "apply an EDL or OTIO edited elsewhere to a cut: a new version, and the project's shot order and durations",
    IMPORT_FORMATS,
  )
    .argument('<file>', 'the edited file')
    .option('--cut <cutId>', 'edl, otio: the cut the file was exported from (required)')
    .addOption(
      new Option(
        '--frame-rate <fps>',
        "the file's rate, when it cannot say it (an EDL at 23.976 reads like 24); another rate than the cut's is converted",
      ).choices(EXPORT_FPS),
    )
    .option('--dry-run', 'show what the file would move, resize and remove, and save nothing')
    .addHelpText(
      'after',
      '\nA file at another rate than the cut is refused (both rates named) unless --frame-rate says it.\nExit codes: 0 every clip matched a shot, 4 some did not (listed), 1 the file was refused.',
    )
    .action(async (format: ImportFormat, projectId: string, path: string, options: ImportOptions) =>
      format === 'csv'
        ? ctx.emit(await importShotList(ctx, projectId, path, options))
        : ctx.emit(await importCutFile(ctx, format, projectId, path, options)),
    );
  withExamples(
    importCommand,
    'reelbench import edl <projectId> night-shift.edl --cut <cutId> --dry-run',
    'reelbench import edl <projectId> night-shift.edl --cut <cutId>',
    'reelbench import edl <projectId> from-resolve.edl --cut <cutId> --frame-rate 29.97',
  );
}

import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import type { AspectRatio, Cut, CutEvent, User } from '@reelbench/sdk/contract';
import { editorialFilename, exportCut, shotReel, withReviewMarkers } from '@reelbench/sdk/editorial';
import yazl from 'yazl';
import { FRAME_SIZES } from '../generation/generation.types.js';
import { MediaStore } from '../generation/media-store.js';
import { ProjectsService } from '../projects/project.service.js';
import { isKeyInScope } from '../storage/storage-key.js';
import { toCut } from './cut.mapper.js';
import { CutsRepository } from './cut.repository.js';
import { withProjectDialogue } from './cut-dialogue.js';
import { CutInputs } from './cut-inputs.js';

/** The zip an editor unpacks: its name and the bytes as they are made. */
export interface CutPackage {
  filename: string;
  stream: NodeJS.ReadableStream;
}

/** A name safe on every file system: letters, digits, '-' and '.', at most `max` characters. */
function safeName(text: string, max = 48): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9.]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, max)
      .replace(/-+$/, '') || 'shot'
  );
}

const EXTENSIONS: Record<string, string> = { video: '.mp4', image: '.png' };

/**
 * The hand-off package (issue 27): one zip with the cut as EDL, OTIO and FCPXML whose media are
 * RELATIVE paths (`media/0001-….mp4`), the shot videos (a still where a shot has no video), the
 * soundtrack, and a README saying what is inside, so that Resolve, Premiere or Final Cut relink it
 * when it is unzipped. The zip is streamed: each media file is read from storage only when the zip
 * reaches it, so a 2,000-shot film never sits in memory.
 */
@Injectable()
export class CutPackageService {
  constructor(
    private readonly cuts: CutsRepository,
    private readonly inputs: CutInputs,
    private readonly projects: ProjectsService,
    private readonly media: MediaStore,
  ) {}

  async package(user: User, projectId: string, cutId: string): Promise<CutPackage> {
    const project = await this.projects.requireOwned(user, projectId);
    const row = await this.cuts.requireIn(project.id, cutId);
    const stored = withReviewMarkers(toCut(row), await this.inputs.reviewMarkers(project.id));
    const shots = new Map(
      (await this.cuts.shotMedia(project.id, [...new Set(stored.events.map((event) => event.shotId))])).map(
        (shot) => [shot.id.toLowerCase(), shot],
      ),
    );
    const scope = { projectId: project.id };

    // One file per shot (a shot used twice is one file), named by its place, its name and its reel.
    const files = new Map<string, { key: string; path: string }>();
    const events: CutEvent[] = stored.events.map((event) => {
      const shot = shots.get(event.shotId.toLowerCase());
      const kind = shot?.videoKey ? 'video' : shot?.imageKey ? 'image' : undefined;
      const key = kind === 'video' ? shot?.videoKey : kind === 'image' ? shot?.imageKey : undefined;
      const { mediaUrl: _url, mediaPath: _path, ...rest } = event;
      if (!kind || !key || !isKeyInScope(key, scope)) return rest;
      let file = files.get(key);
      if (!file) {
        const number = String(files.size + 1).padStart(4, '0');
        file = {
          key,
          path: `media/${number}-${safeName(event.clipName)}-${shotReel(event.shotId)}${EXTENSIONS[kind]}`,
        };
        files.set(key, file);
      }
      return { ...rest, mediaUrl: file.path };
    });
    const soundtrackKey = stored.soundtrack?.key;
    const soundtrackPath =
      stored.soundtrack && soundtrackKey && isKeyInScope(soundtrackKey, scope)
        ? `media/soundtrack-${safeName(stored.soundtrack.name, 60)}`
        : undefined;
    const cut: Cut = {
      ...stored,
      events,
      ...(stored.soundtrack
        ? soundtrackPath
          ? { soundtrack: { ...stored.soundtrack, url: soundtrackPath } }
          : {}
        : {}),
    };
    if (stored.soundtrack && !soundtrackPath) delete cut.soundtrack;

    // The scratch track: one file per line the cut places, named by its order, speaker and reel.
    const lineFiles = new Map<string, { key: string; path: string }>();
    const spoken = await withProjectDialogue(this.cuts, cut, (line) => {
      const extension = /\.[a-z0-9]{2,4}$/i.exec(line.key)?.[0]?.toLowerCase() ?? '.wav';
      const number = String(line.order + 1).padStart(4, '0');
      const file = {
        key: line.key,
        path: `media/dialogue/${number}-${safeName(line.character, 32)}-${shotReel(line.id)}${extension}`,
      };
      lineFiles.set(line.id, file);
      return file.path;
    });
    const placedLines = new Set(spoken.dialogue?.map((line) => line.lineId) ?? []);
    const dialogueFiles = [...lineFiles.entries()]
      .filter(([id]) => placedLines.has(id))
      .map(([, file]) => file);

    const aspect = await this.cuts.commonAspect(project.id);
    const size = aspect !== null && aspect in FRAME_SIZES ? FRAME_SIZES[aspect as AspectRatio] : undefined;
    const withSound = { includeSoundtrack: soundtrackPath !== undefined };
    const zip = new yazl.ZipFile();
    const stem = editorialFilename(cut, 'edl').replace(/\.edl$/, '');
    const edl = edlInOneList(spoken, withSound);
    zip.addBuffer(
      Buffer.from(
        readme(spoken, files.size, soundtrackPath, dialogueFiles.length, stem, edl.text === undefined),
      ),
      'README.txt',
    );
    zip.addBuffer(Buffer.from(exportCut(spoken, 'otio', withSound).text), `${stem}.otio`);
    zip.addBuffer(Buffer.from(exportCut(spoken, 'fcpxml', { ...size, ...withSound }).text), `${stem}.fcpxml`);
    if (edl.text !== undefined) zip.addBuffer(Buffer.from(edl.text), `${stem}.edl`);
    for (const file of [
      ...files.values(),
      ...(soundtrackPath && soundtrackKey ? [{ key: soundtrackKey, path: soundtrackPath }] : []),
      ...dialogueFiles,
    ]) {
      // Media is already compressed: stored, not deflated, and read only when the zip gets to it.
      zip.addReadStreamLazy(file.path, { compress: false }, (callback) => {
        this.media.read(file.key, scope).then(
          (bytes) => callback(null, Readable.from(bytes === undefined ? [] : [bytes])),
          (error: unknown) => callback(error, Readable.from([])),
        );
      });
    }
    zip.end();
    await this.cuts.markExported(row.id);
    return { filename: `${stem}-package.zip`, stream: zip.outputStream };
  }
}

/** The EDL when one list holds the cut (its events, the soundtrack and the dialogue's A2 events). */
function edlInOneList(cut: Cut, options: { includeSoundtrack: boolean }): { text: string | undefined } {
  if (cut.events.length > 999) return { text: undefined };
  try {
    return { text: exportCut(cut, 'edl', options).text };
  } catch (error) {
    if (error instanceof RangeError) return { text: undefined };
    throw error;
  }
}

function readme(
  cut: Cut,
  mediaFiles: number,
  soundtrackPath: string | undefined,
  lineFiles: number,
  stem: string,
  noEdl: boolean,
): string {
  const missing = cut.events.filter((event) => event.mediaUrl === undefined).length;
  return [
    `${cut.name}, version ${cut.version}: a hand-off package from Reelbench`,
    '',
    `${cut.events.length} events at ${cut.frameRate} fps.`,
    '',
    'What is inside',
    `  ${stem}.otio     OpenTimelineIO (DaVinci Resolve 18+, OTIO tools)`,
    `  ${stem}.fcpxml   FCPXML 1.10 (Final Cut Pro, DaVinci Resolve)`,
    !noEdl
      ? `  ${stem}.edl      CMX 3600 EDL (Premiere Pro, Avid, Resolve)`
      : '  (no EDL: a CMX 3600 list holds at most 999 events, sound included; use the OTIO or the FCPXML)',
    `  media/          ${mediaFiles} shot files (the video, or a still for a shot without one)`,
    ...(soundtrackPath ? [`  ${soundtrackPath}   the soundtrack`] : []),
    ...(lineFiles > 0
      ? [
          `  media/dialogue/ ${lineFiles} dialogue line${lineFiles === 1 ? '' : 's'} of the scratch track, at their places in`,
          '                  every list (EDL A2 events, the OTIO Dialogue track, FCPXML lane -1)',
        ]
      : []),
    '',
    'Unzip it and keep the folder together: every file refers to its media by a path relative to',
    'itself (media/...), so the editor relinks them where they are. Each shot file is named',
    'by its place in the cut, its name and its reel (the last eight hex digits of its shot id,',
    'the reel the EDL gives it).',
    ...(missing > 0 ? ['', `${missing} events have no media yet (not rendered): they come in offline.`] : []),
    '',
    'Bring an edit back with `reelbench import otio|edl <projectId> <file> --cut <cutId> --dry-run`.',
    `Cut id: ${cut.id}`,
    '',
  ].join('\n');
}

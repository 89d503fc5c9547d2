import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Cut, StoryboardLayout, User } from '@reelbench/sdk/contract';
import sharp from 'sharp';
import { ProjectsService } from '../projects/project.service.js';
import { settingsOf } from '../shots/shot-order.js';
import { STORAGE, type Storage } from '../storage/storage.types.js';
import { isValidStorageKey, projectIdOfKey } from '../storage/storage-key.js';
import { readStart } from '../storage/stream-bytes.js';
import { offThread } from '../workers/off-thread.js';
import { CutsRepository } from './cut.repository.js';
import { CutsService } from './cut.service.js';
import type { PdfJpeg } from './pdf-writer.js';
import type { StoryboardShot } from './storyboard-pdf.js';
import { STORYBOARD_PDF } from './storyboard-pdf.task.js';

/** A frame larger than this is not read (a generated frame is a few hundred KB). */
const MAX_FRAME_BYTES = 25 * 1024 * 1024;
/** Frames are scaled down to this width: enough for print at the size each layout shows them. */
const FRAME_WIDTH: Record<StoryboardLayout, number> = { contact: 480, pages: 1280 };

export interface StoryboardFile {
  filename: string;
  bytes: Buffer;
}

function fileStem(name: string): string {
  const stem = name
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return stem === '' ? 'cut' : stem;
}

/**
 * The storyboard PDF of a cut: its events in order with each shot's current frame, name, framing,
 * camera move, script text and scene heading. Frames are read from storage (only keys of the cut's
 * project) and re-encoded as JPEG; a frame that is missing or does not decode prints as an empty box.
 */
@Injectable()
export class StoryboardService {
  private readonly logger = new Logger(StoryboardService.name);

  constructor(
    private readonly cuts: CutsService,
    private readonly repository: CutsRepository,
    private readonly projects: ProjectsService,
    @Inject(STORAGE) private readonly storage: Storage,
  ) {}

  async pdf(user: User, projectId: string, cutId: string, layout: StoryboardLayout): Promise<StoryboardFile> {
    const project = await this.projects.requireOwned(user, projectId);
    const cut: Cut = await this.cuts.get(user, project.id, cutId);
    const rows = new Map((await this.repository.storyboardShots(project.id)).map((row) => [row.id, row]));
    const sceneOf = new Map<string, string>();
    for (const scene of settingsOf(project).scenes) {
      for (const shotId of scene.shotIds) if (!sceneOf.has(shotId)) sceneOf.set(shotId, scene.name);
    }
    const frames = new Map<string, Promise<PdfJpeg | null>>();
    const frameOf = (key: string | null): Promise<PdfJpeg | null> => {
      if (key === null || !isValidStorageKey(key) || projectIdOfKey(key) !== project.id) {
        return Promise.resolve(null);
      }
      let frame = frames.get(key);
      if (frame === undefined) {
        frame = this.readFrame(key, FRAME_WIDTH[layout]);
        frames.set(key, frame);
      }
      return frame;
    };

    const shots: StoryboardShot[] = [];
    let previousScene: string | null = null;
    for (const [index, event] of cut.events.entries()) {
      const row = rows.get(event.shotId.toLowerCase());
      const scene = row ? (sceneOf.get(row.id) ?? null) : null;
      shots.push({
        number: index + 1,
        name: row?.name ?? event.clipName,
        take: event.take,
        durationFrames: event.duration,
        framing: row?.framing ?? null,
        cameraMove: row?.cameraMove ?? null,
        scriptText: row?.scriptText ?? row?.description ?? null,
        sceneHeading: scene !== null && scene !== previousScene ? scene : null,
        // One at a time: decoding every frame at once would hold them all in memory together.
        frame: await frameOf(row?.imageKey ?? null),
      });
      previousScene = scene;
    }
    // Layout, drawing and compression are synchronous: a worker thread does them (workers/off-thread.ts).
    const pdf = await offThread.run(STORYBOARD_PDF, {
      title: cut.name,
      subtitle: `${project.name} · cut v${cut.version} · ${cut.events.length} shot${cut.events.length === 1 ? '' : 's'} · ${cut.frameRate} fps`,
      frameRate: cut.frameRate,
      layout,
      shots,
    });
    const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    return { filename: `${fileStem(cut.name)}-v${cut.version}-storyboard.pdf`, bytes };
  }

  private async readFrame(key: string, width: number): Promise<PdfJpeg | null> {
    try {
      const object = await this.storage.get(key);
      if (object === undefined || object.size > MAX_FRAME_BYTES) {
        object?.body.destroy();
        return null;
      }
      const bytes = await readStart(object.body, MAX_FRAME_BYTES);
      const { data, info } = await sharp(bytes, { limitInputPixels: 100_000_000 })
        .flatten({ background: '#ffffff' })
        .resize({ width, withoutEnlargement: true })
        .toColourspace('srgb')
        .jpeg({ quality: 82, chromaSubsampling: '4:2:0' })
        .toBuffer({ resolveWithObject: true });
      return { bytes: data, width: info.width, height: info.height };
    } catch (error) {
      this.logger.warn(`storyboard frame ${key} skipped: ${(error as Error).message}`);
      return null;
    }
  }
}

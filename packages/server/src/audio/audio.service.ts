import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  type Cut,
  type CutSoundtrack,
  type CutSoundtrackSet,
  type EditorialFrameRate,
  SOUNDTRACK_PEAKS,
  type Soundtrack,
  type SoundtrackSet,
  type User,
} from '@reelbench/sdk/contract';
import { secondsToFrames } from '@reelbench/sdk/editorial';
import { notFound, validation } from '../common/domain-error.js';
import { CutsService } from '../cuts/cut.service.js';
import { CutInputs } from '../cuts/cut-inputs.js';
import { FilesService } from '../files/file.service.js';
import { MediaStore } from '../generation/media-store.js';
import { MediaService } from '../media/media.service.js';
import { ProjectsService } from '../projects/project.service.js';
import { STORAGE, type Storage } from '../storage/storage.types.js';
import { projectPrefix } from '../storage/storage-key.js';
import { decodeSoundtrack } from './peaks.js';
import { type SoundtrackRow, SoundtracksRepository } from './soundtrack.repository.js';

const NOT_THIS_PROJECTS_AUDIO = 'key: not an audio file uploaded to this project';

/** The project's soundtrack (docs/editorial.md): every method checks the project's owner first. */
@Injectable()
export class AudioService implements OnModuleInit {
  constructor(
    private readonly soundtracks: SoundtracksRepository,
    private readonly projects: ProjectsService,
    private readonly media: MediaStore,
    private readonly mediaTools: MediaService,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly cuts: CutsService,
    private readonly files: FilesService,
    private readonly cutInputs: CutInputs,
  ) {}

  /** A new cut carries the project's soundtrack: cuts ask for it here (they never import audio). */
  onModuleInit(): void {
    this.cutInputs.provideSoundtrack((projectId, frameRate) => this.forNewCut(projectId, frameRate));
  }

  async get(user: User, projectId: string): Promise<Soundtrack | null> {
    const project = await this.projects.requireOwned(user, projectId);
    const row = await this.soundtracks.find(project.id);
    return row ? this.toSoundtrack(row) : null;
  }

  /** Sets or replaces the soundtrack: the file must be an audio upload of this project that ffmpeg decodes. */
  async set(user: User, projectId: string, input: SoundtrackSet): Promise<Soundtrack> {
    const project = await this.projects.requireOwned(user, projectId);
    if (!input.key.startsWith(`${projectPrefix(project.id)}audio/`))
      throw validation(NOT_THIS_PROJECTS_AUDIO);
    const record = await this.soundtracks.fileRecord(project.id, input.key);
    if (record === null || record.kind !== 'audio') throw validation(NOT_THIS_PROJECTS_AUDIO);
    const bytes = await this.media.read(input.key, { projectId: project.id });
    if (bytes === undefined) throw notFound('File');
    const previous = await this.soundtracks.find(project.id);
    const directory = await mkdtemp(path.join(os.tmpdir(), 'reelbench-audio-'));
    let decoded: Awaited<ReturnType<typeof decodeSoundtrack>>;
    try {
      const file = path.join(directory, 'track');
      await writeFile(file, bytes);
      decoded = await decodeSoundtrack(this.ffmpeg(), file, SOUNDTRACK_PEAKS);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
    const audioUrl = await this.media.displayUrl(input.key);
    const row = await this.soundtracks.put(
      {
        projectId: project.id,
        key: input.key,
        name: record.originalName.slice(0, 200) || 'Soundtrack',
        mimetype: record.mimetype,
        size: record.size,
        durationSeconds: decoded.durationSeconds,
        offsetSeconds: input.offsetSeconds ?? previous?.offsetSeconds ?? 0,
        peaks: decoded.peaks,
      },
      async (manager) => this.projects.setAudio(manager, project.id, audioUrl, input.key),
    );
    if (previous && previous.key !== row.key) await this.forget(project.id, previous.key);
    return this.toSoundtrack(row);
  }

  async setOffset(user: User, projectId: string, offsetSeconds: number): Promise<Soundtrack> {
    const project = await this.projects.requireOwned(user, projectId);
    const row = await this.soundtracks.setOffset(project.id, offsetSeconds);
    if (row === null) throw notFound('Soundtrack');
    return this.toSoundtrack(row);
  }

  /** Removes the soundtrack and deletes its file; `removed` false when there was none. */
  async remove(user: User, projectId: string): Promise<{ projectId: string; removed: boolean }> {
    const project = await this.projects.requireOwned(user, projectId);
    const row = await this.soundtracks.remove(project.id, (manager) =>
      this.projects.clearAudio(manager, project.id),
    );
    if (row) await this.forget(project.id, row.key);
    return { projectId: project.id, removed: row !== null };
  }

  /** Puts the project's soundtrack under a cut (at the given offset, else the project's), or takes it off. */
  async setCut(user: User, projectId: string, input: CutSoundtrackSet): Promise<Cut> {
    const project = await this.projects.requireOwned(user, projectId);
    if (input.remove === true) return this.cuts.setSoundtrack(project.id, input.cutId, null);
    return this.cuts.setSoundtrack(project.id, input.cutId, async (frameRate) => {
      const row = await this.soundtracks.find(project.id);
      if (row === null) throw notFound('Soundtrack');
      return this.cutSoundtrack(row, frameRate, input.offsetSeconds);
    });
  }

  /** The project's soundtrack as a cut carries it (frames at the cut's rate); null without one. */
  async forNewCut(projectId: string, frameRate: EditorialFrameRate): Promise<CutSoundtrack | null> {
    const row = await this.soundtracks.find(projectId);
    return row ? this.cutSoundtrack(row, frameRate) : null;
  }

  private async cutSoundtrack(row: SoundtrackRow, frameRate: EditorialFrameRate, offsetSeconds?: number) {
    return {
      name: row.name,
      url: await this.media.displayUrl(row.key),
      key: row.key,
      offsetFrames: secondsToFrames(offsetSeconds ?? row.offsetSeconds, frameRate),
      durationFrames: Math.max(1, secondsToFrames(row.durationSeconds, frameRate)),
    };
  }

  private async forget(projectId: string, key: string): Promise<void> {
    await this.storage.delete(key).catch(() => undefined);
    await this.files.forgetRecord(projectId, key);
  }

  private ffmpeg() {
    return this.mediaTools.ffmpeg();
  }

  private async toSoundtrack(row: SoundtrackRow): Promise<Soundtrack> {
    return {
      projectId: row.projectId,
      key: row.key,
      url: await this.media.displayUrl(row.key),
      name: row.name,
      mimetype: row.mimetype,
      size: row.size,
      durationSeconds: row.durationSeconds,
      offsetSeconds: row.offsetSeconds,
      peaks: row.peaks,
      updatedAt: row.updatedAt.toISOString(),
    };
  }
}

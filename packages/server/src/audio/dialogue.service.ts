import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type CharacterVoice,
  characterVoiceSchema,
  type DialogueDelivery,
  type DialogueGenerate,
  type DialogueLine,
  type DialogueManner,
  type DialogueTiming,
  type DialogueTimingReply,
  type DialogueTrackResult,
  FIRST_PASS_DEFAULTS,
  type JobAcceptedReply,
  MAX_SHOT_DURATION,
  TEXT_LIMITS,
  type User,
} from '@reelbench/sdk/contract';
import {
  castKey,
  castName,
  dialogueShotSeconds,
  normalizedScriptText,
  type ScriptDialogueLine,
  scriptCast,
  scriptDialogue,
  seedVoice,
} from '@reelbench/sdk/screenplay';
import { type DataSource, In } from 'typeorm';
import type { AssetEntity } from '../assets/asset.entity.js';
import { storedConfig } from '../assets/asset.mapper.js';
import { AssetsService } from '../assets/asset.service.js';
import { notFound, validation } from '../common/domain-error.js';
import { parseId } from '../common/validation.js';
import { throwIfCancelled } from '../generation/generation.errors.js';
import { MediaStore } from '../generation/media-store.js';
import { ProviderRegistry } from '../generation/provider.js';
import { RenderSlots } from '../generation/render-slots.js';
import { MAX_SPEECH_CHARS, type SpeechGenerator, type SpokenAudio } from '../generation/speech.js';
import { JobsService } from '../jobs/job.service.js';
import type { JobContext } from '../jobs/job-handlers.js';
import type { JobPayloads } from '../jobs/job-types.js';
import { MediaService } from '../media/media.service.js';
import { ProjectEntity } from '../projects/project.entity.js';
import { ProjectsService } from '../projects/project.service.js';
import { ScriptService } from '../script/script.service.js';
import type { ShotEntity } from '../shots/shot.entity.js';
import { ShotsRepository } from '../shots/shot.repository.js';
import { ShotsService } from '../shots/shot.service.js';
import { STORAGE, type Storage, type StoredObject } from '../storage/storage.types.js';
import { projectPrefix } from '../storage/storage-key.js';
import { DialogueLineEntity } from './dialogue-line.entity.js';
import { dialogueHash, type PlannedLine, planDialogue } from './dialogue-plan.js';
import {
  deliveryFilters,
  type FinishedLine,
  finishLine,
  finishLines,
  MANNER_RATE,
} from './dialogue-sound.js';
import { SoundtracksRepository } from './soundtrack.repository.js';

export const DIALOGUE_JOB_TYPE = 'audio:generate-dialogue';
/** Batches worked on side by side: one is voiced while ffmpeg finishes the other. */
const SPEAK_CONCURRENCY = 2;
/** Lines finished by one ffmpeg process (starting ffmpeg costs more than filtering a line). */
const FINISH_BATCH = 12;
const NOT_THIS_PROJECTS_AUDIO = 'key: not an audio file uploaded to this project';

interface SpeakInput {
  text: string;
  voice: CharacterVoice;
  manner: DialogueManner;
  delivery: DialogueDelivery;
}

/** The shot of a line: the first-pass shot of its scene whose script span holds it, else whose text has it. */
function shotFor(line: ScriptDialogueLine, shots: readonly ShotEntity[]): string | null {
  const inScene = shots.filter((shot) => Number(shot.source?.sceneNumber) === line.sceneNumber);
  const bySpan = inScene.find((shot) => {
    const from = shot.source?.from;
    const to = shot.source?.to;
    return (
      typeof from === 'number' &&
      typeof to === 'number' &&
      from <= line.elementIndex &&
      line.elementIndex <= to
    );
  });
  if (bySpan) return bySpan.id;
  const words = normalizedScriptText(line.text);
  const scene = (shot: ShotEntity) =>
    Number(shot.source?.sceneNumber ?? (shot.metadata as { sceneNumber?: unknown } | null)?.sceneNumber);
  return (
    shots.find(
      (shot) =>
        scene(shot) === line.sceneNumber &&
        words !== '' &&
        normalizedScriptText(shot.scriptText ?? '').includes(words),
    )?.id ?? null
  );
}

/**
 * The scratch track (docs/generation.md, "Speech"): the project's dialogue lines spoken by the
 * speech provider in each character's voice, stored per line with measured lengths, regenerated one
 * by one or replaced with a recorded take, and the dialogue shots timed to them. Every method checks
 * the project's owner first and every line id against that project.
 */
@Injectable()
export class DialogueService implements OnModuleInit {
  private readonly logger = new Logger('Dialogue');

  constructor(
    private readonly projects: ProjectsService,
    private readonly scripts: ScriptService,
    private readonly shots: ShotsRepository,
    private readonly shotsService: ShotsService,
    private readonly assets: AssetsService,
    private readonly jobs: JobsService,
    private readonly registry: ProviderRegistry,
    private readonly media: MediaStore,
    private readonly mediaTools: MediaService,
    private readonly slots: RenderSlots,
    private readonly soundtracks: SoundtracksRepository,
    @Inject(STORAGE) private readonly storage: Storage,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  onModuleInit(): void {
    this.jobs.register(DIALOGUE_JOB_TYPE, { run: (context) => this.run(context) });
  }

  /**
   * Queues the scratch track. The characters of the cast who speak and have no voice yet get their
   * seeded voice stored on their asset first, so the asset page shows the voice the track uses.
   */
  async generate(user: User, projectId: string, input: DialogueGenerate): Promise<JobAcceptedReply> {
    const project = await this.projects.requireOwned(user, projectId);
    this.speaker(input.provider);
    const screenplay = await this.scripts.savedScreenplay(project);
    const lines = scriptDialogue(screenplay);
    if (lines.length === 0) throw validation('The script has no dialogue to speak');
    const speakers = new Set(lines.map((line) => line.character));
    for (const asset of await this.characterAssets(project)) {
      if (!speakers.has(castKey(asset.name)) || storedConfig(asset).voice) continue;
      await this.assets.update(user, asset.id, {
        config: { voice: seedVoice(asset.name, asset.description) },
      });
    }
    return this.jobs.enqueue({
      user,
      projectId: project.id,
      type: DIALOGUE_JOB_TYPE,
      payload: input.provider ? { provider: input.provider } : {},
      // Two runs at once would both speak the new lines and keep both copies.
      onePerProject: true,
    });
  }

  async list(user: User, projectId: string): Promise<DialogueLine[]> {
    const project = await this.projects.requireOwned(user, projectId);
    const rows = await this.repo().find({ where: { projectId: project.id }, order: { order: 'ASC' } });
    return Promise.all(rows.map((row) => this.toLine(row)));
  }

  /** Speaks one line again now, with its character's current voice; a recorded take gives way. */
  async regenerate(
    user: User,
    projectId: string,
    lineId: string,
    input: DialogueGenerate,
  ): Promise<DialogueLine> {
    const project = await this.projects.requireOwned(user, projectId);
    const row = await this.requireLine(project.id, lineId);
    const provider = input.provider ?? this.registry.providerFor('speech');
    const speech = this.speaker(input.provider);
    const assets = await this.characterAssets(project);
    const screenplay = await this.scripts.savedScreenplay(project);
    const voice = this.voiceOf(row.character, assets, this.descriptions(screenplay)).voice;
    const spoken = await this.withWorkDir((workDir) =>
      this.speak(speech, this.asSpeakInput(row, voice), workDir, row.id),
    );
    return this.replaceClip(
      row,
      spoken,
      'generated',
      dialogueHash({ ...this.asSpeakInput(row, voice), provider }),
    );
  }

  /** Replaces a line with a recorded take (an upload-audio file of the project), which then wins. */
  async uploadTake(user: User, projectId: string, lineId: string, key: string): Promise<DialogueLine> {
    const project = await this.projects.requireOwned(user, projectId);
    const row = await this.requireLine(project.id, lineId);
    if (!key.startsWith(`${projectPrefix(project.id)}audio/`)) throw validation(NOT_THIS_PROJECTS_AUDIO);
    const record = await this.soundtracks.fileRecord(project.id, key);
    if (record === null || record.kind !== 'audio') throw validation(NOT_THIS_PROJECTS_AUDIO);
    const bytes = await this.media.read(key, { projectId: project.id });
    if (bytes === undefined) throw notFound('File');
    const take = await this.withWorkDir((workDir) =>
      finishLine({ ffmpeg: this.ffmpeg(), bytes, format: 'audio', filters: null, workDir, name: row.id }),
    );
    return this.replaceClip(row, take, 'uploaded', dialogueHashOfTake(bytes));
  }

  /** The line's clip replaced by a new one (stored first), then the old clip deleted. */
  private async replaceClip(
    row: DialogueLineEntity,
    clip: FinishedLine,
    source: DialogueLine['source'],
    hash: string,
  ): Promise<DialogueLine> {
    const previousKey = row.audioKey;
    const key = await this.store(row.projectId, clip);
    Object.assign(row, { audioKey: key, durationMs: clip.durationMs, peaks: clip.peaks, source, hash });
    const saved = await this.repo().save(row);
    await this.storage.delete(previousKey).catch(() => undefined);
    return this.toLine(saved);
  }

  /** The line's clip, for the HTTP route that streams it. */
  async file(user: User, projectId: string, lineId: string): Promise<StoredObject> {
    const project = await this.projects.requireOwned(user, projectId);
    const row = await this.requireLine(project.id, lineId);
    const bytes = await this.storage.get(row.audioKey);
    if (bytes === undefined) throw notFound('File');
    return bytes;
  }

  /**
   * Each shot holding lines gets their spoken length plus the pacing's pauses; shots without lines
   * keep theirs. In one transaction; the answer lists each change with its previous duration.
   */
  async timeShots(user: User, projectId: string, input: DialogueTiming): Promise<DialogueTimingReply> {
    const project = await this.projects.requireOwned(user, projectId);
    const pacing = input.pacing ?? FIRST_PASS_DEFAULTS.pacing;
    const rows = await this.repo().find({ where: { projectId: project.id }, order: { order: 'ASC' } });
    const ids = await this.shots.idsOf(this.shots.manager, project.id);
    const known = new Set(ids);
    const byShot = new Map<string, DialogueLineEntity[]>();
    let unplaced = 0;
    for (const row of rows) {
      if (row.shotId === null || !known.has(row.shotId)) {
        unplaced += 1;
        continue;
      }
      byShot.set(row.shotId, [...(byShot.get(row.shotId) ?? []), row]);
    }
    const shots = new Map((await this.shots.findIn(project.id, [...byShot.keys()])).map((s) => [s.id, s]));
    const changed: DialogueTimingReply['changed'] = [];
    let unchanged = 0;
    for (const shotId of ids) {
      const lines = byShot.get(shotId);
      const shot = shots.get(shotId);
      if (!lines || !shot) continue;
      const duration = Math.min(MAX_SHOT_DURATION, dialogueShotSeconds(lines, pacing));
      if (Math.abs(duration - shot.duration) < 0.05) unchanged += 1;
      else
        changed.push({
          shotId,
          previousDuration: shot.duration,
          duration,
          lineIds: lines.map((line) => line.id),
        });
    }
    // One transaction: the whole timing is one change, undone in one step with the previous durations.
    await this.shots.transaction(async (manager) => {
      for (const change of changed)
        await this.shots.setDuration(manager, project.id, change.shotId, change.duration);
    });
    const entities = await this.shots.findIn(
      project.id,
      changed.map((change) => change.shotId),
    );
    if (entities.length > 0) await this.shotsService.announceAllUpdated(entities);
    return { projectId: project.id, pacing, changed, unchanged, unplaced };
  }

  // ---------------------------------------------------------------- the job

  private async run({
    job,
    payload,
    signal,
    progress,
  }: JobContext<JobPayloads[typeof DIALOGUE_JOB_TYPE]>): Promise<DialogueTrackResult> {
    const project = await this.db.getRepository(ProjectEntity).findOneBy({ id: job.projectId });
    if (project === null) throw notFound('Project');
    const provider = payload.provider ?? this.registry.providerFor('speech');
    const speech = this.speaker(payload.provider);
    const screenplay = await this.scripts.savedScreenplay(project);
    const lines = scriptDialogue(screenplay);
    const assets = await this.characterAssets(project);
    const descriptions = this.descriptions(screenplay);
    const shotIds = await this.shots.idsOf(this.shots.manager, project.id);
    const shots = await this.shots.findIn(project.id, shotIds);
    const rows = await this.repo().find({ where: { projectId: project.id } });
    const plan = planDialogue(
      lines.map((line) => {
        const { voice, assetId } = this.voiceOf(line.character, assets, descriptions, line.cue);
        const hash = dialogueHash({ ...line, voice, provider });
        return { line, voice, assetId, shotId: shotFor(line, shots), hash };
      }),
      rows,
    );
    // The lines the script no longer has go first, with their clips; kept lines take their new place.
    await this.db.transaction(async (manager) => {
      if (plan.removed.length > 0)
        await manager.delete(DialogueLineEntity, { id: In(plan.removed.map((row) => row.id)) });
      for (const entry of plan.lines)
        if (entry.action === 'keep' && entry.row) await manager.save(this.placed(entry, entry.row));
    });
    for (const row of plan.removed) await this.storage.delete(row.audioKey).catch(() => undefined);
    const toSpeak = plan.lines.filter((entry) => entry.action === 'speak');
    let spoken = 0;
    await this.slots.run(() =>
      this.withWorkDir(async (workDir) => {
        // Batches: each is voiced line by line, then finished by one ffmpeg while the next is voiced.
        const batches: PlannedLine[][] = [];
        for (let at = 0; at < toSpeak.length; at += FINISH_BATCH)
          batches.push(toSpeak.slice(at, at + FINISH_BATCH));
        let batchNumber = 0;
        const worker = async () => {
          for (let batch = batches.shift(); batch; batch = batches.shift()) {
            const audio: SpokenAudio[] = [];
            for (const entry of batch) {
              throwIfCancelled(signal);
              audio.push(await this.voice(speech, { ...entry.line, voice: entry.voice }, signal));
            }
            const clips = await finishLines({
              ffmpeg: this.ffmpeg(),
              lines: batch.map((entry, index) => ({
                bytes: (audio[index] as SpokenAudio).bytes,
                format: (audio[index] as SpokenAudio).format,
                filters: deliveryFilters(entry.line.delivery, entry.line.manner),
              })),
              workDir,
              name: `batch-${batchNumber++}`,
              signal,
            });
            for (const [index, entry] of batch.entries()) {
              const clip = clips[index] as FinishedLine;
              const key = await this.store(project.id, clip);
              const previousKey = entry.row?.audioKey;
              const row = this.placed(
                entry,
                entry.row ?? this.repo().create({ id: randomUUID(), projectId: project.id }),
              );
              Object.assign(row, {
                audioKey: key,
                durationMs: clip.durationMs,
                peaks: clip.peaks,
                hash: entry.hash,
                source: 'generated',
              });
              await this.repo().save(row);
              if (previousKey) await this.storage.delete(previousKey).catch(() => undefined);
            }
            spoken += batch.length;
            await progress(Math.min(99, Math.round((spoken / toSpeak.length) * 100)), {
              message: `Spoke ${spoken} of ${toSpeak.length} lines`,
            });
          }
        };
        await Promise.all(Array.from({ length: Math.min(SPEAK_CONCURRENCY, batches.length) }, worker));
      }),
    );
    const stored = await this.repo().find({ where: { projectId: project.id } });
    const result: DialogueTrackResult = {
      projectId: project.id,
      lines: lines.length,
      spoken,
      reused: plan.lines.filter((entry) => entry.action === 'keep' && entry.row?.source !== 'uploaded')
        .length,
      uploaded: plan.lines.filter((entry) => entry.action === 'keep' && entry.row?.source === 'uploaded')
        .length,
      removed: plan.removed.length,
      totalMs: stored.reduce((sum, row) => sum + row.durationMs, 0),
      provider,
    };
    this.logger.log(
      `${result.lines} line(s): ${result.spoken} spoken, ${result.reused} kept, ${result.uploaded} recorded takes`,
    );
    return result;
  }

  // ---------------------------------------------------------------- helpers

  private repo() {
    return this.db.getRepository(DialogueLineEntity);
  }

  private async requireLine(projectId: string, lineId: string): Promise<DialogueLineEntity> {
    const row = await this.repo().findOneBy({ id: parseId(lineId, 'Dialogue line'), projectId });
    if (row === null) throw notFound('Dialogue line');
    return row;
  }

  /** The speech provider a request names, else the configured one (VALIDATION_ERROR for an unknown name). */
  private speaker(provider: string | undefined): SpeechGenerator {
    return this.registry.get('speech', provider);
  }

  private characterAssets(project: ProjectEntity): Promise<AssetEntity[]> {
    return this.shots
      .accessibleAssets(project)
      .then((assets) => assets.filter((asset) => asset.type === 'character'));
  }

  /** What the script says of each character, by cast key (their introduction). */
  private descriptions(screenplay: Parameters<typeof scriptCast>[0]): Map<string, string> {
    return new Map(
      scriptCast(screenplay)
        .filter((member) => member.type === 'character')
        .map((member) => [castKey(member.key), member.description]),
    );
  }

  /** The character's stored voice, else the one seeded from their asset (or the script) now. */
  private voiceOf(
    character: string,
    assets: readonly AssetEntity[],
    descriptions: ReadonlyMap<string, string>,
    cue?: string,
  ): { voice: CharacterVoice; assetId: string | null } {
    const asset =
      assets.find((candidate) => castKey(candidate.name) === character) ??
      (cue ? assets.find((candidate) => castKey(candidate.name) === castKey(cue)) : undefined);
    const stored = asset ? characterVoiceSchema.safeParse(storedConfig(asset).voice) : undefined;
    if (asset && stored?.success) return { voice: stored.data, assetId: asset.id };
    const voice = seedVoice(
      asset?.name ?? castName(character),
      asset?.description ?? descriptions.get(character) ?? null,
    );
    return { voice, assetId: asset?.id ?? null };
  }

  private asSpeakInput(row: DialogueLineEntity, voice: CharacterVoice): SpeakInput {
    return {
      text: row.text,
      voice,
      manner: row.manner as DialogueManner,
      delivery: row.delivery as DialogueDelivery,
    };
  }

  /** A row's script fields from the plan (its place, speaker, words, shot); the clip is left as it is. */
  private placed(entry: PlannedLine, row: DialogueLineEntity): DialogueLineEntity {
    const { line } = entry;
    return Object.assign(row, {
      sceneNumber: line.sceneNumber,
      order: line.order,
      character: line.character.slice(0, TEXT_LIMITS.name),
      assetId: entry.assetId,
      text: line.text.slice(0, TEXT_LIMITS.prompt),
      parenthetical: line.parenthetical?.slice(0, TEXT_LIMITS.shortText) ?? null,
      extension: line.extension?.slice(0, TEXT_LIMITS.shortText) ?? null,
      delivery: line.delivery,
      manner: line.manner,
      shotId: entry.shotId,
    });
  }

  /** One line through the provider, at the manner's rate. */
  private voice(speech: SpeechGenerator, input: SpeakInput, signal?: AbortSignal): Promise<SpokenAudio> {
    return speech.speak({
      text: input.text.slice(0, MAX_SPEECH_CHARS),
      voice: input.voice,
      manner: input.manner,
      delivery: input.delivery,
      rate: MANNER_RATE[input.manner],
      ...(signal ? { signal } : {}),
    });
  }

  /** One line through the provider and the delivery's filters: the clip to store. */
  private async speak(speech: SpeechGenerator, input: SpeakInput, workDir: string, name: string) {
    const audio = await this.voice(speech, input);
    return finishLine({
      ffmpeg: this.ffmpeg(),
      bytes: audio.bytes,
      format: audio.format,
      filters: deliveryFilters(input.delivery, input.manner),
      workDir,
      name,
    });
  }

  private async store(projectId: string, clip: FinishedLine): Promise<string> {
    const key = `${projectPrefix(projectId)}dialogue/${randomUUID()}.wav`;
    await this.storage.put(key, clip.wav, 'audio/wav');
    return key;
  }

  private async withWorkDir<T>(work: (workDir: string) => Promise<T>): Promise<T> {
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'reelbench-dialogue-'));
    try {
      return await work(workDir);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  private ffmpeg() {
    return this.mediaTools.ffmpeg();
  }

  private async toLine(row: DialogueLineEntity): Promise<DialogueLine> {
    return {
      id: row.id,
      projectId: row.projectId,
      sceneNumber: row.sceneNumber,
      order: row.order,
      character: row.character,
      assetId: row.assetId,
      text: row.text,
      parenthetical: row.parenthetical,
      extension: row.extension,
      delivery: row.delivery as DialogueLine['delivery'],
      manner: row.manner as DialogueLine['manner'],
      shotId: row.shotId,
      key: row.audioKey,
      url: await this.media.displayUrl(row.audioKey),
      durationMs: row.durationMs,
      hash: row.hash,
      source: row.source as DialogueLine['source'],
      peaks: row.peaks,
      updatedAt: row.updatedAt.toISOString(),
    };
  }
}

/** A recorded take's hash: of its bytes (it is never spoken again, so never compared with a line's). */
function dialogueHashOfTake(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

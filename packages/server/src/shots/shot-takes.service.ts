import { Injectable } from '@nestjs/common';
import type { Shot, ShotTake, ShotTakes, User } from '@reelbench/sdk/contract';
import { notFound } from '../common/domain-error.js';
import { parseId } from '../common/validation.js';
import { FileUrls } from '../storage/file-urls.js';
import type { ShotEntity } from './shot.entity.js';
import { ShotsService, signedIfOwn } from './shot.service.js';
import { ShotMediaRepository } from './shot-media.repository.js';
import { type StoredTake, takesOf } from './shot-takes.js';

/**
 * A shot's takes: every generation keeps the media it replaces (ShotMediaRepository.writeMedia); these
 * list them with freshly signed URLs and restore one.
 */
@Injectable()
export class ShotTakesService {
  constructor(
    private readonly shotsService: ShotsService,
    private readonly shotMedia: ShotMediaRepository,
    private readonly urls: FileUrls,
  ) {}

  async list(user: User, shotId: string): Promise<ShotTakes> {
    const shot = await this.shotsService.requireOwned(user, shotId);
    return { shotId: shot.id, takes: await this.present(shot, takesOf(shot)) };
  }

  /** The take becomes the shot's media, the shot's current media a take; shot:updated goes out. */
  async use(user: User, shotId: string, takeId: string): Promise<ShotTakes & { shot: Shot }> {
    const restored = await this.shotMedia.restoreTake(
      user.id,
      parseId(shotId, 'Shot'),
      parseId(takeId, 'Take'),
    );
    if (restored === 'shot') throw notFound('Shot');
    if (restored === 'take') throw notFound('Take');
    const shot = await this.shotsService.announceUpdated(restored.shot);
    return { shotId: shot.id, shot, takes: await this.present(restored.shot, restored.takes) };
  }

  private present(shot: ShotEntity, takes: readonly StoredTake[]): Promise<ShotTake[]> {
    return Promise.all(
      takes.map(async (take) => {
        const [imageUrl, videoUrl] = await Promise.all([
          signedIfOwn(this.urls, take.s3ImageKey, shot.projectId),
          signedIfOwn(this.urls, take.s3VideoKey, shot.projectId),
        ]);
        return {
          id: take.id,
          shotId: shot.id,
          kind: take.kind,
          generation: take.generation,
          replacedBy: take.replacedBy,
          image_url: imageUrl ?? take.imageUrl,
          video_url: videoUrl ?? take.videoUrl,
          s3_image_key: take.s3ImageKey,
          s3_video_key: take.s3VideoKey,
          createdAt: take.createdAt,
        };
      }),
    );
  }
}

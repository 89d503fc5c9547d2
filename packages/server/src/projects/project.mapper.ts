import type { Project, ProjectListEntry, ProjectSettings } from '@reelbench/sdk/contract';
import { namedRecordFields } from '../common/named-record.js';
import type { ProjectEntity } from './project.entity.js';

export interface ProjectStats {
  shotCount: number;
  duration: number;
  /** A signed URL of the first framed shot's image, or null. */
  poster?: string | null;
}

export function toProject(entity: ProjectEntity): Project {
  return {
    ...namedRecordFields(entity),
    thumbnail: entity.thumbnail,
    audio_url: entity.audioUrl,
    audio_s3_key: entity.audioS3Key,
    series_id: entity.seriesId,
    // Always written through parseProjectSettings, so the stored object has the contract's shape.
    settings: entity.settings as ProjectSettings,
  };
}

export function toProjectListEntry(entity: ProjectEntity, stats: ProjectStats): ProjectListEntry {
  return { ...toProject(entity), ...stats };
}

import { AssetEntity } from './assets/asset.entity.js';
import { DialogueLineEntity } from './audio/dialogue-line.entity.js';
import { SoundtrackEntity } from './audio/soundtrack.entity.js';
import { AuthTokenEntity } from './auth/auth-token.entity.js';
import { UserEntity } from './auth/user.entity.js';
import { CutEntity } from './cuts/cut.entity.js';
import { FileEntity } from './files/file.entity.js';
import { JobEntity } from './jobs/job.entity.js';
import { ProjectSaveEntity } from './project-save/project-save.entity.js';
import { ProjectEntity } from './projects/project.entity.js';
import { ReviewCommentEntity } from './review/review-comment.entity.js';
import { ReviewLinkEntity } from './review/review-link.entity.js';
import { ScriptEntity } from './script/script.entity.js';
import { ScriptVersionEntity } from './script/script-version.entity.js';
import { SeriesEntity } from './series/series.entity.js';
import { ShotEntity } from './shots/shot.entity.js';
import { ShotTrashEntity } from './shots/shot-trash.entity.js';
import { ShotVariantEntity } from './shots/shot-variant.entity.js';
import { StylePackageEntity } from './styles/style-package.entity.js';

/**
 * Every entity of the schema; the migrations create their tables. Assembled here, above the domains,
 * and handed to the database module (which imports no domain folder).
 */
export const ENTITIES = [
  UserEntity,
  AuthTokenEntity,
  SeriesEntity,
  ProjectEntity,
  ProjectSaveEntity,
  ScriptEntity,
  ScriptVersionEntity,
  ShotEntity,
  ShotVariantEntity,
  ShotTrashEntity,
  AssetEntity,
  FileEntity,
  ReviewLinkEntity,
  ReviewCommentEntity,
  JobEntity,
  CutEntity,
  SoundtrackEntity,
  DialogueLineEntity,
  StylePackageEntity,
];

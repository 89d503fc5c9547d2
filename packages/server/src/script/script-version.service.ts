import { Injectable } from '@nestjs/common';
import {
  type FirstPassUpdate,
  LIST_LIMITS,
  type ScriptFormat,
  type ScriptVersion,
  type ScriptVersionSummary,
  type User,
} from '@reelbench/sdk/contract';
import type { EntityManager } from 'typeorm';
import { notFound } from '../common/domain-error.js';
import { ProjectsService } from '../projects/project.service.js';
import type { ScriptVersionEntity } from './script-version.entity.js';
import { type ScriptVersionRow, ScriptVersionsRepository } from './script-version.repository.js';

function lineCount(content: string): number {
  return content === '' ? 0 : content.split('\n').length;
}

function toSummary(row: ScriptVersionRow): ScriptVersionSummary {
  return {
    id: row.id,
    projectId: row.projectId,
    number: row.number,
    author: { id: row.authorId, username: row.authorName, email: row.authorEmail },
    createdAt: row.createdAt.toISOString(),
    lastPassAt: row.lastPassAt.toISOString(),
    passes: row.passes,
    pageCount: row.pageCount,
    mode: row.mode as FirstPassUpdate,
    format: row.format as ScriptFormat,
    lines: row.lines,
  };
}

function toVersion(entity: ScriptVersionEntity): ScriptVersion {
  return { ...toSummary({ ...entity, lines: lineCount(entity.content) }), content: entity.content };
}

/** The saved script a first pass ran on, as the pass's transaction records it. */
export interface PassedScript {
  projectId: string;
  content: string;
  format: ScriptFormat;
  pageCount: number;
  mode: FirstPassUpdate;
}

/** Script versions (issue 30): every saved script a first pass ran on, kept with who, when and pages. */
@Injectable()
export class ScriptVersionsService {
  constructor(
    private readonly projects: ProjectsService,
    private readonly versions: ScriptVersionsRepository,
  ) {}

  async list(user: User, projectId: string, limit?: number): Promise<ScriptVersionSummary[]> {
    const project = await this.projects.requireOwned(user, projectId);
    const rows = await this.versions.list(project.id, limit ?? LIST_LIMITS.scriptVersions);
    return rows.map(toSummary);
  }

  async get(user: User, projectId: string, versionId: string): Promise<ScriptVersion> {
    const project = await this.projects.requireOwned(user, projectId);
    const version = await this.versions.findIn(project.id, versionId);
    if (version === null) throw notFound('Script version');
    return toVersion(version);
  }

  /**
   * Records, inside the pass's transaction (which holds the project's row lock), that a pass ran on
   * the saved script: a new version, or, when the text is the latest version's, one more pass on it.
   */
  async recordPass(manager: EntityManager, user: User, passed: PassedScript): Promise<ScriptVersionEntity> {
    const latest = await this.versions.latest(manager, passed.projectId);
    if (latest !== null && latest.content === passed.content) {
      await this.versions.passedAgain(manager, latest.id);
      return latest;
    }
    return this.versions.insert(
      manager,
      {
        ...passed,
        authorId: user.id,
        authorName: user.username,
        authorEmail: user.email,
      },
      latest,
    );
  }
}

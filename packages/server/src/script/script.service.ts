import { Injectable } from '@nestjs/common';
import type {
  Script,
  ScriptAnalysis,
  ScriptAnalyze,
  ScriptConvert,
  ScriptConvertResult,
  ScriptFormat,
  ScriptFormatHelp,
  ScriptSave,
  ScriptValidate,
  ScriptValidation,
  User,
} from '@reelbench/sdk/contract';
import {
  analyzeScreenplay,
  convertScript,
  detectFormat,
  directorReport,
  formatHelp,
  parseScript,
  type Screenplay,
  validateScript,
} from '@reelbench/sdk/screenplay';
import type { ProjectEntity } from '../projects/project.entity.js';
import { ProjectsService } from '../projects/project.service.js';
import type { ScriptEntity } from './script.entity.js';
import { ScriptsRepository } from './script.repository.js';

function toScript(entity: ScriptEntity): Script {
  return {
    projectId: entity.projectId,
    content: entity.content,
    format: entity.format as ScriptFormat,
    updatedAt: entity.updatedAt.toISOString(),
  };
}

/** The format a script is stored with: the one given, else the one its content reads as. */
export function scriptFormatOf(content: string, format?: ScriptFormat): ScriptFormat {
  return format ?? detectFormat(content);
}

/** A project's saved script, read for a pass. */
export interface SavedScript {
  content: string;
  format: ScriptFormat;
  screenplay: Screenplay;
}

/** The engine's analysis and the director's report: what the offline director would shoot (issue 25). */
function withDirector(screenplay: Screenplay): ScriptAnalysis {
  return { ...analyzeScreenplay(screenplay), director: directorReport(screenplay) };
}

@Injectable()
export class ScriptService {
  constructor(
    private readonly projects: ProjectsService,
    private readonly scripts: ScriptsRepository,
  ) {}

  /** A project without a saved script has an empty one. */
  async get(user: User, projectId: string): Promise<Script> {
    const project = await this.projects.requireOwned(user, projectId);
    const script = await this.scripts.find(project.id);
    return script === null ? { projectId: project.id, content: '' } : toScript(script);
  }

  async save(user: User, projectId: string, input: ScriptSave): Promise<Script> {
    const project = await this.projects.requireOwned(user, projectId);
    const format = scriptFormatOf(input.content, input.format);
    return toScript(await this.scripts.upsert({ projectId: project.id, content: input.content, format }));
  }

  /** The project's saved script in the screenplay model (Final Draft and plain text are converted). */
  async savedScreenplay(project: ProjectEntity): Promise<Screenplay> {
    return (await this.savedScript(project)).screenplay;
  }

  /** The project's saved script: its text, the format it is stored with and its screenplay model. */
  async savedScript(project: ProjectEntity): Promise<SavedScript> {
    const script = await this.scripts.find(project.id);
    const content = script?.content ?? '';
    const format = scriptFormatOf(content, (script?.format as ScriptFormat | undefined) ?? undefined);
    return { content, format, screenplay: parseScript(content, format) };
  }

  analyze(input: ScriptAnalyze): ScriptAnalysis {
    return withDirector(parseScript(input.content, input.format ?? 'auto'));
  }

  async analyzeProject(user: User, projectId: string): Promise<ScriptAnalysis> {
    const project = await this.projects.requireOwned(user, projectId);
    return withDirector(await this.savedScreenplay(project));
  }

  convert(input: ScriptConvert): ScriptConvertResult {
    return { content: convertScript(input.content, input.from ?? 'auto', input.to), format: input.to };
  }

  /** Findings for a script that could be read, valid or not; a request that cannot be checked is a 400. */
  validate(input: ScriptValidate): ScriptValidation {
    return validateScript(input.content, input.format);
  }

  /** An unknown format is NOT_FOUND_ERROR 'Script format {name} not found'. */
  formatHelp(format: string): ScriptFormatHelp {
    return formatHelp(format);
  }
}

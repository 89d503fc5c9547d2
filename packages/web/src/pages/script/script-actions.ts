import {
  type ActionContext,
  type ActionRegistry,
  type HandledActionSpec,
  registerHandledActions,
} from '../../actions/registry.js';
import type { PageCommands } from '../../app/page-commands.js';

export type ScriptActionId =
  | 'script.import'
  | 'script.analyse'
  | 'script.format'
  | 'script.export.fountain'
  | 'script.export.fdx'
  | 'script.export.text'
  | 'script.validate'
  | 'script.breakdown.toggle';

/** The script page's actions: in the palette and behind every toolbar button, only on /script. */
export const SCRIPT_ACTIONS: readonly HandledActionSpec<ScriptActionId>[] = [
  {
    id: 'script.import',
    label: 'Import Script…',
    section: 'Project',
    keywords: ['open', 'upload', 'fountain', 'final draft', 'fdx', 'text', 'drop', 'file'],
    hint: '.fountain, .fdx, .txt',
  },
  {
    id: 'script.analyse',
    label: 'Analyse Script',
    section: 'Project',
    keywords: ['analyze', 'analysis', 'pages', 'screen time', 'dialogue', 'locations', 'breakdown'],
    hint: 'Pages, screen time, dialogue',
  },
  {
    id: 'script.format',
    label: 'Format Script',
    section: 'Project',
    keywords: ['normalise', 'normalize', 'tidy', 'clean up', 'fountain', 'prettify'],
  },
  {
    id: 'script.export.fountain',
    label: 'Export Script as Fountain',
    section: 'Project',
    keywords: ['download', 'save as', '.fountain'],
  },
  {
    id: 'script.export.fdx',
    label: 'Export Script as Final Draft',
    section: 'Project',
    keywords: ['download', 'save as', 'fdx', '.fdx'],
  },
  {
    id: 'script.export.text',
    label: 'Export Script as Plain Text',
    section: 'Project',
    keywords: ['download', 'save as', 'txt', '.txt'],
  },
  {
    id: 'script.validate',
    label: 'Show Script Problems',
    section: 'Project',
    keywords: ['validate', 'check', 'lint', 'errors', 'warnings', 'problems'],
  },
  {
    id: 'script.breakdown.toggle',
    label: 'Toggle Breakdown Panel',
    section: 'View',
    keywords: ['side panel', 'scenes', 'characters', 'reading time', 'hide', 'show'],
  },
];

export type ScriptHandlers = Partial<Record<ScriptActionId, () => void>>;

/** What the mounted script page can do; empty while it is not mounted. */
let handlers: ScriptHandlers = {};

const hasProject = (context: ActionContext) => context.projectId !== null;

/**
 * Registers the script actions once per registry (the registry is global and outlives the page).
 * Each is available only on /script, with a project, while the page has handed over its handler.
 */
export function registerScriptActions(registry: ActionRegistry): void {
  registerHandledActions(registry, {
    specs: SCRIPT_ACTIONS,
    paths: ['/script'],
    handlers: () => handlers,
    when: hasProject,
  });
}

/**
 * Hands the page's handlers to the actions while it is mounted; bumps the page-command version so
 * buttons and the palette re-read availability. Returns the cleanup.
 */
export function setScriptHandlers(next: ScriptHandlers, commands: PageCommands): () => void {
  handlers = next;
  commands.version.set((version) => version + 1);
  return () => {
    if (handlers === next) handlers = {};
    commands.version.set((version) => version + 1);
  };
}

import { type ActionContext, type ActionDefinition, defineActions } from '../../actions/action.js';
import { definePageContext } from '../../actions/page-context.js';

export type ScriptExport = 'fountain' | 'fdx' | 'text';

/** The script page on screen, once its script has loaded: what its toolbar does. */
export interface ScriptPage {
  importFile: () => void;
  analyse: () => void;
  format: () => void;
  exportAs: (format: ScriptExport) => void;
  showProblems: () => void;
  toggleBreakdown: () => void;
  /** The saved scripts first passes ran on, and the diff between any two. */
  showVersions: () => void;
  /** Opens the shot the cursor's line feeds in the shot lab; false when the line feeds none. */
  openShotAtCursor: () => boolean;
}

export const scriptPage = definePageContext<ScriptPage>('script');

const page = (context: ActionContext) => scriptPage.get(context.services);

function scriptAction(
  definition: Omit<ActionDefinition, 'scope' | 'available' | 'perform'>,
  perform: (page: ScriptPage) => void,
): ActionDefinition {
  return {
    ...definition,
    scope: 'script',
    available: (context) => context.projectId !== null && page(context) !== null,
    perform: (context) => {
      const shown = page(context);
      if (shown) perform(shown);
    },
  };
}

/** The script page's actions: in the palette and behind every toolbar button, only on /script. */
export const scriptActions = defineActions([
  scriptAction(
    {
      id: 'script.import',
      label: 'Import Script…',
      section: 'Project',
      keywords: ['open', 'upload', 'fountain', 'final draft', 'fdx', 'text', 'drop', 'file'],
      hint: '.fountain, .fdx, .txt',
    },
    (shown) => shown.importFile(),
  ),
  scriptAction(
    {
      id: 'script.analyse',
      label: 'Analyse Script',
      section: 'Project',
      keywords: ['analyze', 'analysis', 'pages', 'screen time', 'dialogue', 'locations', 'breakdown'],
      hint: 'Pages, screen time, dialogue',
    },
    (shown) => shown.analyse(),
  ),
  scriptAction(
    {
      id: 'script.format',
      label: 'Format Script',
      section: 'Project',
      keywords: ['normalise', 'normalize', 'tidy', 'clean up', 'fountain', 'prettify'],
    },
    (shown) => shown.format(),
  ),
  scriptAction(
    {
      id: 'script.export.fountain',
      label: 'Export Script as Fountain',
      section: 'Project',
      keywords: ['download', 'save as', '.fountain'],
    },
    (shown) => shown.exportAs('fountain'),
  ),
  scriptAction(
    {
      id: 'script.export.fdx',
      label: 'Export Script as Final Draft',
      section: 'Project',
      keywords: ['download', 'save as', 'fdx', '.fdx'],
    },
    (shown) => shown.exportAs('fdx'),
  ),
  scriptAction(
    {
      id: 'script.export.text',
      label: 'Export Script as Plain Text',
      section: 'Project',
      keywords: ['download', 'save as', 'txt', '.txt'],
    },
    (shown) => shown.exportAs('text'),
  ),
  scriptAction(
    {
      id: 'script.validate',
      label: 'Show Script Problems',
      section: 'Project',
      keywords: ['validate', 'check', 'lint', 'errors', 'warnings', 'problems'],
    },
    (shown) => shown.showProblems(),
  ),
  scriptAction(
    {
      id: 'script.versions',
      label: 'Script Versions',
      section: 'Project',
      keywords: ['history', 'revisions', 'drafts', 'diff', 'compare', 'changes', 'first pass'],
      hint: 'Who, when, pages; the diff',
    },
    (shown) => shown.showVersions(),
  ),
  scriptAction(
    {
      id: 'script.shot.open',
      label: "Open This Line's Shot in the Shot Lab",
      section: 'Project',
      keywords: ['jump', 'go to shot', 'gutter', 'source', 'frame', 'shot lab'],
      hint: 'The line the cursor is on',
    },
    (shown) => shown.openShotAtCursor(),
  ),
  scriptAction(
    {
      id: 'script.breakdown.toggle',
      label: 'Toggle Breakdown Panel',
      section: 'View',
      keywords: ['side panel', 'scenes', 'characters', 'reading time', 'hide', 'show'],
    },
    (shown) => shown.toggleBreakdown(),
  ),
]);

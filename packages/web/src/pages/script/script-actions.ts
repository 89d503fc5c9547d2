import { defineActions, hasProject } from '../../actions/action.js';
import { pageAction } from '../../actions/action-on.js';
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

const onScriptPage = pageAction(scriptPage, { scope: 'script', section: 'Project' });

/** A script page action, with a project (as on /script). */
const scriptAction: typeof onScriptPage = (definition, perform) =>
  onScriptPage({ available: hasProject, ...definition }, perform);

/** The three script exports: each format's name and its own search words. */
const SCRIPT_EXPORTS: readonly { format: ScriptExport; name: string; keywords: readonly string[] }[] = [
  { format: 'fountain', name: 'Fountain', keywords: ['.fountain'] },
  { format: 'fdx', name: 'Final Draft', keywords: ['fdx', '.fdx'] },
  { format: 'text', name: 'Plain Text', keywords: ['txt', '.txt'] },
];

/** The script page's actions: in the palette and behind every toolbar button, only on /script. */
export const scriptActions = defineActions([
  scriptAction(
    {
      id: 'script.import',
      label: 'Import Script…',
      keywords: ['open', 'upload', 'fountain', 'final draft', 'fdx', 'text', 'drop', 'file'],
      hint: '.fountain, .fdx, .txt',
    },
    (shown) => shown.importFile(),
  ),
  scriptAction(
    {
      id: 'script.analyse',
      label: 'Analyse Script',
      keywords: ['analyze', 'analysis', 'pages', 'screen time', 'dialogue', 'locations', 'breakdown'],
      hint: 'Pages, screen time, dialogue',
    },
    (shown) => shown.analyse(),
  ),
  scriptAction(
    {
      id: 'script.format',
      label: 'Format Script',
      keywords: ['normalise', 'normalize', 'tidy', 'clean up', 'fountain', 'prettify'],
    },
    (shown) => shown.format(),
  ),
  ...SCRIPT_EXPORTS.map(({ format, name, keywords }) =>
    scriptAction(
      {
        id: `script.export.${format}`,
        label: `Export Script as ${name}`,
        keywords: ['download', 'save as', ...keywords],
      },
      (shown) => shown.exportAs(format),
    ),
  ),
  scriptAction(
    {
      id: 'script.validate',
      label: 'Show Script Problems',
      keywords: ['validate', 'check', 'lint', 'errors', 'warnings', 'problems'],
    },
    (shown) => shown.showProblems(),
  ),
  scriptAction(
    {
      id: 'script.versions',
      label: 'Script Versions',
      keywords: ['history', 'revisions', 'drafts', 'diff', 'compare', 'changes', 'first pass'],
      hint: 'Who, when, pages; the diff',
    },
    (shown) => shown.showVersions(),
  ),
  scriptAction(
    {
      id: 'script.shot.open',
      label: "Open This Line's Shot in the Shot Lab",
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

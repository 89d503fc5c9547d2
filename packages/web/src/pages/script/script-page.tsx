import '../../styles/script.css';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { formatFountain, type Script, type ScriptAnalysis } from '@reelbench/sdk';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import {
  AlignLeft,
  ChevronDown,
  CircleAlert,
  CircleCheck,
  Download,
  FileDiff,
  FileText,
  FileUp,
  History,
  PanelRightOpen,
  ScanText,
  TriangleAlert,
} from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { editContext } from '../../actions/edit-actions.js';
import { usePageContext } from '../../actions/page-context.js';
import { queries, queryKeys } from '../../app/queries.js';
import { useServices } from '../../app/services-context.js';
import { ActionButton } from '../../shell/action-button.js';
import { type ActionButtonSpec, ActionButtons } from '../../shell/action-buttons.js';
import { useAction, useActionContext, useRunAction } from '../../shell/use-action.js';
import { shotLabPath } from '../../shots/shot-actions.js';
import { createStore, type Store, useStore } from '../../state/store.js';
import { Button } from '../../ui/button.js';
import { EmptyState, Skeleton } from '../../ui/card.js';
import { ConfirmModal } from '../../ui/confirm-modal.js';
import { cx } from '../../ui/cx.js';
import { HiddenFileInput } from '../../ui/fields.js';
import { useFileDrop } from '../../ui/use-file-drop.js';
import { BreakdownPanel, type ServerAnalysis } from './breakdown-panel.js';
import type { Problem } from './problems.js';
import { formatCount, type QuickBreakdown, quickBreakdown } from './quick-breakdown.js';
import { scriptPage } from './script-actions.js';
import { type CursorPosition, ScriptEditor, type ScriptEditorHandle } from './script-editor.js';
import {
  downloadText,
  type ExportFormat,
  exportScript,
  fileBaseName,
  IMPORT_ACCEPT,
  importFile,
} from './script-io.js';
import { type ShotRef, scriptMarks, sourceSpans } from './shot-lines.js';
import { createValidator } from './validator.js';

// The versions and their diff load when first opened.
const ScriptVersionsDialog = lazy(() =>
  import('./script-versions-dialog.js').then((module) => ({ default: module.ScriptVersionsDialog })),
);

/** The text each analysis in the query cache was made from, so a revisit can tell whether it is stale. */
const analysedText = new WeakMap<ScriptAnalysis, string>();

const QUICK_DEBOUNCE_MS = 150;
const VALIDATE_DEBOUNCE_MS = 1000;
const PANEL_KEY = 'reelbench-script-breakdown';

/** The toolbar's file actions, before the export menu. */
const FILE_ACTIONS: readonly ActionButtonSpec[] = [
  { actionId: 'script.import', label: 'Import', icon: FileUp },
  { actionId: 'script.format', label: 'Format', icon: AlignLeft },
];

function problemsLabel(problems: readonly Problem[]): string {
  if (problems.length === 0) return 'No problems';
  return `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`;
}

function readPanelOpen(): boolean {
  try {
    return globalThis.localStorage?.getItem(PANEL_KEY) !== 'closed';
  } catch {
    return true;
  }
}

function ExportMenu() {
  const fountain = useAction('script.export.fountain');
  const fdx = useAction('script.export.fdx');
  const text = useAction('script.export.text');
  const items = [
    { action: fountain, name: 'Fountain', ext: '.fountain' },
    { action: fdx, name: 'Final Draft', ext: '.fdx' },
    { action: text, name: 'Plain text', ext: '.txt' },
  ];
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="ghost" icon={Download} disabled={!fountain.available} data-action="script.export">
          Export
          <ChevronDown size={13} aria-hidden="true" className="script-toolbar__chevron" />
        </Button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="menu script-export-menu" align="end" sideOffset={6}>
          <Menu.Label className="menu__label">Export the script as</Menu.Label>
          {items.map(({ action, name, ext }) => (
            <Menu.Item key={ext} className="menu__item" disabled={!action.available} onSelect={action.run}>
              <FileText size={14} aria-hidden="true" />
              <span className="script-export-menu__name">{name}</span>
              <span className="script-export-menu__ext">{ext}</span>
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

/** Under the page: where the cursor is, the format, the word count. */
function StatusBar({
  cursor,
  words,
  legend,
}: {
  cursor: Store<CursorPosition>;
  words: number;
  /** Shown once a first pass has been kept as a version: what the gutter marks mean. */
  legend: { edited: number } | null;
}) {
  const { line, column } = useStore(cursor);
  return (
    <footer className="script-statusbar">
      <span className="tabular">
        Ln {line}, Col {column}
      </span>
      <span className="script-statusbar__sep" aria-hidden="true" />
      <span>Fountain</span>
      <span className="script-statusbar__spacer" />
      {legend ? (
        <span className="script-legend">
          <span
            className="script-legend__item"
            title="These lines are the source of shots: click the mark to open the shot"
          >
            <span className="script-legend__swatch script-legend__swatch--shot" aria-hidden="true" />
            Feeds shots
          </span>
          <span
            className="script-legend__item"
            title="Written or changed since the last first pass: revise the shots to follow"
          >
            <span className="script-legend__swatch script-legend__swatch--edit" aria-hidden="true" />
            Edited since the last pass{legend.edited > 0 ? ` (${formatCount(legend.edited)})` : ''}
          </span>
        </span>
      ) : null}
      <span className="tabular">{formatCount(words)} words</span>
    </footer>
  );
}

function EditorSkeleton() {
  const widths = ['46%', '0', '88%', '72%', '0', '30%', '58%', '0', '24%', '64%', '52%', '0', '80%', '40%'];
  return (
    <div className="script-skeleton" role="status" aria-label="Loading the script">
      <div className="script-skeleton__page">
        {widths.map((width, index) =>
          width === '0' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative list
            <span key={index} className="script-skeleton__gap" />
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative list
            <Skeleton key={index} width={width} height={12} />
          ),
        )}
      </div>
    </div>
  );
}

/** /project/{id}/script: the Fountain editor, the live breakdown beside it, import, format, export. */
export function ScriptPage() {
  const { projectId } = useParams({ from: '/guarded/project/$projectId/script' });
  // Another project's script is a fresh workspace: no text, timers or analysis carried over.
  return <ScriptWorkspace key={projectId} projectId={projectId} />;
}

function ScriptWorkspace({ projectId }: { projectId: string }) {
  const services = useServices();
  const { client, queryClient, saves, toasts } = services;
  const runAction = useRunAction();

  const script = useQuery(queries.script(client, projectId));
  const project = useQuery(queries.project(client, projectId));
  const { navigate } = useActionContext();

  const editor = useRef<ScriptEditorHandle>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const problemsSection = useRef<HTMLElement>(null);
  const content = useRef<string | null>(null);
  const [liveText, setLiveText] = useState<string | null>(null);
  const [empty, setEmpty] = useState(true);
  const [problems, setProblems] = useState<readonly Problem[]>([]);
  const [cursor] = useState(() => createStore<CursorPosition>({ line: 1, column: 1 }));
  const [analysis, setAnalysis] = useState<(ServerAnalysis & { content: string }) | null>(() => {
    const cached = queryClient.getQueryData(queryKeys.analysis(projectId));
    const text = cached ? analysedText.get(cached) : undefined;
    return cached && text !== undefined ? { result: cached, stale: false, content: text } : null;
  });
  const [panelOpen, setPanelOpen] = useState(readPanelOpen);
  const [focusProblems, setFocusProblems] = useState(0);
  const timers = useRef<{ quick?: ReturnType<typeof setTimeout>; validate?: ReturnType<typeof setTimeout> }>(
    {},
  );

  const [validator] = useState(createValidator);
  useEffect(() => () => validator.dispose(), [validator]);
  /** Validates `text` off the main thread; the answer is shown only if the script is still that text. */
  const check = useCallback(
    (text: string) =>
      validator.validate(text).then((found) => {
        if (text === content.current) setProblems(found);
        return found;
      }),
    [validator],
  );

  const loaded = script.data !== undefined;
  const initialContent = script.data?.content ?? '';

  // The gutter's marks: the shots and the script the last pass ran on, read after the text is up.
  const shots = useQuery({ ...queries.shots(client, projectId), enabled: loaded });
  const passed = useQuery({ ...queries.latestScriptVersion(client, projectId), enabled: loaded });
  const base = passed.data ?? null;
  const spans = useMemo(
    () => (base && shots.data ? sourceSpans(base.content, base.format, shots.data.shots) : []),
    [base, shots.data],
  );
  const [editedCount, setEditedCount] = useState(0);
  const [versionsOpen, setVersionsOpen] = useState(false);
  // Mounted from the first opening on, so closing animates and gives the focus back.
  const [versionsMounted, setVersionsMounted] = useState(false);
  const [versionsText, setVersionsText] = useState('');

  // The text the panel shows, once the script has loaded.
  useEffect(() => {
    if (!loaded || content.current !== null) return;
    content.current = initialContent;
    setLiveText(initialContent);
    setEmpty(initialContent.trim() === '');
    void check(initialContent);
  }, [loaded, initialContent, check]);

  // Leaving the page keeps the latest text in the cache, so coming back shows it before the save lands.
  useEffect(
    () => () => {
      const latest = content.current;
      clearTimeout(timers.current.quick);
      clearTimeout(timers.current.validate);
      if (latest === null) return;
      queryClient.setQueryData<Script>(queryKeys.script(projectId), (old) => ({
        ...(old ?? { projectId }),
        content: latest,
      }));
    },
    [queryClient, projectId],
  );

  useEffect(() => {
    editor.current?.setProblems(problems);
  }, [problems]);

  // Marks follow the text (debounced with the quick breakdown) and each new pass.
  useEffect(() => {
    if (liveText === null || !editor.current) return;
    const marks = scriptMarks(base?.content ?? null, editor.current.getContent(), spans);
    editor.current.setScriptMarks(marks);
    setEditedCount(marks.edited.size);
  }, [liveText, base, spans]);

  const openShot = useCallback(
    (found: readonly ShotRef[]) => {
      const first = found[0];
      if (first) navigate(shotLabPath(projectId, first.id));
      return first !== undefined;
    },
    [navigate, projectId],
  );

  const onChange = useCallback(
    (next: string) => {
      content.current = next;
      saves.markDirty({ script: next });
      setEmpty(next.trim() === '');
      clearTimeout(timers.current.quick);
      timers.current.quick = setTimeout(() => setLiveText(next), QUICK_DEBOUNCE_MS);
      clearTimeout(timers.current.validate);
      timers.current.validate = setTimeout(() => void check(next), VALIDATE_DEBOUNCE_MS);
    },
    [saves, check],
  );

  const current = () => editor.current?.getContent() ?? content.current ?? '';

  const analyse = useMutation({
    mutationFn: async (text: string) => {
      const [result, validation] = await Promise.all([
        client.script.analyze({ content: text, format: 'fountain' }),
        client.script.validate({ content: text, format: 'fountain' }).catch(() => null),
      ]);
      return { result, validation, text };
    },
    onSuccess: ({ result, validation, text }) => {
      analysedText.set(result, text);
      setAnalysis({ result, stale: false, content: text });
      queryClient.setQueryData(queryKeys.analysis(projectId), result);
      if (validation && text === content.current) {
        setProblems(text.trim() === '' ? [] : validation.findings);
      }
      setPanelOpen(true);
    },
  });

  // An import over a script with text waits here for the user's answer (the confirmation dialog).
  const [pendingImport, setPendingImport] = useState<{
    fileName: string;
    answer: (replace: boolean) => void;
  } | null>(null);
  const answerImport = (replace: boolean) => {
    pendingImport?.answer(replace);
    setPendingImport(null);
  };

  const importFromFile = useCallback(
    async (file: File) => {
      await importFile(
        file,
        {
          current: () => editor.current?.getContent() ?? content.current ?? '',
          replace: (next) => {
            editor.current?.replaceContent(next, 'input.import');
            void check(next);
          },
          confirmReplace: (imported) =>
            new Promise<boolean>((resolve) =>
              setPendingImport({ fileName: imported.fileName, answer: resolve }),
            ),
        },
        (toast) => toasts.show(toast),
      );
      editor.current?.focus();
    },
    [toasts, check],
  );

  const exportAs = (format: ExportFormat) => {
    const { text, mime, extension } = exportScript(current(), format);
    const name = `${fileBaseName(project.data?.name)}.${extension}`;
    downloadText(name, text, mime);
    toasts.show({ type: 'success', title: 'Script exported', message: name });
  };

  const format = () => {
    const before = current();
    const after = formatFountain(before);
    if (after === before || (after.trim() === '' && before.trim() === '')) {
      toasts.show({ type: 'info', title: 'Already formatted' });
      return;
    }
    editor.current?.replaceContent(after, 'input.format');
    void check(after);
    toasts.show({
      type: 'success',
      title: 'Script formatted',
      message: 'Undo with Ctrl+Z to get the previous text back.',
    });
  };

  const showProblems = () => {
    setPanelOpen(true);
    const text = current();
    void check(text).then((found) => {
      setFocusProblems((n) => n + 1);
      if (found.length === 0) toasts.show({ type: 'info', title: 'No problems found' });
    });
    if (text.trim() === '') return;
    void client.script
      .validate({ content: text, format: 'fountain' })
      .then((validation) => {
        if (text === current()) setProblems(validation.findings);
      })
      .catch(() => {});
  };

  // What the script actions do here, once the script has loaded.
  usePageContext(
    scriptPage,
    loaded
      ? {
          importFile: () => fileInput.current?.click(),
          analyse: () => {
            const text = current();
            if (text.trim() === '')
              toasts.show({
                type: 'info',
                title: 'Nothing to analyse yet',
                message: 'Write or import a script first.',
              });
            else analyse.mutate(text);
          },
          format,
          exportAs,
          showProblems,
          toggleBreakdown: () => setPanelOpen((open) => !open),
          showVersions: () => {
            setVersionsText(current());
            setVersionsMounted(true);
            setVersionsOpen(true);
          },
          openShotAtCursor: () => {
            const found = editor.current?.shotsAtCursor() ?? [];
            if (found.length === 0)
              toasts.show({
                type: 'info',
                title: 'No shot on this line',
                message: 'Lines marked in violet beside the text feed shots.',
              });
            return openShot(found);
          },
        }
      : null,
  );
  usePageContext(
    editContext,
    loaded ? { undo: () => void editor.current?.undo(), redo: () => void editor.current?.redo() } : null,
  );

  useEffect(() => {
    try {
      globalThis.localStorage?.setItem(PANEL_KEY, panelOpen ? 'open' : 'closed');
    } catch {
      // Private mode: the choice lasts for this visit.
    }
  }, [panelOpen]);

  // "Show Script Problems" focuses the list once it is on screen.
  useEffect(() => {
    if (focusProblems === 0) return;
    const section = problemsSection.current;
    if (!section) return;
    section.scrollIntoView({ block: 'nearest' });
    (section.querySelector('button') ?? section).focus();
  }, [focusProblems]);

  // An analysis is out of date once the text it was made from changes.
  useEffect(() => {
    if (!analysis || liveText === null) return;
    const stale = liveText !== analysis.content;
    if (stale !== analysis.stale) setAnalysis({ ...analysis, stale });
  }, [liveText, analysis]);

  // The desk takes a dropped file before the editor in it would insert its text.
  const drop = useFileDrop((file) => void importFromFile(file), { capture: true });
  const { dragging } = drop;

  const quick: QuickBreakdown = useMemo(() => quickBreakdown(liveText ?? ''), [liveText]);
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  const ProblemIcon = problems.length === 0 ? CircleCheck : errors > 0 ? CircleAlert : TriangleAlert;
  const failed = script.isError && !loaded;

  return (
    <div className="page page--full script-page">
      <header className="page__header script-page__header">
        <div className="script-page__heading">
          <h1 className="page__title script-page__title">Script</h1>
          <p className="script-page__meta">
            {project.data?.name ? <span className="script-page__project">{project.data.name}</span> : null}
            {loaded ? (
              <span className="script-page__facts">
                {formatCount(quick.sceneLines.length)} {quick.sceneLines.length === 1 ? 'scene' : 'scenes'} ·{' '}
                {formatCount(quick.wordCount)} words · {quick.readingTimeMinutes} min read
              </span>
            ) : null}
          </p>
        </div>
        <div className="page__actions script-toolbar">
          <ActionButtons actions={FILE_ACTIONS} />
          <ExportMenu />
          <ActionButton actionId="script.versions" variant="ghost" icon={History}>
            Versions
          </ActionButton>
          <span className="script-toolbar__divider" aria-hidden="true" />
          <ActionButton
            actionId="script.validate"
            variant="ghost"
            className={cx(
              'script-problems',
              problems.length === 0
                ? 'script-problems--none'
                : errors > 0
                  ? 'script-problems--error'
                  : 'script-problems--warning',
            )}
            icon={ProblemIcon}
          >
            {problemsLabel(problems)}
          </ActionButton>
          <ActionButton actionId="script.analyse" variant="primary" busy={analyse.isPending} icon={ScanText}>
            Analyse
          </ActionButton>
          <ActionButton actionId="project.reviseShots" icon={FileDiff}>
            Revise shots
          </ActionButton>
          {!panelOpen ? (
            <ActionButton actionId="script.breakdown.toggle" variant="ghost" iconOnly icon={PanelRightOpen} />
          ) : null}
        </div>
      </header>

      <div className="script-page__body">
        <section
          className={cx('script-desk', dragging && 'is-dragging')}
          aria-label="Screenplay"
          {...drop.props}
        >
          {failed ? (
            <EmptyState
              icon={CircleAlert}
              title="The script could not be loaded"
              actions={
                <Button variant="secondary" onClick={() => void script.refetch()}>
                  Try again
                </Button>
              }
            >
              Nothing was changed. Check the connection and try again.
            </EmptyState>
          ) : !loaded ? (
            <EditorSkeleton />
          ) : (
            <>
              <ScriptEditor
                ref={editor}
                initialContent={initialContent}
                onChange={onChange}
                onCursor={cursor.set}
                onSave={() => runAction('project.save')}
                onPalette={() => runAction('palette.open')}
                onShotMark={openShot}
              />
              {empty ? (
                <div className="script-empty" aria-hidden="true">
                  <FileText size={28} className="script-empty__icon" />
                  <p className="script-empty__title">Write or drop a screenplay…</p>
                  <p className="script-empty__text">
                    Start with a scene heading such as <code>INT. KITCHEN - NIGHT</code>, or drop a .fountain,
                    .fdx or .txt file here.
                  </p>
                </div>
              ) : null}
              <StatusBar
                cursor={cursor}
                words={quick.wordCount}
                legend={base ? { edited: editedCount } : null}
              />
            </>
          )}
          {dragging ? (
            <div className="script-drop" aria-hidden="true">
              <div className="script-drop__card">
                <FileUp size={28} />
                <p className="script-drop__title">Drop to import</p>
                <p className="script-drop__text">
                  Fountain, Final Draft (.fdx) or plain text — it replaces the script; Ctrl+Z undoes it.
                </p>
              </div>
            </div>
          ) : null}
        </section>

        {panelOpen && loaded ? (
          <BreakdownPanel
            quick={quick}
            problems={problems}
            analysis={analysis}
            analysing={analyse.isPending}
            onJump={(line) => editor.current?.jumpToLine(line)}
            problemsRef={problemsSection}
            cursorLine={cursor}
          />
        ) : null}
      </div>

      <ConfirmModal
        open={pendingImport !== null}
        title="Replace the script?"
        description={
          <>
            Importing <strong>{pendingImport?.fileName}</strong> replaces the script in the editor. Ctrl+Z (or
            Undo in the palette) brings the current script back.
          </>
        }
        confirmLabel="Replace script"
        onConfirm={() => answerImport(true)}
        onCancel={() => answerImport(false)}
      />

      {versionsMounted ? (
        <Suspense fallback={null}>
          <ScriptVersionsDialog
            projectId={projectId}
            open={versionsOpen}
            onOpenChange={setVersionsOpen}
            current={versionsText}
          />
        </Suspense>
      ) : null}

      <HiddenFileInput
        ref={fileInput}
        accept={IMPORT_ACCEPT}
        aria-label="Import script file"
        onFile={(file) => void importFromFile(file)}
      />
    </div>
  );
}

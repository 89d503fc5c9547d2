import type { FirstPassChange, FirstPassResponse } from '@reelbench/sdk';
import { TOASTS } from '@reelbench/sdk';
import { CircleCheck, FilePenLine, Minus, Plus } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { queries } from '../app/queries.js';
import { useServices } from '../app/services-context.js';
import { useActionContext } from '../shell/use-action.js';
import { shotEditorFor } from '../shots/editor.js';
import { errorBody } from '../state/errors.js';
import { useStore } from '../state/store.js';
import { Button } from '../ui/button.js';
import { cx } from '../ui/cx.js';
import { Modal } from '../ui/modal.js';
import { applyRevise, type ReviseDeps, reviseCommand } from './revise-command.js';
import {
  groupRevision,
  type RevisionPreview,
  type RevisionScene,
  revisionSummary,
  styleGuideOf,
  wordDiff,
} from './revision.js';
import '../styles/revise.css';

type Phase =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; reply: FirstPassResponse; preview: RevisionPreview; guide: ReviseDeps['guide'] };

/** A changed shot's text, old against new: lost words struck through, new words marked. */
function TextDiff({ before, after }: { before: string; after: string }) {
  return (
    <p className="revise-text">
      {wordDiff(before, after).map((token, index) =>
        token.kind === 'removed' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the tokens of one diff, never reordered
          <del key={index} className="revise-text__removed">
            {token.text}
          </del>
        ) : token.kind === 'added' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the tokens of one diff, never reordered
          <ins key={index} className="revise-text__added">
            {token.text}
          </ins>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the tokens of one diff, never reordered
          <span key={index}>{token.text}</span>
        ),
      )}
    </p>
  );
}

const CHANGE_LABELS = { changed: 'Changed', added: 'Added', removed: 'Removed' } as const;
const CHANGE_ICONS = { changed: FilePenLine, added: Plus, removed: Minus } as const;

function ChangeRow({ change }: { change: FirstPassChange }) {
  const Icon = CHANGE_ICONS[change.change];
  return (
    <li className={cx('revise-change', `revise-change--${change.change}`)}>
      <div className="revise-change__head">
        <span className="revise-badge">
          <Icon size={12} aria-hidden="true" />
          {CHANGE_LABELS[change.change]}
        </span>
        <span className="revise-change__name">{change.name}</span>
      </div>
      {change.change === 'changed' ? (
        <TextDiff before={change.before ?? ''} after={change.after ?? ''} />
      ) : change.change === 'added' ? (
        <p className="revise-text">
          <ins className="revise-text__added">{change.after}</ins>
        </p>
      ) : (
        <p className="revise-text">
          <del className="revise-text__removed">{change.before}</del>
        </p>
      )}
    </li>
  );
}

function SceneBlock({ scene }: { scene: RevisionScene }) {
  const title = scene.number === null ? 'Deleted scene' : `Scene ${scene.number}`;
  const rows = [...scene.changed, ...scene.added, ...scene.removed];
  const facts = [
    scene.changed.length > 0 ? `${scene.changed.length} changed` : '',
    scene.added.length > 0 ? `${scene.added.length} added` : '',
    scene.removed.length > 0 ? `${scene.removed.length} removed` : '',
    scene.kept > 0 || rows.length === 0 ? `${scene.kept} kept` : '',
  ].filter(Boolean);
  return (
    <li className={cx('revise-scene', rows.length === 0 && 'revise-scene--quiet')}>
      <header className="revise-scene__head">
        <span className="revise-scene__number mono">{title}</span>
        <span className="revise-scene__heading">{scene.heading}</span>
        <span className="revise-scene__facts mono">{facts.join(' · ')}</span>
      </header>
      {rows.length > 0 ? (
        <ul className="revise-scene__changes">
          {rows.map((change) => (
            <ChangeRow key={change.id} change={change} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The dialog's scrolling body: it has the focus first, so arrows scroll it and Enter applies. */
function RevisionRegion({
  busy,
  onKeyDown,
  children,
}: {
  busy: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  children: ReactNode;
}) {
  return (
    <section
      className="revise-modal__region"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes the focus so the keyboard can scroll it; Enter there applies, as the dialog's default button
      tabIndex={0}
      data-autofocus
      aria-label="Revision by scene"
      aria-busy={busy}
      onKeyDown={onKeyDown}
    >
      {children}
    </section>
  );
}

/**
 * "Revise shots" (issue #30): the script's edit against the shots before it is applied. Opening runs
 * the first pass as a dry run (the script saved first); the dialog lists per scene, in script order,
 * the shots kept, changed (with the word diff of their text), added and removed, and the summary
 * line. Apply revises (one undo step in the shot views); Cancel or Escape leaves everything as it is.
 */
export function ReviseShotsModal() {
  const services = useServices();
  const { ui, client, toasts, queryClient, saves, activity } = services;
  const open = useStore(ui.store, (state) => state.reviseShotsOpen);
  const { projectId } = useActionContext();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const run = useRef(0);

  const close = useCallback(() => ui.patch({ reviseShotsOpen: false }), [ui]);

  const preview = useCallback(async () => {
    if (projectId === null) return;
    const ticket = ++run.current;
    setPhase({ kind: 'loading' });
    try {
      // The script page saves as you type: what was typed a moment ago goes first.
      await saves.flush();
      const list = await queryClient.ensureQueryData(queries.shots(client, projectId));
      const guide = styleGuideOf(list.shots);
      const reply = await activity.track(
        client.script.firstPass(projectId, guide, { update: 'revise', dryRun: true }),
      );
      if (ticket !== run.current) return;
      setPhase({ kind: 'ready', reply, preview: groupRevision(reply), guide });
    } catch (error) {
      if (ticket === run.current) setPhase({ kind: 'error', message: errorBody(error) });
    }
  }, [projectId, saves, queryClient, client, activity]);

  useEffect(() => {
    if (open) void preview();
    else run.current += 1;
  }, [open, preview]);

  const ready = phase.kind === 'ready' ? phase : null;
  const canApply = ready !== null && !ready.preview.unchanged && !busy && projectId !== null;

  const apply = async () => {
    if (!canApply || projectId === null) return;
    setBusy(true);
    const deps: ReviseDeps = { client, queryClient, toasts, projectId, guide: ready.guide };
    try {
      await saves.flush();
      const { reply, applied } = await activity.track(applyRevise(deps));
      if (applied !== null)
        shotEditorFor({ queryClient, saves }, projectId).history.push(reviseCommand(deps, applied));
      const summary = revisionSummary(groupRevision(reply).counts);
      toasts.show({
        type: 'success',
        title: 'Shots revised',
        message: applied !== null ? `${summary}. Ctrl+Z in the storyboard undoes it.` : summary,
      });
      close();
    } catch (error) {
      toasts.show({ type: 'error', title: TOASTS.operationFailed.title, message: errorBody(error) });
    } finally {
      setBusy(false);
    }
  };

  /** Enter applies (or, with nothing to revise, closes) wherever the focus is in the list. */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target !== event.currentTarget) return;
    event.preventDefault();
    if (ready?.preview.unchanged) close();
    else void apply();
  };

  const summary = ready ? revisionSummary(ready.preview.counts) : '';

  return (
    <Modal
      open={open}
      onOpenChange={(next) => ui.patch({ reviseShotsOpen: next })}
      locked={busy}
      size="large"
      className="revise-modal"
      title="Revise shots"
      description="What the script's edit does to the storyboard. Unchanged lines keep their shots, frames and edits; changed shots take the new text and go stale."
      footer={
        <>
          <p className="revise-modal__summary mono" role="status" aria-live="polite">
            {phase.kind === 'loading' ? 'Comparing the script with the shots…' : summary}
          </p>
          {ready?.preview.unchanged ? (
            <Button variant="primary" onClick={close}>
              Close
            </Button>
          ) : (
            <>
              <Button variant="secondary" onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button variant="brand" onClick={() => void apply()} disabled={!canApply} busy={busy}>
                {busy ? 'Revising…' : 'Apply'}
              </Button>
            </>
          )}
        </>
      }
    >
      <RevisionRegion busy={phase.kind === 'loading'} onKeyDown={onKeyDown}>
        {phase.kind === 'loading' ? (
          <div className="revise-modal__loading" aria-hidden="true">
            <span className="skeleton revise-modal__skeleton" />
            <span className="skeleton revise-modal__skeleton" />
            <span className="skeleton revise-modal__skeleton revise-modal__skeleton--short" />
          </div>
        ) : phase.kind === 'error' ? (
          <div className="revise-modal__error" role="alert">
            <p>
              <strong>The revision could not be worked out.</strong> {phase.message}
            </p>
            <Button variant="secondary" size="sm" onClick={() => void preview()}>
              Try again
            </Button>
          </div>
        ) : phase.preview.unchanged ? (
          <div className="revise-modal__nothing">
            <CircleCheck size={28} aria-hidden="true" />
            <p className="revise-modal__nothing-title">Nothing to revise</p>
            <p>
              The shots match the script: all {phase.preview.counts.kept} are kept. Edit the script, then
              revise again.
            </p>
          </div>
        ) : (
          <ol className="revise-scenes">
            {phase.preview.scenes.map((scene) => (
              <SceneBlock key={`${scene.number ?? 'gone'}-${scene.heading}`} scene={scene} />
            ))}
          </ol>
        )}
      </RevisionRegion>
    </Modal>
  );
}

import { Grid3x3, Printer, RectangleHorizontal, X } from 'lucide-react';
import { Fragment, useEffect, useMemo } from 'react';
import { createPortal } from 'react-dom';
import { usePageContext } from '../../../actions/page-context.js';
import { ActionButton } from '../../../shell/action-button.js';
import { useRunAction } from '../../../shell/use-action.js';
import {
  formatClock,
  formatSeconds,
  formatShotNumber,
  framingLabel,
  type LaidShot,
  type SceneGroup,
  UNASSIGNED_SCENE_NAME,
} from '../../../shots/model.js';
import { sceneColorVar } from '../../../shots/scene-color.js';
import { aspectValue, useProjectShots } from '../../../shots/use-project-shots.js';
import { EmptyState, Skeleton } from '../../../ui/card.js';
import { cx } from '../../../ui/cx.js';
import { PRINT_LAYOUTS, type PrintLayout, printView } from './print-actions.js';
import '../../../styles/print.css';

/**
 * /project/{id}/storyboard?print=sheet|pages: every frame with its number, name, duration, framing
 * and script text under scene headings, laid out for paper — a contact sheet or one shot per page.
 * Shown over the app; in print only this view is printed, so the browser's print makes a clean PDF.
 */
export function StoryboardPrint({ projectId, layout }: { projectId: string; layout: PrintLayout }) {
  const runAction = useRunAction();
  const { board, project, aspect, isLoading } = useProjectShots(projectId);
  usePageContext(
    printView,
    useMemo(() => ({ projectId }), [projectId]),
  );

  // Escape leaves the print view (a field or dialog handles its own Escape first).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) runAction('print.close');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [runAction]);

  const title = project?.name ?? 'Storyboard';
  const ratio = aspectValue(aspect);
  return createPortal(
    <div className={cx('print-root', `print-root--${layout}`)} data-layout={layout} data-aspect={aspect}>
      <header className="print-toolbar">
        <div className="print-toolbar__title">
          <h1 className="page__title">Print storyboard</h1>
          <p className="print-toolbar__facts mono">
            {board.shots.length} {board.shots.length === 1 ? 'frame' : 'frames'} ·{' '}
            {PRINT_LAYOUTS.find((entry) => entry.id === layout)?.label}
          </p>
        </div>
        <div className="print-toolbar__actions">
          <ActionButton
            actionId="print.contactSheet"
            variant={layout === 'sheet' ? 'primary' : 'ghost'}
            aria-pressed={layout === 'sheet'}
            icon={Grid3x3}
          >
            Contact sheet
          </ActionButton>
          <ActionButton
            actionId="print.onePerPage"
            variant={layout === 'pages' ? 'primary' : 'ghost'}
            aria-pressed={layout === 'pages'}
            icon={RectangleHorizontal}
          >
            One per page
          </ActionButton>
          <span className="shots-toolbar__divider" aria-hidden="true" />
          <ActionButton actionId="print.print" variant="primary" icon={Printer}>
            Print / Save PDF
          </ActionButton>
          <ActionButton actionId="print.close" variant="ghost" icon={X}>
            Close
          </ActionButton>
        </div>
      </header>
      <main className="print-paper" aria-label={`${title}, storyboard`}>
        <div className="print-heading">
          <h2 className="print-heading__title">{title}</h2>
          <p className="print-heading__facts mono">
            {board.shots.length} shots · {board.groups.length}{' '}
            {board.groups.length === 1 ? 'scene' : 'scenes'} · {formatClock(board.totalDuration)}
          </p>
        </div>
        {isLoading ? (
          <Skeleton width={240} />
        ) : board.shots.length === 0 ? (
          <EmptyState title="No shots to print">
            Generate First Pass or add shots, then print the storyboard.
          </EmptyState>
        ) : (
          board.groups.map((group) => (
            <Fragment key={group.key}>
              <SceneBlock
                group={group}
                shots={board.shots.slice(group.first, group.first + group.count)}
                ratio={ratio}
                layout={layout}
              />
            </Fragment>
          ))
        )}
      </main>
    </div>,
    document.body,
  );
}

function SceneBlock({
  group,
  shots,
  ratio,
  layout,
}: {
  group: SceneGroup;
  shots: LaidShot[];
  ratio: number;
  layout: PrintLayout;
}) {
  const heading = (
    <h3
      className="print-scene__heading"
      style={{ '--scene-color': sceneColorVar(group.color) } as React.CSSProperties}
    >
      <span className="print-scene__swatch" aria-hidden="true" />
      {group.sceneNumber !== null ? <span className="mono">Scene {group.sceneNumber}</span> : null}
      <span>{group.name || UNASSIGNED_SCENE_NAME}</span>
      <span className="print-scene__facts mono">
        {group.count} {group.count === 1 ? 'shot' : 'shots'} · {formatClock(group.duration)}
      </span>
    </h3>
  );
  return (
    <section className="print-scene" aria-label={group.name || UNASSIGNED_SCENE_NAME}>
      {layout === 'sheet' ? heading : null}
      <ol className="print-shots">
        {shots.map((entry, i) => (
          <li key={entry.shot.id} className="print-shot" data-shot-id={entry.shot.id}>
            {layout === 'pages' && i === 0 ? heading : null}
            {layout === 'pages' && i > 0 ? (
              <p className="print-shot__scene mono">{group.name || UNASSIGNED_SCENE_NAME}</p>
            ) : null}
            <PrintFrame entry={entry} ratio={ratio} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function PrintFrame({ entry, ratio }: { entry: LaidShot; ratio: number }) {
  const { shot, index } = entry;
  const words = shot.script_text || shot.action || shot.description;
  return (
    <figure className="print-frame">
      <div className="print-frame__image" style={{ aspectRatio: String(ratio) }}>
        {shot.image_url ? (
          <img
            src={shot.image_url}
            alt={`Frame of shot ${formatShotNumber(index)}, ${shot.name}`}
            loading="eager"
            decoding="sync"
          />
        ) : (
          <span className="print-frame__empty">No frame yet</span>
        )}
      </div>
      <figcaption className="print-frame__caption">
        <p className="print-frame__line">
          <span className="print-frame__number mono">{formatShotNumber(index)}</span>
          <span className="print-frame__name">{shot.name}</span>
          <span className="print-frame__meta mono">
            {formatSeconds(shot.duration)}s · {framingLabel(shot.framing)}
          </span>
        </p>
        {words ? <p className="print-frame__script">{words}</p> : null}
      </figcaption>
    </figure>
  );
}

import type { DirectorReportData, ScriptAnalysis } from '@reelbench/sdk';
import { CircleAlert, PanelRightClose, Server, TriangleAlert } from 'lucide-react';
import { type ReactNode, type Ref, useId } from 'react';
import { ActionButton, ActionIconButton } from '../../shell/action-button.js';
import { framingLabel } from '../../shots/model.js';
import { type Store, useStore } from '../../state/store.js';
import { Spinner } from '../../ui/card.js';
import { cx } from '../../ui/cx.js';
import { TableHead } from '../../ui/table-head.js';
import type { Problem } from './problems.js';
import { formatCount, formatDuration, type QuickBreakdown, type SceneEntry } from './quick-breakdown.js';
import type { CursorPosition } from './script-editor.js';

export interface ServerAnalysis {
  result: ScriptAnalysis;
  /** The script changed since it was analysed. */
  stale: boolean;
}

export interface BreakdownPanelProps {
  quick: QuickBreakdown;
  problems: readonly Problem[];
  analysis: ServerAnalysis | null;
  analysing: boolean;
  onJump: (line: number) => void;
  /** The problems list, focused by "Show Script Problems". */
  problemsRef?: Ref<HTMLElement>;
  /** The editor's cursor line: the scene it is in is marked. */
  cursorLine?: Store<CursorPosition>;
}

const noCursor: Store<CursorPosition> = {
  get: () => ({ line: 0, column: 0 }),
  set: () => {},
  subscribe: () => () => {},
};

/** The index of the scene that holds `line`: the last one starting at or before it. */
export function sceneAt(scenes: readonly SceneEntry[], line: number): number {
  let found = -1;
  for (let i = 0; i < scenes.length && (scenes[i]?.line ?? Infinity) <= line; i++) found = i;
  return found;
}

/** The scenes, the one under the cursor marked; re-rendered only when that scene changes. */
function SceneList({
  scenes,
  cursorLine,
  onJump,
}: {
  scenes: readonly SceneEntry[];
  cursorLine: Store<CursorPosition>;
  onJump: (line: number) => void;
}) {
  const active = useStore(cursorLine, (cursor) => sceneAt(scenes, cursor.line));
  return (
    <ol className="breakdown__list">
      {scenes.map((scene, index) => (
        <li key={`${scene.line}-${scene.heading}`}>
          <button
            type="button"
            className={cx('breakdown__row', 'breakdown__scene', index === active && 'is-current')}
            aria-current={index === active ? 'location' : undefined}
            onClick={() => onJump(scene.line)}
          >
            <span className="breakdown__scene-number">{index + 1}</span>
            <span className="breakdown__row-text">{scene.heading}</span>
            <span className="breakdown__line">
              <span className="sr-only">line </span>
              {scene.line}
            </span>
          </button>
        </li>
      ))}
    </ol>
  );
}

function Stat({ label, value, unit }: { label: string; value: ReactNode; unit?: string }) {
  return (
    <div className="breakdown__stat">
      <dt>{label}</dt>
      <dd>
        <span className="breakdown__stat-value">{value}</span>
        {unit ? <span className="breakdown__stat-unit">{unit}</span> : null}
      </dd>
    </div>
  );
}

function Section({
  title,
  count,
  children,
  className,
  sectionRef,
  badge,
}: {
  title: string;
  count?: number;
  children: ReactNode;
  className?: string;
  sectionRef?: Ref<HTMLElement>;
  badge?: ReactNode;
}) {
  const id = useId();
  return (
    <section
      ref={sectionRef}
      className={cx('breakdown__section', className)}
      aria-labelledby={id}
      tabIndex={-1}
    >
      <h3 id={id} className="breakdown__heading">
        <span>{title}</span>
        {count !== undefined ? <span className="breakdown__count">{count}</span> : null}
        {badge}
      </h3>
      {children}
    </section>
  );
}

/** More than this and the list says how many it leaves out: the first ones are the ones to fix. */
export const PROBLEMS_SHOWN = 100;

function ProblemList({ problems, onJump }: { problems: readonly Problem[]; onJump: (line: number) => void }) {
  const hidden = problems.length - PROBLEMS_SHOWN;
  return (
    <>
      <ul className="breakdown__list">
        {problems.slice(0, PROBLEMS_SHOWN).map((problem) => (
          <li key={`${problem.line}:${problem.column ?? 0}:${problem.code}:${problem.message}`}>
            <button
              type="button"
              className={cx(
                'breakdown__row',
                'breakdown__problem',
                `breakdown__problem--${problem.severity}`,
              )}
              onClick={() => onJump(problem.line)}
            >
              {problem.severity === 'error' ? (
                <CircleAlert size={14} aria-hidden="true" className="breakdown__problem-icon" />
              ) : (
                <TriangleAlert size={14} aria-hidden="true" className="breakdown__problem-icon" />
              )}
              <span className="breakdown__row-text">
                <span className="sr-only">{problem.severity === 'error' ? 'Error: ' : 'Warning: '}</span>
                {problem.message}
              </span>
              <span className="breakdown__line">Line {problem.line}</span>
            </button>
          </li>
        ))}
      </ul>
      {hidden > 0 ? (
        <p className="breakdown__more">
          and {hidden} more after line {problems[PROBLEMS_SHOWN - 1]?.line}
        </p>
      ) : null}
    </>
  );
}

/** Up to `limit` items joined, with "and N more". */
function listSome(items: readonly string[], limit = 6): string {
  const unique = [...new Set(items)];
  if (unique.length <= limit) return unique.join(', ');
  return `${unique.slice(0, limit).join(', ')} and ${unique.length - limit} more`;
}

/**
 * What the offline director would shoot from this script (issue 25): a reviewer's counts, the same
 * report as `reelbench script analyze --director`.
 */
function DirectorReportView({ report }: { report: DirectorReportData }) {
  const framings = Object.entries(report.framings)
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1]);
  const voiceOver = report.voices.filter((voice) => voice.kind === 'voice-over');
  const offScreen = report.voices.filter((voice) => voice.kind === 'off-screen');
  const honoured = report.slugs.filter((slug) => slug.shot !== null).length;
  const uncovered = report.dialogueScenes.filter(
    (scene) =>
      scene.speakers.length === 2 && scene.speeches >= 4 && Object.values(scene.singles).some((n) => n === 0),
  );
  const transitions = listSome(report.transitions.map((transition) => transition.text));
  return (
    <section className="breakdown__subsection breakdown__director" aria-label="Director's first pass">
      <h4 className="breakdown__subheading">Director's first pass</h4>
      <dl className="breakdown__stats">
        <Stat label="Shots" value={formatCount(report.shots)} />
        <Stat label="Running time" value={formatDuration(report.runningTimeSeconds)} />
        <Stat label="Of page estimate" value={`${Math.round(report.runningTimeRatio * 100)}`} unit="%" />
        <Stat label="Inserts" value={report.inserts.length} />
      </dl>
      <table className="breakdown__table">
        <TableHead columns={['Framing', { label: 'Shots', className: 'num' }]} />
        <tbody>
          {framings.map(([framing, count]) => (
            <tr key={framing}>
              <th scope="row">{framingLabel(framing)}</th>
              <td className="num">{count}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="breakdown__facts">
        <li>
          <span className="breakdown__fact-label">Inserts of</span>{' '}
          {report.inserts.length === 0
            ? 'nothing'
            : listSome(report.inserts.flatMap((insert) => insert.subjects))}
        </li>
        <li>
          <span className="breakdown__fact-label">Voice-over</span>{' '}
          {voiceOver.length === 0
            ? 'none'
            : `${voiceOver.length} ${voiceOver.length === 1 ? 'line' : 'lines'} over the picture (${listSome(
                voiceOver.map((voice) => voice.coveredOn),
                3,
              )})`}
        </li>
        <li>
          <span className="breakdown__fact-label">Off-screen</span>{' '}
          {offScreen.length === 0
            ? 'none'
            : `${offScreen.length} ${offScreen.length === 1 ? 'line' : 'lines'} on the listener (${listSome(
                offScreen.map((voice) => voice.coveredOn),
                3,
              )})`}
        </li>
        <li>
          <span className="breakdown__fact-label">Dialogue scenes</span> {report.dialogueScenes.length}
          {uncovered.length > 0
            ? ` (${uncovered.length} without a single of each speaker)`
            : ', every speaker covered'}
        </li>
        <li>
          <span className="breakdown__fact-label">Transitions</span> {transitions || 'cuts only'}
        </li>
        <li>
          <span className="breakdown__fact-label">Slugs honoured</span> {honoured} of {report.slugs.length}
        </li>
        <li>
          <span className="breakdown__fact-label">Sound cues</span> {report.soundEffects} (notes on their
          shots)
        </li>
      </ul>
    </section>
  );
}

function ServerSection({ analysis, analysing }: { analysis: ServerAnalysis | null; analysing: boolean }) {
  const badge = (
    <span className="breakdown__badge">
      <Server size={11} aria-hidden="true" />
      from the server
    </span>
  );
  if (!analysis) {
    return (
      <Section title="Full analysis" badge={badge} className="breakdown__server">
        {analysing ? (
          <p className="breakdown__hint">
            <Spinner /> Analysing the script…
          </p>
        ) : (
          <>
            <p className="breakdown__hint">
              Pages, estimated screen time, dialogue per character and locations, worked out by the screenplay
              engine on the server.
            </p>
            <ActionButton actionId="script.analyse" variant="secondary" size="sm">
              Run full analysis
            </ActionButton>
          </>
        )}
      </Section>
    );
  }
  const { result, stale } = analysis;
  const speakers = [...result.characters]
    .filter((character) => character.speeches > 0)
    .sort((a, b) => b.dialogueLines - a.dialogueLines || a.name.localeCompare(b.name));
  const locations = [...result.locations].sort(
    (a, b) => b.scenes.length - a.scenes.length || a.name.localeCompare(b.name),
  );
  return (
    <Section title="Full analysis" badge={badge} className="breakdown__server">
      {stale ? (
        <p className="breakdown__stale">
          <span>The script has changed since this analysis.</span>
          <ActionButton actionId="script.analyse" variant="link" size="sm">
            Run again
          </ActionButton>
        </p>
      ) : null}
      <dl className="breakdown__stats">
        <Stat label="Pages" value={result.pageCount} />
        <Stat label="Screen time" value={formatDuration(result.estimatedScreenTimeSeconds)} />
        <Stat label="Scenes" value={result.scenes.length} />
        <Stat label="Reading" value={result.readingTimeMinutes} unit="min" />
      </dl>
      <div className="breakdown__subsection">
        <h4 className="breakdown__subheading">Dialogue</h4>
        {speakers.length === 0 ? (
          <p className="breakdown__hint">No one speaks yet.</p>
        ) : (
          <table className="breakdown__table">
            <TableHead
              columns={[
                'Character',
                { label: 'Lines', className: 'num' },
                { label: 'Speeches', className: 'num' },
              ]}
            />
            <tbody>
              {speakers.map((character) => (
                <tr key={character.name}>
                  <th scope="row">{character.name}</th>
                  <td className="num">{character.dialogueLines}</td>
                  <td className="num">{character.speeches}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <div className="breakdown__subsection">
        <h4 className="breakdown__subheading">Locations</h4>
        {locations.length === 0 ? (
          <p className="breakdown__hint">No locations in the headings yet.</p>
        ) : (
          <ul className="breakdown__locations">
            {locations.map((location) => (
              <li key={location.name}>
                <span className="breakdown__location-name">{location.name}</span>
                <span className="breakdown__location-count">
                  {location.scenes.length} {location.scenes.length === 1 ? 'scene' : 'scenes'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {result.director ? <DirectorReportView report={result.director} /> : null}
    </Section>
  );
}

/** The side panel: the live quick helper, the problems, and the server's full analysis. */
export function BreakdownPanel({
  quick,
  problems,
  analysis,
  analysing,
  onJump,
  problemsRef,
  cursorLine = noCursor,
}: BreakdownPanelProps) {
  return (
    <aside className="breakdown" aria-label="Breakdown">
      <header className="breakdown__header">
        <h2 className="breakdown__title">Breakdown</h2>
        <span className="breakdown__live">
          <span className="breakdown__live-dot" aria-hidden="true" />
          Live
        </span>
        <ActionIconButton actionId="script.breakdown.toggle" icon={PanelRightClose} />
      </header>
      <div className="breakdown__scroll">
        <dl className="breakdown__stats" data-testid="quick-stats">
          <Stat label="Scenes" value={formatCount(quick.scenes.length)} />
          <Stat label="Characters" value={formatCount(quick.characters.length)} />
          <Stat label="Words" value={formatCount(quick.wordCount)} />
          <Stat label="Reading time" value={quick.readingTimeMinutes} unit="min" />
        </dl>

        {problems.length > 0 ? (
          <Section
            title="Problems"
            count={problems.length}
            sectionRef={problemsRef}
            className="breakdown__problems"
          >
            <ProblemList problems={problems} onJump={onJump} />
          </Section>
        ) : null}

        <Section title="Scenes" count={quick.sceneLines.length}>
          {quick.sceneLines.length === 0 ? (
            <p className="breakdown__hint">
              Scenes appear here as you write headings that start with INT. or EXT.
            </p>
          ) : (
            <SceneList scenes={quick.sceneLines} cursorLine={cursorLine} onJump={onJump} />
          )}
        </Section>

        <Section title="Characters" count={quick.characters.length}>
          {quick.characters.length === 0 ? (
            <p className="breakdown__hint">
              Names written in capitals on their own line appear here (up to 10).
            </p>
          ) : (
            <ul className="breakdown__chips">
              {quick.characters.map((name) => (
                <li key={name} className="breakdown__chip">
                  {name}
                </li>
              ))}
            </ul>
          )}
        </Section>

        <ServerSection analysis={analysis} analysing={analysing} />
      </div>
    </aside>
  );
}

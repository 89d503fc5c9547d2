import {
  diffStats,
  diffWithWords,
  foldUnchanged,
  type ScriptVersionSummary,
  type WordDiffLine,
} from '@reelbench/sdk';
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { queries } from '../../app/queries.js';
import { useServices } from '../../app/services-context.js';
import { formatAbsolute, formatRelative, plural } from '../../format/format.js';
import { useNow } from '../../format/use-now.js';
import { EmptyState, Skeleton } from '../../ui/card.js';
import { cx } from '../../ui/cx.js';
import { Modal } from '../../ui/modal.js';
import { Select } from '../../ui/select.js';

/** The text in the editor, as a side of a comparison. */
export const CURRENT = 'current';
/** Nothing: what the first version is compared with. */
const NOTHING = 'nothing';

const MODE_LABELS = { revise: 'Revise', replace: 'Replace' } as const;

export interface ScriptVersionsDialogProps {
  projectId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The text in the editor now. */
  current: string;
}

function versionLabel(version: ScriptVersionSummary): string {
  return `Version ${version.number}`;
}

/** The side a comparison shows for a list entry: an entry and the one before it. */
function sidesFor(entry: string, versions: readonly ScriptVersionSummary[]): { from: string; to: string } {
  if (entry === CURRENT) return { from: versions[0]?.id ?? NOTHING, to: CURRENT };
  const at = versions.findIndex((version) => version.id === entry);
  return { from: versions[at + 1]?.id ?? NOTHING, to: entry };
}

/** The text of a side: the editor's, a version's (once loaded), or nothing. */
function useSideText(projectId: string, side: string, current: string): string | undefined {
  const { client } = useServices();
  const isVersion = side !== CURRENT && side !== NOTHING;
  const version = useQuery({
    ...queries.scriptVersion(client, projectId, isVersion ? side : ''),
    enabled: isVersion,
  });
  if (side === CURRENT) return current;
  if (side === NOTHING) return '';
  return version.data?.content;
}

/** A changed line's words, the changed ones marked. */
function LineText({ line }: { line: WordDiffLine }) {
  if (!line.segments) return <>{line.text === '' ? '\u00a0' : line.text}</>;
  return (
    <>
      {line.segments.map((segment, index) =>
        segment.changed ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments of one line, in order, never reordered
          <mark key={index} className="version-diff__word">
            {segment.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}

function DiffView({ from, to }: { from: string; to: string }) {
  const lines = useMemo(() => diffWithWords(from, to), [from, to]);
  const stats = diffStats(lines);
  const folded = useMemo(() => foldUnchanged(lines, 2), [lines]);
  if (stats.added === 0 && stats.removed === 0)
    return <p className="version-diff__same">The two texts are the same.</p>;
  return (
    <>
      <p className="version-diff__stats" aria-live="polite">
        <span className="version-diff__stat version-diff__stat--added">+{stats.added}</span>{' '}
        {plural(stats.added, 'line')} added ·{' '}
        <span className="version-diff__stat version-diff__stat--removed">−{stats.removed}</span> removed
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the diff scrolls; the keyboard scrolls it */}
      <section className="version-diff" tabIndex={0} aria-label="Differences">
        <table className="version-diff__table">
          <colgroup>
            <col className="version-diff__col-num" />
            <col className="version-diff__col-num" />
            <col className="version-diff__col-sign" />
            <col />
          </colgroup>
          <thead className="sr-only">
            <tr>
              <th scope="col">Older line</th>
              <th scope="col">Newer line</th>
              <th scope="col">Change</th>
              <th scope="col">Text</th>
            </tr>
          </thead>
          <tbody>
            {folded.map((item, index) =>
              item.kind === 'folded' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: folds sit between lines that do not move
                <tr key={`fold-${index}`} className="version-diff__fold">
                  <td colSpan={4}>
                    ⋯ {item.count} unchanged {item.count === 1 ? 'line' : 'lines'}
                  </td>
                </tr>
              ) : (
                <tr
                  key={`${item.line.kind}-${'oldLine' in item.line ? item.line.oldLine : ''}-${'newLine' in item.line ? item.line.newLine : ''}`}
                  className={cx('version-diff__line', `version-diff__line--${item.line.kind}`)}
                >
                  <td className="version-diff__num">{'oldLine' in item.line ? item.line.oldLine : ''}</td>
                  <td className="version-diff__num">{'newLine' in item.line ? item.line.newLine : ''}</td>
                  <td className="version-diff__sign">
                    {item.line.kind === 'added' ? '+' : item.line.kind === 'removed' ? '−' : ''}
                    <span className="sr-only">{item.line.kind === 'same' ? '' : item.line.kind}</span>
                  </td>
                  <td className="version-diff__text">
                    <LineText line={item.line} />
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </section>
    </>
  );
}

/** Arrow keys move between the list's entries. */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next = buttons[Math.min(buttons.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)))];
  if (next) {
    event.preventDefault();
    next.focus();
  }
}

/**
 * The saved scripts first passes ran on (newest first, with the text in the editor above them) and
 * the line diff between any two, changed words marked.
 */
export function ScriptVersionsDialog({ projectId, open, onOpenChange, current }: ScriptVersionsDialogProps) {
  const { client } = useServices();
  const now = useNow();
  const list = useQuery({ ...queries.scriptVersions(client, projectId), enabled: open });
  const versions = list.data ?? [];
  const [entry, setEntry] = useState(CURRENT);
  const [chosen, setChosen] = useState<{ from: string; to: string } | null>(null);
  const sides = chosen ?? sidesFor(entry, versions);
  const fromText = useSideText(projectId, sides.from, current);
  const toText = useSideText(projectId, sides.to, current);

  // The dialog opens before its list has loaded: the list takes the focus once it is there.
  const listRef = useRef<HTMLUListElement>(null);
  const loaded = list.isSuccess;
  useEffect(() => {
    if (!open || !loaded) return;
    const active = document.activeElement;
    if (listRef.current && !listRef.current.contains(active) && !active?.closest('.script-versions__compare'))
      listRef.current.querySelector<HTMLButtonElement>('button[aria-pressed="true"]')?.focus();
  }, [open, loaded]);

  const choose = (next: string) => {
    setEntry(next);
    setChosen(null);
  };
  const options = [
    { value: CURRENT, label: 'Current script' },
    ...versions.map((version) => ({
      value: version.id,
      label: versionLabel(version),
      description: formatRelative(version.createdAt, now),
    })),
    { value: NOTHING, label: 'Empty script' },
  ];

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Script versions"
      description="Every saved script a first pass ran on. Pick one to see what changed since the one before it."
      size="large"
      className="script-versions"
    >
      {list.isPending ? (
        <div className="script-versions__loading" role="status" aria-label="Loading the versions">
          <Skeleton width="40%" height={14} />
          <Skeleton width="70%" height={14} />
          <Skeleton width="55%" height={14} />
        </div>
      ) : list.isError ? (
        <EmptyState icon={History} title="The versions could not be loaded">
          Check the connection and open the versions again.
        </EmptyState>
      ) : (
        <div className="script-versions__layout">
          <ul ref={listRef} className="script-versions__list" aria-label="Versions" onKeyDown={moveFocus}>
            <li>
              <button
                type="button"
                className={cx('version-entry', entry === CURRENT && 'is-selected')}
                aria-pressed={entry === CURRENT}
                data-autofocus
                onClick={() => choose(CURRENT)}
              >
                <span className="version-entry__title">Current script</span>
                <span className="version-entry__meta">
                  {versions.length === 0
                    ? 'No pass has run on it yet'
                    : 'In the editor, against the last pass'}
                </span>
              </button>
            </li>
            {versions.map((version) => (
              <li key={version.id}>
                <button
                  type="button"
                  className={cx('version-entry', entry === version.id && 'is-selected')}
                  aria-pressed={entry === version.id}
                  onClick={() => choose(version.id)}
                >
                  <span className="version-entry__title">
                    {versionLabel(version)}
                    <span className={cx('version-entry__mode', `version-entry__mode--${version.mode}`)}>
                      {MODE_LABELS[version.mode]}
                    </span>
                  </span>
                  <span className="version-entry__meta">
                    <time dateTime={version.createdAt} title={formatAbsolute(version.createdAt)}>
                      {formatRelative(version.createdAt, now)}
                    </time>{' '}
                    · <span title={version.author.email}>{version.author.username}</span>
                  </span>
                  <span className="version-entry__meta">
                    {plural(version.pageCount, 'page')}
                    {version.passes > 1
                      ? ` · ${version.passes} passes, last ${formatRelative(version.lastPassAt, now)}`
                      : ''}
                  </span>
                </button>
              </li>
            ))}
            {versions.length === 0 ? (
              <li className="script-versions__none">No first pass has run on this script yet.</li>
            ) : null}
          </ul>
          <section className="script-versions__compare" aria-label="Comparison">
            <div className="script-versions__sides">
              <Select
                aria-label="Compare from"
                value={sides.from}
                options={options}
                onValueChange={(from) => setChosen({ ...sides, from })}
              />
              <span aria-hidden="true" className="script-versions__arrow">
                →
              </span>
              <Select
                aria-label="Compare to"
                value={sides.to}
                options={options}
                onValueChange={(to) => setChosen({ ...sides, to })}
              />
            </div>
            {fromText === undefined || toText === undefined ? (
              <div className="script-versions__loading" role="status" aria-label="Loading the texts">
                <Skeleton width="80%" height={13} />
                <Skeleton width="60%" height={13} />
              </div>
            ) : (
              <DiffView from={fromText} to={toText} />
            )}
          </section>
        </div>
      )}
    </Modal>
  );
}

import {
  type Cut,
  type CutComparisonReply,
  type CutImportResultReply,
  type CutSummary,
  EDITORIAL_FRAME_RATES,
  type EditorialFrameRate,
} from '@reelbench/sdk/contract';
import {
  compareCuts,
  framesToTimecode,
  placeEvents,
  recordTimecode,
  retimeCut,
} from '@reelbench/sdk/editorial';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { FileDown, FileText, FileUp, Film, GitCompareArrows, History, Package } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { queries, queryKeys } from '../../../app/queries.js';
import { useServices } from '../../../app/services-context.js';
import { cutImporter, cutsUi } from '../../../cuts/cut-actions.js';
import { CutDialogs } from '../../../cuts/cut-dialogs.js';
import { formatAbsolute, plural } from '../../../format/format.js';
import { ActionButton } from '../../../shell/action-button.js';
import { type ActionButtonSpec, ActionButtons } from '../../../shell/action-buttons.js';
import { errorBody } from '../../../state/errors.js';
import { useStore } from '../../../state/store.js';
import { Button } from '../../../ui/button.js';
import { EmptyState, Skeleton } from '../../../ui/card.js';
import { ConfirmModal } from '../../../ui/confirm-modal.js';
import { cx } from '../../../ui/cx.js';
import { Checkbox, HiddenFileInput } from '../../../ui/fields.js';
import { PageHeader } from '../../../ui/page-header.js';
import { Select } from '../../../ui/select.js';
import { TableHead } from '../../../ui/table-head.js';
import { CUT_ACTIONS, useCuts, useIds, useProjectName } from '../cuts-shared.js';
import '../../../styles/pages.css';
import '../../../styles/cuts.css';

/** The exports of a cut, in the order of the export bar. */
const EXPORT_ACTIONS: readonly ActionButtonSpec[] = [
  { actionId: 'cut.export.edl', label: 'EDL', icon: FileDown, variant: 'primary' },
  { actionId: 'cut.export.otio', label: 'OTIO', icon: FileDown, variant: 'secondary' },
  { actionId: 'cut.export.fcpxml', label: 'FCPXML', icon: FileDown, variant: 'secondary' },
  { actionId: 'cut.export.pdf', label: 'Storyboard PDF', icon: FileText, variant: 'secondary' },
  { actionId: 'cut.export.pdfPages', label: 'One shot a page', icon: FileText, variant: 'ghost' },
  { actionId: 'cut.export.package', label: 'Hand-off package', icon: Package, variant: 'secondary' },
];

const RATE_OPTIONS = EDITORIAL_FRAME_RATES.map((rate) => ({ value: String(rate), label: `${rate} fps` }));

function transitionLabel(event: Cut['events'][number]): string {
  return event.transition.type === 'dissolve' ? `Dissolve ${event.transition.frames} fr` : 'Cut';
}

function signed(frames: number): string {
  return frames > 0 ? `+${frames}` : String(frames);
}

/** What changed between two versions, as the server's compareCuts says. */
function Comparison({
  comparison,
  older,
  newer,
}: {
  comparison: CutComparisonReply;
  older: CutSummary;
  newer: Cut;
}) {
  const moved = comparison.events.filter((event) => event.moved).length;
  const longer = comparison.events.filter((event) => event.durationDelta > 0).length;
  const shorter = comparison.events.filter((event) => event.durationDelta < 0).length;
  const added = comparison.events.filter((event) => event.status === 'added').length;
  const removed = comparison.events.filter((event) => event.status === 'removed').length;
  const changed = comparison.events.filter(
    (event) => event.status !== 'kept' || event.moved || event.durationDelta !== 0 || event.retimed,
  );
  return (
    <section className="cuts-compare" aria-labelledby="cuts-compare-title">
      <h2 id="cuts-compare-title" className="section-title">
        v{older.version} → v{newer.version}
      </h2>
      <p className="cuts-compare__summary" aria-live="polite">
        {comparison.changed
          ? `${moved} moved · ${longer} longer · ${shorter} shorter · ${added} added · ${removed} removed · ${signed(comparison.durationDelta)} fr overall`
          : 'No change: the same shots in the same order with the same lengths.'}
      </p>
      {changed.length > 0 ? (
        <div className="jobs-table-wrap">
          <table
            className="jobs-table cuts-table"
            aria-label={`Changes from v${older.version} to v${newer.version}`}
          >
            <TableHead columns={['Change', 'Shot', 'Position', 'Length']} />
            <tbody>
              {changed.map((event) => {
                const what =
                  event.status !== 'kept'
                    ? event.status === 'added'
                      ? 'Added'
                      : 'Removed'
                    : [
                        event.moved ? 'Moved' : null,
                        event.durationDelta > 0 ? 'Longer' : event.durationDelta < 0 ? 'Shorter' : null,
                        event.retimed ? 'Retimed' : null,
                      ]
                        .filter(Boolean)
                        .join(', ');
                const from = event.before ? String(event.before.index + 1).padStart(3, '0') : '—';
                const to = event.after ? String(event.after.index + 1).padStart(3, '0') : '—';
                return (
                  <tr
                    key={`${event.shotId}-${event.before?.index ?? 'n'}-${event.after?.index ?? 'n'}`}
                    className={cx('jobs-row', `cuts-change--${event.status}`)}
                  >
                    <td>
                      <span
                        className={cx(
                          'cuts-change',
                          `cuts-change--${event.status}`,
                          event.moved && 'is-moved',
                        )}
                      >
                        {what}
                      </span>
                    </td>
                    <td>{event.clipName}</td>
                    <td className="mono">
                      {from} → {to}
                    </td>
                    <td className="mono">
                      {event.status === 'kept'
                        ? `${event.before?.duration ?? 0} → ${event.after?.duration ?? 0} fr (${signed(event.durationDelta)})`
                        : `${(event.after ?? event.before)?.duration ?? 0} fr`}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function ImportReport({ result, projectId }: { result: CutImportResultReply; projectId: string }) {
  return (
    <section className="cuts-import" aria-labelledby="cuts-import-title" role="status">
      <h2 id="cuts-import-title" className="section-title">
        Imported as v{result.cut.version}
      </h2>
      <p>
        {plural(result.cut.events.length, 'event')} · {result.unmatched.length} unmatched ·{' '}
        {result.removed.length} removed.{' '}
        <Link to="/project/$projectId/edl/$edlId" params={{ projectId, edlId: result.cut.id }}>
          Open v{result.cut.version}
        </Link>
      </p>
      {result.unmatched.length > 0 ? (
        <ul className="cuts-import__list" aria-label="Unmatched clips">
          {result.unmatched.map((clip) => (
            <li key={`${clip.line ?? clip.path ?? ''}-${clip.clipName ?? clip.shotId ?? ''}`}>
              <span className="mono">
                {clip.line !== undefined ? `line ${clip.line}` : (clip.path ?? '—')}
              </span>{' '}
              <strong>{clip.clipName ?? clip.shotId ?? 'Unnamed clip'}</strong>: {clip.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** An edited file read against the cut, before anything is saved. */
interface ImportPreview {
  name: string;
  text: string;
  format: 'edl' | 'otio';
  result: CutImportResultReply;
}

/** What applying the file would do: the shots that move, change length or leave, and every note. */
function ImportPreviewModal({
  preview,
  cut,
  busy,
  onApply,
  onCancel,
}: {
  preview: ImportPreview | null;
  cut: Cut | undefined;
  busy: boolean;
  onApply: () => void;
  onCancel: () => void;
}) {
  const changes = useMemo(
    () => (preview && cut ? compareCuts(cut, preview.result.cut).events : []),
    [preview, cut],
  );
  const moved = changes.filter((event) => event.status === 'kept' && event.moved);
  const resized = changes.filter((event) => event.status === 'kept' && event.durationDelta !== 0);
  const result = preview?.result;
  return (
    <ConfirmModal
      open={preview !== null}
      size="medium"
      title={preview ? `Import ${preview.name}?` : 'Import'}
      description={
        result
          ? `${plural(moved.length, 'shot')} moved · ${resized.length} change length · ${result.removed.length} removed · ${result.unmatched.length} unmatched. Nothing is saved until you apply it; it becomes v${result.cut.version}.`
          : ''
      }
      confirmLabel={`Apply as v${result?.cut.version ?? ''}`}
      confirmVariant="primary"
      busy={busy}
      onConfirm={onApply}
      onCancel={onCancel}
    >
      {result ? (
        <ul className="cuts-import__list" aria-label="What the import changes">
          {moved.map((event) => (
            <li key={`moved-${event.shotId}`}>
              <strong>{event.clipName}</strong> moves from {(event.before?.index ?? 0) + 1} to{' '}
              {(event.after?.index ?? 0) + 1}
            </li>
          ))}
          {resized.map((event) => (
            <li key={`length-${event.shotId}`}>
              <strong>{event.clipName}</strong>: {event.before?.duration ?? 0} → {event.after?.duration ?? 0}{' '}
              frames
            </li>
          ))}
          {result.removed.map((event) => (
            <li key={`removed-${event.shotId}-${event.take}`}>
              <strong>{event.clipName}</strong> leaves the cut
            </li>
          ))}
          {result.unmatched.map((clip) => (
            <li key={`unmatched-${clip.line ?? clip.path ?? ''}-${clip.clipName ?? ''}`}>
              <span className="mono">
                {clip.line !== undefined ? `line ${clip.line}` : (clip.path ?? '—')}
              </span>{' '}
              <strong>{clip.clipName ?? clip.shotId ?? 'Unnamed clip'}</strong>: {clip.reason}
            </li>
          ))}
          {result.notes.map((note) => (
            <li key={`note-${note.line ?? note.path ?? ''}-${note.message}`}>
              <span className="mono">
                {note.line !== undefined ? `line ${note.line}` : (note.path ?? 'note')}
              </span>{' '}
              {note.message}
            </li>
          ))}
          {moved.length +
            resized.length +
            result.removed.length +
            result.unmatched.length +
            result.notes.length ===
          0 ? (
            <li>No change: the file is this cut as it is.</li>
          ) : null}
        </ul>
      ) : null}
    </ConfirmModal>
  );
}

/** /project/{id}/edl/{edlId}: one cut's events as an editor reads them, exports, import and compare. */
export function CutPage(props: { projectId?: string; cutId?: string } = {}) {
  const { projectId, cutId } = useIds(props);
  const services = useServices();
  const { client, activity, toasts } = services;
  const ui = cutsUi(services);
  const importer = cutImporter(services);
  const frameRate = useStore(ui, (state) => state.frameRate);
  const dropFrame = useStore(ui, (state) => state.dropFrame);
  const projectName = useProjectName(projectId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const fileInput = useRef<HTMLInputElement>(null);
  const [compareWith, setCompareWith] = useState('');
  const [imported, setImported] = useState<CutImportResultReply | null>(null);

  const cut = useQuery(queries.cut(client, projectId, cutId));
  const cuts = useCuts(projectId);
  const data = cut.data;

  // The cut actions work on this cut while the page shows it; timecodes start at its own rate.
  useEffect(() => {
    if (!data) return;
    ui.set((state) => ({
      ...state,
      current: { id: data.id, name: data.name, version: data.version },
      frameRate: data.frameRate,
    }));
    return () => ui.set((state) => ({ ...state, current: null }));
  }, [ui, data?.id, data?.name, data?.version, data?.frameRate, data]);
  useEffect(() => {
    importer.set(() => () => fileInput.current?.click());
    return () => importer.set(null);
  }, [importer]);
  // Another cut on the same page: its own comparison and import report.
  const [seenCut, setSeenCut] = useState(cutId);
  if (seenCut !== cutId) {
    setSeenCut(cutId);
    setCompareWith('');
    setImported(null);
  }

  const others = (cuts.data ?? []).filter((entry) => entry.id !== cutId);
  const other = others.find((entry) => entry.id === compareWith);
  const older = other && data && other.version < data.version ? other : undefined;
  const otherIsNewer = other !== undefined && data !== undefined && other.version > data.version;
  const comparison = useQuery({
    ...queries.cutComparison(client, projectId, cutId, compareWith, otherIsNewer),
    enabled: compareWith !== '' && data !== undefined && other !== undefined,
  });
  const newerCut = useQuery({ ...queries.cut(client, projectId, compareWith), enabled: otherIsNewer });

  // An import is previewed first (dryRun: nothing saved), then applied or cancelled.
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const previewFile = useMutation({
    mutationFn: async (file: File): Promise<ImportPreview> => {
      const text = await file.text();
      const format = /\.otio$/i.test(file.name) || text.trimStart().startsWith('{') ? 'otio' : 'edl';
      const result = await activity.track(
        client.cuts.import(projectId, cutId, format, text, { dryRun: true }),
      );
      return { name: file.name, text, format, result };
    },
    onSuccess: setPreview,
    onError: (error) => toasts.show({ type: 'error', title: 'Operation Failed', message: errorBody(error) }),
  });
  const importFile = useMutation({
    mutationFn: async ({ text, format }: ImportPreview) =>
      activity.track(client.cuts.import(projectId, cutId, format, text)),
    onSuccess: async (result) => {
      setPreview(null);
      setImported(result);
      queryClient.setQueryData(queryKeys.cut(projectId, result.cut.id), result.cut);
      await queryClient.invalidateQueries({ queryKey: queryKeys.cuts(projectId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.shots(projectId) });
      toasts.show({
        type: result.unmatched.length > 0 ? 'warning' : 'success',
        title: `Imported as v${result.cut.version}`,
        message: `${
          result.unmatched.length > 0
            ? `${plural(result.unmatched.length, 'clip')} matched no shot`
            : 'Every clip matched a shot'
        }. To undo it, open v${data?.version ?? result.cut.version - 1} and Restore This Version.`,
      });
    },
    onError: (error) => toasts.show({ type: 'error', title: 'Operation Failed', message: errorBody(error) }),
  });

  const shown = useMemo(() => (data ? retimeCut(data, frameRate) : undefined), [data, frameRate]);
  const df = frameRate === 29.97 && dropFrame;
  const rows = useMemo(() => (shown ? placeEvents(shown) : []), [shown]);
  const total = rows.at(-1)?.recordOut ?? 0;

  if (cut.isLoading) {
    return (
      <div className="page cuts-page" aria-busy="true">
        <Skeleton height={48} />
        <Skeleton height={320} />
      </div>
    );
  }
  if (!data || !shown) {
    return (
      <div className="page cuts-page">
        <EmptyState
          icon={Film}
          title="This cut could not be opened"
          actions={
            <Button
              variant="secondary"
              onClick={() => void navigate({ to: '/project/$projectId/edl', params: { projectId } })}
            >
              All cuts
            </Button>
          }
        >
          {cut.error ? errorBody(cut.error) : 'Cut not found'}
        </EmptyState>
        <CutDialogs projectId={projectId} projectName={projectName} />
      </div>
    );
  }

  return (
    <div className="page page--full cuts-page cut-page">
      <PageHeader
        crumb={
          <Link to="/project/$projectId/edl" params={{ projectId }}>
            Cuts
          </Link>
        }
        title={
          <>
            {data.name} <span className="cuts-version mono">v{data.version}</span>
          </>
        }
        mono
        subtitle={
          <>
            {plural(data.events.length, 'event')} · {framesToTimecode(total, frameRate, { dropFrame: df })} ·
            made at {data.frameRate} fps{data.createdAt ? ` · ${formatAbsolute(data.createdAt)}` : ''}
          </>
        }
        actions={
          <>
            <ActionButtons actions={CUT_ACTIONS} />
            <ActionButton actionId="cut.restore" variant="ghost" icon={History}>
              Restore
            </ActionButton>
            <ActionButton
              actionId="cut.import"
              variant="secondary"
              busy={previewFile.isPending || importFile.isPending}
              icon={FileUp}
            >
              Import
            </ActionButton>
          </>
        }
      />

      <fieldset className="cuts-controls">
        <legend className="sr-only">Export</legend>
        <div className="cuts-controls__rate">
          <span aria-hidden="true">Frame rate</span>
          <Select
            aria-label="Frame rate"
            className="cuts-rate-select"
            value={String(frameRate)}
            onValueChange={(value) =>
              ui.set((state) => ({ ...state, frameRate: Number(value) as EditorialFrameRate }))
            }
            options={RATE_OPTIONS}
          />
        </div>
        {frameRate === 29.97 ? (
          <Checkbox
            label="Drop frame"
            checked={dropFrame}
            onChange={(event) => ui.set((state) => ({ ...state, dropFrame: event.target.checked }))}
          />
        ) : null}
        <span className="shots-toolbar__divider" aria-hidden="true" />
        <ActionButtons actions={EXPORT_ACTIONS} />
        <HiddenFileInput
          ref={fileInput}
          accept=".edl,.otio,.txt,.json"
          aria-hidden="true"
          data-testid="cut-import-file"
          onFile={(file) => previewFile.mutate(file)}
        />
        <ImportPreviewModal
          preview={preview}
          cut={data}
          busy={importFile.isPending}
          onApply={() => (preview ? importFile.mutate(preview) : undefined)}
          onCancel={() => setPreview(null)}
        />
      </fieldset>

      {imported ? <ImportReport result={imported} projectId={projectId} /> : null}

      <div className="jobs-table-wrap cuts-events-wrap">
        <table
          className="jobs-table cuts-table cuts-events"
          aria-label={`Events of ${data.name} v${data.version}`}
        >
          <TableHead
            columns={[
              '#',
              'Shot',
              'Take',
              'Source in',
              'Source out',
              'Record in',
              'Record out',
              { label: 'Frames', className: 'cuts-num' },
              'Transition',
              'Markers',
            ]}
          />
          <tbody>
            {rows.map(({ index, event, recordIn, recordOut }) => (
              <tr key={`${event.shotId}-${index}`} className="jobs-row" data-shot-id={event.shotId}>
                <td className="mono">{String(index + 1).padStart(3, '0')}</td>
                <td className="cuts-events__shot">{event.clipName}</td>
                <td className="mono">{event.take}</td>
                <td className="mono">{framesToTimecode(event.sourceIn, frameRate, { dropFrame: df })}</td>
                <td className="mono">{framesToTimecode(event.sourceOut, frameRate, { dropFrame: df })}</td>
                <td className="mono">{recordTimecode(recordIn, frameRate, { dropFrame: df })}</td>
                <td className="mono">{recordTimecode(recordOut, frameRate, { dropFrame: df })}</td>
                <td className="mono cuts-num">{event.duration}</td>
                <td>{transitionLabel(event)}</td>
                <td className="cuts-events__markers">
                  {event.markers.length === 0
                    ? '—'
                    : event.markers.map((marker) => (
                        <span
                          key={`${marker.frame}-${marker.text}`}
                          className="cuts-marker"
                          title={marker.text}
                        >
                          {framesToTimecode(marker.frame, frameRate, { dropFrame: df })} {marker.text}
                        </span>
                      ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <section className="cuts-compare-pick" aria-label="Compare versions">
        <GitCompareArrows size={16} aria-hidden="true" />
        <span>Compare with</span>
        <Select
          aria-label="Compare with version"
          className="cuts-compare-select"
          value={compareWith === '' ? 'none' : compareWith}
          onValueChange={(value) => setCompareWith(value === 'none' ? '' : value)}
          options={[
            { value: 'none', label: 'No other version' },
            ...others.map((entry) => ({ value: entry.id, label: `v${entry.version} · ${entry.name}` })),
          ]}
          disabled={others.length === 0}
        />
      </section>
      {comparison.data && other ? (
        older ? (
          <Comparison comparison={comparison.data} older={older} newer={data} />
        ) : newerCut.data ? (
          <Comparison
            comparison={comparison.data}
            older={{ ...data, eventCount: data.events.length, durationFrames: total, hasSoundtrack: false }}
            newer={newerCut.data}
          />
        ) : null
      ) : comparison.error ? (
        <p className="cuts-compare__summary is-error">{errorBody(comparison.error)}</p>
      ) : null}
      <CutDialogs projectId={projectId} projectName={projectName} />
    </div>
  );
}

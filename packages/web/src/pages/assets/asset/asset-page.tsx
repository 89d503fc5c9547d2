import type { Asset, AssetAssessment, AssetImageEntry, Job } from '@reelbench/sdk';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import {
  AlertTriangle,
  Aperture,
  Check,
  Clock,
  Copy,
  Eraser,
  Gauge,
  ImageOff,
  ImagePlus,
  ImageUp,
  Layers,
  Loader2,
  NotebookPen,
  Pencil,
  RefreshCw,
  ScanText,
  Sparkles,
  Trash2,
  UserRound,
} from 'lucide-react';
import { type DragEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { editContext } from '../../../actions/edit-actions.js';
import { usePageContext } from '../../../actions/page-context.js';
import { queries } from '../../../app/queries.js';
import type { AppServices } from '../../../app/services.js';
import { useServices } from '../../../app/services-context.js';
import { formatAbsolute } from '../../../format/format.js';
import { ActionButton } from '../../../shell/action-button.js';
import { type ActionButtonSpec, ActionButtons } from '../../../shell/action-buttons.js';
import { useRunAction } from '../../../shell/use-action.js';
import { errorBody } from '../../../state/errors.js';
import { useStore } from '../../../state/store.js';
import { EmptyState, Skeleton } from '../../../ui/card.js';
import { cx } from '../../../ui/cx.js';
import { HiddenFileInput } from '../../../ui/fields.js';
import { moveByKey, useGridColumns } from '../../../ui/grid-columns.js';
import { assessmentKey, assetsUi, runningOperations } from '../asset-actions.js';
import { AssetDialogs } from '../asset-dialogs.js';
import { displayUrl, staleKeys } from '../asset-images.js';
import {
  ASSET_ASPECTS,
  ASSET_TYPE_LABELS,
  assessmentReasons,
  type ImageSlot,
  imageSections,
  invalidatedBy,
  matchJobs,
  operationProgress,
  operationText,
  type RunningOperation,
  SLOT_STATUS_LABELS,
  type SlotStatus,
  slotStatus,
} from '../asset-model.js';
import { removeImage, uploadImage } from '../asset-operations.js';
import { VoiceSection } from './voice-section.js';
import '../../../styles/shots.css';
import '../../../styles/assets.css';

const GAP = 16;
const MIN_CELL = 190;

const STATUS_ICONS: Record<SlotStatus, typeof Check> = {
  empty: ImageOff,
  pending: Clock,
  processing: Loader2,
  completed: Check,
  stale: RefreshCw,
  failed: AlertTriangle,
};

const slotDomId = (key: string) => `asset-key-${key}`;

/** The asset's own actions in the header; the series toggle names the level it moves the asset to. */
function headerActions(asset: Asset): ActionButtonSpec[] {
  return [
    { actionId: 'asset.rename', label: 'Rename', icon: Pencil },
    { actionId: 'asset.editDetails', label: 'Description', icon: ScanText },
    { actionId: 'asset.define', label: 'Define', icon: NotebookPen },
    asset.isSeriesLevel
      ? { actionId: 'asset.toProject', label: 'Project level', icon: Layers, key: 'level' }
      : { actionId: 'asset.toggleSeries', label: 'Series level', icon: Layers, key: 'level' },
    { actionId: 'asset.clone', label: 'Clone', icon: Copy },
    { actionId: 'asset.delete', label: 'Delete', icon: Trash2 },
  ];
}

/** The selected key's image actions in the key panel, Generate (named for a turn) first. */
function keyActions(generateLabel: string): ActionButtonSpec[] {
  return [
    { actionId: 'asset.generateImage', label: generateLabel, icon: Sparkles, variant: 'primary' },
    { actionId: 'asset.regenerate', label: 'Regenerate', icon: RefreshCw, variant: 'secondary' },
    { actionId: 'asset.uploadImage', label: 'Upload', icon: ImageUp, variant: 'secondary' },
    { actionId: 'asset.enhanceImage', label: 'Enhance', icon: Aperture },
    { actionId: 'asset.removeBackground', label: 'Remove background', icon: Eraser },
    { actionId: 'asset.assessImage', label: 'Assess', icon: Gauge },
    { actionId: 'asset.removeImage', label: 'Remove', icon: Trash2 },
  ];
}

function useAsset(assetId: string) {
  const { client } = useServices();
  return useQuery(queries.asset(client, assetId));
}

/** What runs on each key of the asset in this tab, with the job that does it. */
function useRunning(services: AppServices, assetId: string) {
  const operations = useStore(runningOperations(services));
  const jobs = useStore(services.jobs.store, (state) => state.jobs);
  return useMemo(() => {
    const matched = matchJobs(operations, [...jobs.values()]);
    const byKey = new Map<string, { operation: RunningOperation; job: Job | undefined }>();
    for (const operation of operations) {
      if (operation.assetId === assetId)
        byKey.set(operation.key, { operation, job: matched.get(operation.id) });
    }
    return byKey;
  }, [operations, jobs, assetId]);
}

/**
 * /project/{id}/assets/{assetId}: every image key the asset's type supports (SPEC.md §3) as a grid of
 * cells (image, status, prompt), per variant; the selected key's actions: upload (or drop a file on a
 * cell), generate (Ctrl+G), regenerate (Ctrl+R), enhance, remove background, assess and remove.
 */
export function AssetPage(props: { projectId?: string; assetId?: string } = {}) {
  const params = useParams({ strict: false }) as { projectId?: string; assetId?: string };
  const projectId = props.projectId ?? params.projectId ?? '';
  const assetId = props.assetId ?? params.assetId ?? '';
  const services = useServices();
  const ui = assetsUi(services);
  const run = useRunAction();
  const query = useAsset(assetId);
  const asset = query.data ?? null;
  const selectedKey = useStore(ui, (state) => state.selectedKey);
  const assessments = useStore(ui, (state) => state.assessments);
  const running = useRunning(services, assetId);
  const gridRef = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const pickFor = useRef<string | null>(null);
  const { columns, cellWidth } = useGridColumns(gridRef, { padX: 0, gap: GAP, minCell: MIN_CELL });

  // The asset actions act on this asset, and the image actions on its selected key.
  useEffect(() => {
    ui.set((state) => ({
      ...state,
      current: asset,
      selectedKey:
        asset && state.current?.id === asset.id && state.selectedKey !== null
          ? state.selectedKey
          : (asset?.config.defaultImageKey ?? null),
    }));
  }, [ui, asset]);
  useEffect(() => {
    ui.set((state) => ({
      ...state,
      pickFile: () => {
        pickFor.current = ui.get().selectedKey;
        fileInput.current?.click();
      },
    }));
    return () => ui.set((state) => ({ ...state, current: null, selectedKey: null, pickFile: null }));
  }, [ui]);

  const sections = useMemo(() => (asset ? imageSections(asset) : []), [asset]);
  const slots = useMemo(() => sections.flatMap((section) => section.slots), [sections]);
  const layout = useMemo(() => {
    const itemRows: number[][] = [];
    let index = 0;
    for (const section of sections) {
      for (let first = 0; first < section.slots.length; first += columns) {
        const count = Math.min(columns, section.slots.length - first);
        itemRows.push(Array.from({ length: count }, (_, i) => index + first + i));
      }
      index += section.slots.length;
    }
    return { items: slots, itemRows };
  }, [sections, slots, columns]);
  const current = Math.max(
    0,
    slots.findIndex((slot) => slot.key === selectedKey),
  );
  const selected = slots[current];
  const select = (key: string) => ui.set((state) => ({ ...state, selectedKey: key }));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || event.ctrlKey || event.metaKey || event.altKey) return;
    const next = moveByKey(layout, current, event.key);
    const slot = next === null ? undefined : slots[next];
    if (slot) {
      event.preventDefault();
      select(slot.key);
      document.getElementById(slotDomId(slot.key))?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    } else if (event.key === 'Enter' && selected && asset) {
      event.preventDefault();
      run('asset.uploadImage');
    }
  };

  const selectedEntry = asset && selected ? asset.images[selected.key] : undefined;
  const canRemove = asset !== null && selected !== undefined && !running.has(selected.key) && selectedEntry;
  // Delete removes the selected key's image (Ctrl+G and Ctrl+R are the asset actions on the same key).
  usePageContext(
    editContext,
    canRemove ? { deleteSelection: () => void removeImage(services, asset, selected.key) } : null,
  );

  const onPick = (file: File) => {
    const key = pickFor.current ?? selected?.key;
    if (asset && key) void uploadImage(services, asset, key, file);
  };

  if (query.isLoading) {
    return (
      <div className="page asset-page" aria-busy="true">
        <Skeleton width={240} height={28} />
        <div className="assets-skeleton__grid">
          {['a', 'b', 'c', 'd'].map((key) => (
            <Skeleton key={key} height={260} />
          ))}
        </div>
      </div>
    );
  }
  if (!asset) {
    return (
      <div className="page asset-page">
        <EmptyState
          icon={UserRound}
          title="This asset could not be opened"
          actions={<ActionButton actionId="nav.assets" variant="secondary" />}
        >
          {query.error ? errorBody(query.error) : `Asset ${assetId} not found`}
        </EmptyState>
      </div>
    );
  }

  const stale = staleKeys(asset);
  const filled = slots.filter((slot) => displayUrl(asset.images[slot.key]) !== null).length;
  const aspect = String(ASSET_ASPECTS[asset.type]);
  let rowIndex = 0;

  return (
    <div className="page page--full asset-page">
      <header className="asset-header">
        <div className="asset-header__text">
          <p className="asset-crumb">
            <Link to="/project/$projectId/assets" params={{ projectId }}>
              Assets
            </Link>
          </p>
          <h1 className="page__title">
            {asset.name}
            <span className="asset-chip asset-chip--inline">{ASSET_TYPE_LABELS[asset.type]}</span>
            {asset.isSeriesLevel ? (
              <span className="asset-chip asset-chip--inline asset-chip--series">Series level</span>
            ) : null}
          </h1>
          <p className="page__subtitle">
            {asset.description || 'No description yet — Define Asset writes one from the name.'}
          </p>
          <p className="asset-look">
            <ScanText size={14} aria-hidden="true" />
            <span className="asset-look__label">Visual identifier</span>
            <span className={cx('asset-look__text', !asset.visualIdentifier && 'is-empty')}>
              {asset.visualIdentifier || 'none — prompts use the name'}
            </span>
          </p>
        </div>
        <div className="page__actions asset-header__actions">
          <ActionButtons actions={headerActions(asset)} size="sm" />
        </div>
      </header>

      {stale.length > 0 ? (
        <div className="asset-stale" role="status">
          <RefreshCw size={15} aria-hidden="true" />
          <span>
            {stale.length === 1 ? '1 image was' : `${stale.length} images were`} made from an older{' '}
            {asset.images[stale[0] ?? '']?.metadata.invalidatedBy
              ? `${String(asset.images[stale[0] ?? '']?.metadata.invalidatedBy)} image`
              : 'base image'}{' '}
            and {stale.length === 1 ? 'is' : 'are'} stale until generated again.
          </span>
          <ActionButton actionId="asset.refreshStale" variant="secondary" size="sm" />
        </div>
      ) : null}

      {asset.type === 'character' ? <VoiceSection asset={asset} /> : null}

      <div className="asset-body">
        {/* biome-ignore lint/a11y: An ARIA grid of image keys: the grid holds the focus and points at its active cell with aria-activedescendant */}
        <div
          ref={gridRef}
          className="asset-grid"
          role="grid"
          aria-label={`Images of ${asset.name}`}
          aria-colcount={columns}
          aria-activedescendant={selected ? slotDomId(selected.key) : undefined}
          tabIndex={0}
          onKeyDown={onKeyDown}
        >
          <p className="asset-grid__facts mono" aria-hidden="true">
            {filled}/{slots.length} images · arrows move · Enter uploads · Ctrl G generates
          </p>
          {sections.map((section) => (
            // biome-ignore lint/a11y: A virtual-free ARIA grid: each variant is a row group of divs laid out by CSS grid
            <div key={section.variant} role="rowgroup" className="asset-variant">
              {/* biome-ignore lint/a11y: A row of the image-key grid holding the variant's heading */}
              <div role="row" className="asset-variant__heading">
                {/* biome-ignore lint/a11y: The variant's heading spans the grid's columns */}
                <div role="columnheader" aria-colspan={columns}>
                  <span className="asset-variant__name">Variant {section.variant}</span>
                  <span className="mono">
                    {section.slots.filter((slot) => displayUrl(asset.images[slot.key]) !== null).length}/
                    {section.slots.length}
                  </span>
                </div>
              </div>
              {chunk(section.slots, columns).map((row) => {
                rowIndex += 1;
                return (
                  // biome-ignore lint/a11y: A row of the image-key grid
                  <div
                    key={row[0]?.key}
                    role="row"
                    aria-rowindex={rowIndex}
                    className="asset-grid__row"
                    style={{ gridTemplateColumns: `repeat(${columns}, ${cellWidth}px)`, columnGap: GAP }}
                  >
                    {row.map((slot) => (
                      <SlotCell
                        key={slot.key}
                        asset={asset}
                        slot={slot}
                        entry={asset.images[slot.key]}
                        running={running.get(slot.key)}
                        aspect={aspect}
                        active={slot.key === selected?.key}
                        onSelect={() => {
                          select(slot.key);
                          gridRef.current?.focus({ preventScroll: true });
                        }}
                        onDropFile={(file) => {
                          select(slot.key);
                          void uploadImage(services, asset, slot.key, file);
                        }}
                      />
                    ))}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        {selected ? (
          <KeyPanel
            asset={asset}
            slot={selected}
            entry={selectedEntry}
            running={running.get(selected.key)}
            assessment={assessments[assessmentKey(asset.id, selected.key)]}
          />
        ) : null}
      </div>
      <HiddenFileInput
        ref={fileInput}
        accept="image/png,image/jpeg,image/webp,image/gif"
        aria-label="Image file"
        data-testid="asset-image-file"
        onFile={onPick}
      />
      <AssetDialogs projectId={projectId} />
    </div>
  );
}

function chunk<T>(list: readonly T[], size: number): T[][] {
  const rows: T[][] = [];
  for (let first = 0; first < list.length; first += Math.max(1, size))
    rows.push(list.slice(first, first + size));
  return rows;
}

function StatusChip({ status, text }: { status: SlotStatus; text?: string }) {
  const Icon = STATUS_ICONS[status];
  const label = text ?? SLOT_STATUS_LABELS[status];
  return (
    <span
      className={cx('frame-status', `frame-status--${status === 'empty' ? 'pending' : status}`)}
      title={label}
    >
      <Icon
        size={12}
        strokeWidth={2.5}
        aria-hidden="true"
        className={status === 'processing' ? 'spin' : undefined}
      />
      <span>{label}</span>
    </span>
  );
}

function ProgressBar({
  label,
  value,
  className,
}: {
  label: string;
  value: number | null;
  className?: string;
}) {
  return (
    <div
      className={cx('sb-progress', value === null && 'is-indeterminate', className)}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value ?? undefined}
    >
      <span style={{ width: `${value ?? 30}%` }} />
    </div>
  );
}

/** One image key: its image (or what to do for one), its status chip, its label and prompt. */
function SlotCell({
  asset,
  slot,
  entry,
  running,
  aspect,
  active,
  onSelect,
  onDropFile,
}: {
  asset: Asset;
  slot: ImageSlot;
  entry: AssetImageEntry | undefined;
  running: { operation: RunningOperation; job: Job | undefined } | undefined;
  aspect: string;
  active: boolean;
  onSelect: () => void;
  onDropFile: (file: File) => void;
}) {
  const [dragging, setDragging] = useState(false);
  const status = slotStatus(entry, running !== undefined);
  const url = displayUrl(entry);
  const text = running ? operationText(running.operation, running.job) : undefined;
  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = [...event.dataTransfer.files].find((candidate) => candidate.type.startsWith('image/'));
    if (file) onDropFile(file);
  };
  return (
    // biome-ignore lint/a11y: A cell of the image-key grid; the grid handles the keyboard
    <div
      id={slotDomId(slot.key)}
      role="gridcell"
      aria-selected={active}
      className={cx('sb-cell slot-cell', active && 'is-active', dragging && 'is-dropping')}
      data-key={slot.key}
      data-status={status}
      onMouseDown={(event) => {
        if (event.button === 0) onSelect();
      }}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <div
        className={cx('sb-frame slot-frame', `sb-frame--${status}`, !url && 'is-empty')}
        style={{ aspectRatio: aspect }}
      >
        {url ? (
          <img src={url} alt={`${asset.name}, ${slot.label}`} decoding="async" draggable={false} />
        ) : (
          <div className="slot-empty" aria-hidden="true">
            <ImagePlus size={22} />
            <span className="slot-empty__title">No {slot.label.toLowerCase()} image</span>
            <span className="slot-empty__hint">Drop a file · Enter uploads · Ctrl G generates</span>
          </div>
        )}
        <div className="sb-frame__top">
          <StatusChip status={status} {...(text ? { text } : {})} />
          {slot.isDefault ? <span className="asset-chip">Default</span> : null}
        </div>
        {dragging ? <div className="slot-drop">Drop to upload as {slot.label}</div> : null}
        {running ? (
          <ProgressBar
            label={`${text ?? 'Working'}: ${slot.label}`}
            value={operationProgress(running.operation, running.job)}
          />
        ) : null}
      </div>
      <div className="slot-meta">
        <p className="slot-meta__line">
          <span className="slot-meta__label">{slot.label}</span>
          <span className="slot-meta__key mono">{slot.key}</span>
        </p>
        <p className={cx('slot-meta__prompt', !entry?.prompt && 'is-empty')}>
          {entry?.prompt ||
            (entry?.isCustomUpload
              ? 'Uploaded image'
              : entry
                ? 'Generated from the asset’s name and look'
                : 'No image yet')}
        </p>
      </div>
    </div>
  );
}

/** The selected key: everything known about its image, and its actions. */
function KeyPanel({
  asset,
  slot,
  entry,
  running,
  assessment,
}: {
  asset: Asset;
  slot: ImageSlot;
  entry: AssetImageEntry | undefined;
  running: { operation: RunningOperation; job: Job | undefined } | undefined;
  assessment: AssetAssessment | undefined;
}) {
  const status = slotStatus(entry, running !== undefined);
  const text = running ? operationText(running.operation, running.job) : undefined;
  const base = invalidatedBy(entry);
  const turn = asset.type === 'character' && slot.kind === 'rotation' && !slot.isDefault;
  return (
    <aside className="key-panel" aria-label={`Image ${slot.key}`}>
      <header className="key-panel__header">
        <h2 className="section-title">
          {slot.label} <span className="mono key-panel__key">{slot.key}</span>
        </h2>
        <StatusChip status={status} {...(text ? { text } : {})} />
      </header>
      {running ? (
        <ProgressBar
          className="key-panel__progress"
          label={`${text ?? 'Working'}: ${slot.key}`}
          value={operationProgress(running.operation, running.job)}
        />
      ) : null}
      {status === 'stale' ? (
        <p className="key-panel__stale">
          Made from an older {base ?? 'base'} image: Regenerate (Ctrl R) brings it in line.
        </p>
      ) : null}
      <div className="key-panel__actions">
        <ActionButtons
          actions={keyActions(turn ? `Generate ${slot.label.toLowerCase()} rotation` : 'Generate')}
          size="sm"
        />
      </div>
      <dl className="key-panel__facts">
        <dt>Prompt</dt>
        <dd className={cx(!entry?.prompt && 'is-empty')}>
          {entry?.prompt ||
            (!entry
              ? '—'
              : entry.isCustomUpload
                ? 'None: an uploaded image'
                : 'The asset’s name and visual identifier')}
        </dd>
        <dt>Source</dt>
        <dd>
          {!entry
            ? 'No image yet'
            : entry.isCustomUpload
              ? 'Uploaded'
              : entry.generatedAt
                ? `Generated ${formatAbsolute(entry.generatedAt)}`
                : 'Generated'}
          {entry?.metadata.bgRemoved === true ? ' · background removed' : ''}
          {typeof entry?.metadata.enhancedFrom === 'string' ? ' · enhanced' : ''}
        </dd>
      </dl>
      {assessment ? (
        <section className="assessment" aria-label="Assessment">
          <p className="assessment__score">
            <span className={cx('assessment__value mono', assessment.score < 6 && 'is-low')}>
              {assessment.score.toFixed(1)}
            </span>
            <span className="assessment__of">/ 10</span>
          </p>
          <ul className="assessment__reasons">
            {assessmentReasons(assessment.notes).map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </section>
      ) : entry ? (
        <p className="key-panel__hint">Assess scores the image 0–10 and gives its reasons.</p>
      ) : null}
    </aside>
  );
}

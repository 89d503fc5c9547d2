import { ASSET_TYPES, type Asset, type AssetType } from '@reelbench/sdk';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { Layers, Plus, SearchX, UserRound } from 'lucide-react';
import { memo, useEffect, useMemo, useRef } from 'react';
import { editContext } from '../../actions/edit-actions.js';
import { usePageContext } from '../../actions/page-context.js';
import { queries } from '../../app/queries.js';
import { useServices } from '../../app/services-context.js';
import { formatShortcut, parseShortcut } from '../../keyboard/shortcut.js';
import { ActionButton } from '../../shell/action-button.js';
import { isMac, useRunAction } from '../../shell/use-action.js';
import { ShotsToolbar } from '../../shots/shots-toolbar.js';
import { errorBody } from '../../state/errors.js';
import { createStore, useStore } from '../../state/store.js';
import { EmptyState, Skeleton } from '../../ui/card.js';
import { cx } from '../../ui/cx.js';
import { FilterSearch } from '../../ui/filter-search.js';
import { Select } from '../../ui/select.js';
import { type FrameGridSizes, useGridCursor, useGridFrame, useGridRows } from '../../ui/use-virtual-grid.js';
import { VirtualGrid } from '../../ui/virtual-grid.js';
import { useProjectId } from '../project/project-layout.js';
import { assetPath, assetsUi } from './asset-actions.js';
import { AssetDialogs } from './asset-dialogs.js';
import { staleKeys } from './asset-images.js';
import {
  ASSET_ASPECTS,
  ASSET_TYPE_LABELS,
  ASSET_TYPE_PLURALS,
  type AssetFilters,
  assetLayout,
  coverImage,
  imageCount,
} from './asset-model.js';
import '../../styles/shots.css';
import '../../styles/assets.css';

const ASSET_GRID: FrameGridSizes = { minCell: 180, headerHeight: 52, metaHeight: 46, rowGap: 14 };

/** The filters, kept for the tab. */
export const assetFilters = createStore<AssetFilters>({ query: '', type: 'all' });

export function useProjectAssets(projectId: string) {
  const { client } = useServices();
  return useQuery(queries.assets(client, projectId));
}

const cellDomId = (asset: Asset) => `asset-${asset.id}`;

/**
 * /project/{id}/assets: every asset by type with its default image, virtualised; filter by name
 * and type; arrows move, Enter opens, the selection's actions (rename, delete, series, clone…)
 * in the palette and the toolbar.
 */
export function AssetsPage(props: { projectId?: string } = {}) {
  const projectId = useProjectId(props.projectId);
  const services = useServices();
  const ui = assetsUi(services);
  const router = useRouter();
  const run = useRunAction();
  const assets = useProjectAssets(projectId);
  const filters = useStore(assetFilters);
  const searchRef = useRef<HTMLInputElement>(null);
  const frame = useGridFrame(ASSET_GRID);
  const { columns } = frame;
  const list = assets.data ?? [];
  const layout = useMemo(() => assetLayout(list, filters, columns), [list, filters, columns]);
  const grid = useGridRows(frame, layout.rows, { aspect: (row) => ASSET_ASPECTS[row.type] });
  const open = (asset: Asset | undefined) => {
    if (asset) router.history.push(assetPath(projectId, asset.id));
  };
  const cursor = useGridCursor(layout, grid, {
    cellId: cellDomId,
    onEnter: (index) => open(layout.items[index]),
  });
  const { current, setActive } = cursor;
  const activeAsset = cursor.item;

  // The selection's actions act on the active asset.
  useEffect(() => {
    ui.set((state) =>
      state.current === (activeAsset ?? null) ? state : { ...state, current: activeAsset ?? null },
    );
  }, [ui, activeAsset]);
  useEffect(() => () => ui.set((state) => ({ ...state, current: null })), [ui]);

  usePageContext(editContext, {
    searchField: () => searchRef.current,
    ...(activeAsset ? { deleteSelection: () => run('asset.delete') } : {}),
  });

  const counts = useMemo(() => {
    const byType = Object.fromEntries(ASSET_TYPES.map((type) => [type, 0])) as Record<AssetType, number>;
    for (const asset of list) byType[asset.type] += 1;
    return byType;
  }, [list]);
  const hasAssets = list.length > 0;
  const searchKey = formatShortcut(parseShortcut('Mod+/'), isMac());

  return (
    <div className="page page--full shots-page assets-page">
      <ShotsToolbar
        title="Assets"
        facts={
          hasAssets ? (
            <>
              {ASSET_TYPES.filter((type) => counts[type] > 0)
                .map((type) =>
                  counts[type] === 1
                    ? `1 ${ASSET_TYPE_LABELS[type].toLowerCase()}`
                    : `${counts[type]} ${ASSET_TYPE_PLURALS[type].toLowerCase()}`,
                )
                .join(' · ')}
              {layout.items.length !== list.length ? ` · ${layout.items.length} shown` : ''}
            </>
          ) : null
        }
      >
        <div className="shots-toolbar__filters">
          <FilterSearch
            label="Filter assets by name"
            inputRef={searchRef}
            placeholder="Filter by name…"
            value={filters.query}
            onValueChange={(query) => assetFilters.set((f) => ({ ...f, query }))}
            onLeave={() => frame.scrollRef.current?.focus({ preventScroll: true })}
            shortcut={searchKey}
          />
          <Select
            aria-label="Asset type"
            className="shots-toolbar__select"
            value={filters.type}
            onValueChange={(type) => assetFilters.set((f) => ({ ...f, type: type as AssetFilters['type'] }))}
            options={[
              { value: 'all', label: 'Every type' },
              ...ASSET_TYPES.map((type) => ({ value: type, label: ASSET_TYPE_PLURALS[type] })),
            ]}
          />
        </div>
        <div className="shots-toolbar__actions">
          <ActionButton actionId="asset.new" variant="primary" size="sm" icon={Plus} />
        </div>
      </ShotsToolbar>
      {assets.isLoading ? (
        <div className="assets-skeleton" aria-busy="true">
          <Skeleton width={160} height={18} />
          <div className="assets-skeleton__grid">
            {['a', 'b', 'c', 'd'].map((key) => (
              <Skeleton key={key} height={220} />
            ))}
          </div>
        </div>
      ) : assets.error ? (
        <EmptyState title="The assets could not be loaded">{errorBody(assets.error)}</EmptyState>
      ) : !hasAssets ? (
        <EmptyState
          icon={UserRound}
          title="No assets yet — New Asset · Ctrl N"
          actions={<ActionButton actionId="asset.new" variant="primary" icon={Plus} />}
        >
          Characters, locations and props you make here look the same in every shot that places them.
        </EmptyState>
      ) : layout.items.length === 0 ? (
        <EmptyState icon={SearchX} title="No asset matches these filters">
          Clear the name filter (Escape in the field) or choose every type.
        </EmptyState>
      ) : null}
      <VirtualGrid
        {...grid}
        label="Assets"
        className="assets-scroll"
        {...cursor.props}
        headerKey={(row) => row.type}
        renderHeader={(row) => (
          // biome-ignore lint/a11y: A virtualised ARIA grid row header (see VirtualGrid)
          <div role="rowheader" aria-colspan={columns} className="sb-scene assets-type">
            <Layers size={14} aria-hidden="true" />
            <span className="sb-scene__name">{ASSET_TYPE_PLURALS[row.type]}</span>
            <span className="sb-scene__facts mono">{row.count}</span>
          </div>
        )}
        renderCells={(row) =>
          layout.items.slice(row.first, row.first + row.count).map((asset, i) => (
            <AssetCell
              key={asset.id}
              asset={asset}
              active={row.first + i === current}
              onSelect={() => {
                setActive(row.first + i);
                frame.scrollRef.current?.focus({ preventScroll: true });
              }}
              onOpen={() => open(asset)}
            />
          ))
        }
      />
      <AssetDialogs projectId={projectId} />
    </div>
  );
}

/** One asset: its default image (or a slate), name, images made and its look words. */
const AssetCell = memo(function AssetCell({
  asset,
  active,
  onSelect,
  onOpen,
}: {
  asset: Asset;
  active: boolean;
  onSelect: () => void;
  onOpen: () => void;
}) {
  const cover = coverImage(asset);
  const { filled, total } = imageCount(asset);
  const stale = staleKeys(asset).length;
  return (
    // biome-ignore lint/a11y: A cell of the virtualised grid; the grid handles the keyboard
    <div
      id={cellDomId(asset)}
      role="gridcell"
      aria-selected={active}
      className={cx('sb-cell asset-cell', active && 'is-active')}
      data-asset-id={asset.id}
      onMouseDown={(event) => {
        if (event.button === 0) onSelect();
      }}
      onDoubleClick={onOpen}
    >
      <div
        className={cx('sb-frame asset-frame', `asset-frame--${asset.type}`, stale > 0 && 'sb-frame--stale')}
        style={{ aspectRatio: String(ASSET_ASPECTS[asset.type]) }}
      >
        {cover ? (
          <img src={cover.url} alt="" loading="lazy" decoding="async" draggable={false} />
        ) : (
          <div className="sb-slate asset-slate" aria-hidden="true">
            <span className="sb-slate__framing">{ASSET_TYPE_LABELS[asset.type]}</span>
            <span className="sb-slate__text">No image yet — open it and press Ctrl G</span>
          </div>
        )}
        <div className="sb-frame__top">
          {asset.isSeriesLevel ? <span className="asset-chip asset-chip--series">Series</span> : <span />}
        </div>
        {stale > 0 ? (
          <span className="frame-status frame-status--stale asset-cell__stale">{stale} stale</span>
        ) : null}
      </div>
      <div className="asset-cell__meta">
        <p className="sb-meta__line">
          <span className="sb-meta__name">{asset.name}</span>
          <span className="sb-meta__duration mono" title={`${filled} of ${total} image keys have an image`}>
            {filled}/{total}
          </span>
        </p>
        <p className="asset-cell__look">{asset.visualIdentifier || asset.description || '\u00a0'}</p>
      </div>
    </div>
  );
});

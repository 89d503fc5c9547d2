import type { StylePackage } from '@reelbench/sdk';
import { useQuery } from '@tanstack/react-query';
import { Copy, Lock, Palette, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { queries } from '../../app/queries.js';
import { useServices } from '../../app/services-context.js';
import { plural } from '../../format/format.js';
import { ActionButton } from '../../shell/action-button.js';
import { type ItemAction, ItemActionButtons } from '../../shell/action-buttons.js';
import { useRunAction } from '../../shell/use-action.js';
import { errorBody } from '../../state/errors.js';
import { useStore } from '../../state/store.js';
import { EmptyState, Skeleton } from '../../ui/card.js';
import { cx } from '../../ui/cx.js';
import { PageHeader } from '../../ui/page-header.js';
import { useProjectId } from '../project/project-layout.js';
import { GradeStrip } from './grade-strip.js';
import { stylesUi } from './styles-actions.js';
import { StyleDialogs } from './styles-dialogs.js';
import '../../styles/pages.css';
import '../../styles/styles-page.css';

/** A card's actions; Edit and Delete only on the project's own packages, never on a built-in look. */
const STYLE_ACTIONS: readonly (ItemAction & { ownOnly?: boolean })[] = [
  { actionId: 'style.duplicate', label: 'Duplicate', icon: Copy },
  { actionId: 'style.edit', label: 'Edit', icon: Pencil, ownOnly: true },
  { actionId: 'style.delete', label: 'Delete', icon: Trash2, iconOnly: true, ownOnly: true },
];

function StyleCard({
  style,
  basedOn,
  selected,
  onSelect,
  run,
}: {
  style: StylePackage;
  /** The name of the package it was duplicated from. */
  basedOn: string | undefined;
  selected: boolean;
  onSelect: () => void;
  run: (actionId: string) => void;
}) {
  const act = (actionId: string) => {
    onSelect();
    run(actionId);
  };
  const headingId = `style-${style.id}`;
  return (
    <li
      className={cx('style-card', selected && 'style-card--selected')}
      aria-labelledby={headingId}
      onFocus={onSelect}
      data-style-id={style.id}
    >
      <GradeStrip grade={style.grade} label={`The ${style.name} grade on six colours`} />
      <div className="style-card__body">
        <h2 id={headingId} className="style-card__name">
          {style.name}
          {style.builtIn ? (
            <span className="style-card__badge">
              <Lock size={11} aria-hidden="true" /> Built-in
            </span>
          ) : null}
        </h2>
        <p className="style-card__look">{style.look || 'No look words yet.'}</p>
        <p className="style-card__meta">
          {plural(style.shotCount, 'shot')}
          {style.referenceImages.length > 0 ? ` · ${plural(style.referenceImages.length, 'reference')}` : ''}
          {basedOn ? ` · from ${basedOn}` : ''}
        </p>
      </div>
      {style.referenceImages.length > 0 ? (
        <ul className="style-card__refs" aria-label={`${style.name} references`}>
          {style.referenceImages.slice(0, 4).map((image, index) => (
            <li key={image.key}>
              <img src={image.url} alt={`${style.name} reference ${index + 1}`} />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="style-card__actions">
        <ItemActionButtons
          actions={style.builtIn ? STYLE_ACTIONS.filter((action) => !action.ownOnly) : STYLE_ACTIONS}
          itemName={style.name}
          onAction={act}
        />
      </div>
    </li>
  );
}

/** /project/{id}/styles: the four built-in looks and the project's own style packages. */
export function StylesPage(props: { projectId?: string } = {}) {
  const projectId = useProjectId(props.projectId);
  const services = useServices();
  const ui = stylesUi(services);
  const selected = useStore(ui, (state) => state.selected);
  const run = useRunAction();
  const styles = useQuery(queries.styles(services.client, projectId));
  useEffect(() => () => ui.set({ dialog: null, selected: null }), [ui]);
  const list = styles.data ?? [];
  const builtIn = list.filter((style) => style.builtIn);
  const own = list.filter((style) => !style.builtIn);
  const select = (style: StylePackage) => () => ui.set((state) => ({ ...state, selected: style }));

  const cards = (entries: StylePackage[], label: string) => (
    <ul className="style-grid" aria-label={label}>
      {entries.map((style) => (
        <StyleCard
          key={style.id}
          style={style}
          basedOn={
            style.basedOn
              ? (list.find((entry) => entry.id === style.basedOn)?.name ?? style.basedOn)
              : undefined
          }
          selected={selected?.id === style.id}
          onSelect={select(style)}
          run={run}
        />
      ))}
    </ul>
  );

  return (
    <div className="page styles-page">
      <PageHeader
        title="Styles"
        subtitle={
          styles.isLoading
            ? 'Loading the style packages…'
            : 'Looks that shots reference: words for the prompts, a colour grade for the frames'
        }
        actions={<ActionButton actionId="style.create" variant="primary" icon={Plus} />}
      />
      {styles.isLoading ? (
        <div className="style-grid" aria-hidden="true">
          {['a', 'b', 'c', 'd'].map((key) => (
            <Skeleton key={key} height={150} />
          ))}
        </div>
      ) : styles.error ? (
        <EmptyState title="The style packages could not be loaded">{errorBody(styles.error)}</EmptyState>
      ) : (
        <>
          <section aria-labelledby="styles-own" className="styles-section">
            <h2 id="styles-own" className="styles-section__title">
              This project’s packages <span className="styles-section__count mono">{own.length}</span>
            </h2>
            {own.length === 0 ? (
              <EmptyState
                icon={Palette}
                title="No packages of your own yet — New Style Package"
                actions={<ActionButton actionId="style.create" variant="primary" icon={Plus} />}
              >
                Or duplicate a built-in look below and change its words, grade and references.
              </EmptyState>
            ) : (
              cards(own, 'This project’s style packages')
            )}
          </section>
          <section aria-labelledby="styles-built-in" className="styles-section">
            <h2 id="styles-built-in" className="styles-section__title">
              Built-in <span className="styles-section__count mono">{builtIn.length}</span>
            </h2>
            {cards(builtIn, 'Built-in style packages')}
          </section>
        </>
      )}
      <StyleDialogs projectId={projectId} packages={list} />
    </div>
  );
}

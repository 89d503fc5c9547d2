import { type RepositoryAsset } from '@reelbench/sdk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams, useSearch } from '@tanstack/react-router';
import { Boxes, ImageOff } from 'lucide-react';
import { type QueryData, queries, queryKeys } from '../../app/queries.js';
import { useServices } from '../../app/services-context.js';
import { PublicFrame } from '../../review/public-frame.js';
import { errorBody } from '../../state/errors.js';
import { useStore } from '../../state/store.js';
import { EmptyState, Skeleton } from '../../ui/card.js';
import '../../styles/review.css';

const TYPE_LABELS: Record<RepositoryAsset['type'], string> = {
  character: 'Character',
  location: 'Location',
  prop: 'Prop',
  custom: 'Custom',
};

/** Publishing the whole project answers the repository's new state (an asset's answers the asset). */
function isRepositoryState(reply: object): reply is QueryData<'repositoryState'> {
  return 'repositoryId' in reply && 'publishedAssetIds' in reply;
}

/** The owner's publishing panel (Repository Settings in the palette): the project, or asset by asset. */
function PublishingPanel({ projectId }: { projectId: string }) {
  const { client, toasts, activity } = useServices();
  const queryClient = useQueryClient();
  const state = useQuery(queries.repositoryState(client, projectId));
  const assets = useQuery({ ...queries.assets(client, projectId), enabled: state.isSuccess });
  if (!state.isSuccess) return null;
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.repositoryState(projectId) });
    await queryClient.invalidateQueries({ queryKey: queryKeys.repository(projectId) });
  };
  const run = async (work: Promise<object>) => {
    try {
      const next = await activity.track(work);
      if (isRepositoryState(next)) queryClient.setQueryData(queryKeys.repositoryState(projectId), next);
      await refresh();
    } catch (failure) {
      toasts.show({ type: 'error', title: 'Operation Failed', message: errorBody(failure) });
    }
  };
  const published = new Set(state.data.publishedAssetIds);
  return (
    <section className="publish-panel" aria-labelledby="publish-panel-title">
      <h2 id="publish-panel-title" className="review-section__title">
        Publishing
      </h2>
      <label className="publish-panel__row">
        <input
          type="checkbox"
          checked={state.data.published}
          onChange={(event) => run(client.repository.publishProject(projectId, event.currentTarget.checked))}
        />
        Publish every asset of this project
      </label>
      {(assets.data ?? []).map((asset) => (
        <label key={asset.id} className="publish-panel__row">
          <input
            type="checkbox"
            checked={state.data.published || published.has(asset.id)}
            disabled={state.data.published}
            onChange={(event) => run(client.repository.publishAsset(asset.id, event.currentTarget.checked))}
          />
          {asset.name} <span className="publish-panel__type">{TYPE_LABELS[asset.type]}</span>
        </label>
      ))}
    </section>
  );
}

/** /repository/{id}: the assets a project or series publishes, with their images; read-only. */
export function RepositoryPage() {
  const { repositoryId } = useParams({ from: '/repository/$repositoryId' });
  const search = useSearch({ strict: false }) as { panel?: unknown };
  const { client, session } = useServices();
  const signedIn = useStore(session.store, (state) => state.status === 'signed-in');
  const view = useQuery(queries.repository(client, repositoryId));
  const owner =
    signedIn && search.panel === 'publishing' ? <PublishingPanel projectId={repositoryId} /> : null;
  if (view.isPending) {
    return (
      <PublicFrame title="Asset repository">
        <Skeleton height={240} />
      </PublicFrame>
    );
  }
  if (view.isError) {
    return (
      <PublicFrame title="Asset repository">
        <EmptyState icon={Boxes} title="Nothing published here">
          This repository does not exist or publishes nothing yet. Its owner publishes characters, locations
          and props from Repository Settings (Ctrl K).
        </EmptyState>
        {owner}
      </PublicFrame>
    );
  }
  const { name, description, kind, assets } = view.data;
  return (
    <PublicFrame title={name}>
      <p className="page__subtitle">
        {kind === 'series' ? 'Series' : 'Project'} repository · {assets.length}{' '}
        {assets.length === 1 ? 'asset' : 'assets'}
        {description ? ` · ${description}` : ''}
      </p>
      {owner}
      {assets.length === 0 ? (
        <EmptyState icon={Boxes} title="No assets yet">
          The project is published, but it has no characters, locations or props yet.
        </EmptyState>
      ) : (
        <ul className="repo-grid">
          {assets.map((asset) => {
            const [cover, ...rest] = asset.images;
            return (
              <li key={asset.id} className="repo-card">
                <div className="repo-card__image">
                  {cover ? (
                    <img
                      src={cover.thumbnailUrl ?? cover.url}
                      alt={`${asset.name}, ${cover.key}`}
                      loading="lazy"
                    />
                  ) : (
                    <span className="repo-card__none">
                      <ImageOff size={20} aria-hidden="true" /> No image yet
                    </span>
                  )}
                </div>
                <div className="repo-card__meta">
                  <span className="repo-card__name">{asset.name}</span>
                  <span className="repo-card__type">{TYPE_LABELS[asset.type]}</span>
                </div>
                {asset.description ? <p className="repo-card__description">{asset.description}</p> : null}
                {rest.length > 0 ? (
                  <ul className="repo-card__thumbs" aria-label={`More images of ${asset.name}`}>
                    {rest.slice(0, 6).map((image) => (
                      <li key={image.key}>
                        <img
                          src={image.thumbnailUrl ?? image.url}
                          alt={`${asset.name}, ${image.key}`}
                          loading="lazy"
                        />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </PublicFrame>
  );
}

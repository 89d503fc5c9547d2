import { type Asset, type AssetUpdates, TOASTS } from '@reelbench/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { queries, queryKeys } from '../../app/queries.js';
import { useServices } from '../../app/services-context.js';
import { errorBody } from '../../state/errors.js';
import { useStore } from '../../state/store.js';
import { Button } from '../../ui/button.js';
import { InputField, SelectField, TextareaField } from '../../ui/fields.js';
import { FormModal } from '../../ui/form-modal.js';
import { Modal } from '../../ui/modal.js';
import { useTextFields } from '../../ui/use-submit.js';
import { assetPath, assetsPath, assetsUi } from './asset-actions.js';
import { ASSET_TYPE_LABELS } from './asset-model.js';
import { storeAsset } from './asset-operations.js';

function useAssetMutations(projectId: string) {
  const services = useServices();
  const { client, activity, toasts } = services;
  const ui = assetsUi(services);
  const queryClient = useQueryClient();
  const router = useRouter();
  const close = () => ui.set((state) => ({ ...state, dialog: null }));
  const failed = (error: unknown) =>
    toasts.show({ type: 'error', title: TOASTS.operationFailed.title, message: errorBody(error) });
  const keep = (asset: Asset) => {
    storeAsset(services, asset);
    ui.set((state) => (state.current?.id === asset.id ? { ...state, current: asset } : state));
  };

  const update = useMutation({
    mutationFn: ({ id, updates }: { id: string; updates: AssetUpdates; title: string }) =>
      activity.track(client.assets.update(id, updates)),
    onSuccess: (asset, { title }) => {
      close();
      keep(asset);
      toasts.show({ type: 'success', title, message: asset.name });
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (asset: Asset) => activity.track(client.assets.delete(asset.id)),
    onSuccess: (_reply, asset) => {
      close();
      queryClient.setQueryData<Asset[]>(queryKeys.assets(projectId), (list) =>
        list?.filter((entry) => entry.id !== asset.id),
      );
      queryClient.removeQueries({ queryKey: queryKeys.asset(asset.id) });
      ui.set((state) => (state.current?.id === asset.id ? { ...state, current: null } : state));
      toasts.show({ type: 'success', title: 'Asset Deleted', message: asset.name });
      if (globalThis.location?.pathname.includes(`/assets/${asset.id}`))
        router.history.push(assetsPath(projectId));
    },
    onError: failed,
  });
  const clone = useMutation({
    mutationFn: ({ asset, targetProjectId }: { asset: Asset; targetProjectId: string; targetName: string }) =>
      activity.track(client.assets.send('clone', { sourceAssetId: asset.id, targetProjectId })),
    onSuccess: async (copy, { targetProjectId, targetName }) => {
      close();
      await queryClient.invalidateQueries({ queryKey: queryKeys.assets(targetProjectId) });
      toasts.show({
        type: 'success',
        title: 'Asset Cloned',
        message: `${copy.name} is in ${targetName}`,
        action: {
          label: 'Open the copy',
          onClick: () => router.history.push(assetPath(targetProjectId, copy.id)),
        },
      });
    },
    onError: failed,
  });
  return { update, remove, clone, close };
}

function ClonePicker({
  asset,
  others,
  loading,
  target,
  onTarget,
}: {
  asset: Asset;
  others: { id: string; name: string }[];
  loading: boolean;
  target: { id: string; name: string } | undefined;
  onTarget: (target: { id: string; name: string } | undefined) => void;
}) {
  return (
    <SelectField
      label="Project"
      hint={
        loading
          ? 'Loading your projects…'
          : others.length === 0
            ? 'You have no other project: create one first.'
            : `A copy of ${asset.name} with its images goes to that project.`
      }
      value={target?.id ?? ''}
      onValueChange={(value) => onTarget(others.find((candidate) => candidate.id === value))}
      disabled={others.length === 0}
      options={others.map((project) => ({ value: project.id, label: project.name }))}
    />
  );
}

/** Rename, details (description and visual identifier), delete and clone, opened by the asset actions. */
export function AssetDialogs({ projectId }: { projectId: string }) {
  const services = useServices();
  const dialog = useStore(assetsUi(services), (state) => state.dialog);
  const { update, remove, clone, close } = useAssetMutations(projectId);
  const fields = useTextFields({ name: '', description: '', visualIdentifier: '' });
  const { name, description, visualIdentifier } = fields.values;
  const [nameError, setNameError] = useState<string | null>(null);
  const [picked, setTarget] = useState<{ id: string; name: string } | undefined>(undefined);
  const projects = useQuery({ ...queries.projects(services.client), enabled: dialog?.kind === 'clone' });
  const others = (projects.data ?? [])
    .filter((project) => project.id !== projectId)
    .map((project) => ({ id: project.id, name: project.name }));
  const target = picked ?? others[0];
  // Each dialog opens with the asset's own values (or the definition's).
  const [seen, setSeen] = useState(dialog);
  if (seen !== dialog) {
    setSeen(dialog);
    if (dialog) {
      setNameError(null);
      const definition = dialog.kind === 'details' ? dialog.definition : undefined;
      fields.set({
        name: dialog.asset.name,
        description: definition?.description ?? dialog.asset.description ?? '',
        visualIdentifier: definition?.visualIdentifier ?? dialog.asset.visualIdentifier ?? '',
      });
      setTarget(undefined);
    }
  }
  const renaming = dialog?.kind === 'rename' ? dialog.asset : null;
  const detailing = dialog?.kind === 'details' ? dialog : null;
  const deleting = dialog?.kind === 'delete' ? dialog.asset : null;
  const cloning = dialog?.kind === 'clone' ? dialog.asset : null;
  const onOpenChange = (open: boolean) => (open ? undefined : close());
  return (
    <>
      <FormModal
        open={renaming !== null}
        onOpenChange={onOpenChange}
        title="Rename asset"
        submitLabel="Rename"
        busy={update.isPending}
        onSubmit={() => {
          if (!renaming) return;
          const next = name.trim();
          if (next === '') setNameError('Give the asset a name');
          else if (next === renaming.name) close();
          else update.mutate({ id: renaming.id, updates: { name: next }, title: 'Asset Renamed' });
        }}
      >
        <InputField
          label="Name"
          error={nameError}
          {...fields.bind('name')}
          maxLength={200}
          onFocus={(event) => event.currentTarget.select()}
          autoFocus
        />
      </FormModal>
      <FormModal
        open={detailing !== null}
        onOpenChange={onOpenChange}
        size="medium"
        title={detailing?.definition ? `Definition of ${detailing.asset.name}` : 'Description and look'}
        description={
          detailing?.definition
            ? 'Written from the name and the notes: edit it, then save it on the asset.'
            : detailing
              ? `${ASSET_TYPE_LABELS[detailing.asset.type]} · ${detailing.asset.name}`
              : undefined
        }
        submitLabel="Save"
        busy={update.isPending}
        onSubmit={() => {
          if (!detailing) return;
          update.mutate({
            id: detailing.asset.id,
            updates: {
              description: description.trim() === '' ? null : description.trim(),
              visualIdentifier: visualIdentifier.trim() === '' ? null : visualIdentifier.trim(),
            },
            title: 'Asset Updated',
          });
        }}
      >
        <TextareaField label="Description" rows={4} {...fields.bind('description')} autoFocus />
        <TextareaField
          label="Visual identifier"
          hint="The words that name its look in every prompt, so every shot renders the same one."
          rows={2}
          {...fields.bind('visualIdentifier')}
        />
      </FormModal>
      <FormModal
        open={cloning !== null}
        onOpenChange={onOpenChange}
        title={cloning ? `Clone ${cloning.name}` : 'Clone asset'}
        submitLabel="Clone"
        busy={clone.isPending}
        submitDisabled={target === undefined}
        onSubmit={() => {
          if (cloning && target)
            clone.mutate({ asset: cloning, targetProjectId: target.id, targetName: target.name });
        }}
      >
        {cloning ? (
          <ClonePicker
            asset={cloning}
            others={others}
            loading={projects.isLoading}
            target={target}
            onTarget={setTarget}
          />
        ) : null}
      </FormModal>
      <Modal
        open={deleting !== null}
        onOpenChange={onOpenChange}
        size="small"
        title={deleting ? `Delete “${deleting.name}”?` : 'Delete asset?'}
        description="The asset and all its images are deleted, and shots no longer place it. This cannot be undone."
        locked={remove.isPending}
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={remove.isPending} autoFocus>
              Cancel
            </Button>
            <Button
              variant="danger"
              busy={remove.isPending}
              onClick={() => {
                if (deleting) remove.mutate(deleting);
              }}
            >
              Delete asset
            </Button>
          </>
        }
      />
    </>
  );
}

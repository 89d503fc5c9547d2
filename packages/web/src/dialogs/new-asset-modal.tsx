import { ASSET_TYPES, type AssetType } from '@reelbench/sdk';
import { useState } from 'react';
import { queryKeys } from '../app/query-keys.js';
import { useServices } from '../app/services-context.js';
import { useActionContext } from '../shell/use-action.js';
import { errorBody } from '../state/errors.js';
import { useStore } from '../state/store.js';
import { Button } from '../ui/button.js';
import { Field, Input, Textarea } from '../ui/fields.js';
import { Modal } from '../ui/modal.js';
import { Select } from '../ui/select.js';

const TYPE_LABELS: Record<AssetType, string> = {
  character: 'Character',
  location: 'Location',
  prop: 'Prop',
  custom: 'Custom',
};

/** New Asset (Ctrl+N, only with a project): a character, location, prop or custom asset. */
export function NewAssetModal() {
  const { ui, client, queryClient, toasts, activity } = useServices();
  const open = useStore(ui.store, (state) => state.newAssetOpen);
  const { projectId } = useActionContext();
  const [type, setType] = useState<AssetType>('character');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const create = async () => {
    if (projectId === null) return;
    if (!name.trim()) {
      setError('Give the asset a name');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const asset = await activity.track(
        client.assets.create({
          projectId,
          type,
          name: name.trim(),
          ...(description.trim() ? { description: description.trim() } : {}),
        }),
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.assets(projectId) });
      toasts.show({ type: 'success', title: `${TYPE_LABELS[type]} created`, message: asset.name });
      ui.patch({ newAssetOpen: false });
      setName('');
      setDescription('');
    } catch (failure) {
      setError(errorBody(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => ui.patch({ newAssetOpen: next })}
      locked={busy}
      size="small"
      title="New asset"
      description="Characters, locations and props look the same in every shot that places them."
      footer={
        <>
          <Button variant="secondary" onClick={() => ui.patch({ newAssetOpen: false })} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form="new-asset-form" busy={busy}>
            Create asset
          </Button>
        </>
      }
    >
      <form
        id="new-asset-form"
        className="form-stack"
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <Field label="Type">
          {({ id }) => (
            <Select
              id={id}
              value={type}
              onValueChange={(value) => setType(value as AssetType)}
              options={ASSET_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
            />
          )}
        </Field>
        <Field label="Name" error={error}>
          {({ id, describedBy }) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              value={name}
              onChange={(event) => setName(event.target.value)}
              autoFocus
            />
          )}
        </Field>
        <Field label="Description (optional)">
          {({ id }) => (
            <Textarea
              id={id}
              rows={3}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
          )}
        </Field>
      </form>
    </Modal>
  );
}

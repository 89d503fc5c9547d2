import { ASSET_TYPES, type AssetType } from '@reelbench/sdk';
import { useState } from 'react';
import { queryKeys } from '../app/queries.js';
import { useServices } from '../app/services-context.js';
import { useActionContext } from '../shell/use-action.js';
import { useStore } from '../state/store.js';
import { InputField, SelectField, TextareaField } from '../ui/fields.js';
import { FormModal } from '../ui/form-modal.js';
import { useSubmit, useTextFields } from '../ui/use-submit.js';

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
  const fields = useTextFields({ name: '', description: '' });
  const { name, description } = fields.values;
  const { busy, error, setError, submit } = useSubmit();

  const create = async () => {
    if (projectId === null) return;
    if (!name.trim()) {
      setError('Give the asset a name');
      return;
    }
    await submit(async () => {
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
      fields.reset();
    });
  };

  return (
    <FormModal
      open={open}
      onOpenChange={(next) => ui.patch({ newAssetOpen: next })}
      busy={busy}
      title="New asset"
      description="Characters, locations and props look the same in every shot that places them."
      submitLabel="Create asset"
      onSubmit={() => void create()}
    >
      <SelectField
        label="Type"
        value={type}
        onValueChange={(value) => setType(value as AssetType)}
        options={ASSET_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
      />
      <InputField label="Name" error={error} {...fields.bind('name')} autoFocus />
      <TextareaField label="Description (optional)" rows={3} {...fields.bind('description')} />
    </FormModal>
  );
}

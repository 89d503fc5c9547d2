import { DEFAULT_PROJECT_NAME } from '@reelbench/sdk';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { queries, queryKeys } from '../app/queries.js';
import { useServices } from '../app/services-context.js';
import { useStore } from '../state/store.js';
import { InputField, SelectField, TextareaField } from '../ui/fields.js';
import { FormModal } from '../ui/form-modal.js';
import { useSubmit, useTextFields } from '../ui/use-submit.js';

const NO_SERIES = 'none';

/** New Project: name (default 'Untitled Project'), a logline, and optionally the series it belongs to. */
export function NewProjectModal() {
  const { ui, client, queryClient, activity } = useServices();
  const open = useStore(ui.store, (state) => state.newProjectOpen);
  const navigate = useNavigate();
  const fields = useTextFields({ name: '', description: '' });
  const { name, description } = fields.values;
  const [seriesId, setSeriesId] = useState(NO_SERIES);
  const { busy, error, setError, submit } = useSubmit();
  const series = useQuery({ ...queries.series(client), enabled: open });

  const reset = () => {
    fields.reset();
    setSeriesId(NO_SERIES);
    setError(null);
  };

  const create = () =>
    submit(async () => {
      const project = await activity.track(
        client.projects.create({
          name: name.trim() || DEFAULT_PROJECT_NAME,
          ...(description.trim() ? { description: description.trim() } : {}),
          ...(seriesId !== NO_SERIES ? { series_id: seriesId } : {}),
        }),
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.projects });
      queryClient.setQueryData(queryKeys.project(project.id), project);
      ui.patch({ newProjectOpen: false });
      reset();
      await navigate({ to: '/project/$projectId/script', params: { projectId: project.id } });
    });

  return (
    <FormModal
      open={open}
      onOpenChange={(next) => {
        ui.patch({ newProjectOpen: next });
        if (!next) reset();
      }}
      busy={busy}
      title="New project"
      description="A film, an episode or a spot. You can rename it later."
      submitLabel="Create project"
      onSubmit={() => void create()}
    >
      <InputField
        label="Name"
        error={error}
        {...fields.bind('name')}
        placeholder={DEFAULT_PROJECT_NAME}
        maxLength={200}
        autoFocus
      />
      <TextareaField label="Logline (optional)" rows={2} {...fields.bind('description')} />
      <SelectField
        label="Series"
        value={seriesId}
        onValueChange={setSeriesId}
        options={[
          { value: NO_SERIES, label: 'No series' },
          ...(series.data ?? []).map((entry) => ({ value: entry.id, label: entry.name })),
        ]}
      />
    </FormModal>
  );
}

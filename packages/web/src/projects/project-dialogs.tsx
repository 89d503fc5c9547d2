import { DEFAULT_PROJECT_NAME, type Project } from '@reelbench/sdk';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queries } from '../app/queries.js';
import { useServices } from '../app/services-context.js';
import { ConfirmModal } from '../ui/confirm-modal.js';
import { Field, InputField } from '../ui/fields.js';
import { FormModal } from '../ui/form-modal.js';
import { Select } from '../ui/select.js';
import { useProjectMutations } from './project-mutations.js';

export type ProjectRef = Pick<Project, 'id' | 'name' | 'description' | 'series_id'>;

export const NO_SERIES = 'none';
export const NEW_SERIES = 'new';

/** The series a project belongs to, with "No series" and "New series…" (which asks for a name). */
export function SeriesField({
  value,
  onChange,
  newName,
  onNewNameChange,
}: {
  value: string;
  onChange: (value: string) => void;
  newName: string;
  onNewNameChange: (name: string) => void;
}) {
  const { client } = useServices();
  const series = useQuery(queries.series(client));
  return (
    <>
      <Field label="Series">
        {({ id, describedBy }) => (
          <Select
            id={id}
            aria-describedby={describedBy}
            value={value}
            onValueChange={onChange}
            options={[
              { value: NO_SERIES, label: 'No series' },
              ...[...(series.data ?? [])]
                .sort((a, b) => a.name.localeCompare(b.name))
                .map((entry) => ({ value: entry.id, label: entry.name })),
              { value: NEW_SERIES, label: 'New series…' },
            ]}
          />
        )}
      </Field>
      {value === NEW_SERIES ? (
        <InputField
          label="New series name"
          value={newName}
          onChange={(event) => onNewNameChange(event.target.value)}
          maxLength={200}
          placeholder="e.g. Season one"
          autoFocus
          required
        />
      ) : null}
    </>
  );
}

/** Turns the series field into a series id, creating the new series first when asked to. */
export function useResolveSeries() {
  const { createSeries } = useProjectMutations();
  return {
    pending: createSeries.isPending,
    resolve: async (value: string, newName: string): Promise<string | null> => {
      if (value === NO_SERIES) return null;
      if (value !== NEW_SERIES) return value;
      const created = await createSeries.mutateAsync(newName.trim());
      return created.id;
    },
  };
}

interface DialogProps {
  project: ProjectRef | null;
  onClose: () => void;
}

export function RenameProjectModal({ project, onClose }: DialogProps) {
  const { update } = useProjectMutations();
  const [name, setName] = useState(project?.name ?? '');
  const [seen, setSeen] = useState(project?.id);
  if (project?.id !== seen) {
    setSeen(project?.id);
    setName(project?.name ?? '');
  }
  const submit = async () => {
    if (!project) return;
    const next = name.trim() || DEFAULT_PROJECT_NAME;
    if (next !== project.name) await update.mutateAsync({ id: project.id, changes: { name: next } });
    onClose();
  };
  return (
    <FormModal
      open={project !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Rename project"
      busy={update.isPending}
      submitLabel="Rename"
      onSubmit={() => void submit().catch(() => {})}
    >
      <InputField
        label="Name"
        value={name}
        placeholder={DEFAULT_PROJECT_NAME}
        onChange={(event) => setName(event.target.value)}
        onFocus={(event) => event.currentTarget.select()}
        maxLength={200}
        autoFocus
      />
    </FormModal>
  );
}

export function DeleteProjectModal({
  project,
  onClose,
  onDeleted,
}: DialogProps & { onDeleted?: (projectId: string) => void }) {
  const { remove } = useProjectMutations();
  const submit = async () => {
    if (!project) return;
    await remove.mutateAsync(project.id);
    onClose();
    onDeleted?.(project.id);
  };
  return (
    <ConfirmModal
      open={project !== null}
      title={project ? `Delete “${project.name}”?` : 'Delete project?'}
      description="Its shots, script, assets and renders are deleted with it. This cannot be undone."
      confirmLabel="Delete project"
      busy={remove.isPending}
      onConfirm={() => void submit().catch(() => {})}
      onCancel={onClose}
    />
  );
}

export function MoveToSeriesModal({ project, onClose }: DialogProps) {
  const { update } = useProjectMutations();
  const series = useResolveSeries();
  const [value, setValue] = useState(project?.series_id ?? NO_SERIES);
  const [newName, setNewName] = useState('');
  const [seen, setSeen] = useState(project?.id);
  if (project?.id !== seen) {
    setSeen(project?.id);
    setValue(project?.series_id ?? NO_SERIES);
    setNewName('');
  }
  const busy = update.isPending || series.pending;
  const submit = async () => {
    if (!project) return;
    const seriesId = await series.resolve(value, newName);
    if (seriesId !== project.series_id) {
      await update.mutateAsync({ id: project.id, changes: { series_id: seriesId } });
    }
    onClose();
  };
  return (
    <FormModal
      open={project !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Move to series"
      description={project ? `Where “${project.name}” belongs.` : undefined}
      busy={busy}
      submitLabel="Move"
      submitDisabled={value === NEW_SERIES && newName.trim() === ''}
      onSubmit={() => void submit().catch(() => {})}
    >
      <SeriesField value={value} onChange={setValue} newName={newName} onNewNameChange={setNewName} />
    </FormModal>
  );
}

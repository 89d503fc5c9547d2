import { DEFAULT_PROJECT_NAME, type Project, TEXT_LIMITS } from '@reelbench/sdk';
import { useState } from 'react';
import { NEW_SERIES, NO_SERIES, SeriesField, useResolveSeries } from '../../projects/project-dialogs.js';
import { type ProjectChanges, useProjectMutations } from '../../projects/project-mutations.js';
import { InputField, TextareaField } from '../../ui/fields.js';
import { FormModal } from '../../ui/form-modal.js';

/** Project settings (?panel=settings): name, logline and series, saved in one update. */
export function ProjectSettingsPanel({
  project,
  open,
  onClose,
}: {
  project: Project | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const { update } = useProjectMutations();
  const series = useResolveSeries();
  const [draft, setDraft] = useState({ name: '', description: '', series: NO_SERIES, newSeries: '' });
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const key = open && project ? `${project.id}:${project.updated_at}` : null;
  if (key !== loadedFor) {
    setLoadedFor(key);
    if (project && open) {
      setDraft({
        name: project.name,
        description: project.description ?? '',
        series: project.series_id ?? NO_SERIES,
        newSeries: '',
      });
    }
  }
  const busy = update.isPending || series.pending;

  const save = async () => {
    if (!project) return;
    const changes: ProjectChanges = {};
    const name = draft.name.trim() || DEFAULT_PROJECT_NAME;
    if (name !== project.name) changes.name = name;
    const description = draft.description.trim() === '' ? null : draft.description.trim();
    if (description !== (project.description ?? null)) changes.description = description;
    const seriesId = await series.resolve(draft.series, draft.newSeries);
    if (seriesId !== project.series_id) changes.series_id = seriesId;
    if (Object.keys(changes).length > 0) await update.mutateAsync({ id: project.id, changes });
    onClose();
  };

  return (
    <FormModal
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      size="medium"
      title="Project settings"
      description="The name and logline show on the projects page; a series groups episodes together."
      busy={busy}
      submitLabel="Save settings"
      submitDisabled={!project || (draft.series === NEW_SERIES && draft.newSeries.trim() === '')}
      onSubmit={() => void save().catch(() => {})}
    >
      <InputField
        label="Name"
        value={draft.name}
        placeholder={DEFAULT_PROJECT_NAME}
        maxLength={200}
        onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        autoFocus
      />
      <TextareaField
        label="Logline"
        hint="One or two sentences: who wants what, and what stands in the way."
        rows={3}
        value={draft.description}
        maxLength={TEXT_LIMITS.description}
        onChange={(event) => setDraft({ ...draft, description: event.target.value })}
      />
      <SeriesField
        value={draft.series}
        onChange={(value) => setDraft({ ...draft, series: value })}
        newName={draft.newSeries}
        onNewNameChange={(newSeries) => setDraft({ ...draft, newSeries })}
      />
    </FormModal>
  );
}

import type { Cut, CutSummary } from '@reelbench/sdk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Scissors } from 'lucide-react';
import { useState } from 'react';
import { queryKeys } from '../app/queries.js';
import { useServices } from '../app/services-context.js';
import { ActionButton } from '../shell/action-button.js';
import { errorBody } from '../state/errors.js';
import { useStore } from '../state/store.js';
import { ConfirmModal } from '../ui/confirm-modal.js';
import { Field, Input } from '../ui/fields.js';
import { FormModal } from '../ui/form-modal.js';
import { cutsUi } from './cut-actions.js';

/** A cut's name in a one-field form dialog; the field starts from `initial`, selected. */
function NameModal({
  open,
  title,
  description,
  submitLabel,
  busy,
  initial,
  placeholder,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  description?: string;
  submitLabel: string;
  busy: boolean;
  initial: string;
  placeholder: string;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  return (
    <FormModal
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={title}
      description={description}
      submitLabel={submitLabel}
      busy={busy}
      onSubmit={() => onSubmit(name.trim())}
    >
      <Field label="Name" hint="Each new cut is the next version of the project's cuts.">
        {({ id: inputId, describedBy }) => (
          <Input
            id={inputId}
            aria-describedby={describedBy}
            value={name}
            placeholder={placeholder}
            onChange={(event) => setName(event.target.value)}
            onFocus={(event) => event.currentTarget.select()}
            maxLength={200}
            autoFocus
          />
        )}
      </Field>
    </FormModal>
  );
}

/**
 * Create, rename and delete of a cut, opened by the cut actions. `projectId` is the page's project;
 * `projectName` names a new cut when the field is left empty.
 */
export function CutDialogs({ projectId, projectName }: { projectId: string; projectName: string }) {
  const services = useServices();
  const { client, activity, toasts } = services;
  const ui = cutsUi(services);
  const dialog = useStore(ui, (state) => state.dialog);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const close = () => ui.set((state) => ({ ...state, dialog: null }));
  const failed = (error: unknown) =>
    toasts.show({ type: 'error', title: 'Operation Failed', message: errorBody(error) });

  const create = useMutation({
    mutationFn: async (name: string) => {
      // The timeline's last order and trims reach the server before it is snapshotted.
      await services.saves.flush();
      return activity.track(client.cuts.create(projectId, name ? { name } : {}));
    },
    onSuccess: async (cut: Cut) => {
      close();
      queryClient.setQueryData(queryKeys.cut(projectId, cut.id), cut);
      await queryClient.invalidateQueries({ queryKey: queryKeys.cuts(projectId) });
      toasts.show({ type: 'success', title: 'Cut Created', message: `${cut.name} v${cut.version}` });
      await navigate({ to: '/project/$projectId/edl/$edlId', params: { projectId, edlId: cut.id } });
    },
    onError: failed,
  });
  const rename = useMutation({
    mutationFn: ({ cutId, name }: { cutId: string; name: string }) =>
      activity.track(client.cuts.rename(projectId, cutId, name)),
    onSuccess: async (cut: Cut) => {
      close();
      queryClient.setQueryData(queryKeys.cut(projectId, cut.id), cut);
      ui.set((state) =>
        state.current?.id === cut.id ? { ...state, current: { ...state.current, name: cut.name } } : state,
      );
      queryClient.setQueryData<CutSummary[]>(queryKeys.cuts(projectId), (list) =>
        list?.map((entry) => (entry.id === cut.id ? { ...entry, name: cut.name } : entry)),
      );
      toasts.show({ type: 'success', title: 'Cut Renamed', message: cut.name });
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (cutId: string) => activity.track(client.cuts.delete(projectId, cutId)),
    onSuccess: async (_reply, cutId) => {
      close();
      ui.set((state) => (state.current?.id === cutId ? { ...state, current: null } : state));
      queryClient.removeQueries({ queryKey: queryKeys.cut(projectId, cutId) });
      queryClient.setQueryData<CutSummary[]>(queryKeys.cuts(projectId), (list) =>
        list?.filter((entry) => entry.id !== cutId),
      );
      toasts.show({ type: 'success', title: 'Cut Deleted' });
      await navigate({ to: '/project/$projectId/edl', params: { projectId } });
    },
    onError: failed,
  });

  const renaming = dialog?.kind === 'rename' ? dialog.cut : null;
  const deleting = dialog?.kind === 'delete' ? dialog.cut : null;
  return (
    <>
      <NameModal
        key={dialog?.kind === 'create' ? 'create' : 'create-closed'}
        open={dialog?.kind === 'create'}
        title="Create cut"
        description="A snapshot of the timeline as it is now: its order and durations, at 24 fps (exports choose their own rate)."
        submitLabel="Create cut"
        busy={create.isPending}
        initial=""
        placeholder={projectName}
        onSubmit={(name) => create.mutate(name)}
        onClose={close}
      />
      <NameModal
        key={renaming?.id ?? 'rename-closed'}
        open={renaming !== null}
        title="Rename cut"
        submitLabel="Rename"
        busy={rename.isPending}
        initial={renaming?.name ?? ''}
        placeholder={renaming?.name ?? ''}
        onSubmit={(name) => {
          if (!renaming || name === '' || name === renaming.name) close();
          else rename.mutate({ cutId: renaming.id, name });
        }}
        onClose={close}
      />
      <ConfirmModal
        open={deleting !== null}
        title={deleting ? `Delete “${deleting.name}” v${deleting.version}?` : 'Delete cut?'}
        description="The cut and its events are deleted. The shots and the timeline stay as they are. This cannot be undone."
        confirmLabel="Delete cut"
        busy={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
        }}
        onCancel={close}
      />
    </>
  );
}

/** The timeline's "Create Cut" button and its dialog. */
export function CreateCutCommand({ projectId, projectName }: { projectId: string; projectName: string }) {
  return (
    <>
      <ActionButton actionId="cut.create" variant="secondary" size="sm" icon={Scissors} />
      <CutDialogs projectId={projectId} projectName={projectName} />
    </>
  );
}

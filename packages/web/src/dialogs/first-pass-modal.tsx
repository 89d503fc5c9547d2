import {
  ASPECT_RATIOS,
  type AspectRatio,
  CINEMATIC_TEMPLATES,
  type CinematicTemplate,
  FIRST_PASS_DEFAULTS,
  firstPassShotDuration,
  formatToast,
  PACINGS,
  type Pacing,
  TOASTS,
  VISUAL_STYLES,
  type VisualStyle,
} from '@reelbench/sdk';
import { useState } from 'react';
import { queryKeys } from '../app/queries.js';
import { useServices } from '../app/services-context.js';
import { useActionContext } from '../shell/use-action.js';
import { errorBody } from '../state/errors.js';
import { useStore } from '../state/store.js';
import { Button } from '../ui/button.js';
import { Field, SelectField, Textarea } from '../ui/fields.js';
import { Modal } from '../ui/modal.js';

export const FIRST_PASS_STATUS = {
  analyzing: 'Analyzing script and preparing shots…',
  saving: 'Saving project…',
} as const;

const TEMPLATE_LABELS: Record<CinematicTemplate, string> = {
  auto: 'Auto (let the director choose)',
  'two-shot': 'Two-shot',
  'over-shoulder': 'Over the shoulder',
  triangular: 'Triangular',
  'single-close': 'Single close-up',
  insert: 'Insert',
};
const PACING_LABELS: Record<Pacing, string> = { slow: 'Slow', balanced: 'Balanced', fast: 'Fast' };
const ASPECT_LABELS: Record<AspectRatio, string> = {
  '16:9': '16:9 (widescreen)',
  '9:16': '9:16 (vertical)',
  '1:1': '1:1 (square)',
};

/**
 * The Generate First Pass wizard (SPEC.md §2 and §4): style guide fields, then the script is broken
 * down into shots on the server, which replaces the project's previous first pass.
 */
export function FirstPassModal() {
  const services = useServices();
  const { ui, client, toasts, queryClient, saves } = services;
  const open = useStore(ui.store, (state) => state.firstPassOpen);
  const { projectId } = useActionContext();
  const [style, setStyle] = useState<VisualStyle>(FIRST_PASS_DEFAULTS.style);
  const [aspect, setAspect] = useState<AspectRatio>(FIRST_PASS_DEFAULTS.aspect);
  const [pacing, setPacing] = useState<Pacing>(FIRST_PASS_DEFAULTS.pacing);
  const [template, setTemplate] = useState<CinematicTemplate>(FIRST_PASS_DEFAULTS.template);
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');

  const close = () => ui.patch({ firstPassOpen: false });

  const generate = async () => {
    if (projectId === null || busy) return;
    setBusy(true);
    try {
      // Unsaved script edits go first: the breakdown reads the saved script.
      await saves.flush();
      queryClient.setQueryData(queryKeys.shots(projectId), (list) => (list ? { ...list, shots: [] } : list));
      setStatus(FIRST_PASS_STATUS.analyzing);
      const reply = await services.activity.track(
        client.script.firstPass(projectId, {
          style,
          aspect,
          pacing,
          template,
          ...(notes.trim() ? { notes: notes.trim() } : {}),
        }),
      );
      if (reply.shots.length === 0) {
        setStatus('');
        toasts.show({
          type: 'info',
          title: TOASTS.firstPassEmpty.title,
          message: TOASTS.firstPassEmpty.message,
        });
        return;
      }
      const seconds = reply.shots.reduce((sum, shot) => sum + firstPassShotDuration(shot), 0);
      setStatus(`${FIRST_PASS_STATUS.saving} ${reply.shots.length} shots, ${Math.round(seconds)} s`);
      await saves.flush();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.shots(projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
        // The pass kept the saved script as a version: the script page's marks and the dashboard follow it.
        queryClient.invalidateQueries({ queryKey: queryKeys.scriptVersions(projectId) }),
      ]);
      toasts.show({
        type: 'success',
        title: TOASTS.firstPassReady.title,
        message: formatToast.firstPassReady(reply.shots.length, style),
      });
      setStatus('');
      close();
    } catch (error) {
      setStatus('');
      toasts.show({
        type: 'error',
        title: TOASTS.firstPassFailed.title,
        message:
          error instanceof Error && error.message ? errorBody(error) : TOASTS.firstPassFailed.fallbackMessage,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => ui.patch({ firstPassOpen: next })}
      locked={busy}
      size="medium"
      title="Generate First Pass"
      description="Breaks the project's script into shots with a cinematic coverage plan. Run again after editing the script, it revises: shots of unchanged lines keep their frames and edits, changed ones are marked stale."
      footer={
        <>
          <p className="first-pass__status" role="status" aria-live="polite">
            {status}
          </p>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button variant="brand" onClick={generate} disabled={projectId === null || busy} busy={busy}>
            {busy ? 'Generating…' : 'Generate First Pass'}
          </Button>
        </>
      }
    >
      <form
        className="form-grid"
        onSubmit={(event) => {
          event.preventDefault();
          void generate();
        }}
      >
        <SelectField
          label="Visual Style"
          value={style}
          onValueChange={(value) => setStyle(value as VisualStyle)}
          options={VISUAL_STYLES.map((option) => ({ value: option.value, label: option.label }))}
          disabled={busy}
        />
        <SelectField
          label="Aspect Ratio"
          value={aspect}
          onValueChange={(value) => setAspect(value as AspectRatio)}
          options={ASPECT_RATIOS.map((value) => ({ value, label: ASPECT_LABELS[value] }))}
          disabled={busy}
        />
        <SelectField
          label="Pacing"
          value={pacing}
          onValueChange={(value) => setPacing(value as Pacing)}
          options={PACINGS.map((value) => ({ value, label: PACING_LABELS[value] }))}
          disabled={busy}
        />
        <SelectField
          label="Cinematic Template Preference"
          value={template}
          onValueChange={(value) => setTemplate(value as CinematicTemplate)}
          options={CINEMATIC_TEMPLATES.map((value) => ({ value, label: TEMPLATE_LABELS[value] }))}
          disabled={busy}
        />
        <Field label="Notes (optional)" className="form-grid__wide">
          {({ id, describedBy }) => (
            <Textarea
              id={id}
              aria-describedby={describedBy}
              rows={4}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
              placeholder="References, moodboard links and specific instructions for the director…"
              disabled={busy}
            />
          )}
        </Field>
      </form>
    </Modal>
  );
}

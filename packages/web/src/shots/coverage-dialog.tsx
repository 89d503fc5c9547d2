import { FRAMING_TYPES, type FramingType } from '@reelbench/sdk';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queries } from '../app/queries.js';
import { useServices } from '../app/services-context.js';
import { useStore } from '../state/store.js';
import { Checkbox, FormError } from '../ui/fields.js';
import { FormModal } from '../ui/form-modal.js';
import { useSubmit } from '../ui/use-submit.js';
import { type CoverageDialogState, coverageDialog } from './coverage-actions.js';
import { framingLabel } from './model.js';
import '../styles/shots.css';

/** What a film maker most often covers a shot with, ticked when the dialog opens (less the shot's own). */
const USUAL: readonly FramingType[] = ['wide', 'close', 'over-shoulder'];

/**
 * Create Coverage… (shot.createCoverage): the framings of SPEC.md's FRAMING_TYPES as checkboxes
 * (Tab moves, Space ticks, Enter creates), and whether to render their images at once.
 */
export function CoverageDialog() {
  const services = useServices();
  const shot = useStore(coverageDialog(services));
  // Kept while the dialog fades out, so its title does not blank.
  const [last, setLast] = useState<CoverageDialogState | null>(shot);
  useEffect(() => {
    if (shot) setLast(shot);
  }, [shot]);
  const shown = shot ?? last;
  return shown ? (
    <CoverageForm
      key={`${shown.shotId}`}
      shot={shown}
      open={shot !== null}
      close={() => coverageDialog(services).set(null)}
    />
  ) : null;
}

function CoverageForm({
  shot,
  open,
  close,
}: {
  shot: CoverageDialogState;
  open: boolean;
  close: () => void;
}) {
  const services = useServices();
  const shots = useQuery(queries.shots(services.client, shot.projectId));
  const own = shots.data?.shots.find((entry) => entry.id === shot.shotId);
  const existing = useQuery({ ...queries.coverage(services.client, shot.shotId), enabled: open });
  const covered = new Set(existing.data?.map((variant) => variant.framingType) ?? []);
  const [picked, setPicked] = useState<ReadonlySet<FramingType>>(
    () => new Set(USUAL.filter((framing) => framing !== own?.framing)),
  );
  const [render, setRender] = useState(true);
  const { busy, error, submit } = useSubmit();

  const toggle = (framing: FramingType, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(framing);
      else next.delete(framing);
      return next;
    });

  const create = () =>
    submit(async () => {
      const framings = FRAMING_TYPES.filter((framing) => picked.has(framing));
      const { createCoverage } = await import('./coverage-operations.js');
      await createCoverage(services, shot, framings, { render });
      close();
    });

  // Enter on a checkbox creates, as it would in a text field (Space ticks).
  const enterCreates = (event: React.KeyboardEvent) => {
    if (event.key !== 'Enter' || (event.target as HTMLElement).tagName !== 'INPUT') return;
    event.preventDefault();
    if (picked.size > 0 && !busy) create();
  };

  return (
    <FormModal
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={`Create Coverage for Shot ${shot.shotNumber}`}
      description={
        own
          ? `${own.name}${own.framing ? ` · framed ${framingLabel(own.framing).toLowerCase()}` : ''}. Each framing ticked becomes a variant of the shot.`
          : 'Each framing ticked becomes a variant of the shot.'
      }
      submitLabel={render ? 'Create and Render' : 'Create Coverage'}
      submitDisabled={picked.size === 0}
      busy={busy}
      onSubmit={create}
    >
      <fieldset className="coverage-framings" onKeyDown={enterCreates}>
        <legend className="field__label">Framings</legend>
        {FRAMING_TYPES.map((framing, index) => (
          <Checkbox
            key={framing}
            label={
              <>
                {framingLabel(framing)}
                {framing === own?.framing ? (
                  <span className="coverage-framings__note"> · the shot’s own</span>
                ) : null}
                {covered.has(framing) ? (
                  <span className="coverage-framings__note"> · has a variant</span>
                ) : null}
              </>
            }
            checked={picked.has(framing)}
            onChange={(event) => toggle(framing, event.target.checked)}
            {...(index === 0 ? { 'data-autofocus': true } : {})}
          />
        ))}
      </fieldset>
      <fieldset className="coverage-framings coverage-framings--one" onKeyDown={enterCreates}>
        <legend className="sr-only">Images</legend>
        <Checkbox
          label="Render their images now"
          checked={render}
          onChange={(event) => setRender(event.target.checked)}
        />
      </fieldset>
      <p className="field__hint">
        {picked.size === 0
          ? 'Tick at least one framing.'
          : `${picked.size} ${picked.size === 1 ? 'variant' : 'variants'} · Space ticks, Enter creates.`}
      </p>
      <FormError error={error} />
    </FormModal>
  );
}

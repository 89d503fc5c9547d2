import { type ColourGrade, DEFAULT_STYLE_PACKAGE_ID, type StylePackage, stylesClient } from '@reelbench/sdk';
import { useQueryClient } from '@tanstack/react-query';
import { ImagePlus, X } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { queryKeys } from '../../app/queries.js';
import { useServices } from '../../app/services-context.js';
import { errorBody } from '../../state/errors.js';
import { useStore } from '../../state/store.js';
import { Button } from '../../ui/button.js';
import { ConfirmModal } from '../../ui/confirm-modal.js';
import { FormError, InputField, TextareaField } from '../../ui/fields.js';
import { FormModal } from '../../ui/form-modal.js';
import { useSubmit } from '../../ui/use-submit.js';
import { GradeStrip } from './grade-strip.js';
import { stylesUi } from './styles-actions.js';

const CHANNELS = ['Red', 'Green', 'Blue'] as const;
type Triple = 'tint' | 'contrast' | 'lift';
const TRIPLES: readonly {
  key: Triple;
  label: string;
  min: number;
  max: number;
  step: number;
  hint: string;
}[] = [
  {
    key: 'tint',
    label: 'Tint',
    min: 0.5,
    max: 1.5,
    step: 0.01,
    hint: 'Gain per channel: above 1 warms or cools.',
  },
  {
    key: 'contrast',
    label: 'Contrast',
    min: 0.5,
    max: 2,
    step: 0.01,
    hint: 'About mid-grey; below 1 is softer.',
  },
  {
    key: 'lift',
    label: 'Lift',
    min: -64,
    max: 64,
    step: 1,
    hint: 'Added after the contrast, in 0–255 steps.',
  },
];

/** The grade's single numbers, one field each. */
const SCALARS: readonly {
  key: 'saturation' | 'vignette';
  label: string;
  min: number;
  max: number;
  step: number;
}[] = [
  { key: 'saturation', label: 'Saturation', min: 0, max: 2, step: 0.01 },
  { key: 'vignette', label: 'Vignette', min: 0, max: 1, step: 0.01 },
];

/**
 * One number of the grade within its range; text that is not a number keeps the value it had
 * (or 0 where it had none).
 */
function GradeNumberField({
  label,
  range,
  value,
  onValue,
}: {
  label: string;
  range: { min: number; max: number; step: number };
  value: number | undefined;
  onValue: (value: number) => void;
}) {
  return (
    <InputField
      label={label}
      type="number"
      min={range.min}
      max={range.max}
      step={range.step}
      value={value}
      onChange={(event) => {
        const parsed = Number.parseFloat(event.target.value);
        onValue(Number.isFinite(parsed) ? parsed : (value ?? 0));
      }}
    />
  );
}

/** A grade that leaves the picture as it is. */
const NEUTRAL: ColourGrade = {
  saturation: 1,
  tint: [1, 1, 1],
  contrast: [1, 1, 1],
  lift: [0, 0, 0],
  vignette: 0,
};

interface Draft {
  name: string;
  look: string;
  grade: ColourGrade;
  references: { key: string; url: string }[];
}

/** The form's start: the package's fields, or a new package's from the default built-in. */
function draftOf(style: StylePackage | null, packages: readonly StylePackage[]): Draft {
  const base = style ?? packages.find((entry) => entry.id === DEFAULT_STYLE_PACKAGE_ID);
  return {
    name: style?.name ?? '',
    look: base?.look ?? '',
    grade: structuredClone(base?.grade ?? NEUTRAL),
    references: style?.referenceImages ?? [],
  };
}

function StyleForm({
  projectId,
  style,
  packages,
}: {
  projectId: string;
  style: StylePackage | null;
  packages: readonly StylePackage[];
}) {
  const services = useServices();
  const { client, activity, toasts } = services;
  const queryClient = useQueryClient();
  const ui = stylesUi(services);
  const [draft, setDraft] = useState<Draft>(() => draftOf(style, packages));
  const [uploading, setUploading] = useState(false);
  const { busy, error, setError, submit } = useSubmit();
  const close = () => ui.set((state) => ({ ...state, dialog: null }));
  const setGrade = (patch: Partial<ColourGrade>) =>
    setDraft((current) => ({ ...current, grade: { ...current.grade, ...patch } }));
  const setChannel = (key: Triple, channel: number, value: number) =>
    setDraft((current) => {
      const triple = [...current.grade[key]] as [number, number, number];
      triple[channel] = value;
      return { ...current, grade: { ...current.grade, [key]: triple } };
    });
  const addReference = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    setError(null);
    try {
      const uploaded = await activity.track(client.files.uploadImage(projectId, file));
      setDraft((current) => ({ ...current, references: [...current.references, uploaded] }));
    } catch (failure) {
      setError(errorBody(failure));
    } finally {
      setUploading(false);
    }
  };

  const save = () =>
    submit(async () => {
      const fields = {
        name: draft.name.trim(),
        look: draft.look,
        grade: draft.grade,
        referenceImageKeys: draft.references.map((image) => image.key),
      };
      if (style === null) {
        const created = await activity.track(stylesClient(client.socket).create(projectId, fields));
        ui.set({ dialog: null, selected: created });
        toasts.show({ type: 'success', title: 'Style Package Created', message: created.name });
      } else {
        const reply = await activity.track(stylesClient(client.socket).update(projectId, style.id, fields));
        ui.set({ dialog: null, selected: reply.package });
        const stale = reply.staleShotIds.length;
        toasts.show({
          type: 'success',
          title: 'Style Package Saved',
          message:
            stale === 0 ? reply.package.name : `${stale} ${stale === 1 ? 'shot is' : 'shots are'} now stale`,
        });
      }
      await queryClient.invalidateQueries({ queryKey: queryKeys.styles(projectId) });
    });

  return (
    <FormModal
      open
      onOpenChange={(open) => (open ? undefined : close())}
      size="large"
      title={style === null ? 'New style package' : `Edit “${style.name}”`}
      description="The look words reach every prompt of the shots using it; the grade colours their frames. Saving marks those shots stale."
      submitLabel={style === null ? 'Create package' : 'Save package'}
      busy={busy}
      submitDisabled={draft.name.trim() === '' || uploading}
      onSubmit={save}
    >
      <InputField
        label="Name"
        value={draft.name}
        maxLength={200}
        autoFocus
        onChange={(event) => setDraft({ ...draft, name: event.target.value })}
      />
      <TextareaField
        label="Look"
        hint="How prompts describe it: light, palette, lenses, texture."
        rows={2}
        value={draft.look}
        maxLength={5000}
        onChange={(event) => setDraft({ ...draft, look: event.target.value })}
      />
      <GradeStrip grade={draft.grade} label="Preview of the grade" />
      <div className="style-grade-grid">
        {SCALARS.map((scalar) => (
          <GradeNumberField
            key={scalar.key}
            label={scalar.label}
            range={scalar}
            value={draft.grade[scalar.key]}
            onValue={(value) => setGrade({ [scalar.key]: value })}
          />
        ))}
      </div>
      {TRIPLES.map((triple) => (
        <fieldset key={triple.key} className="style-channels">
          <legend className="field__label">
            {triple.label} <span className="style-channels__hint">{triple.hint}</span>
          </legend>
          {CHANNELS.map((channel, index) => (
            <GradeNumberField
              key={channel}
              label={channel}
              range={triple}
              value={draft.grade[triple.key][index]}
              onValue={(value) => setChannel(triple.key, index, value)}
            />
          ))}
        </fieldset>
      ))}
      <fieldset className="style-references">
        <legend className="field__label">Reference images</legend>
        {draft.references.length === 0 ? (
          <p className="style-references__empty">
            None yet: stills that show the look, kept with the package.
          </p>
        ) : (
          <ul className="style-references__list">
            {draft.references.map((image, index) => (
              <li key={image.key} className="style-references__item">
                <img src={image.url} alt={`Reference ${index + 1}`} />
                <Button
                  variant="ghost"
                  size="sm"
                  iconOnly
                  aria-label={`Remove reference ${index + 1}`}
                  icon={X}
                  onClick={() =>
                    setDraft((current) => ({
                      ...current,
                      references: current.references.filter((entry) => entry.key !== image.key),
                    }))
                  }
                />
              </li>
            ))}
          </ul>
        )}
        <label className="btn btn--secondary btn--sm style-references__add">
          <ImagePlus size={14} aria-hidden="true" />
          {uploading ? 'Uploading…' : 'Add reference image'}
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="sr-only"
            disabled={uploading || draft.references.length >= 8}
            onChange={(event) => void addReference(event)}
          />
        </label>
      </fieldset>
      <FormError error={error} />
    </FormModal>
  );
}

/** Create, edit and delete of a style package, opened by the style actions. */
export function StyleDialogs({
  projectId,
  packages,
}: {
  projectId: string;
  packages: readonly StylePackage[];
}) {
  const services = useServices();
  const { client, activity, toasts } = services;
  const queryClient = useQueryClient();
  const ui = stylesUi(services);
  const dialog = useStore(ui, (state) => state.dialog);
  const { busy, error, submit } = useSubmit();
  const close = () => ui.set((state) => ({ ...state, dialog: null }));
  const deleting = dialog?.kind === 'delete' ? dialog.style : null;

  return (
    <>
      {dialog?.kind === 'create' ? (
        <StyleForm key="create" projectId={projectId} style={null} packages={packages} />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <StyleForm key={dialog.style.id} projectId={projectId} style={dialog.style} packages={packages} />
      ) : null}
      <ConfirmModal
        open={deleting !== null}
        title={deleting ? `Delete “${deleting.name}”?` : 'Delete style package?'}
        description={
          deleting && deleting.shotCount > 0
            ? `${deleting.shotCount} ${deleting.shotCount === 1 ? 'shot uses' : 'shots use'} it: they go back to the default look and become stale.`
            : 'No shot uses it. This cannot be undone.'
        }
        confirmLabel="Delete package"
        busy={busy}
        onCancel={close}
        onConfirm={() =>
          deleting &&
          void submit(async () => {
            await activity.track(stylesClient(client.socket).delete(projectId, deleting.id));
            ui.set({ dialog: null, selected: null });
            queryClient.setQueryData(queryKeys.styles(projectId), (list) =>
              list?.filter((entry) => entry.id !== deleting.id),
            );
            toasts.show({ type: 'success', title: 'Style Package Deleted', message: deleting.name });
          })
        }
      >
        <FormError error={error} />
      </ConfirmModal>
    </>
  );
}

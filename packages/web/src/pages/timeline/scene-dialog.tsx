import { SCENE_COLORS, type Scene } from '@reelbench/sdk';
import { Check } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { sceneColorVar } from '../../shots/scene-color.js';
import { Button } from '../../ui/button.js';
import { cx } from '../../ui/cx.js';
import { Field, Input } from '../../ui/fields.js';
import { Modal } from '../../ui/modal.js';

/** Names of the 7 theme colours, in SCENE_COLORS' order, for the swatches' labels. */
export const SCENE_COLOR_NAMES = ['Red', 'Orange', 'Yellow', 'Green', 'Cyan', 'Indigo', 'Magenta'] as const;

export function sceneColorName(color: string): string {
  const index = (SCENE_COLORS as readonly string[]).indexOf(color.toLowerCase());
  return SCENE_COLOR_NAMES[index] ?? color;
}

export interface SceneDialogState {
  scene: Scene & { number: number };
  /** Which control has the focus first: the name (Rename Scene) or the colours (Change Scene Colour). */
  focus: 'name' | 'color';
}

/** Rename and recolour one scene: its name and the 7 theme colours as a radio group. */
export function SceneDialog({
  state,
  onClose,
  onSave,
}: {
  state: SceneDialogState | null;
  onClose: () => void;
  onSave: (sceneId: string, changes: { name: string; color: string }) => void;
}) {
  const [name, setName] = useState('');
  const [color, setColor] = useState<string>(SCENE_COLORS[0]);
  const groupId = useId();
  useEffect(() => {
    if (!state) return;
    setName(state.scene.name);
    setColor(state.scene.color.toLowerCase());
  }, [state]);
  const trimmed = name.trim();
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!state || trimmed === '') return;
    onSave(state.scene.id, { name: trimmed, color });
  };
  return (
    <Modal
      open={state !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      size="small"
      className="scene-dialog"
      title={state ? `Scene ${String(state.scene.number).padStart(2, '0')}` : 'Scene'}
      description="Its name and colour show in the scene band, the storyboard and the shot list."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" onClick={() => submit()} disabled={trimmed === ''}>
            Save scene
          </Button>
        </>
      }
    >
      <form onSubmit={submit} className="scene-dialog__form">
        <Field label="Name" error={trimmed === '' ? 'A scene needs a name' : undefined}>
          {({ id, describedBy }) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              value={name}
              maxLength={200}
              autoComplete="off"
              data-autofocus={state?.focus === 'name' ? true : undefined}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <fieldset className="scene-dialog__colors">
          <legend id={groupId} className="field__label">
            Colour
          </legend>
          <div className="scene-swatches" role="radiogroup" aria-labelledby={groupId}>
            {SCENE_COLORS.map((candidate, index) => {
              const checked = candidate === color;
              return (
                <label
                  key={candidate}
                  className={cx('scene-swatch', checked && 'is-checked')}
                  style={{ ['--scene-color' as string]: sceneColorVar(candidate) }}
                >
                  <input
                    type="radio"
                    name={`${groupId}-color`}
                    value={candidate}
                    checked={checked}
                    className="sr-only"
                    data-autofocus={state?.focus === 'color' && checked ? true : undefined}
                    onChange={() => setColor(candidate)}
                  />
                  <span className="scene-swatch__chip" aria-hidden="true">
                    {checked ? <Check size={14} strokeWidth={3} /> : null}
                  </span>
                  <span className="scene-swatch__name">{SCENE_COLOR_NAMES[index]}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      </form>
    </Modal>
  );
}

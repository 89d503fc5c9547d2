import {
  type Asset,
  type CharacterVoice,
  isFemaleVariant,
  VOICE_PITCH,
  VOICE_SPEED,
  VOICE_VARIANTS_BY_KIND,
  type VoiceVariant,
} from '@reelbench/sdk/contract';
import { seedVoice } from '@reelbench/sdk/screenplay';
import { useQueryClient } from '@tanstack/react-query';
import { AudioLines } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { keepaliveRequest } from '../../../app/keepalive.js';
import { queryKeys } from '../../../app/queries.js';
import { useServices } from '../../../app/services-context.js';
import { errorBody } from '../../../state/errors.js';
import { Input } from '../../../ui/fields.js';
import { Select } from '../../../ui/select.js';

const KIND_LABELS: Record<keyof typeof VOICE_VARIANTS_BY_KIND, string> = {
  male: 'male',
  female: 'female',
  elderlyMale: 'elderly male',
  elderlyFemale: 'elderly female',
};

const VARIANT_OPTIONS = Object.entries(VOICE_VARIANTS_BY_KIND).flatMap(([kind, variants]) =>
  (variants as readonly VoiceVariant[]).map((variant) => ({
    value: variant,
    label: variant,
    description: KIND_LABELS[kind as keyof typeof VOICE_VARIANTS_BY_KIND],
  })),
);

function sameVoice(a: CharacterVoice, b: CharacterVoice): boolean {
  return (
    a.pitch === b.pitch &&
    a.speed === b.speed &&
    a.variant === b.variant &&
    (a.voiceId ?? null) === (b.voiceId ?? null)
  );
}

/** Pitch in words, against eSpeak's neutral 50. */
function pitchWords(pitch: number): string {
  const off = pitch - VOICE_PITCH.neutral;
  if (Math.abs(off) <= 4) return 'the variant’s own';
  return off > 0 ? `${off} above the variant’s` : `${-off} below the variant’s`;
}

/**
 * A character's voice for the scratch track (config.voice): pitch, speed, the offline voice's variant
 * and a remote provider's voice id. Until one is set here, the voice shown is the one seeded from the
 * name and description (the server seeds the same way); changes are saved with the asset's update
 * action 400 ms after the last one (and at once when the page is left), and lines re-speak on the next
 * Generate Scratch Track. The server offers no sample action, so there is no Play sample.
 */
export function VoiceSection({ asset }: { asset: Asset }) {
  const services = useServices();
  const { client, toasts, activity } = services;
  const queryClient = useQueryClient();
  const stored = asset.config.voice ?? null;
  // What was just set here, shown at once (a held arrow key moves on from it), until the asset says the same.
  const [draft, setDraft] = useState<CharacterVoice | null>(null);
  useEffect(() => {
    if (draft && stored && sameVoice(stored, draft)) setDraft(null);
  }, [stored, draft]);
  const voice: CharacterVoice = draft ?? stored ?? seedVoice(asset.name, asset.description);
  const [voiceIdDraft, setVoiceIdDraft] = useState<string | null>(null);
  const ids = useId();

  /**
   * A new voice, shown at once and saved through the save manager like every typed edit: one task
   * per asset (the last value wins), debounced, a keepalive PATCH on unload, retried when offline;
   * refused, the stored voice is shown again.
   */
  const write = (next: CharacterVoice) => {
    setDraft(next);
    services.saves.markDirty({
      ...(asset.projectId ? { projectId: asset.projectId } : {}),
      tasks: [
        {
          key: `asset-voice:${asset.id}`,
          save: () => activity.track(client.assets.update(asset.id, { config: { voice: next } })),
          beacon: () =>
            keepaliveRequest(client, 'PATCH', `/api/asset/${encodeURIComponent(asset.id)}`, {
              config: { voice: next },
            }),
          onSaved: (saved) => queryClient.setQueryData(queryKeys.asset(asset.id), saved as Asset),
          onRefused: (error) => {
            setDraft(null);
            toasts.show({ type: 'error', title: 'Operation Failed', message: errorBody(error) });
          },
        },
      ],
    });
  };
  const change = (patch: Partial<CharacterVoice>) => write({ ...voice, ...patch });

  const voiceId = voiceIdDraft ?? voice.voiceId ?? '';
  const settleVoiceId = () => {
    if (voiceIdDraft === null) return;
    const trimmed = voiceIdDraft.trim();
    setVoiceIdDraft(null);
    if (trimmed === (voice.voiceId ?? '')) return;
    change({ voiceId: trimmed === '' ? null : trimmed });
  };

  return (
    <section className="asset-voice" aria-labelledby={`${ids}-title`}>
      <header className="asset-voice__header">
        <h2 id={`${ids}-title`} className="section-title">
          <AudioLines size={13} aria-hidden="true" /> Voice
        </h2>
        <p className="asset-voice__note">
          {stored
            ? `Speaks ${asset.name}’s lines in the scratch track; a change re-speaks them on the next Generate Scratch Track.`
            : `Seeded from the name${asset.description ? ' and description' : ' and what the script says'} (${isFemaleVariant(voice.variant) ? 'a female' : 'a male'} voice); a change here keeps ${asset.name}’s own.`}
        </p>
      </header>
      <div className="asset-voice__controls">
        <VoiceRange
          id={`${ids}-pitch`}
          label="Pitch"
          value={voice.pitch}
          range={VOICE_PITCH}
          step={1}
          valueText={`${voice.pitch}, ${pitchWords(voice.pitch)}`}
          hint={pitchWords(voice.pitch)}
          onChange={(pitch) => change({ pitch })}
        />
        <VoiceRange
          id={`${ids}-speed`}
          label="Speed"
          unit="wpm"
          value={voice.speed}
          range={VOICE_SPEED}
          step={5}
          valueText={`${voice.speed} words per minute`}
          hint={voice.speed < 140 ? 'unhurried' : voice.speed > 190 ? 'quick' : 'a screen actor’s pace'}
          onChange={(speed) => change({ speed })}
        />
        <div className="asset-voice__field">
          <span className="asset-voice__label" id={`${ids}-variant-label`}>
            Variant
          </span>
          <Select
            aria-label="Voice variant"
            className="asset-voice__select"
            value={voice.variant}
            onValueChange={(variant) => change({ variant: variant as VoiceVariant })}
            options={VARIANT_OPTIONS}
          />
          <span className="asset-voice__hint">the offline eSpeak NG voice</span>
        </div>
        <label className="asset-voice__field" htmlFor={`${ids}-remote`}>
          <span className="asset-voice__label">Remote voice</span>
          <Input
            id={`${ids}-remote`}
            className="asset-voice__input mono"
            value={voiceId}
            placeholder="from the variant"
            maxLength={100}
            spellCheck={false}
            onChange={(event) => setVoiceIdDraft(event.target.value)}
            onBlur={settleVoiceId}
            onKeyDown={(event) => {
              if (event.key === 'Enter') settleVoiceId();
            }}
          />
          <span className="asset-voice__hint">an OpenAI voice name or an ElevenLabs voice id</span>
        </label>
      </div>
    </section>
  );
}

/** One slider of the voice: its label and value, the range, and a word for where it sits. */
function VoiceRange(props: {
  id: string;
  label: string;
  unit?: string;
  value: number;
  range: { min: number; max: number };
  step: number;
  valueText: string;
  hint: string;
  onChange: (value: number) => void;
}) {
  const { id, label, unit, value, range, step, valueText, hint, onChange } = props;
  return (
    <label className="asset-voice__field" htmlFor={id}>
      <span className="asset-voice__label">
        {label} <span className="mono asset-voice__value">{value}</span>
        {unit ? ` ${unit}` : null}
      </span>
      <input
        id={id}
        type="range"
        className="asset-voice__range"
        min={range.min}
        max={range.max}
        step={step}
        value={value}
        aria-valuetext={valueText}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <span className="asset-voice__hint">{hint}</span>
    </label>
  );
}

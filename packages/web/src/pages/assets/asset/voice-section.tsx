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
import { useEffect, useId, useRef, useState } from 'react';
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

  // Saved 400 ms after the last change (a run of arrow keys is one request), and at once when the page is left.
  const pending = useRef<{ voice: CharacterVoice; timer: ReturnType<typeof setTimeout> } | null>(null);
  const save = async (next: CharacterVoice) => {
    pending.current = null;
    try {
      const saved = await activity.track(client.assets.update(asset.id, { config: { voice: next } }));
      queryClient.setQueryData(queryKeys.asset(asset.id), saved);
    } catch (error) {
      setDraft(null);
      toasts.show({ type: 'error', title: 'Operation Failed', message: errorBody(error) });
    }
  };
  const latestSave = useRef(save);
  latestSave.current = save;
  useEffect(
    () => () => {
      const left = pending.current;
      if (!left) return;
      clearTimeout(left.timer);
      void latestSave.current(left.voice);
    },
    [],
  );
  const write = (next: CharacterVoice) => {
    setDraft(next);
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = { voice: next, timer: setTimeout(() => void latestSave.current(next), 400) };
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
        <label className="asset-voice__field" htmlFor={`${ids}-pitch`}>
          <span className="asset-voice__label">
            Pitch <span className="mono asset-voice__value">{voice.pitch}</span>
          </span>
          <input
            id={`${ids}-pitch`}
            type="range"
            className="asset-voice__range"
            min={VOICE_PITCH.min}
            max={VOICE_PITCH.max}
            step={1}
            value={voice.pitch}
            aria-valuetext={`${voice.pitch}, ${pitchWords(voice.pitch)}`}
            onChange={(event) => change({ pitch: Number(event.target.value) })}
          />
          <span className="asset-voice__hint">{pitchWords(voice.pitch)}</span>
        </label>
        <label className="asset-voice__field" htmlFor={`${ids}-speed`}>
          <span className="asset-voice__label">
            Speed <span className="mono asset-voice__value">{voice.speed}</span> wpm
          </span>
          <input
            id={`${ids}-speed`}
            type="range"
            className="asset-voice__range"
            min={VOICE_SPEED.min}
            max={VOICE_SPEED.max}
            step={5}
            value={voice.speed}
            aria-valuetext={`${voice.speed} words per minute`}
            onChange={(event) => change({ speed: Number(event.target.value) })}
          />
          <span className="asset-voice__hint">
            {voice.speed < 140 ? 'unhurried' : voice.speed > 190 ? 'quick' : 'a screen actor’s pace'}
          </span>
        </label>
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

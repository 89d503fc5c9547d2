import { z } from 'zod';

/**
 * A character's speaking voice (issue 31), stored in its asset's `config.voice`: seeded from the name
 * and what the script says of the character when the scratch track first needs it, editable with the
 * asset's update action, used by every line the character speaks (docs/generation.md, "Speech").
 */

/** eSpeak NG voice variants the offline voice uses, by the kind of voice they sound like. */
export const VOICE_VARIANTS_BY_KIND = {
  male: ['m1', 'm2', 'm3', 'm4', 'm6', 'm7', 'adam', 'david', 'john', 'paul', 'robert'],
  female: ['f1', 'f2', 'f3', 'f4', 'f5', 'linda', 'belinda', 'anika', 'steph', 'annie'],
  elderlyMale: ['grandpa'],
  elderlyFemale: ['grandma'],
} as const;
export const VOICE_VARIANTS = [
  ...VOICE_VARIANTS_BY_KIND.male,
  ...VOICE_VARIANTS_BY_KIND.female,
  ...VOICE_VARIANTS_BY_KIND.elderlyMale,
  ...VOICE_VARIANTS_BY_KIND.elderlyFemale,
] as const;
export type VoiceVariant = (typeof VOICE_VARIANTS)[number];

/** eSpeak's pitch scale: 0..99, 50 the variant's own. */
export const VOICE_PITCH = { min: 0, max: 99, neutral: 50 } as const;
/** Words per minute; 175 is eSpeak's default, 150 a screen actor's pace. */
export const VOICE_SPEED = { min: 80, max: 320, neutral: 160 } as const;

export const voiceVariantSchema = z.enum(VOICE_VARIANTS);

export const characterVoiceSchema = z.object({
  pitch: z.number().int().min(VOICE_PITCH.min).max(VOICE_PITCH.max),
  speed: z.number().int().min(VOICE_SPEED.min).max(VOICE_SPEED.max),
  /** The eSpeak NG variant of the offline voice. */
  variant: voiceVariantSchema,
  /**
   * A remote provider's own voice: an OpenAI voice name ('alloy', 'nova', …) or an ElevenLabs voice id.
   * Absent or null: the provider picks one of its voices from the variant (female variants a female voice).
   */
  voiceId: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'A voice id is letters, digits, _ and -')
    .nullable()
    .optional(),
});
export type CharacterVoice = z.infer<typeof characterVoiceSchema>;

/** Whether a variant is one of the female (or elderly female) voices. */
export function isFemaleVariant(variant: VoiceVariant): boolean {
  return (
    (VOICE_VARIANTS_BY_KIND.female as readonly string[]).includes(variant) ||
    (VOICE_VARIANTS_BY_KIND.elderlyFemale as readonly string[]).includes(variant)
  );
}

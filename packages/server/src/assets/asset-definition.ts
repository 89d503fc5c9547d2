import { type AssetDefinition, type AssetType, TEXT_LIMITS } from '@reelbench/sdk/contract';

/** How each type is described and pictured; the local renderer draws the same subjects. */
const TYPE_RULES: Record<AssetType, { role: string; look: string; picture: (name: string) => string }> = {
  character: {
    role: 'a character',
    look: 'full figure, consistent face, costume and silhouette in every shot',
    picture: (name) =>
      `Full-body character sheet of ${name}, facing the camera, neutral pose, plain light background, even studio light`,
  },
  location: {
    role: 'a location',
    look: 'wide establishing view, consistent layout, light and palette in every shot',
    picture: (name) => `Wide establishing view of ${name}, eye-level camera, natural light, no people`,
  },
  prop: {
    role: 'a prop',
    look: 'the same object, shape, material and colour in every shot',
    picture: (name) => `Product-style picture of ${name}, centred, plain light background, soft shadow`,
  },
  custom: {
    role: 'a story element',
    look: 'the same look in every shot',
    picture: (name) => `Picture of ${name}, centred, plain light background`,
  },
};

/** Collapses whitespace and drops a trailing full stop, so sentences join cleanly. */
function clause(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/\.+$/, '');
}

function limit(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/**
 * asset:define: a rule-based definition from the type, the name and the user's notes. Deterministic
 * and offline (same input, same definition), so it never waits on a text model.
 */
export function defineAsset(input: {
  type: AssetType;
  name: string;
  notes?: string | undefined;
}): AssetDefinition {
  const rules = TYPE_RULES[input.type];
  const name = clause(input.name);
  const notes = input.notes === undefined ? '' : clause(input.notes);
  const description = notes ? `${name} is ${rules.role}: ${notes}.` : `${name} is ${rules.role}.`;
  const prompt = notes ? `${rules.picture(name)}. ${notes}.` : `${rules.picture(name)}.`;
  return {
    type: input.type,
    name: input.name.trim(),
    description: limit(description, TEXT_LIMITS.description),
    visualIdentifier: limit(`${name}: ${rules.look}`, TEXT_LIMITS.description),
    prompt: limit(prompt, TEXT_LIMITS.prompt),
  };
}

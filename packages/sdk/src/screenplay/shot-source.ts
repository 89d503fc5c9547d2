import type { FirstPassShot, ShotSource } from '../contract/index.js';
import { plainText } from './emphasis.js';
import { parseSceneHeading } from './screenplay.model.js';

/**
 * Text as a revise compares it: plain (no emphasis marks), lower case, letters and digits only, one
 * space between words. Re-flowed lines, changed capitals and punctuation read the same.
 */
export function normalizedScriptText(text: string): string {
  return plainText(text)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The place of a scene heading, normalised ('INT. LIGHTHOUSE - NIGHT' → 'lighthouse'); the whole heading when it names none. */
export function headingLocationKey(heading: string): string {
  const parts = parseSceneHeading(heading);
  return normalizedScriptText(parts.location ?? heading);
}

/** cyrb53: a fast 53-bit string hash (the module runs in browsers too, so no node:crypto). */
function cyrb53(text: string, seed: number): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

/** The fingerprint of a shot's source: its own text and its scene's place, normalised (28 hex digits). */
export function sourceFingerprint(scriptText: string, sceneHeading: string): string {
  const key = `${headingLocationKey(sceneHeading)}\n${normalizedScriptText(scriptText)}`;
  return cyrb53(key, 1) + cyrb53(key, 2);
}

/**
 * Each shot's source, in script order: its scene, element span and fingerprint, with the occurrence
 * index that tells apart shots of the same text in the same place ('Yes.' said twice in one kitchen).
 */
export function shotSources(
  shots: readonly Pick<FirstPassShot, 'script_text' | 'sceneNumber' | 'sceneHeading' | 'elements'>[],
): ShotSource[] {
  const seen = new Map<string, number>();
  return shots.map((shot) => {
    const fingerprint = sourceFingerprint(shot.script_text, shot.sceneHeading);
    const occurrence = seen.get(fingerprint) ?? 0;
    seen.set(fingerprint, occurrence + 1);
    return {
      sceneNumber: shot.sceneNumber,
      sceneHeading: shot.sceneHeading,
      ...(shot.elements ? { from: shot.elements.from, to: shot.elements.to } : {}),
      fingerprint,
      occurrence,
    };
  });
}

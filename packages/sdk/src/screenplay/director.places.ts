import type { FilmScene } from './director.reading.js';

/** Where and when scenes are, one against another: the same place, a return to it, time going on. */

/** How many scenes back a return to a place still needs no establishing shot. */
export const RETURN_SCENES = 3;
/** A time of day that says the scene goes on from before ('CONTINUOUS', 'MOMENTS LATER'). */
const GOES_ON = /\b(?:CONTINUOUS|CONT'?D|SAME|SAME TIME|MOMENTS? LATER|SECONDS LATER|LATER)\b/;

/** The scene comes back to `earlier`'s place, inside or out as it was, at the same time of day. */
export function returnsTo(earlier: FilmScene, scene: FilmScene): boolean {
  if (earlier.place === null || !samePlace(earlier, scene) || earlier.parts.intExt !== scene.parts.intExt)
    return false;
  return sameTime(earlier, scene);
}

/** The scene's time goes on from `earlier`'s: unsaid, 'CONTINUOUS', 'LATER', or the same time of day. */
export function sameTime(earlier: FilmScene, scene: FilmScene): boolean {
  const time = scene.parts.timeOfDay?.toUpperCase() ?? null;
  return time === null || GOES_ON.test(time) || time === earlier.parts.timeOfDay?.toUpperCase();
}

export function samePlace(a: FilmScene, b: FilmScene): boolean {
  return a === b || (a.place !== null && a.place === b.place && a.subLocation === b.subLocation);
}

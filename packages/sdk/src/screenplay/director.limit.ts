import { LIST_LIMITS, ReelbenchError, TEXT_LIMITS } from '../contract/index.js';
import { clip } from './director.text.js';
import type { ShotDraft } from './director.types.js';

/**
 * The response holds at most `limit` shots (LIST_LIMITS.shots). Past that, the shortest neighbouring
 * pairs of a scene are merged, a round at a time, until the pass fits: every line and the running
 * time stay, and an establishing shot stays first in its scene.
 */
export function capShotCount(drafted: ShotDraft[][], limit: number = LIST_LIMITS.shots): ShotDraft[][] {
  let scenes = drafted;
  let excess = scenes.reduce((sum, drafts) => sum + drafts.length, 0) - limit;
  while (excess > 0) {
    const pairs = scenes.flatMap((drafts, scene) =>
      drafts
        .slice(1)
        .flatMap((next, i) =>
          next.opensScene ? [] : [{ scene, i, seconds: (drafts[i]?.seconds ?? 0) + next.seconds }],
        ),
    );
    if (pairs.length === 0) {
      throw new ReelbenchError({
        code: 'PAYLOAD_TOO_LARGE_ERROR',
        message: `A first pass holds at most ${limit} shots; this script has ${drafted.length} scenes`,
      });
    }
    pairs.sort((a, b) => a.seconds - b.seconds || a.scene - b.scene || a.i - b.i);
    const chosen = scenes.map(() => new Set<number>());
    const taken = scenes.map(() => new Set<number>());
    for (const pair of pairs) {
      if (excess === 0) break;
      const used = taken[pair.scene] as Set<number>;
      if (used.has(pair.i) || used.has(pair.i + 1)) continue;
      used.add(pair.i).add(pair.i + 1);
      chosen[pair.scene]?.add(pair.i);
      excess--;
    }
    scenes = scenes.map((drafts, scene) => mergePairs(drafts, chosen[scene] as Set<number>));
  }
  return scenes;
}

function mergePairs(drafts: ShotDraft[], starts: Set<number>): ShotDraft[] {
  const out: ShotDraft[] = [];
  for (let i = 0; i < drafts.length; i++) {
    const draft = drafts[i] as ShotDraft;
    const next = drafts[i + 1];
    if (starts.has(i) && next) {
      out.push(mergeDrafts(draft, next));
      i++;
    } else out.push(draft);
  }
  return out;
}

function mergeDrafts(first: ShotDraft, second: ShotDraft): ShotDraft {
  return {
    ...first,
    characters: [...new Set([...first.characters, ...second.characters])],
    action: clip(`${first.action} ${second.action}`, TEXT_LIMITS.description),
    scriptText: `${first.scriptText}\n\n${second.scriptText}`,
    seconds: first.seconds + second.seconds,
    props: [...first.props, ...second.props],
    sounds: [...first.sounds, ...second.sounds],
    slugs: [...first.slugs, ...second.slugs],
    from: Math.min(first.from, second.from),
    to: Math.max(first.to, second.to),
  };
}

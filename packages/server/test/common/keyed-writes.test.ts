import { describe, expect, it } from 'vitest';
import { KeyedWrites } from '../../src/common/keyed-writes.js';

/** A writer whose writes end when the test says, recording what was written and how. */
function recorder(failGroupsWith?: string) {
  const log: string[] = [];
  const gates: (() => void)[] = [];
  const wait = () => new Promise<void>((resolve) => gates.push(resolve));
  const writes = new KeyedWrites<string, string>(
    async (item) => {
      await wait();
      if (item.startsWith('bad')) throw new Error(`cannot write ${item}`);
      log.push(`one ${item}`);
      return `${item} written`;
    },
    async (items) => {
      await wait();
      if (failGroupsWith !== undefined && items.some((item) => item.startsWith(failGroupsWith)))
        throw new Error('group failed');
      log.push(`group ${items.join(',')}`);
      return items.map((item) => `${item} written together`);
    },
  );
  const release = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    gates.splice(0).forEach((open) => {
      open();
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { writes, log, release };
}

describe('KeyedWrites', () => {
  it('writes the first at once and groups the ones that arrive meanwhile, per key, in order', async () => {
    const { writes, log, release } = recorder();
    const answers = Promise.all([
      writes.write('a', 'a1'),
      writes.write('a', 'a2'),
      writes.write('b', 'b1'),
      writes.write('a', 'a3'),
    ]);
    await release();
    await release();
    expect(await answers).toEqual(['a1 written', 'a2 written together', 'b1 written', 'a3 written together']);
    expect(log).toEqual(['one a1', 'one b1', 'group a2,a3']);
    // The lane is free again: the next write goes alone.
    const later = writes.write('a', 'a4');
    await release();
    expect(await later).toBe('a4 written');
  });

  it('runs a failed group one by one, so each write gets its own answer', async () => {
    const { writes, log, release } = recorder('bad');
    const first = writes.write('a', 'a1');
    const rest = [writes.write('a', 'a2'), writes.write('a', 'bad3'), writes.write('a', 'a4')].map((answer) =>
      answer.then(
        (value) => value,
        (error: Error) => error.message,
      ),
    );
    for (let round = 0; round < 6; round += 1) await release();
    expect(await first).toBe('a1 written');
    expect(await Promise.all(rest)).toEqual(['a2 written', 'cannot write bad3', 'a4 written']);
    expect(log).toEqual(['one a1', 'one a2', 'one a4']);
  });
});

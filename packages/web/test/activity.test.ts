import { describe, expect, it } from 'vitest';
import { ActivityCounter } from '../src/state/activity.js';

describe('ActivityCounter', () => {
  it('rises and falls with activity events and never goes below 0', () => {
    const activity = new ActivityCounter();
    const seen: number[] = [];
    activity.store.subscribe(() => seen.push(activity.count));
    activity.change(1);
    activity.change(1);
    activity.change(-1);
    expect(activity.count).toBe(1);
    activity.change(-1);
    activity.change(-1);
    activity.change(-1);
    expect(activity.count).toBe(0);
    activity.change(1);
    expect(activity.count).toBe(1);
    expect(seen).toEqual([1, 2, 1, 0, 1]);
  });

  it('track() counts a promise while it runs, resolved or rejected', async () => {
    const activity = new ActivityCounter();
    let resolve!: (value: string) => void;
    let reject!: (error: Error) => void;
    const ok = activity.track(new Promise<string>((r) => (resolve = r)));
    const failed = activity.track(new Promise<string>((_r, j) => (reject = j)));
    expect(activity.count).toBe(2);
    resolve('done');
    await expect(ok).resolves.toBe('done');
    expect(activity.count).toBe(1);
    reject(new Error('Network error'));
    await expect(failed).rejects.toThrow('Network error');
    expect(activity.count).toBe(0);
  });

  it('a rejected track() after the counter was reset does not go below 0', async () => {
    const activity = new ActivityCounter();
    const work = activity.track(Promise.reject(new Error('boom')));
    activity.change(-1);
    await work.catch(() => {});
    expect(activity.count).toBe(0);
  });
});

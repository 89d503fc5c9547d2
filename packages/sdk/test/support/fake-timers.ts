import { afterEach, beforeEach, vi } from 'vitest';

/** Every test of the file runs on fake timers; real ones come back after each test. */
export function useFakeTimersInEachTest(): void {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

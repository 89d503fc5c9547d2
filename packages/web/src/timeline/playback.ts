import { createStore, type Store } from '../state/store.js';
import { clampTime } from './timeline-model.js';

export interface Clock {
  now(): number;
  requestFrame(callback: (time: number) => void): number;
  cancelFrame(handle: number): void;
}

export const browserClock: Clock = {
  now: () => performance.now(),
  requestFrame: (callback) => requestAnimationFrame(callback),
  cancelFrame: (handle) => cancelAnimationFrame(handle),
};

export interface TransportState {
  /** Seconds from the start of the timeline. */
  time: number;
  playing: boolean;
}

/**
 * The timeline's transport: the playhead time and whether it plays. Playing advances the time in
 * real time, one requestAnimationFrame at a time, and stops at the end of the timeline.
 */
export class Transport {
  readonly state: Store<TransportState> = createStore<TransportState>({ time: 0, playing: false });
  #handle: number | null = null;
  #last = 0;
  #total = 0;

  constructor(readonly clock: Clock = browserClock) {}

  get time(): number {
    return this.state.get().time;
  }

  get playing(): boolean {
    return this.state.get().playing;
  }

  /** The timeline's length; the playhead is kept inside it. */
  setTotal(total: number): void {
    this.#total = Math.max(0, total);
    if (this.time > this.#total) this.seek(this.#total);
  }

  seek(time: number): void {
    const next = clampTime(time, this.#total);
    this.state.set((current) => (current.time === next ? current : { ...current, time: next }));
  }

  play(): void {
    if (this.playing || this.#total <= 0) return;
    // At the end, play starts again from the top, as every player does.
    if (this.time >= this.#total - 1e-6) this.seek(0);
    this.state.set((current) => ({ ...current, playing: true }));
    this.#last = this.clock.now();
    this.#handle = this.clock.requestFrame(this.#tick);
  }

  pause(): void {
    if (this.#handle !== null) this.clock.cancelFrame(this.#handle);
    this.#handle = null;
    if (this.playing) this.state.set((current) => ({ ...current, playing: false }));
  }

  toggle(): void {
    if (this.playing) this.pause();
    else this.play();
  }

  dispose(): void {
    this.pause();
  }

  #tick = (frameTime: number) => {
    this.#handle = null;
    if (!this.playing) return;
    const now = Number.isFinite(frameTime) && frameTime > 0 ? frameTime : this.clock.now();
    const elapsed = Math.max(0, (now - this.#last) / 1000);
    this.#last = now;
    const next = this.time + elapsed;
    if (next >= this.#total) {
      this.seek(this.#total);
      this.pause();
      return;
    }
    this.seek(next);
    this.#handle = this.clock.requestFrame(this.#tick);
  };
}

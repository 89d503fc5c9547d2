import { CIRCUIT_BREAKER } from './contract/constants.js';
import { MESSAGES, ReelbenchError } from './contract/errors.js';
import { TOASTS } from './contract/toasts.js';

export type CircuitState = 'closed' | 'open' | 'half-open';

/** The error toast to show from onOpen (SPEC.md section 8). */
export const CONNECTION_ISSUES_TOAST = TOASTS.connectionIssues;

export interface CircuitBreakerOptions {
  failureThreshold?: number;
  windowMs?: number;
  openMs?: number;
  successesToClose?: number;
  now?: () => number;
  onOpen?: () => void;
  onStateChange?: (state: CircuitState, previous: CircuitState) => void;
}

/**
 * SPEC.md section 4. Failures are counted in a sliding window (successes do not erase them); the
 * open → half-open step happens when the state is next read after openMs, so no timer is left behind.
 */
export class CircuitBreaker {
  readonly #threshold: number;
  readonly #windowMs: number;
  readonly #openMs: number;
  readonly #successesToClose: number;
  readonly #now: () => number;
  readonly #onOpen: (() => void) | undefined;
  readonly #onStateChange: CircuitBreakerOptions['onStateChange'];
  #state: CircuitState = 'closed';
  #failures: number[] = [];
  #openedAt = 0;
  #halfOpenSuccesses = 0;

  constructor(options: CircuitBreakerOptions = {}) {
    this.#threshold = options.failureThreshold ?? CIRCUIT_BREAKER.failureThreshold;
    this.#windowMs = options.windowMs ?? CIRCUIT_BREAKER.windowMs;
    this.#openMs = options.openMs ?? CIRCUIT_BREAKER.openMs;
    this.#successesToClose = options.successesToClose ?? CIRCUIT_BREAKER.successesToClose;
    this.#now = options.now ?? Date.now;
    this.#onOpen = options.onOpen;
    this.#onStateChange = options.onStateChange;
  }

  get state(): CircuitState {
    if (this.#state === 'open' && this.#now() - this.#openedAt >= this.#openMs) this.#transition('half-open');
    return this.#state;
  }

  /**
   * Runs fn unless the circuit is open. `isFailure` decides which errors trip the breaker (an
   * answer from a healthy server, such as a validation error, should not).
   */
  execute<T>(fn: () => Promise<T>, isFailure: (error: unknown) => boolean = () => true): Promise<T> {
    try {
      this.throwIfOpen();
    } catch (error) {
      return Promise.reject(error);
    }
    return fn().then(
      (value) => {
        this.recordSuccess();
        return value;
      },
      (error: unknown) => {
        if (isFailure(error)) this.recordFailure();
        else this.recordSuccess();
        throw error;
      },
    );
  }

  /** For callers that record outcomes themselves (the socket client's hot path): blocks while open. */
  throwIfOpen(): void {
    if (this.state === 'open')
      throw new ReelbenchError({ code: 'CIRCUIT_OPEN_ERROR', message: MESSAGES.circuitOpen });
  }

  recordSuccess(): void {
    if (this.state !== 'half-open') return;
    this.#halfOpenSuccesses += 1;
    if (this.#halfOpenSuccesses >= this.#successesToClose) this.#transition('closed');
  }

  recordFailure(): void {
    const state = this.state;
    if (state === 'open') return;
    if (state === 'half-open') {
      this.#open();
      return;
    }
    const now = this.#now();
    this.#failures = this.#failures.filter((at) => now - at <= this.#windowMs);
    this.#failures.push(now);
    if (this.#failures.length >= this.#threshold) this.#open();
  }

  reset(): void {
    this.#transition('closed');
  }

  #open(): void {
    this.#openedAt = this.#now();
    this.#transition('open');
    this.#onOpen?.();
  }

  #transition(next: CircuitState): void {
    const previous = this.#state;
    this.#state = next;
    this.#failures = [];
    this.#halfOpenSuccesses = 0;
    if (previous !== next) this.#onStateChange?.(next, previous);
  }
}

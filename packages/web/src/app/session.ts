import type { Reelbench, User } from '@reelbench/sdk';
import { isOfflineError } from '../state/errors.js';
import { createStore } from '../state/store.js';

export type SessionStatus = 'checking' | 'signed-in' | 'signed-out';

export interface SessionState {
  status: SessionStatus;
  user: User | null;
  /** The check could not reach the server: the token is kept and the app runs offline. */
  unverified: boolean;
}

/** Who is signed in: the authentication check at start-up, sign in, register and sign out. */
export class Session {
  readonly store = createStore<SessionState>({ status: 'checking', user: null, unverified: false });
  #check: Promise<SessionState> | null = null;

  constructor(private readonly client: Reelbench) {}

  get state(): SessionState {
    return this.store.get();
  }

  /** The authentication check (GET /me, 3 s, no retries); runs once, later callers share it. */
  check(): Promise<SessionState> {
    this.#check ??= this.#runCheck();
    return this.#check;
  }

  async #runCheck(): Promise<SessionState> {
    if (!this.client.auth.token) return this.#set({ status: 'signed-out', user: null, unverified: false });
    try {
      const user = await this.client.auth.me();
      return this.#set({ status: 'signed-in', user, unverified: false });
    } catch (error) {
      // The SDK forgets a token the server refused; one that never reached the server is kept.
      if (isOfflineError(error) && this.client.auth.token) {
        return this.#set({ status: 'signed-in', user: null, unverified: true });
      }
      return this.#set({ status: 'signed-out', user: null, unverified: false });
    }
  }

  signedIn(user: User): void {
    this.#check = Promise.resolve(this.#set({ status: 'signed-in', user, unverified: false }));
  }

  signedOut(): void {
    this.#check = Promise.resolve(this.#set({ status: 'signed-out', user: null, unverified: false }));
  }

  #set(state: SessionState): SessionState {
    this.store.set(state);
    return state;
  }
}

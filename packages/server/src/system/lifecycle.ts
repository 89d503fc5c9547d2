import { Injectable } from '@nestjs/common';

/**
 * Whether this process takes new work. SIGTERM (main.ts → ReelbenchServer.close) starts draining:
 * readiness answers 503, new HTTP requests answer 503 SERVER_ERROR, new sockets are refused, and
 * the job worker fetches nothing more; what runs is finished or released (JobWorker), then the
 * sockets are told to reconnect elsewhere (SocketIoAdapter) and the process exits.
 */
@Injectable()
export class Lifecycle {
  #draining = false;
  readonly #listeners = new Set<() => void>();

  get draining(): boolean {
    return this.#draining;
  }

  /** Once; every listener hears it synchronously. */
  drain(): void {
    if (this.#draining) return;
    this.#draining = true;
    for (const listener of this.#listeners) listener();
  }

  onDrain(listener: () => void): void {
    if (this.#draining) listener();
    else this.#listeners.add(listener);
  }
}

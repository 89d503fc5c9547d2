import {
  PROJECT_SAVE_DEBOUNCE_MS,
  type ProjectSaveInput,
  type ProjectSettingsInput,
  type ShotUpsert,
} from '@reelbench/sdk';
import { isAuthError, isClientError, isOfflineError } from './errors.js';
import { createStore } from './store.js';

/** What the top bar shows: Saved / Saving… / Unsaved changes / Offline. */
export type SaveState = 'saved' | 'saving' | 'dirty' | 'offline';

export const SAVE_STATE_LABELS: Record<SaveState, string> = {
  saved: 'Saved',
  saving: 'Saving…',
  dirty: 'Unsaved changes',
  offline: 'Offline',
};

/** Local edits waiting to be saved: whole values, so a later edit of the same thing replaces an earlier one. */
export interface PendingChanges {
  script?: string;
  settings?: ProjectSettingsInput;
  shots: Map<string, ShotUpsert>;
  deletedShotIds: Set<string>;
}

export interface ChangeInput {
  script?: string;
  settings?: ProjectSettingsInput;
  shots?: ShotUpsert[];
  deletedShotIds?: string[];
}

export interface SaveManagerOptions {
  save: (projectId: string, save: ProjectSaveInput) => Promise<unknown>;
  /** The emergency save on unload: must not wait for an answer (navigator.sendBeacon). */
  beacon?: (projectId: string, save: ProjectSaveInput) => boolean;
  /** A save skipped on an authentication-required or unknown error. */
  onWarning?: (message: string) => void;
  /** A save the server refused (4xx other than authentication): the edits stay, marked unsaved. */
  onRefused?: (error: unknown) => void;
  onSaved?: (projectId: string) => void;
  debounceMs?: number;
  /** After an offline failure, try again this often until the connection is back. */
  retryMs?: number;
  newSaveId?: () => string;
}

export const SAVE_SKIPPED_WARNING = 'Project save skipped';
const OFFLINE_RETRY_MS = 5_000;

function emptyChanges(): PendingChanges {
  return { shots: new Map(), deletedShotIds: new Set() };
}

function hasChanges(changes: PendingChanges): boolean {
  return (
    changes.script !== undefined ||
    changes.settings !== undefined ||
    changes.shots.size > 0 ||
    changes.deletedShotIds.size > 0
  );
}

/** `newer` on top of `older`: what was edited again since keeps its newer value. */
function merge(older: PendingChanges, newer: PendingChanges): PendingChanges {
  const shots = new Map(older.shots);
  for (const id of newer.deletedShotIds) shots.delete(id);
  for (const [id, shot] of newer.shots) shots.set(id, shot);
  const deletedShotIds = new Set([...older.deletedShotIds].filter((id) => !newer.shots.has(id)));
  for (const id of newer.deletedShotIds) deletedShotIds.add(id);
  return {
    ...(newer.script !== undefined
      ? { script: newer.script }
      : older.script !== undefined
        ? { script: older.script }
        : {}),
    ...(newer.settings !== undefined
      ? { settings: newer.settings }
      : older.settings !== undefined
        ? { settings: older.settings }
        : {}),
    shots,
    deletedShotIds,
  };
}

function toPayload(changes: PendingChanges, saveId: string): ProjectSaveInput {
  return {
    saveId,
    shots: [...changes.shots.values()],
    ...(changes.deletedShotIds.size > 0 ? { deletedShotIds: [...changes.deletedShotIds] } : {}),
    ...(changes.script !== undefined ? { script: { content: changes.script } } : {}),
    ...(changes.settings !== undefined ? { settings: changes.settings } : {}),
  };
}

/**
 * The save manager (SPEC.md §4): edits mark the project dirty; a save runs 1 s after the last edit,
 * one at a time (single flight: edits made during a save go in the next one); the page being hidden
 * saves at once; unloading with unsaved work sends the emergency save. Offline, the edits are kept
 * and sent when the connection returns. An authentication-required or unknown error skips the save
 * with a warning, keeping the edits.
 */
export class SaveManager {
  readonly state = createStore<SaveState>('saved');
  readonly lastSavedAt = createStore<Date | null>(null);
  #projectId: string | null = null;
  /** The current project's edits not yet sent. */
  #pending = emptyChanges();
  /** What the running save sends, with its idempotency key (reused when the same content is retried). */
  #inFlight: { projectId: string; changes: PendingChanges; saveId: string; promise: Promise<void> } | null =
    null;
  /**
   * Edits not saved yet that are not in #pending, by project: kept from a failed save (with its
   * saveId), or left behind by a project switch during a save (saveId null: never sent). Each goes
   * to its own project, whichever project is open when it is sent.
   */
  readonly #kept = new Map<string, { changes: PendingChanges; saveId: string | null }>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #options: Required<Pick<SaveManagerOptions, 'debounceMs' | 'retryMs' | 'newSaveId'>> &
    SaveManagerOptions;

  constructor(options: SaveManagerOptions) {
    this.#options = {
      debounceMs: PROJECT_SAVE_DEBOUNCE_MS,
      retryMs: OFFLINE_RETRY_MS,
      newSaveId: () => crypto.randomUUID(),
      ...options,
    };
  }

  get projectId(): string | null {
    return this.#projectId;
  }

  get isDirty(): boolean {
    return this.#hasWork() || this.#inFlight !== null;
  }

  /** Switching project first saves what the previous one has pending (to the previous project). */
  setProject(projectId: string | null): Promise<void> {
    if (projectId === this.#projectId) return Promise.resolve();
    const previous = this.flush();
    // A save was running, so flush only queued behind it: the edits stay the previous project's.
    if (this.#projectId !== null && hasChanges(this.#pending)) {
      const kept = this.#kept.get(this.#projectId);
      this.#kept.set(this.#projectId, {
        changes: kept ? merge(kept.changes, this.#pending) : this.#pending,
        saveId: null,
      });
      this.#pending = emptyChanges();
    }
    this.#projectId = projectId;
    return previous;
  }

  markDirty(change: ChangeInput): void {
    if (this.#projectId === null) return;
    const next = emptyChanges();
    if (change.script !== undefined) next.script = change.script;
    if (change.settings !== undefined) next.settings = change.settings;
    for (const shot of change.shots ?? []) if (shot.id) next.shots.set(shot.id, shot);
    for (const id of change.deletedShotIds ?? []) next.deletedShotIds.add(id);
    this.#pending = merge(this.#pending, next);
    if (this.state.get() !== 'offline') this.state.set('dirty');
    this.#schedule(this.#options.debounceMs);
  }

  /** Saves now (Ctrl+S, page hide, reconnect). Resolves when everything pending at the call is saved or failed. */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#inFlight) {
      // Single flight: wait for the running save, then send what came in meanwhile; if another
      // waiting flush already sent it, wait for that save too.
      return this.#inFlight.promise.then(() => (this.#hasUnsent() ? this.flush() : this.#inFlight?.promise));
    }
    const next = this.#next();
    if (!next) {
      this.state.set('saved');
      return Promise.resolve();
    }
    const { projectId, changes, saveId } = next;
    this.state.set('saving');
    const promise = this.#options.save(projectId, toPayload(changes, saveId)).then(
      () => this.#succeeded(projectId),
      (error: unknown) => this.#failed(projectId, changes, saveId, error),
    );
    this.#inFlight = { projectId, changes, saveId, promise };
    return promise.finally(() => {
      this.#inFlight = null;
    });
  }

  /** The connection is back: send what waited. */
  online(): void {
    if (this.state.get() === 'offline') this.state.set(this.#hasWork() ? 'dirty' : 'saved');
    if (this.#hasWork()) void this.flush();
  }

  /** The page is being unloaded: one beacon with everything unsaved. Returns whether one was sent. */
  emergencySave(): boolean {
    const unsaved = new Map<string, PendingChanges>();
    const add = (projectId: string, newer: PendingChanges) =>
      unsaved.set(projectId, merge(unsaved.get(projectId) ?? emptyChanges(), newer));
    if (this.#inFlight) add(this.#inFlight.projectId, this.#inFlight.changes);
    for (const [projectId, kept] of this.#kept) add(projectId, kept.changes);
    if (this.#projectId !== null) add(this.#projectId, this.#pending);
    const beacon = this.#options.beacon;
    const sends = [...unsaved].filter(([, changes]) => hasChanges(changes));
    if (sends.length === 0 || !beacon) return false;
    return sends
      .map(([projectId, changes]) => beacon(projectId, toPayload(changes, this.#options.newSaveId())))
      .every(Boolean);
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #hasWork(): boolean {
    return hasChanges(this.#pending) || this.#kept.size > 0;
  }

  /** Work never sent yet (not kept from a failed save, which waits for its retry). */
  #hasUnsent(): boolean {
    return hasChanges(this.#pending) || [...this.#kept.values()].some((kept) => kept.saveId === null);
  }

  /**
   * The next save to send: edits a project switch left behind first, then the current project's,
   * then another project's edits kept from a failed save (so a failing project never holds up the
   * open one).
   */
  #next(): { projectId: string; changes: PendingChanges; saveId: string } | null {
    const other = (sentBefore: boolean) => {
      for (const [projectId, kept] of this.#kept) {
        if (projectId === this.#projectId || (kept.saveId !== null) !== sentBefore) continue;
        this.#kept.delete(projectId);
        return { projectId, changes: kept.changes, saveId: kept.saveId ?? this.#options.newSaveId() };
      }
      return null;
    };
    const leftBehind = other(false);
    if (leftBehind) return leftBehind;
    const projectId = this.#projectId;
    const kept = projectId === null ? undefined : this.#kept.get(projectId);
    if (projectId === null || (!kept && !hasChanges(this.#pending))) return other(true);
    this.#kept.delete(projectId);
    // The same content as a failed save is sent again as that save (same saveId).
    const saveId =
      kept?.saveId != null && !hasChanges(this.#pending) ? kept.saveId : this.#options.newSaveId();
    const changes = kept ? merge(kept.changes, this.#pending) : this.#pending;
    this.#pending = emptyChanges();
    return { projectId, changes, saveId };
  }

  #schedule(delayMs: number): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.flush();
    }, delayMs);
  }

  #succeeded(projectId: string): void {
    this.lastSavedAt.set(new Date());
    this.#options.onSaved?.(projectId);
    if (this.#hasUnsent()) {
      this.state.set('dirty');
      this.#schedule(this.#options.debounceMs);
    } else this.state.set(this.#hasWork() ? 'dirty' : 'saved');
  }

  #failed(projectId: string, changes: PendingChanges, saveId: string, error: unknown): void {
    // The edits are never dropped: they wait under anything edited since (left behind by a switch).
    const later = this.#kept.get(projectId);
    this.#kept.set(
      projectId,
      later ? { changes: merge(changes, later.changes), saveId: null } : { changes, saveId },
    );
    if (isOfflineError(error)) {
      this.state.set('offline');
      this.#schedule(this.#options.retryMs);
      return;
    }
    this.state.set('dirty');
    if (isAuthError(error) || !isClientError(error)) {
      this.#options.onWarning?.(SAVE_SKIPPED_WARNING);
      return;
    }
    this.#options.onRefused?.(error);
  }
}

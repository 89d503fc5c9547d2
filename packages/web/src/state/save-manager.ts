import {
  PROJECT_SAVE_DEBOUNCE_MS,
  type ProjectSaveInput,
  type ProjectSettingsInput,
  type ShotUpdates,
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
  /**
   * Field edits of existing shots (shot id → the fields changed, latest value of each), sent as
   * partial updates (`PATCH /api/shots/{id}`) so they never overwrite what a render stored meanwhile.
   */
  shotFields: Map<string, ShotUpdates>;
  /** Other edits saved through the manager (a soundtrack's offset…), by key. */
  tasks: Map<string, SaveTask>;
}

/**
 * An edit saved by its own request, with the manager's guarantees (debounce, status, page-hide and
 * unload saves, offline retries): a later task with the same key replaces one not sent yet.
 */
export interface SaveTask {
  key: string;
  save: () => Promise<unknown>;
  /** On unload: a request that outlives the page (`keepaliveRequest`); false when none was sent. */
  beacon?: () => boolean;
  onSaved?: (result: unknown) => void;
  /** The server refused it (4xx): dropped. */
  onRefused?: (error: unknown) => void;
}

export interface ChangeInput {
  /** The project the edits belong to; the open one by default. */
  projectId?: string;
  script?: string;
  settings?: ProjectSettingsInput;
  shots?: ShotUpsert[];
  deletedShotIds?: string[];
  /** Field edits of existing shots: only the fields changed. */
  shotFields?: { id: string; fields: ShotUpdates }[];
  tasks?: SaveTask[];
}

export interface SaveManagerOptions {
  save: (projectId: string, save: ProjectSaveInput) => Promise<unknown>;
  /** Saves one shot's field edits (a partial update); answers the shot as the server now has it. */
  saveShot?: (projectId: string, shotId: string, fields: ShotUpdates) => Promise<unknown>;
  /** The emergency save on unload: must not wait for an answer (navigator.sendBeacon). */
  beacon?: (projectId: string, save: ProjectSaveInput) => boolean;
  /**
   * The emergency save of one shot's field edits on unload: a request that outlives the page
   * (`fetch(…, { keepalive: true })` to the shot's update route, with the Authorization header).
   */
  shotBeacon?: (projectId: string, shotId: string, fields: ShotUpdates) => boolean;
  /**
   * A shot's field edits were saved: `shot` is the server's answer; `pending` names the fields of it
   * edited again since (their local values are newer than the answer's).
   */
  onShotSaved?: (projectId: string, shot: unknown, pending: ReadonlySet<string>) => void;
  /** The server refused a shot's field edits (4xx: a field it does not accept, the shot is gone): dropped. */
  onShotRefused?: (projectId: string, shotId: string, fields: ShotUpdates, error: unknown) => void;
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
  return { shots: new Map(), deletedShotIds: new Set(), shotFields: new Map(), tasks: new Map() };
}

/** What the project save (`POST /api/projects/{id}/save`) carries. */
function hasProjectChanges(changes: PendingChanges): boolean {
  return (
    changes.script !== undefined ||
    changes.settings !== undefined ||
    changes.shots.size > 0 ||
    changes.deletedShotIds.size > 0
  );
}

function hasChanges(changes: PendingChanges): boolean {
  return hasProjectChanges(changes) || changes.shotFields.size > 0 || changes.tasks.size > 0;
}

/** `newer` on top of `older`: what was edited again since keeps its newer value. */
function merge(older: PendingChanges, newer: PendingChanges): PendingChanges {
  const shots = new Map(older.shots);
  for (const id of newer.deletedShotIds) shots.delete(id);
  for (const [id, shot] of newer.shots) shots.set(id, shot);
  const deletedShotIds = new Set([...older.deletedShotIds].filter((id) => !newer.shots.has(id)));
  for (const id of newer.deletedShotIds) deletedShotIds.add(id);
  const shotFields = new Map(older.shotFields);
  // A deleted shot's edits go with it; a whole shot sent again carries its current fields.
  for (const id of newer.deletedShotIds) shotFields.delete(id);
  for (const id of newer.shots.keys()) shotFields.delete(id);
  for (const [id, fields] of newer.shotFields) {
    const whole = shots.get(id);
    // Edits of a shot whose whole upsert still waits go into it (one write, the newest values).
    if (whole && !deletedShotIds.has(id)) shots.set(id, { ...whole, ...fields } as ShotUpsert);
    else shotFields.set(id, { ...shotFields.get(id), ...fields });
  }
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
    shotFields,
    tasks: new Map([...older.tasks, ...newer.tasks]),
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
    const projectId = change.projectId ?? this.#projectId;
    if (projectId === null) return;
    const next = emptyChanges();
    if (change.script !== undefined) next.script = change.script;
    if (change.settings !== undefined) next.settings = change.settings;
    for (const shot of change.shots ?? []) if (shot.id) next.shots.set(shot.id, shot);
    for (const id of change.deletedShotIds ?? []) next.deletedShotIds.add(id);
    for (const { id, fields } of change.shotFields ?? [])
      next.shotFields.set(id, { ...next.shotFields.get(id), ...fields });
    for (const task of change.tasks ?? []) next.tasks.set(task.key, task);
    if (projectId === this.#projectId) this.#pending = merge(this.#pending, next);
    else {
      // Another project's edits (its page is being left): kept for it, sent before the open one's.
      const kept = this.#kept.get(projectId);
      this.#kept.set(projectId, { changes: kept ? merge(kept.changes, next) : next, saveId: null });
    }
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
    const promise = this.#send(projectId, changes, saveId).then((failure) =>
      failure ? this.#failed(projectId, failure.unsaved, saveId, failure.error) : this.#succeeded(projectId),
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

  /** The fields of a shot edited here and not sent yet (their local values are newer than the server's). */
  pendingShotFields(shotId: string): ReadonlySet<string> {
    return new Set(Object.keys(this.#pending.shotFields.get(shotId) ?? {}));
  }

  /**
   * The page is being unloaded: one beacon with the project's unsaved changes, and one request that
   * outlives the page per shot with unsaved field edits. Returns whether everything was sent.
   */
  emergencySave(): boolean {
    const unsaved = new Map<string, PendingChanges>();
    const add = (projectId: string, newer: PendingChanges) =>
      unsaved.set(projectId, merge(unsaved.get(projectId) ?? emptyChanges(), newer));
    if (this.#inFlight) add(this.#inFlight.projectId, this.#inFlight.changes);
    for (const [projectId, kept] of this.#kept) add(projectId, kept.changes);
    if (this.#projectId !== null) add(this.#projectId, this.#pending);
    const { beacon, shotBeacon } = this.#options;
    const sent: boolean[] = [];
    for (const [projectId, changes] of unsaved) {
      if (hasProjectChanges(changes))
        sent.push(beacon?.(projectId, toPayload(changes, this.#options.newSaveId())) ?? false);
      for (const [shotId, fields] of changes.shotFields)
        sent.push(shotBeacon?.(projectId, shotId, fields) ?? false);
      for (const task of changes.tasks.values()) sent.push(task.beacon?.() ?? false);
    }
    return sent.length > 0 && sent.every(Boolean);
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

  /**
   * Sends one save: the project's changes first (a shot it creates can then be edited), then each
   * shot's field edits and the other tasks. Answers what is still unsaved and why, or null when all of it was saved.
   * A shot's edits the server refuses (4xx) are dropped and reported; the others stay unsaved.
   */
  async #send(
    projectId: string,
    changes: PendingChanges,
    saveId: string,
  ): Promise<{ unsaved: PendingChanges; error: unknown } | null> {
    if (hasProjectChanges(changes)) {
      try {
        await this.#options.save(projectId, toPayload(changes, saveId));
      } catch (error) {
        return { unsaved: changes, error };
      }
    }
    if (changes.shotFields.size === 0 && changes.tasks.size === 0) return null;
    const unsaved = emptyChanges();
    let firstError: unknown;
    const refused = (error: unknown) => isClientError(error) && !isAuthError(error) && !isOfflineError(error);
    const saveShot = this.#options.saveShot;
    const tasks = [...changes.tasks.values()].map(async (task) => {
      try {
        task.onSaved?.(await task.save());
      } catch (error) {
        if (refused(error)) return task.onRefused?.(error);
        unsaved.tasks.set(task.key, task);
        firstError ??= error;
      }
    });
    await Promise.all([
      ...tasks,
      ...[...changes.shotFields].map(async ([shotId, fields]) => {
        try {
          if (!saveShot) throw new Error('No way to save a shot');
          const shot = await saveShot(projectId, shotId, fields);
          this.#options.onShotSaved?.(projectId, shot, this.pendingShotFields(shotId));
        } catch (error) {
          if (refused(error)) {
            this.#options.onShotRefused?.(projectId, shotId, fields, error);
            return;
          }
          unsaved.shotFields.set(shotId, fields);
          firstError ??= error;
        }
      }),
    ]);
    return hasChanges(unsaved) ? { unsaved, error: firstError } : null;
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

/**
 * SPEC.md §4's page-hide save: the page being hidden (another tab, minimised, or on its way out)
 * saves at once; the page being unloaded (reload, tab close, navigation away) sends what is still
 * unsaved in requests that outlive it. Returns a function that stops listening.
 */
export function saveOnPageHide(
  saves: Pick<SaveManager, 'flush' | 'emergencySave'>,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  doc: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'> = document,
): () => void {
  const onHide = () => {
    if (doc.visibilityState === 'hidden') void saves.flush();
  };
  const onUnload = () => {
    saves.emergencySave();
  };
  doc.addEventListener('visibilitychange', onHide);
  target.addEventListener('pagehide', onUnload);
  return () => {
    doc.removeEventListener('visibilitychange', onHide);
    target.removeEventListener('pagehide', onUnload);
  };
}

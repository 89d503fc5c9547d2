import {
  DEFAULT_SCENE_NAME,
  type Project,
  type ProjectSettingsInput,
  SCENE_COLORS,
  type Scene,
  type Shot,
  type ShotUpdates,
} from '@reelbench/sdk';
import type { QueryClient } from '@tanstack/react-query';
import {
  markLocalEdit as markLocalEditDefault,
  markLocalSettingsEdit as markLocalSettingsEditDefault,
} from '../app/live-sync.js';
import { queryKeys } from '../app/queries.js';
import type { SaveManager } from '../state/save-manager.js';
import { markShotsClean, markShotsDirty } from './dirty.js';
import {
  moveInOrder,
  type OrderSettings,
  orderShots,
  placeScene,
  toUpsert,
  withCopies,
  withOrder,
  withoutShots,
} from './model.js';
import { type Command, UndoStack } from './undo.js';

/** The cache shape of queryKeys.shots(projectId). */
export interface ShotListData {
  shots: Shot[];
  total: number;
  limit: number;
  offset: number;
}

export interface EditorDeps {
  queryClient: QueryClient;
  saves: Pick<SaveManager, 'markDirty'> & Partial<Pick<SaveManager, 'state' | 'flush'>>;
  markLocalEdit?: (shotId: string) => void;
  /** The project's scenes, order or timing changed here: its remote settings are ignored for 2 s. */
  markLocalSettingsEdit?: (projectId: string) => void;
  newId?: () => string;
  /** A new scene's colour (SPEC.md §5: chosen randomly from the 7 theme colours). */
  randomColor?: () => string;
}

type FieldValues = Partial<Record<keyof ShotUpdates, unknown>>;

/**
 * Every local shot edit of the shot views, as an undoable command (UI.md, data).
 *
 * Each edit, done or undone, is applied optimistically to the query cache, marks the touched shots
 * as locally edited (remote updates for them are ignored for 2 s, SPEC.md §4) and is persisted
 * along ONE rule:
 *
 * - A change to one shot's fields (name, duration, framing, prompt, a promoted frame…) goes to the
 *   save manager as that shot's field edits, sent as a partial `shots.update(id, fields)`: only those
 *   fields are written, so an edit never overwrites an image a render stored meanwhile, and the
 *   server announces the shot to the project's other browsers. Typed text is saved 1 s after the
 *   last key (and at once when the page is hidden or closed); any other edit at once. Offline, the
 *   save manager keeps the edits and sends them when the connection is back.
 * - A change to the project's structure — which shots exist (delete, duplicate, undo of those) and
 *   their order and scenes — goes through the save manager (`saves.markDirty`) as shots and
 *   settings together: one debounced, single-flight, offline-safe project save, so the shots and the
 *   order they are listed in can never be saved half.
 */
export class ShotEditor {
  readonly history = new UndoStack();
  readonly #deps: EditorDeps;
  /** Shots whose change went to the save manager: dirty until it reports saved. */
  readonly #awaitingSave = new Set<string>();

  constructor(
    deps: EditorDeps,
    readonly projectId: string,
  ) {
    this.#deps = deps;
    deps.saves.state?.subscribe(() => {
      if (deps.saves.state?.get() !== 'saved' || this.#awaitingSave.size === 0) return;
      const saved = [...this.#awaitingSave];
      this.#awaitingSave.clear();
      markShotsClean(saved);
    });
  }

  // ---------------------------------------------------------------- reading the cache

  shots(): Shot[] {
    return this.#deps.queryClient.getQueryData<ShotListData>(queryKeys.shots(this.projectId))?.shots ?? [];
  }

  shot(id: string): Shot | undefined {
    return this.shots().find((shot) => shot.id === id);
  }

  #project(): Project | undefined {
    return this.#deps.queryClient.getQueryData<Project>(queryKeys.project(this.projectId));
  }

  /** The order of every shot (the project's shotOrder completed by the list) and the scenes. */
  orderSettings(): OrderSettings {
    const settings = this.#project()?.settings;
    const order = orderShots(this.shots(), settings?.shotOrder ?? []).map((shot) => shot.id);
    return { shotOrder: order, scenes: settings?.scenes ?? [] };
  }

  // ---------------------------------------------------------------- edits

  /**
   * Changes fields of one shot; false when nothing changes. `typing` names a typing session (a field
   * being typed in): its edits are one undo step, and they are saved 1 s after the last key (the
   * save manager's debounce) instead of at once.
   */
  editFields(shotId: string, updates: ShotUpdates, label = 'Edit shot', typing?: string): boolean {
    const shot = this.shot(shotId);
    if (!shot) return false;
    const source = shot as unknown as Record<string, unknown>;
    const before: FieldValues = {};
    const after: FieldValues = {};
    for (const [key, value] of Object.entries(updates) as [keyof ShotUpdates, unknown][]) {
      if (value === undefined || Object.is(source[key] ?? null, value ?? null)) continue;
      before[key] = source[key] ?? null;
      after[key] = value;
    }
    if (Object.keys(after).length === 0) return false;
    const session = this.#typing;
    if (typing !== undefined && session?.key === typing && this.history.last === session.command) {
      // The same typing session: the step it already has takes the new value.
      for (const key of Object.keys(after) as (keyof ShotUpdates)[])
        if (!(key in session.before)) session.before[key] = before[key];
      Object.assign(session.after, after);
      this.#writeFields(shotId, after, true);
      return true;
    }
    const step = { before, after };
    const command: Command = {
      label,
      apply: () => this.#writeFields(shotId, step.after),
      revert: () => this.#writeFields(shotId, step.before),
    };
    if (typing === undefined) {
      this.history.run(command);
      return true;
    }
    this.#typing = { key: typing, command, ...step };
    this.#writeFields(shotId, after, true);
    this.history.push(command);
    return true;
  }

  #typing: { key: string; command: Command; before: FieldValues; after: FieldValues } | undefined;

  /**
   * Takes back what a typing session wrote (Escape in a field being edited): the shot gets its
   * values from before the session again, saved at once, and the session leaves no undo step.
   */
  cancelTyping(typing: string): boolean {
    const session = this.#typing;
    if (session?.key !== typing) return false;
    this.#typing = undefined;
    if (!this.history.drop(session.command)) return false;
    session.command.revert();
    return true;
  }

  /** What was typed is saved now instead of after the debounce (a field is left). */
  settleTyping(): void {
    void this.#deps.saves.flush?.();
  }

  deleteShots(ids: readonly string[]): boolean {
    const present = new Set(ids);
    const list = this.shots();
    const removed = list.filter((shot) => present.has(shot.id));
    if (removed.length === 0) return false;
    const removedIds = removed.map((shot) => shot.id);
    const settingsBefore = this.orderSettings();
    const label = removed.length === 1 ? 'Delete shot' : `Delete ${removed.length} shots`;
    this.history.run({
      label,
      apply: () => {
        this.#removeFromCache(removedIds);
        const settings = withoutShots(this.orderSettings(), removedIds);
        this.#writeSettings(settings);
        this.#touch(removedIds);
        this.#deps.saves.markDirty({ deletedShotIds: removedIds, settings: this.#settingsInput(settings) });
      },
      revert: () => {
        this.#addToCache(removed);
        const settings = restoreOrder(settingsBefore, this.orderSettings());
        this.#writeSettings(settings);
        this.#touch(removedIds);
        this.#deps.saves.markDirty({ shots: removed.map(toUpsert), settings: this.#settingsInput(settings) });
      },
    });
    return true;
  }

  /** Copies each shot right after itself, in its scene; returns the copies' ids. */
  duplicateShots(ids: readonly string[]): string[] {
    const order = this.orderSettings().shotOrder;
    const wanted = new Set(ids);
    const byId = new Map(this.shots().map((shot) => [shot.id, shot]));
    const sources = order.filter((id) => wanted.has(id)).flatMap((id) => byId.get(id) ?? []);
    if (sources.length === 0) return [];
    const newId = this.#deps.newId ?? (() => crypto.randomUUID());
    const copies = sources.map((source) => ({ sourceId: source.id, shot: { ...source, id: newId() } }));
    const copyIds = copies.map((copy) => copy.shot.id);
    const label = copies.length === 1 ? 'Duplicate shot' : `Duplicate ${copies.length} shots`;
    this.history.run({
      label,
      apply: () => {
        this.#addToCache(copies.map((copy) => copy.shot));
        // The copies are in the cache (so at the end of the order): put each after its original.
        const settings = withCopies(
          withoutShots(this.orderSettings(), copyIds),
          copies.map((copy) => ({ sourceId: copy.sourceId, id: copy.shot.id })),
        );
        this.#writeSettings(settings);
        this.#touch(copyIds);
        this.#deps.saves.markDirty({
          shots: copies.map((copy) => toUpsert(copy.shot)),
          settings: this.#settingsInput(settings),
        });
      },
      revert: () => {
        this.#removeFromCache(copyIds);
        const settings = withoutShots(this.orderSettings(), copyIds);
        this.#writeSettings(settings);
        this.#touch(copyIds);
        this.#deps.saves.markDirty({ deletedShotIds: copyIds, settings: this.#settingsInput(settings) });
      },
    });
    return copyIds;
  }

  /** Puts the shots in `order` (every shot id); `moved` join the scene of their new neighbour. */
  reorder(order: readonly string[], moved: readonly string[], label = 'Reorder shots'): boolean {
    const before = this.orderSettings();
    if (before.shotOrder.length === order.length && before.shotOrder.every((id, i) => id === order[i]))
      return false;
    const after = withOrder(before, order, moved);
    this.history.run({
      label,
      apply: () => this.#applySettings(after, moved),
      revert: () => this.#applySettings(before, moved),
    });
    return true;
  }

  /** Moves shots `delta` places earlier (negative) or later in the timeline order. */
  moveShots(ids: readonly string[], delta: number): boolean {
    const order = this.orderSettings().shotOrder;
    const next = moveInOrder(order, ids, delta);
    return this.reorder(next, ids, ids.length === 1 ? 'Move shot' : `Move ${ids.length} shots`);
  }

  // ---------------------------------------------------------------- scenes and timing

  scenes(): Scene[] {
    return this.orderSettings().scenes;
  }

  /**
   * A new scene holding `shotIds` (they leave the scenes they were in), named 'Scene' with a random
   * theme colour, listed after the scene of the shot before them. Returns its id, or null without shots.
   */
  createScene(shotIds: readonly string[], name: string = DEFAULT_SCENE_NAME): string | null {
    const before = this.orderSettings();
    const wanted = new Set(shotIds);
    const members = before.shotOrder.filter((id) => wanted.has(id));
    if (members.length === 0) return null;
    const newId = this.#deps.newId ?? (() => crypto.randomUUID());
    const color = (this.#deps.randomColor ?? randomSceneColor)();
    const scene: Scene = { id: newId(), name, color, shotIds: members };
    const firstIndex = before.shotOrder.indexOf(members[0] as string);
    const sceneOf = new Map<string, number>();
    before.scenes.forEach((candidate, index) => {
      for (const id of candidate.shotIds) sceneOf.set(id, index);
    });
    let insertAt = 0;
    for (let i = firstIndex - 1; i >= 0; i -= 1) {
      const index = sceneOf.get(before.shotOrder[i] as string);
      if (index !== undefined) {
        insertAt = index + 1;
        break;
      }
    }
    const others = before.scenes.map((candidate) => ({
      ...candidate,
      shotIds: candidate.shotIds.filter((id) => !wanted.has(id)),
    }));
    const after: OrderSettings = {
      shotOrder: before.shotOrder,
      scenes: [...others.slice(0, insertAt), scene, ...others.slice(insertAt)],
    };
    this.history.run({
      label: 'New scene',
      apply: () => this.#applySettings(after, members),
      revert: () => this.#applySettings(before, members),
    });
    return scene.id;
  }

  /** Renames or recolours a scene; false when nothing changes. */
  updateScene(sceneId: string, changes: { name?: string; color?: string }): boolean {
    const before = this.orderSettings();
    const scene = before.scenes.find((candidate) => candidate.id === sceneId);
    if (!scene) return false;
    const name = changes.name?.trim() || scene.name;
    const color = changes.color ?? scene.color;
    if (name === scene.name && color === scene.color) return false;
    const after: OrderSettings = {
      shotOrder: before.shotOrder,
      scenes: before.scenes.map((candidate) =>
        candidate.id === sceneId ? { ...candidate, name, color } : candidate,
      ),
    };
    const label =
      name !== scene.name ? (color !== scene.color ? 'Edit scene' : 'Rename scene') : 'Recolour scene';
    this.history.run({
      label,
      apply: () => this.#applySettings(after, []),
      revert: () => this.#applySettings(before, []),
    });
    return true;
  }

  /** Puts a scene at `toIndex` of the scenes, its shots moving with it in the order. */
  placeScene(sceneId: string, toIndex: number, label = 'Move scene'): boolean {
    const before = this.orderSettings();
    const after = placeScene(before, sceneId, toIndex);
    if (after === null) return false;
    const moved = before.scenes.find((scene) => scene.id === sceneId)?.shotIds ?? [];
    this.history.run({
      label,
      apply: () => this.#applySettings(after, moved),
      revert: () => this.#applySettings(before, moved),
    });
    return true;
  }

  /** Moves a scene `delta` places earlier (negative) or later among the scenes. */
  moveScene(sceneId: string, delta: number): boolean {
    const index = this.scenes().findIndex((scene) => scene.id === sceneId);
    if (index === -1) return false;
    return this.placeScene(sceneId, index + delta, delta < 0 ? 'Move scene earlier' : 'Move scene later');
  }

  preserveTiming(): boolean {
    return this.#project()?.settings.preserveTiming === true;
  }

  /** Preserve timing (SPEC.md §4): shots keep their stored start times instead of being laid end to end. */
  setPreserveTiming(on: boolean): boolean {
    if (this.preserveTiming() === on) return false;
    const apply = (value: boolean) => {
      this.#deps.queryClient.setQueryData<Project>(queryKeys.project(this.projectId), (project) =>
        project ? { ...project, settings: { ...project.settings, preserveTiming: value } } : project,
      );
      this.#touchSettings();
      this.#deps.saves.markDirty({ settings: this.#settingsInput(this.orderSettings()) });
    };
    this.history.run({
      label: on ? 'Preserve timing' : 'Lay shots end to end',
      apply: () => apply(on),
      revert: () => apply(!on),
    });
    return true;
  }

  /**
   * Durations the server already set (Time Shots to Dialogue): written into the cache and recorded as
   * ONE undo step whose undo puts every shot's previous duration back (saved like any edit), and
   * whose redo sets the new ones again. False when nothing changed.
   */
  recordDurations(
    changes: readonly { shotId: string; previousDuration: number; duration: number }[],
    label: string,
  ): boolean {
    if (changes.length === 0) return false;
    const write = (pick: 'previousDuration' | 'duration') => {
      const byId = new Map(changes.map((change) => [change.shotId, change[pick]]));
      this.#setShots((shots) =>
        shots.map((shot) => {
          const duration = byId.get(shot.id);
          return duration === undefined ? shot : { ...shot, duration };
        }),
      );
      return byId;
    };
    // The server has the new durations: the cache takes them (its echo of them is not needed).
    const mark = this.#deps.markLocalEdit ?? markLocalEditDefault;
    for (const id of write('duration').keys()) mark(id);
    // Undo and redo write one side or the other, saved like any other edit of the shots.
    const save = (pick: 'previousDuration' | 'duration') => {
      const byId = write(pick);
      this.#touch([...byId.keys()]);
      this.#deps.saves.markDirty({
        projectId: this.projectId,
        shotFields: [...byId].map(([id, duration]) => ({ id, fields: { duration } })),
      });
      void this.#deps.saves.flush?.();
    };
    this.history.push({ label, apply: () => save('duration'), revert: () => save('previousDuration') });
    return true;
  }

  undo(): Command | undefined {
    return this.history.undo();
  }

  redo(): Command | undefined {
    return this.history.redo();
  }

  // ---------------------------------------------------------------- cache and persistence

  /** Shots changed here: remote updates ignored for 2 s, and dirty until the save manager saved them. */
  #touch(ids: readonly string[]): void {
    const mark = this.#deps.markLocalEdit ?? markLocalEditDefault;
    for (const id of ids) mark(id);
    for (const id of ids) this.#awaitingSave.add(id);
    markShotsDirty(ids);
  }

  #setShots(update: (shots: Shot[]) => Shot[]): void {
    this.#deps.queryClient.setQueryData<ShotListData>(queryKeys.shots(this.projectId), (list) => {
      if (!list) return list;
      const shots = update(list.shots);
      return { ...list, shots, total: Math.max(0, list.total + (shots.length - list.shots.length)) };
    });
  }

  #removeFromCache(ids: readonly string[]): void {
    const gone = new Set(ids);
    this.#setShots((shots) => shots.filter((shot) => !gone.has(shot.id)));
  }

  #addToCache(added: readonly Shot[]): void {
    const ids = new Set(added.map((shot) => shot.id));
    this.#setShots((shots) => [...shots.filter((shot) => !ids.has(shot.id)), ...added]);
  }

  #setFields(shotId: string, values: FieldValues): void {
    this.#setShots((shots) =>
      shots.map((shot) => (shot.id === shotId ? ({ ...shot, ...values } as Shot) : shot)),
    );
  }

  /**
   * Writes fields into the cache and hands them to the save manager as a partial update of the shot:
   * while typing, saved 1 s after the last key (SPEC.md §4's debounce); any other edit (a choice, a
   * drag, an undo) at once.
   */
  #writeFields(shotId: string, values: FieldValues, typing = false): void {
    this.#setFields(shotId, values);
    this.#touch([shotId]);
    const { saves } = this.#deps;
    saves.markDirty({
      projectId: this.projectId,
      shotFields: [{ id: shotId, fields: values as ShotUpdates }],
    });
    if (!typing) void saves.flush?.();
  }

  #writeSettings(settings: OrderSettings): void {
    this.#deps.queryClient.setQueryData<Project>(queryKeys.project(this.projectId), (project) =>
      project ? { ...project, settings: { ...project.settings, ...settings } } : project,
    );
  }

  #touchSettings(): void {
    (this.#deps.markLocalSettingsEdit ?? markLocalSettingsEditDefault)(this.projectId);
  }

  #applySettings(settings: OrderSettings, touched: readonly string[]): void {
    this.#writeSettings(settings);
    this.#touch(touched);
    this.#touchSettings();
    this.#deps.saves.markDirty({ settings: this.#settingsInput(settings) });
  }

  #settingsInput(settings: OrderSettings): ProjectSettingsInput {
    const stored = this.#project()?.settings;
    return {
      ...(stored?.audioUrl !== undefined ? { audioUrl: stored.audioUrl } : {}),
      ...(stored?.preserveTiming !== undefined ? { preserveTiming: stored.preserveTiming } : {}),
      scenes: settings.scenes,
      shotOrder: settings.shotOrder,
    };
  }
}

/**
 * The order and scenes of `snapshot` (before a delete) for the shots that exist now: restored shots
 * go back to where they were, shots added since keep their place after them.
 */
export function restoreOrder(snapshot: OrderSettings, current: OrderSettings): OrderSettings {
  const now = new Set(current.shotOrder);
  const snapshotIds = new Set(snapshot.shotOrder);
  const shotOrder = [
    ...snapshot.shotOrder.filter((id) => now.has(id)),
    ...current.shotOrder.filter((id) => !snapshotIds.has(id)),
  ];
  const known = new Set(shotOrder);
  const currentScenes = new Map(current.scenes.map((scene) => [scene.id, scene]));
  const scenes = snapshot.scenes.map((scene) => {
    const later = currentScenes.get(scene.id)?.shotIds.filter((id) => !scene.shotIds.includes(id)) ?? [];
    return {
      ...(currentScenes.get(scene.id) ?? scene),
      shotIds: [...scene.shotIds, ...later].filter((id) => known.has(id)),
    };
  });
  const snapshotSceneIds = new Set(snapshot.scenes.map((scene) => scene.id));
  for (const scene of current.scenes) if (!snapshotSceneIds.has(scene.id)) scenes.push(scene);
  return { shotOrder, scenes };
}

export function randomSceneColor(): string {
  return SCENE_COLORS[Math.floor(Math.random() * SCENE_COLORS.length)] ?? SCENE_COLORS[0];
}

const editors = new WeakMap<QueryClient, Map<string, ShotEditor>>();

/**
 * One editor (and so one undo history) per project and tab, shared by the storyboard and the shot
 * list: undo on one page takes back an edit made on the other.
 */
export function shotEditorFor(deps: EditorDeps, projectId: string): ShotEditor {
  let byProject = editors.get(deps.queryClient);
  if (!byProject) {
    byProject = new Map();
    editors.set(deps.queryClient, byProject);
  }
  let editor = byProject.get(projectId);
  if (!editor) {
    editor = new ShotEditor(deps, projectId);
    byProject.set(projectId, editor);
  }
  return editor;
}

import { createStore } from '../state/store.js';

/** An edit that can be taken back: `apply` does it (again), `revert` undoes it. */
export interface Command {
  label: string;
  apply(): void;
  revert(): void;
}

export interface UndoState {
  undo: string | null;
  redo: string | null;
}

/**
 * The undo stack (UI.md, data: edits are commands with an inverse). `run` applies a command and
 * records it; a new command clears what could be redone. Bounded, oldest dropped first.
 */
export class UndoStack {
  readonly state = createStore<UndoState>({ undo: null, redo: null });
  #done: Command[] = [];
  #undone: Command[] = [];

  constructor(readonly limit = 200) {}

  run(command: Command): void {
    command.apply();
    this.push(command);
  }

  /** Records a command whose effect already happened. */
  push(command: Command): void {
    this.#done.push(command);
    if (this.#done.length > this.limit) this.#done.shift();
    this.#undone = [];
    this.#publish();
  }

  /** The command an undo would take back. */
  get last(): Command | undefined {
    return this.#done.at(-1);
  }

  get canUndo(): boolean {
    return this.#done.length > 0;
  }

  get canRedo(): boolean {
    return this.#undone.length > 0;
  }

  undo(): Command | undefined {
    const command = this.#done.pop();
    if (!command) return undefined;
    command.revert();
    this.#undone.push(command);
    this.#publish();
    return command;
  }

  redo(): Command | undefined {
    const command = this.#undone.pop();
    if (!command) return undefined;
    command.apply();
    this.#done.push(command);
    this.#publish();
    return command;
  }

  /** Forgets `command` when it is the last one done (an edit cancelled before it was finished). */
  drop(command: Command): boolean {
    if (this.#done.at(-1) !== command) return false;
    this.#done.pop();
    this.#publish();
    return true;
  }

  clear(): void {
    this.#done = [];
    this.#undone = [];
    this.#publish();
  }

  #publish(): void {
    this.state.set({ undo: this.#done.at(-1)?.label ?? null, redo: this.#undone.at(-1)?.label ?? null });
  }
}

/**
 * Writes to one row that arrive while a write to that row is under way go to the database together
 * (`writeGroup`: one transaction, or one statement as shot:update does), when it ends.
 *
 * Postgres holds a row's lock until the transaction commits, and a commit waits for its WAL to reach
 * the disk: updates of one row are one fsync apart however fast the server is (about 460 a second on
 * this machine's disk, 5,000 with the flush skipped). A client that sends updates of one shot in
 * quick succession (a slider dragged, a field typed into) would queue on that. Grouped, each update
 * is still its own statement with its own result, in the order they arrived, and each is answered
 * only once the transaction holding it has committed; a group shares one commit. Writes to
 * different keys run as before, side by side. If a group fails, its writes are run again one by one,
 * so each gets its own answer.
 */
export class KeyedWrites<T, R> {
  private readonly lanes = new Map<string, Waiting<T, R>[]>();

  constructor(
    private readonly writeOne: (item: T) => Promise<R>,
    private readonly writeGroup: (items: T[]) => Promise<R[]>,
  ) {}

  write(key: string, item: T): Promise<R> {
    const waiting = this.lanes.get(key);
    if (waiting !== undefined)
      return new Promise<R>((resolve, reject) => waiting.push({ item, resolve, reject }));
    const lane: Waiting<T, R>[] = [];
    this.lanes.set(key, lane);
    const first = this.writeOne(item);
    const next = () => {
      this.drain(key, lane).catch(() => undefined);
    };
    first.then(next, next);
    return first;
  }

  private async drain(key: string, lane: Waiting<T, R>[]): Promise<void> {
    try {
      while (lane.length > 0) {
        const group = lane.splice(0);
        if (group.length === 1) {
          const [only] = group as [Waiting<T, R>];
          await this.writeOne(only.item).then(only.resolve, only.reject);
          continue;
        }
        let results: R[] | null = null;
        try {
          results = await this.writeGroup(group.map((entry) => entry.item));
        } catch {
          results = null;
        }
        if (results !== null && results.length === group.length) {
          for (const [index, entry] of group.entries()) entry.resolve(results[index] as R);
          continue;
        }
        for (const entry of group) await this.writeOne(entry.item).then(entry.resolve, entry.reject);
      }
    } finally {
      this.lanes.delete(key);
    }
  }
}

interface Waiting<T, R> {
  item: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

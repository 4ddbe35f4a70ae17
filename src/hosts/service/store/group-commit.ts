// Group commit for the receiver's writes. Each commit waits for its WAL flush (fsync: a 202 means "on disk"), and a
// flush costs milliseconds whatever it carries, so one statement per delivery caps the receiver at a few hundred
// deliveries a second and queues the rest behind the pool. Here a write goes out at once when a slot is free;
// while every slot is busy, the writes that arrive wait and leave together as one statement (one round trip, one
// flush) as soon as a slot frees: no added delay when idle, batches exactly as large as the load makes them.
//
// - Two writes that must not share a statement (the same delivery id, or the same body: a statement does not see
//   its own rows when it checks for them) go in separate statements, one after the other in arrival order: never
//   in one batch, nor in two running at once (neither would see the other's uncommitted row).
// - A write still waiting after `maxWaitMs` is dropped with an error: its caller answered 503 by then, and writing
//   it later only adds to an overload.
// - A batch that fails is split: each of its writes goes again alone (still within `maxWaitMs` of its arrival), so
//   one poisoned delivery (text PostgreSQL refuses) fails only itself. A write that fails alone fails its caller
//   (503; GitHub's redelivery is then deduplicated).

export interface GroupCommitOptions<I, O> {
  /** Writes `items` in one statement; resolves with one outcome per item, in order. */
  write(items: I[]): Promise<O[]>;
  /** Keys of an item that no other item of the same batch may share. */
  conflictKeys(item: I): readonly string[];
  /** Statements in flight at most (the pool's connections). */
  slots: number;
  /** Items per statement at most. */
  maxBatch: number;
  /** A waiting item older than this is dropped with an error. */
  maxWaitMs: number;
  now?: () => number;
}

interface Waiting<I, O> {
  item: I;
  since: number;
  /** Goes in a statement of its own (its batch failed). */
  alone?: boolean;
  resolve(outcome: O): void;
  reject(err: unknown): void;
}

export class GroupCommit<I, O> {
  private readonly waiting: Waiting<I, O>[] = [];
  private inFlight = 0;
  /** Conflict keys of the statements running now (a key may be held by one statement at a time). */
  private readonly heldKeys = new Set<string>();
  private readonly now: () => number;

  constructor(private readonly o: GroupCommitOptions<I, O>) {
    this.now = o.now ?? (() => performance.now());
  }

  /** Statements running now (for tests and metrics). */
  get running(): number {
    return this.inFlight;
  }

  write(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, since: this.now(), resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.o.slots) {
      const batch = this.nextBatch();
      if (batch.length === 0) return;
      this.inFlight++;
      const keys = batch.flatMap((w) => this.o.conflictKeys(w.item));
      for (const k of keys) this.heldKeys.add(k);
      void this.run(batch, keys);
    }
  }

  /** The oldest waiting items that fit one statement (in arrival order, no shared key); expired ones dropped. */
  private nextBatch(): Waiting<I, O>[] {
    const batch: Waiting<I, O>[] = [];
    const taken = new Set(this.heldKeys);
    const now = this.now();
    for (let i = 0; i < this.waiting.length && batch.length < this.o.maxBatch;) {
      const w = this.waiting[i];
      if (now - w.since > this.o.maxWaitMs) {
        this.waiting.splice(i, 1);
        w.reject(new Error(`not written: waited over ${this.o.maxWaitMs} ms for the database`));
        continue;
      }
      if (w.alone && batch.length > 0) break;
      const keys = this.o.conflictKeys(w.item);
      if (keys.some((k) => taken.has(k))) {
        // A later item with the same key waits too: arrival order holds per key.
        for (const k of keys) taken.add(k);
        i++;
        continue;
      }
      for (const k of keys) taken.add(k);
      this.waiting.splice(i, 1);
      batch.push(w);
      if (w.alone) break;
    }
    return batch;
  }

  private async run(batch: Waiting<I, O>[], keys: string[]): Promise<void> {
    try {
      const outcomes = await this.o.write(batch.map((w) => w.item));
      if (outcomes.length !== batch.length)
        throw new Error(`the batch write answered ${outcomes.length} outcomes for ${batch.length} items`);
      batch.forEach((w, i) => w.resolve(outcomes[i]));
    } catch (err) {
      if (batch.length === 1) batch[0].reject(err);
      else this.waiting.unshift(...batch.map((w) => ({ ...w, alone: true })));
    } finally {
      this.inFlight--;
      for (const k of keys) this.heldKeys.delete(k);
      this.pump();
    }
  }
}

// Deliveries are at-least-once: remember delivery ids for a while (bounded in time and in count) so a
// redelivery or retry is acknowledged without being processed again.

export interface DeliveryStoreOptions {
  /** How long an id is remembered (default 24 h). */
  ttlMs?: number;
  /** How many ids at most (default 10 000; the oldest go first). */
  maxEntries?: number;
  now?: () => number;
}

export class DeliveryStore {
  private readonly seen = new Map<string, number>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: DeliveryStoreOptions = {}) {
    this.ttlMs = options.ttlMs ?? 24 * 3_600_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Records the id; false when it was already seen within the time window. */
  firstTime(id: string): boolean {
    const now = this.now();
    this.expire(now);
    if (this.seen.has(id)) return false;
    this.seen.set(id, now);
    while (this.seen.size > this.maxEntries) this.seen.delete(this.seen.keys().next().value as string);
    return true;
  }

  /** Forgets an id whose processing could not even be queued, so a redelivery is processed. */
  forget(id: string): void {
    this.seen.delete(id);
  }

  get size(): number {
    return this.seen.size;
  }

  private expire(now: number): void {
    for (const [id, at] of this.seen) {
      if (now - at < this.ttlMs) break; // insertion order = time order
      this.seen.delete(id);
    }
  }
}

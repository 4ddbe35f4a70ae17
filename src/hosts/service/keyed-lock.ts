// Runs jobs with the same key one after another (jobs with different keys run concurrently). Two deliveries
// about the same issue (opened and edited, or a duplicate that escaped deduplication) must not plan against
// the same fresh state at the same time, or both would write (a comment posted twice).

export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, job: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((r) => (release = r));
    const tail = before.then(() => mine);
    this.tails.set(key, tail);
    await before;
    try {
      return await job();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** Keys with a job running or waiting. */
  get size(): number {
    return this.tails.size;
  }
}

// The receiver comes first. A delivery's 202 waits for its write to the store, and where the workers, the database
// and the receiver share the CPUs, the workers' jobs (the engine's parsing, its API calls, their statements) slow
// every write down. GitHub gives up on a delivery after 10 s and never redelivers by itself, while a job that starts
// later loses nothing: its deliveries are stored, and the ones that arrive meanwhile join it. So while the store's
// writes are slow, the workers start a job only when none is running; they take more again once writes are quick.
//
// Slow means: a write still unanswered after `slowMs`, or the slowest of the writes answered within the last
// `windowMs` took longer than `slowMs`. With no write in the window (nothing arriving), nothing is slow.

export interface ReceiverFirstOptions {
  /** A write slower than this makes the workers hold back (default 25 ms: half the acknowledgement goal). */
  slowMs?: number;
  /** How far back answered writes count (default 1 s). */
  windowMs?: number;
  /** How often a held-back job looks again (default 20 ms). */
  pollMs?: number;
  now?: () => number;
  /** Called once for each job that had to wait. */
  onHeldBack?: () => void;
}

export class ReceiverFirst {
  private readonly slowMs: number;
  private readonly windowMs: number;
  private readonly pollMs: number;
  private readonly now: () => number;
  /** Start times of the writes under way. */
  private readonly writing = new Set<{ since: number }>();
  /** Answered writes: when each ended and how long it took, oldest first. */
  private readonly answered: { at: number; ms: number }[] = [];
  private running = 0;
  private readonly onHeldBack: () => void;

  constructor(o: ReceiverFirstOptions = {}) {
    this.onHeldBack = o.onHeldBack ?? (() => {});
    this.slowMs = o.slowMs ?? 25;
    this.windowMs = o.windowMs ?? 1_000;
    this.pollMs = o.pollMs ?? 20;
    this.now = o.now ?? (() => performance.now());
  }

  /** Marks a write to the store as begun; call the result when it ended (answered or failed). */
  begin(): () => void {
    const entry = { since: this.now() };
    this.writing.add(entry);
    return () => {
      if (!this.writing.delete(entry)) return;
      const at = this.now();
      this.answered.push({ at, ms: at - entry.since });
      this.forgetOld(at);
    };
  }

  /** Whether the store's writes are slow now (see above). */
  slow(): boolean {
    const now = this.now();
    this.forgetOld(now);
    for (const w of this.writing) if (now - w.since > this.slowMs) return true;
    return this.answered.some((a) => a.ms > this.slowMs);
  }

  /** Jobs started and not yet released. */
  get jobs(): number {
    return this.running;
  }

  /**
   * Resolves when a job may start, with the function that ends it: at once while writes are quick or no job runs,
   * otherwise as soon as one of those holds.
   */
  async admit(): Promise<() => void> {
    let held = false;
    while (this.running > 0 && this.slow()) {
      if (!held) this.onHeldBack();
      held = true;
      await new Promise((r) => setTimeout(r, this.pollMs));
    }
    this.running++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
    };
  }

  private forgetOld(now: number): void {
    while (this.answered.length && now - this.answered[0].at > this.windowMs) this.answered.shift();
  }
}

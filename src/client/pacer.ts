// Secondary-limit pacing: bounded concurrency, content-creating requests per minute and per hour, and
// points per minute. A burst that fits every window goes at full speed; waiting starts only when a
// window would overflow.

export interface PacerLimits {
  concurrency: number;
  writesPerMinute: number;
  writesPerHour: number;
  pointsPerMinute: number;
  /** Scales the minute and hour windows (tests against the emulator). */
  timeScale: number;
}

export const DEFAULT_LIMITS: Omit<PacerLimits, 'concurrency' | 'timeScale'> = {
  writesPerMinute: 80,
  writesPerHour: 500,
  pointsPerMinute: 900,
};

export interface PacerClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export interface Slot {
  release(): void;
  /** ms this acquisition waited for a window (not for concurrency). */
  waitedMs: number;
}

export function pointsOf(method: string): number {
  return isWrite(method) ? 5 : 1;
}

export function isWrite(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}

/**
 * The method a request counts as in the secondary limits. GitHub's docs ("Rate limits for the REST API",
 * secondary limits): a GraphQL request without a mutation costs 1 point and creates no content, one with a
 * mutation 5 points. So `POST /graphql` counts as a read unless the caller says it sends a mutation.
 */
export function limitMethod(method: string, path: string, graphqlOperation?: 'query' | 'mutation'): string {
  const graphql = method.toUpperCase() === 'POST' && /\/graphql\/?$/.test(path);
  if (graphql) return graphqlOperation === 'mutation' ? 'POST' : 'GET';
  return method.toUpperCase();
}

export class WaitTooLongError extends Error {
  constructor(
    readonly waitMs: number,
    readonly limitMs: number,
    what: string,
  ) {
    super(
      `${what}: the next request would have to wait ${Math.ceil(waitMs / 1000)} s, more than the ${Math.ceil(limitMs / 1000)} s allowed`,
    );
    this.name = 'WaitTooLongError';
  }
}

export class Pacer {
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  /** Send times of content-creating requests within the last hour. */
  private writes: number[] = [];
  /** Send times and points of every request within the last minute. */
  private points: { t: number; p: number }[] = [];
  private gate: Promise<void> = Promise.resolve();

  constructor(
    private readonly limits: PacerLimits,
    private readonly clock: PacerClock,
    private readonly maxWaitMs: number,
    history: number[] = [],
  ) {
    this.writes = history.slice().sort((a, b) => a - b);
  }

  get minute(): number {
    return 60_000 * this.limits.timeScale;
  }

  get hour(): number {
    return 3_600_000 * this.limits.timeScale;
  }

  /** Send times of content-creating requests still inside the hour window (persisted between steps). */
  history(): number[] {
    this.prune(this.clock.now());
    return this.writes.slice();
  }

  /** Waits for a concurrency slot, then for the windows to admit the request, and records it. */
  async acquire(method: string): Promise<Slot> {
    await this.takeSlot();
    const write = isWrite(method);
    const points = pointsOf(method);
    let waitedMs = 0;
    let admittedAt = 0;
    try {
      // Reservations are made one at a time, in arrival order, so a window is never over-booked.
      const turn = this.gate.then(async () => {
        for (;;) {
          const now = this.clock.now();
          const delay = this.delayFor(now, write, points);
          if (delay <= 0) {
            if (write) this.writes.push(now);
            this.points.push({ t: now, p: points });
            admittedAt = now;
            return;
          }
          if (delay > this.maxWaitMs)
            throw new WaitTooLongError(delay, this.maxWaitMs, 'secondary rate limit window full');
          waitedMs += delay;
          await this.clock.sleep(delay);
        }
      });
      this.gate = turn.catch(() => undefined);
      await turn;
    } catch (err) {
      this.releaseSlot();
      throw err;
    }
    let released = false;
    return {
      waitedMs,
      release: () => {
        if (!released) {
          released = true;
          this.restamp(admittedAt, write);
          this.releaseSlot();
        }
      },
    };
  }

  /** ms to wait before a request of this kind fits every window (0 when it fits now). */
  delayFor(now: number, write: boolean, points: number): number {
    this.prune(now);
    let until = now;
    if (write) {
      const inMinute = this.writes.filter((t) => t > now - this.minute);
      if (inMinute.length >= this.limits.writesPerMinute)
        until = Math.max(until, inMinute[inMinute.length - this.limits.writesPerMinute] + this.minute);
      if (this.writes.length >= this.limits.writesPerHour)
        until = Math.max(until, this.writes[this.writes.length - this.limits.writesPerHour] + this.hour);
    }
    let sum = this.points.reduce((a, e) => a + e.p, 0);
    for (const e of this.points) {
      if (sum + points <= this.limits.pointsPerMinute) break;
      sum -= e.p;
      until = Math.max(until, e.t + this.minute);
    }
    return until - now;
  }

  /**
   * The server counts a request when it arrives, which can be later than its admission here (a new connection, a
   * busy event loop): tens of ms that make the next window open before the server's does. Once the response is in,
   * the request surely arrived, so the windows count it from then on (a little later than the server: safe).
   */
  private restamp(admittedAt: number, write: boolean): void {
    const now = this.clock.now();
    if (now <= admittedAt) return;
    const moveLast = <T>(list: T[], at: (e: T) => number, entry: T, replacement: T) => {
      const i = list.lastIndexOf(entry);
      if (i < 0) return;
      list.splice(i, 1);
      let j = list.length;
      while (j > 0 && at(list[j - 1]) > at(replacement)) j--;
      list.splice(j, 0, replacement);
    };
    if (write) moveLast(this.writes, (t) => t, admittedAt, now);
    const entry = this.points.find((e) => e.t === admittedAt);
    if (entry) moveLast(this.points, (e) => e.t, entry, { t: now, p: entry.p });
  }

  private prune(now: number): void {
    while (this.writes.length && this.writes[0] <= now - this.hour) this.writes.shift();
    while (this.points.length && this.points[0].t <= now - this.minute) this.points.shift();
  }

  private takeSlot(): Promise<void> {
    if (this.inFlight < this.limits.concurrency) {
      this.inFlight++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(() => resolve()));
  }

  private releaseSlot(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.inFlight--;
  }
}

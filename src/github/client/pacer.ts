// Secondary-limit pacing: bounded concurrency, content-creating requests per minute and per hour, and
// points per minute; and writes as GitHub asks them. Reads that fit every window go at full speed.
//
// Writes: GitHub's "Best practices for using the REST API" asks to "make requests for a single user or client ID
// serially" and, for "a large number of POST, PATCH, PUT, or DELETE requests", to "wait at least one second between
// each request"; its secondary limits also apply "for undisclosed reasons", and peers were refused well below the
// published 80 a minute (EndBug/label-sync#232, label-bot#54, go-github-ratelimit#38). So a client's writes (REST
// POST/PATCH/PUT/DELETE, GraphQL mutations) go one at a time, each after the previous one's answer; once a plan holds
// more than a handful (`writeBurst`, 5: a small change still goes at once) or that many went out within the minute,
// each waits `writeSpacingMs` (1 s) after the previous write's answer. Any secondary signal (403/429 with or without
// `retry-after`, 422 "submitted too quickly": answers.ts) doubles the spacing, up to `maxWriteSpacingMs`; each write
// answered without one takes a tenth off again, down to the base (grow fast, shrink slowly). Reads never wait for
// writes.

export interface PacerLimits {
  concurrency: number;
  writesPerMinute: number;
  writesPerHour: number;
  pointsPerMinute: number;
  /** Scales the minute and hour windows and the write spacing (tests against the emulator). */
  timeScale: number;
  /** Least ms (GitHub time) between a write's answer and the next write once spacing applies; absent: none. */
  writeSpacingMs?: number;
  /** Writes that go unspaced: a plan of at most this many, or this many within the minute. */
  writeBurst?: number;
  /** The largest spacing the back-off grows to (GitHub time). */
  maxWriteSpacingMs?: number;
}

export const DEFAULT_LIMITS: Omit<PacerLimits, 'concurrency' | 'timeScale'> = {
  writesPerMinute: 80,
  writesPerHour: 500,
  pointsPerMinute: 900,
  writeSpacingMs: 1000,
  writeBurst: 5,
  maxWriteSpacingMs: 32_000,
};

/** The spacing's back-off: doubled on a secondary signal, a tenth off after each write answered without one. */
export const SPACING_GROWTH = 2;
export const SPACING_SHRINK = 0.9;

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

/** A plan's writes against the hour's window (`Pacer.planFit`). */
export interface WritePlanFit {
  writes: number;
  perHour: number;
  perMinute: number;
  /** Writes of this identity already in the hour's window (earlier steps of the job included). */
  inHour: number;
  left: number;
  /** Real ms until the plan fits (Infinity: never within one hour). */
  waitMs: number;
  /** The least time the plan's writes take (GitHub ms), at the per-minute limit and the spacing. */
  minMs: number;
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
  /** Writes go one at a time: each waits for the previous one's release. */
  private writeTurn: Promise<void> = Promise.resolve();
  /** When the last write was answered (real ms); undefined before the first. */
  private lastWriteEnd: number | undefined;
  /** The current spacing (GitHub ms): the base, or more after secondary signals. */
  private spacing: number;
  /** Writes the run's plans announced (`expectWrites`). */
  private planned = 0;
  /** No write goes before this (real ms): the wait GitHub asked for after a secondary limit. */
  private pausedUntil = 0;

  constructor(
    private readonly limits: PacerLimits,
    private readonly clock: PacerClock,
    private readonly maxWaitMs: number,
    history: number[] = [],
  ) {
    this.writes = history.slice().sort((a, b) => a - b);
    this.spacing = limits.writeSpacingMs ?? 0;
  }

  /** The current spacing between writes in GitHub ms (the base until a secondary signal). */
  get writeSpacingMs(): number {
    return this.spacing;
  }

  /** A plan of `writes` content-creating requests is about to be applied: more than a handful are spaced from the first. */
  expectWrites(writes: number): void {
    this.planned = Math.max(this.planned, writes);
  }

  /**
   * Whether a plan of `writes` content-creating requests fits the hour's window: `waitMs` until enough earlier
   * writes have left it (0: fits now; Infinity: more than the hour allows at all), with the numbers for a refusal.
   */
  planFit(writes: number): WritePlanFit {
    const now = this.clock.now();
    this.prune(now);
    const perHour = this.limits.writesPerHour;
    const inHour = this.writes.length;
    const left = Math.max(0, perHour - inHour);
    const perMinute = this.limits.writesPerMinute;
    const spacing = writes > (this.limits.writeBurst ?? 0) ? (this.limits.writeSpacingMs ?? 0) : 0;
    // GitHub time: the least a plan takes at 80 a minute and one write per spacing.
    const minMs = Math.max(Math.ceil(writes / perMinute - 1) * 60_000, Math.max(0, writes - 1) * spacing);
    const base = { writes, perHour, perMinute, inHour, left, minMs };
    if (writes <= left) return { ...base, waitMs: 0 };
    if (writes > perHour) return { ...base, waitMs: Number.POSITIVE_INFINITY };
    return { ...base, waitMs: Math.max(0, this.writes[writes - left - 1] + this.hour - now) };
  }

  /**
   * What GitHub answered a request: a secondary signal (any request) grows the write spacing and holds the writes
   * for `pauseMs` (real ms, the retry's wait); a write answered without one shrinks it slowly back to the base.
   */
  noteAnswer(write: boolean, secondary: boolean, pauseMs = 0): void {
    if (secondary && pauseMs > 0) this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + pauseMs);
    const base = this.limits.writeSpacingMs ?? 0;
    if (base <= 0) return;
    const cap = Math.max(base, this.limits.maxWriteSpacingMs ?? base);
    if (secondary) this.spacing = Math.min(cap, Math.max(base, this.spacing) * SPACING_GROWTH);
    else if (write) this.spacing = Math.max(base, this.spacing * SPACING_SHRINK);
  }

  /** Whether the next write waits for the spacing: a large plan, a burst already sent, or a back-off under way. */
  private spaced(now: number): boolean {
    const base = this.limits.writeSpacingMs ?? 0;
    if (base <= 0 || this.lastWriteEnd === undefined) return false;
    const burst = this.limits.writeBurst ?? 0;
    if (this.planned > burst || this.spacing > base) return true;
    return this.writes.filter((t) => t > now - this.minute).length >= burst;
  }

  /** Waits until the spacing after the previous write's answer (and any pause) has passed, bounded by the wait bound. */
  private async awaitSpacing(): Promise<number> {
    const now = this.clock.now();
    const spacedUntil = this.spaced(now) ? this.lastWriteEnd! + this.spacing * this.limits.timeScale : now;
    const delay = Math.max(spacedUntil, this.pausedUntil) - now;
    if (delay <= 0) return 0;
    if (delay > this.maxWaitMs)
      throw new WaitTooLongError(delay, this.maxWaitMs, 'writes spaced after a secondary limit');
    await this.clock.sleep(delay);
    return delay;
  }

  /**
   * Takes the write turn: resolves with the function that hands it to the next write. A caller that holds it across
   * several attempts of one write (its retries) passes `'held'` to `acquire`.
   */
  async takeWriteTurn(): Promise<() => void> {
    let handOn!: () => void;
    const mine = new Promise<void>((resolve) => (handOn = resolve));
    const previous = this.writeTurn;
    this.writeTurn = previous.then(() => mine);
    await previous;
    return handOn;
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

  /**
   * Waits for a concurrency slot, then for the windows to admit the request, and records it. A write first takes the
   * write turn and its spacing (`'take'`), or already holds the turn (`'held'`), or goes beside the others
   * (`'parallel'`: counted in the windows, neither serialised nor spaced; a release's asset uploads, whose
   * parallelism the caller chose).
   */
  async acquire(method: string, turn: 'take' | 'held' | 'parallel' = 'take'): Promise<Slot> {
    const write = isWrite(method);
    const points = pointsOf(method);
    let waitedMs = 0;
    let admittedAt = 0;
    // A write takes the write turn and waits out the spacing before it holds a concurrency slot, so reads go on.
    const serial = write && turn !== 'parallel';
    const handOn = serial && turn === 'take' ? await this.takeWriteTurn() : () => {};
    try {
      waitedMs += serial ? await this.awaitSpacing() : 0;
    } catch (err) {
      handOn();
      throw err;
    }
    await this.takeSlot();
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
      handOn();
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
          if (serial) {
            this.lastWriteEnd = this.clock.now();
            handOn();
          }
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

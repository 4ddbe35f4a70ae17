// Promises bounded in time (the promise itself keeps running).

/** Rejects with `message` after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface WhileAnsweringOptions {
  /** The promise gets this long in any case (the database may be away: refused then). */
  quietMs: number;
  /** Past `quietMs`, the promise keeps its chance while the database answered within this long (default 250 ms). */
  gapMs?: number;
  /** The promise gets this long at most, however the database answers. */
  limitMs: number;
  /** When the database last answered anything (`performance.now()` time). */
  lastAnswerAt(): number;
  now?: () => number;
}

/**
 * A promise bounded by the database's silence: rejects with `message` at `quietMs` unless the database answered
 * within `gapMs` before (it is away: frozen, cut off), and past that as soon as it has said nothing for `gapMs`, or
 * at `limitMs` in any case. While the database answers, slowly, the promise keeps its chance. A promise started
 * while the database is silent is refused exactly at `quietMs`.
 */
export function whileAnswering<T>(promise: Promise<T>, o: WhileAnsweringOptions, message: string): Promise<T> {
  const now = o.now ?? (() => performance.now());
  const gapMs = o.gapMs ?? 250;
  const started = now();
  const limitAt = started + o.limitMs;
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    const lookAt = (at: number) => (timer = setTimeout(look, Math.max(0, at - now())));
    const look = () => {
      const silentUntil = o.lastAnswerAt() + gapMs;
      const t = now();
      if (t >= limitAt || t >= silentUntil) return reject(new Error(message));
      lookAt(Math.min(limitAt, silentUntil));
    };
    lookAt(started + o.quietMs);
  });
  return Promise.race([promise, bound]).finally(() => clearTimeout(timer));
}

// Time as the client sees it. Every wait the client makes (retry back-off, retry-after, a rate-limit reset,
// pacing windows) is expressed in API time, the time GitHub's headers speak of, and goes through `sleep`.
// `scale` shrinks real waits for tests against the emulator, whose windows are scaled the same way;
// production runs use `realClock()` (scale 1). The scale is read from the environment in one place only
// (`src/hosts/actions-runner/environment.ts`).

export interface Clock {
  /** Milliseconds since the epoch (real time). */
  now(): number;
  /** Waits `ms` of API time: `ms * scale` of real time. */
  sleep(ms: number): Promise<void>;
  /** Real milliseconds per API millisecond (1 in production). */
  readonly scale: number;
}

export function realClock(scale = 1): Clock {
  const s = Number.isFinite(scale) && scale > 0 ? scale : 1;
  return {
    now: () => Date.now(),
    sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms * s))),
    scale: s,
  };
}

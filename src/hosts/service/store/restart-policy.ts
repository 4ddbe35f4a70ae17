// When the private PostgreSQL of `serve` exits while the service runs, it is started again after a delay that
// doubles with each failure (an exit, or a start that failed) counted within a sliding window; past the most
// failures the window allows, `serve` gives up and exits non-zero with the reason, so that a process manager
// (systemd's `Restart=`, a container's restart policy) restarts the whole service instead of a server that keeps
// dying being restarted for ever. Pure: the caller passes the time.

export interface RestartPolicyOptions {
  /** Failures within `windowMs` that are still restarted; one more gives up. */
  maxFailures: number;
  windowMs: number;
  /** The delay before the first restart; doubled for each failure within the window. */
  firstDelayMs: number;
  maxDelayMs: number;
}

/** Five restarts within two minutes, after 0.25, 0.5, 1, 2 and 4 s: a server that cannot start gives up in ~8 s. */
export const DEFAULT_RESTART_POLICY: RestartPolicyOptions = {
  maxFailures: 5,
  windowMs: 120_000,
  firstDelayMs: 250,
  maxDelayMs: 8_000,
};

export type RestartDecision =
  { restart: true; delayMs: number; failures: number } | { restart: false; failures: number; reason: string };

export class RestartPolicy {
  private failures: number[] = [];
  readonly options: RestartPolicyOptions;

  constructor(options: Partial<RestartPolicyOptions> = {}) {
    this.options = { ...DEFAULT_RESTART_POLICY, ...options };
  }

  /** Records a failure at `now` (milliseconds) and decides: restart after a delay, or give up. */
  failed(now: number): RestartDecision {
    const { maxFailures, windowMs, firstDelayMs, maxDelayMs } = this.options;
    this.failures = [...this.failures.filter((t) => now - t < windowMs), now];
    const failures = this.failures.length;
    if (failures > maxFailures)
      return {
        restart: false,
        failures,
        reason: `${failures} failures within ${windowMs / 1000} s (at most ${maxFailures} are restarted)`,
      };
    return { restart: true, failures, delayMs: Math.min(maxDelayMs, firstDelayMs * 2 ** (failures - 1)) };
  }
}

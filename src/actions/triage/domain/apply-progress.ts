// Progress while a plan is applied: a line every 100 operations or every 30 s of API time, whichever comes first.
// The 30 s line comes from a timer, so a run waiting on GitHub's limits (the content-creation pacing, a rate-limit
// reset) still says where it is: "Applying: 120 of 200 operations (60%); waiting on GitHub's limits".
import type { Clock } from '../../../github/client/clock';
import { Progress, SWEEP_PROGRESS } from '../../../kernel/progress';
import type { TriageOperation } from '../operations';

export const APPLY_PROGRESS_MS = 30_000;

/** `execute`, reporting progress through `log`; call `stop()` when the apply ends. */
export function withApplyProgress(
  total: number,
  execute: (op: TriageOperation) => Promise<void>,
  log: (line: string) => void,
  clock?: Pick<Clock, 'now' | 'scale'>,
): { execute: (op: TriageOperation) => Promise<void>; stop(): void } {
  let finishedSinceLine = 0;
  const progress = new Progress({
    ...SWEEP_PROGRESS,
    // The time-based lines come from the timer below (it also fires while an operation waits).
    everyMs: Number.POSITIVE_INFINITY,
    label: 'Applying',
    noun: 'operation',
    total,
    clock: { now: () => clock?.now() ?? Date.now() },
    log: (line) => {
      finishedSinceLine = 0;
      log(line);
    },
  });
  // Real milliseconds between timer lines (API time scaled, as the client's waits are).
  const every = Math.max(1, APPLY_PROGRESS_MS * (clock?.scale ?? 1));
  const timer = setInterval(() => {
    const idle = finishedSinceLine === 0;
    finishedSinceLine = 0;
    log(`${progress.line()}${idle ? "; waiting on GitHub's limits" : ''}`);
  }, every);
  timer.unref?.();
  return {
    async execute(op) {
      try {
        await execute(op);
      } finally {
        finishedSinceLine++;
        progress.advance();
      }
    },
    stop: () => clearInterval(timer),
  };
}

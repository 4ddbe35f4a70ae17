// Bounded-time checks for hostile input measure this process's CPU time, not the wall clock: the machine running the
// tests is shared (two cores, several test workers, coverage instrumentation in CI), so wall time says more about the
// neighbours than about the parser. The bounds stay far below what a super-linear algorithm needs on the same input.

/** The CPU time (user + system, ms) this process spent on `work`, the wall time, and the value. */
export function cpuTimed<T>(work: () => T): { value: T; cpuMs: number; ms: number } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = work();
  const used = process.cpuUsage(cpu);
  return { value, cpuMs: (used.user + used.system) / 1000, ms: performance.now() - start };
}

/** The least CPU time of `runs` runs of `work` (the run least disturbed by garbage collection and the JIT). */
export function bestCpuMs(work: () => unknown, runs = 3): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) best = Math.min(best, cpuTimed(work).cpuMs);
  return best;
}

/**
 * Linear growth: `work(4n)` costs less than 10 times `work(n)` (4 when linear, 16 when quadratic), best of three runs
 * each after a warm-up; `floorMs` keeps a tiny small-size time from turning noise into a failure.
 */
export function growthRatio(work: (n: number) => unknown, n: number, floorMs = 20): number {
  work(n); // warm up
  const small = bestCpuMs(() => work(n));
  const large = bestCpuMs(() => work(4 * n));
  return large / Math.max(small, floorMs);
}

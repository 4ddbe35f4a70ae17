// How long the service took to answer a request, as two histograms by route and status:
// - `repo_actions_response_seconds`: wall time from the request's headers reaching the handler to the last byte of
//   the answer handed to the kernel (the response's 'finish');
// - `repo_actions_response_served_seconds`: the same minus the time the service's main thread was ready to run but
//   waited for a CPU, i.e. the time the machine's other processes took from it.
// Why the second: the service promises a 503 within 1 s for a delivery and within 2 s for /readyz while the
// database is away (its own time-outs are set below those), and on a shared, loaded machine the wall clock also
// counts time the process was not scheduled at all, which no service can promise away. The kernel counts exactly
// that time per thread: the second field of Linux's `/proc/<pid>/task/<tid>/schedstat` is the time the thread
// spent runnable on a run queue (`run_delay`, Documentation/scheduler/sched-stats.rst); Node runs JavaScript on the
// thread whose id is the process id. Everything else stays in the served time: the service's own work, garbage
// collection, its event loop busy with other requests, its waits on timers and on the database. Unlike an
// event-loop delay measure, it cannot excuse the service's own blocking. Where the file is missing (other systems)
// nothing is subtracted: the served time is the wall time, a stricter reading of the same bound.
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Histogram, type Registry } from 'prom-client';

const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;
let schedstatReadable = true;

/** Milliseconds the main thread has waited on a run queue since it started (0 where the kernel does not say). */
export function runQueueWaitMs(): number {
  if (!schedstatReadable) return 0;
  try {
    const waitedNs = Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[1]);
    if (Number.isFinite(waitedNs)) return waitedNs / 1e6;
  } catch {
    // not Linux, or no scheduler statistics
  }
  schedstatReadable = false;
  return 0;
}

/** Seconds: around the bounds the service keeps (1 s for a delivery, 2 s for /readyz) and GitHub's 10 s. */
const BUCKETS = [0.005, 0.025, 0.1, 0.25, 0.5, 0.75, 0.9, 1, 1.5, 2, 5, 10];

export class ServedTime {
  private readonly wall: Histogram;
  private readonly served: Histogram;

  /** `routes`: the paths labelled as themselves; any other path is labelled `other`. */
  constructor(
    registry: Registry,
    private readonly routes: readonly string[],
  ) {
    const common = { labelNames: ['route', 'status'], buckets: BUCKETS, registers: [registry] };
    this.wall = new Histogram({
      name: 'repo_actions_response_seconds',
      help: 'Time from a request reaching the service to its answer written, by route and status.',
      ...common,
    });
    this.served = new Histogram({
      name: 'repo_actions_response_served_seconds',
      help: 'The same without the time the service waited for a CPU (run-queue wait): what the service itself took.',
      ...common,
    });
  }

  /** Times `res` from `arrivedAt` (`performance.now()` when the handler got the request) to its 'finish'. */
  track(req: IncomingMessage, res: ServerResponse, arrivedAt: number): void {
    const waitedBefore = runQueueWaitMs();
    const path = (req.url ?? '/').split('?')[0];
    const route = this.routes.includes(path) ? path : 'other';
    res.once('finish', () => {
      const wallSeconds = (performance.now() - arrivedAt) / 1000;
      const waitedSeconds = (runQueueWaitMs() - waitedBefore) / 1000;
      const labels = { route, status: String(res.statusCode) };
      this.wall.observe(labels, wallSeconds);
      this.served.observe(labels, Math.max(0, wallSeconds - waitedSeconds));
    });
  }
}

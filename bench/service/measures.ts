// What the service rows read besides the load's answers: resident memory of the processes, /metrics latency, and
// the replicas' own counters (engine runs, refusals by reason), summed over the replicas.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { percentile } from '../standalone';
import type { Fleet } from './fleet';

function statusKb(pid: number, field: string): number {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** `root` and every process below it. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const pid of readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .map(Number)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    } catch {
      // gone meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

/** CPU time (ms, user + system) a process used so far; 0 when it is gone. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of /proc/<pid>/stat, in clock ticks (USER_HZ, 100 on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU time so far of the serve processes and of the PostgreSQL server with its backends. */
export function cpuSnapshot(fleet: Fleet): { serve: number; postgres: number } {
  return {
    serve: fleet.serves.reduce((sum, s) => sum + cpuMs(s.proc.pid!), 0),
    postgres: processTree(fleet.postmaster).reduce((sum, pid) => sum + cpuMs(pid), 0),
  };
}

/**
 * CPU per delivery between two snapshots: what a delivery costs the service and its database whatever the load
 * on the machine (a backend that exited meanwhile is missing from the later snapshot: a lower bound then).
 */
export function cpuPerDelivery(before: ReturnType<typeof cpuSnapshot>, deliveries: number, fleet: Fleet): string {
  const after = cpuSnapshot(fleet);
  const per = (a: number, b: number) => (deliveries > 0 ? ((a - b) / deliveries).toFixed(2) : 'NaN');
  return (
    `CPU per delivery (receiving and processing): serve ${per(after.serve, before.serve)} ms, ` +
    `PostgreSQL ${per(after.postgres, before.postgres)} ms`
  );
}

/** Resident memory (MB) of the serve processes and of the PostgreSQL server with its backends (shared counted). */
export function rss(fleet: Fleet): string {
  const mb = (kb: number) => (kb / 1024).toFixed(0);
  const serves = fleet.serves.map(
    (s) => `${mb(statusKb(s.proc.pid!, 'VmRSS'))} (peak ${mb(statusKb(s.proc.pid!, 'VmHWM'))})`,
  );
  const tree = processTree(fleet.postmaster);
  const pgKb = tree.reduce((sum, pid) => sum + statusKb(pid, 'VmRSS'), 0);
  return `RSS MB: serve ${serves.join(', ')}; PostgreSQL ${tree.length} processes ${mb(pgKb)}`;
}

/** /metrics scrapes one after another on the first replica: latency percentiles (ms). */
export async function metricsLatency(fleet: Fleet, scrapes = 50): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < scrapes; i++) {
    const started = performance.now();
    await (await fetch(`${fleet.serves[0].origin}/metrics`)).text();
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** Samples of `metric` (any labels) summed over the replicas, by the value of `label` ('' without one). */
export async function counterByLabel(fleet: Fleet, metric: string, label = ''): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const line = new RegExp(`^${metric}(?:\\{([^}]*)\\})? (\\S+)$`, 'gm');
  for (const s of fleet.serves) {
    const text = await (await fetch(`${s.origin}/metrics`)).text();
    for (const m of text.matchAll(line)) {
      const value = label ? (new RegExp(`${label}="([^"]*)"`).exec(m[1] ?? '')?.[1] ?? '') : '';
      out.set(value, (out.get(value) ?? 0) + Number(m[2]));
    }
  }
  return out;
}

/**
 * The serve processes' own event-loop delay since the previous scrape (prom-client resets its histogram at each
 * one), the worst replica's: a stalled loop delays every 202.
 */
export async function serveEventLoopDelay(fleet: Fleet): Promise<string> {
  let p99 = 0;
  let max = 0;
  for (const s of fleet.serves) {
    const text = await (await fetch(`${s.origin}/metrics`)).text();
    const read = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) * 1000;
    p99 = Math.max(p99, read('nodejs_eventloop_lag_p99_seconds'));
    max = Math.max(max, read('nodejs_eventloop_lag_max_seconds'));
  }
  return `serve event-loop delay p99 ${p99.toFixed(1)} ms (max ${max.toFixed(1)})`;
}

/** Engine runs so far (jobs processed), over the replicas. */
export async function engineRuns(fleet: Fleet): Promise<number> {
  return [...(await counterByLabel(fleet, 'repo_actions_job_processing_seconds_count')).values()].reduce(
    (a, b) => a + b,
    0,
  );
}

/** The replicas' own refusals by reason ("none" when there were none). */
export async function refusals(fleet: Fleet): Promise<string> {
  const byReason = await counterByLabel(fleet, 'repo_actions_deliveries_rejected_total', 'reason');
  const seen = [...byReason].filter(([, n]) => n > 0).map(([reason, n]) => `${n}× ${reason}`);
  return seen.length ? seen.join(', ') : 'none';
}

export const machine = () => `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs`;

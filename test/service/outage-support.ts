// What the outage tests (storage failures, the embedded server crashed, frozen and killed, the database restarted
// and frozen) share: issues that the triage config labels twice and answers once, deliveries sent as GitHub sends
// them and redelivered until taken, /readyz timed, the process tree of a server to freeze, the "each effect once"
// check, and the service's own record of its answer times against the issue's bounds.
import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator';
import { eventually, postDelivery, startServe, type ServeProcess } from '../../harness/service';
import { APP_TOKEN, REPO, SECRET, webhookScenario } from '../e2e/webhooks/scenario';

/**
 * The client's check: an answer comes well before GitHub gives up on a delivery (10 s), no hang. The issue's
 * bounds (1 s, 2 s) are checked on the service's side (`expectOutageBounds`): a test's wall clock on a shared,
 * loaded two-core machine also counts time the service was not scheduled.
 */
export const PROBE_MS = 5_000;
export const READY_MS = 5_000;

/** The webhook scenario with `count` open issues that the triage config labels `bug` and `question`. */
export function issuesScenario(count: number) {
  const scenario = webhookScenario();
  scenario.repositories[0].issues = Array.from({ length: count }, (_, i) => ({
    title: `Crash number ${i + 1}`,
    body: `how do i avoid crash ${i + 1}?`,
    user: 'octocat',
  }));
  return scenario;
}

/** The emulator of an outage test: `count` issues whose label writes each take 150 ms, so that jobs are running
 * when the database goes away. */
export async function busyEmulator(count: number): Promise<Emulator> {
  const emu = await createEmulator(issuesScenario(count), { timeScale: 0.01 });
  emu.faults.latency(150, { method: 'POST', path: /\/issues\/\d+\/labels$/ });
  return emu;
}

/** A `serve` of the outage tests against `apiUrl`: short leases and retries, its database where `store` says
 * (`--database URL`, or `--data-dir DIR` for the embedded server). */
export function startOutageServe(apiUrl: string, store: string[]): Promise<ServeProcess> {
  const args = [
    ...['--secret-env', 'HOOK_SECRET', '--token-env', 'APP_TOKEN', '--own-login', 'triage-app[bot]'],
    ...['--api-url', apiUrl, ...store, '--lease-seconds', '3', '--retry-base-seconds', '0.3'],
  ];
  return startServe(args, { HOOK_SECRET: SECRET, APP_TOKEN });
}

/** The repository of the webhook scenario, as a payload names it. */
export const REPOSITORY_PAYLOAD = {
  id: 1,
  name: 'app',
  full_name: REPO,
  owner: { login: 'octo', type: 'Organization' },
};

/** Issue `n` of `issuesScenario`, as a payload carries it (open, unlabelled). */
export function issuePayload(n: number) {
  return {
    number: n,
    title: `Crash number ${n}`,
    body: `how do i avoid crash ${n}?`,
    state: 'open',
    user: { login: 'octocat', type: 'User' },
    labels: [],
    author_association: 'NONE',
  };
}

export function opened(n: number) {
  const issue = issuePayload(n);
  return { action: 'opened', issue, repository: REPOSITORY_PAYLOAD, sender: issue.user };
}

/** One delivery of `issues.opened` for issue `n` (the id decides de-duplication). */
export function send(serve: ServeProcess, id: string, n: number) {
  return postDelivery(serve.url, { id, event: 'issues', payload: opened(n), secret: SECRET });
}

/**
 * Sends deliveries as GitHub does plus a redelivery: each until a 202, retrying whatever else it got after 100 ms,
 * at most 400 times. `target(n, attempt)` picks the replica; answers slower than PROBE_MS are kept in `slow`.
 */
export function redeliverer(target: (n: number, attempt: number) => ServeProcess, idPrefix: string) {
  const state = { sending: [] as Promise<void>[], slow: [] as number[], refused: 0 };
  async function deliver(n: number): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const res = await send(target(n, attempt), `${idPrefix}-${n}`, n);
      if (res.status === 202) return;
      state.refused++;
      if (res.ms >= PROBE_MS) state.slow.push(Math.round(res.ms));
      if (attempt > 400) throw new Error(`${idPrefix}-${n}: no 202 (last ${res.status})`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return Object.assign(state, {
    /** Starts the deliveries of issues `from`..`to`, 40 ms apart. */
    async sendSome(from: number, to: number): Promise<void> {
      for (let n = from; n <= to; n++) {
        state.sending.push(deliver(n));
        await new Promise((r) => setTimeout(r, 40));
      }
    },
  });
}

/**
 * While the database is away: a delivery (`probeId`, issue 1) sent to `delivery` gets 503 and /readyz of `ready`
 * 503, neither hanging on the client's clock.
 */
export async function expectRefusedWhileAway(
  delivery: ServeProcess,
  ready: ServeProcess,
  probeId: string,
): Promise<void> {
  const refused = await send(delivery, probeId, 1);
  expect(refused.status).toBe(503);
  expect(refused.ms).toBeLessThan(PROBE_MS);
  const notReady = await readiness(ready);
  expect(notReady.status).toBe(503);
  expect(notReady.ms).toBeLessThan(READY_MS);
}

export async function readiness(serve: ServeProcess): Promise<{ status: number; ms: number; reason: string }> {
  const started = performance.now();
  const res = await fetch(`${serve.origin}/readyz`);
  const body = (await res.json()) as { reason?: string };
  return { status: res.status, ms: performance.now() - started, reason: body.reason ?? '' };
}

/** Issues among `numbers` that do not have both labels yet. */
export function unlabelled(emu: Emulator, numbers: number[]): number[] {
  const repo = emu.state.repo(REPO)!;
  return numbers.filter((n) => repo.issues.get(n)!.labels.length !== 2);
}

/** Issues among `numbers` without any comment yet (the engine writes the labels first, then its comment). */
export function unanswered(emu: Emulator, numbers: number[]): number[] {
  const answered = new Set([...emu.state.repo(REPO)!.comments.values()].map((c) => c.issueNumber));
  return numbers.filter((n) => !answered.has(n));
}

/**
 * Waits until every issue of `numbers` is labelled and answered (the engine writes the labels before its comment,
 * so both are waited for), then checks each effect happened once: a job run again after a failed write never posts
 * its comment again.
 */
export async function expectEachDoneOnce(emu: Emulator, numbers: number[], timeoutMs: number): Promise<void> {
  const done = () => unlabelled(emu, numbers).length + unanswered(emu, numbers).length === 0;
  await eventually(done, timeoutMs, 'every issue labelled and answered');
  expect(notAnsweredOnce(emu, numbers)).toEqual([]);
}

/** Issues among `numbers` that were not answered exactly once. */
export function notAnsweredOnce(emu: Emulator, numbers: number[]): number[] {
  const comments = new Map<number, number>();
  for (const c of emu.state.repo(REPO)!.comments.values())
    comments.set(c.issueNumber, (comments.get(c.issueNumber) ?? 0) + 1);
  return numbers.filter((n) => comments.get(n) !== 1);
}

export function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** The process and all its descendants (a PostgreSQL server and its backends). */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out = [pid];
  for (let i = 0; i < out.length; i++) out.push(...(children.get(out[i]) ?? []));
  return out;
}

/** Sends `signal` to every process of `pids` still there. */
export function signalAll(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // a backend that ended meanwhile
    }
  }
}

/** Runs `during` with `pids` stopped (SIGSTOP: a stalled disk, a paused VM) and continues them after, whatever
 * `during` does. */
export async function whileStopped(pids: number[], during: () => Promise<void>): Promise<void> {
  signalAll(pids, 'SIGSTOP');
  try {
    await during();
  } finally {
    signalAll(pids, 'SIGCONT');
  }
}

/** A histogram's series as /metrics renders it: `_count` and cumulative buckets by `le`. */
export interface ServedSeries {
  count: number;
  buckets: Map<string, number>;
}

/**
 * The service's own record of how long its answers to `route` with `status` took
 * (`repo_actions_response_served_seconds`: wall time minus the time its main thread waited for a CPU, see
 * src/hosts/service/served-time.ts), read from /metrics.
 */
export async function servedTimes(origin: string, route: string, status: number): Promise<ServedSeries> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const series: ServedSeries = { count: 0, buckets: new Map() };
  const name = 'repo_actions_response_served_seconds';
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || !line.includes(`route="${route}"`) || !line.includes(`status="${status}"`)) continue;
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (line.startsWith(`${name}_count`)) series.count = value;
    const le = /le="([^"]+)"/.exec(line)?.[1];
    if (line.startsWith(`${name}_bucket`) && le) series.buckets.set(le, value);
  }
  return series;
}

/**
 * The issue's bounds while the database is away, checked on the service's side: every delivery answered 503
 * within 1 s and every /readyz 503 within 2 s of the time the service had a CPU. The wall clock of a test on a
 * shared two-core machine also counts time the service was not scheduled at all (measured 1.5–3 s), so the
 * client's own check stays the looser "never a hang" (PROBE_MS). Returns the counts, for the test to require some.
 */
export async function expectOutageBounds(
  origin: string,
  webhookPath = '/api/github/webhooks',
): Promise<{ refused: number; notReady: number }> {
  const refused = await servedTimes(origin, webhookPath, 503);
  const notReady = await servedTimes(origin, '/readyz', 503);
  expect(refused.buckets.get('1'), 'deliveries answered 503 within 1 s').toBe(refused.count);
  expect(notReady.buckets.get('2'), '/readyz answered 503 within 2 s').toBe(notReady.count);
  return { refused: refused.count, notReady: notReady.count };
}

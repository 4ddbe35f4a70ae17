// What the storage-failure and embedded-outage tests share: issues that the triage config labels twice and
// answers once, deliveries sent as GitHub sends them, /readyz timed, and the "each effect once" check.
import { readdirSync, readFileSync } from 'node:fs';
import type { Emulator } from '../../emulator';
import { postDelivery, type ServeProcess } from '../../harness/service';
import { REPO, SECRET, webhookScenario } from '../e2e/webhooks/scenario';

/**
 * The service bounds a delivery at 0.9 s and /readyz at 1.5 s. A test on a shared, loaded two-core machine cannot
 * hold those wall-clock bounds reliably, so it checks that the answer comes, and comes well before GitHub gives up
 * on a delivery (10 s): no hang.
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

export function opened(n: number) {
  const repository = { id: 1, name: 'app', full_name: REPO, owner: { login: 'octo', type: 'Organization' } };
  const issue = {
    number: n,
    title: `Crash number ${n}`,
    body: `how do i avoid crash ${n}?`,
    state: 'open',
    user: { login: 'octocat', type: 'User' },
    labels: [],
    author_association: 'NONE',
  };
  return { action: 'opened', issue, repository, sender: issue.user };
}

/** One delivery of `issues.opened` for issue `n` (the id decides de-duplication). */
export function send(serve: ServeProcess, id: string, n: number) {
  return postDelivery(serve.url, { id, event: 'issues', payload: opened(n), secret: SECRET });
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

// A job's API calls end when the job must stop (issue 36, "Operations"): at its deadline, the hung GitHub call of the
// abandoned job is aborted (its connection closed, not left for the client's two-minute time-out) and the run sends
// nothing after it — a write it tries next never reaches GitHub; past the shutdown timeout of a drain, the running
// job's call is aborted the same way. The signal travels with the run's claim (`run-claim.ts`) into the shared
// per-installation client (`client-pool.ts`, `ClientOptions.abortSignal`).
// The deadline counts from the job's start, so it covers the service's own work before the engine's first call
// (taking the delivery, checking its seal, the client): DEADLINE_MS leaves room for that on a loaded machine (with
// 1.5 s the job could be abandoned before its read was sent) and stays far below the client's 120 s time-out.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TriageOptions, TriageResult } from '../../src/actions/triage/domain/engine';
import { eventually } from '../../harness/service';
import { deliverUntilStored, nothingToDo, useInProcessService } from './in-process-service';

const SECRET = 'abort secret';
const DEADLINE_MS = 5_000;
const seen: { method: string; path: string; closedAt?: number }[] = [];
const failures: { call: string; error: string; at: number }[] = [];
let github: Server;
let apiUrl = '';

beforeAll(async () => {
  // GitHub that never answers a read of the repository, and answers a write at once (if one ever came).
  github = createServer((req, res) => {
    const entry: (typeof seen)[number] = { method: req.method!, path: req.url! };
    seen.push(entry);
    req.on('close', () => (entry.closedAt ??= Date.now()));
    res.on('close', () => (entry.closedAt ??= Date.now()));
    if (req.method === 'GET') return; // hung
    res.writeHead(201, { 'content-type': 'application/json' }).end('{"id":1}');
  });
  await new Promise<void>((r) => github.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(github.address() as AddressInfo).port}`;
});
afterAll(() => {
  github.closeAllConnections();
  return new Promise<void>((r) => github.close(() => r()));
});

async function engine(o: TriageOptions): Promise<TriageResult> {
  const number = (o.event.payload as { issue: { number: number } }).issue.number;
  const target = { owner: 'octo', repo: 'app', issue_number: number };
  try {
    await o.client.octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}', target);
  } catch (err) {
    failures.push({ call: 'read', error: (err as Error).message, at: Date.now() });
  }
  try {
    await o.client.octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
      ...target,
      body: 'x',
    });
  } catch (err) {
    failures.push({ call: 'write', error: (err as Error).message, at: Date.now() });
  }
  return nothingToDo(o);
}

const svc = useInProcessService({
  secret: SECRET,
  engine,
  concurrency: 1,
  service: { jobDeadlineMs: DEADLINE_MS, maxAttempts: 1 },
  dispatcher: {
    client: {
      get baseUrl() {
        return apiUrl;
      },
      cacheDir: null,
    },
  },
});

const payload = (number: number) => ({
  action: 'opened',
  issue: { number, title: 'Crash', body: '', state: 'open', user: { login: 'octocat' }, labels: [] },
  repository: { name: 'app', owner: { login: 'octo' } },
  installation: { id: 7 },
});

describe('abort signals', () => {
  it('abort the hung call of a job at its deadline, and the run sends no write after it', async () => {
    const postedAt = Date.now();
    const answer = await deliverUntilStored(svc.url, {
      id: 'd-1',
      event: 'issues',
      payload: payload(1),
      secret: SECRET,
    });
    expect(answer.status).toBe(202);
    await eventually(() => seen.some((s) => s.path === '/repos/octo/app/issues/1'), 10_000, 'the hung read sent');
    const sentAt = Date.now();
    await eventually(() => failures.length === 2, DEADLINE_MS + 10_000, 'the read aborted and the write refused');
    const read = seen.find((s) => s.path === '/repos/octo/app/issues/1')!;
    expect(read.closedAt).toBeDefined();
    // Aborted at the deadline (counted from the job's start, after the delivery was posted), not before it and not
    // at the client's 120 s request time-out.
    expect(read.closedAt! - postedAt).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(read.closedAt! - sentAt).toBeLessThan(DEADLINE_MS + 10_000);
    expect(failures.map((f) => f.call)).toEqual(['read', 'write']);
    for (const f of failures) expect(f.error).toMatch(/longer than its deadline/);
    expect(seen.filter((s) => s.method === 'POST')).toEqual([]);
    expect(seen.filter((s) => s.path === '/repos/octo/app/issues/1')).toHaveLength(1); // no retry of the read
  }, 60_000);

  it('abort the running job of a drain past its shutdown timeout', async () => {
    failures.length = 0;
    const answer = await deliverUntilStored(svc.url, {
      id: 'd-2',
      event: 'issues',
      payload: payload(2),
      secret: SECRET,
    });
    expect(answer.status).toBe(202);
    await eventually(() => seen.some((s) => s.path === '/repos/octo/app/issues/2'), 10_000, 'the hung read sent');
    const finished = await svc.service.drain(300);
    expect(finished).toBe(false);
    await eventually(() => failures.length === 2, 5_000, 'the read aborted after the shutdown timeout');
    for (const f of failures) expect(f.error).toMatch(/shutdown timeout/);
    expect(seen.find((s) => s.path === '/repos/octo/app/issues/2')!.closedAt).toBeDefined();
    expect(seen.filter((s) => s.method === 'POST')).toEqual([]);
  }, 60_000);
});

// Waiting on GitHub never fails a delivery (issue 36 item 2): an exhausted primary limit, a secondary limit and a 5xx
// outage defer the installation's jobs until the cause clears — its circuit (src/hosts/service/store/circuits.ts) holds
// them without running, no attempt is spent (`maxAttempts` is 2 here, so a counted attempt would fail them), /readyz
// and /metrics name the waiting installation, and another installation's deliveries run meanwhile. A 4xx of the
// request itself fails at once. The engine is a fake that answers as GitHub would, per installation.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/github/client/errors';
import type { TriageOptions, TriageResult } from '../../src/actions/triage/domain/engine';
import { eventually, inPool } from '../../harness/service';
import { deliverUntilStored, nothingToDo, useInProcessService } from './in-process-service';

const SECRET = 'waiting secret';
const LIMITED = 1;
const HEALTHY = 2;
const OUTAGE = 3;
const REFUSED = 4;
const SECONDARY = 5;

const calls: { installation: number; at: number }[] = [];
/** `limited`: installation 1's limit is exhausted, its reset always 3 s ahead (until the test lifts it). */
const world = { limited: false, outage: false, secondaryUntil: 0 };

function refusal(status: number, headers: Record<string, string>, message: string): ApiError {
  return new ApiError({
    status,
    method: 'POST',
    url: 'https://api.github.com/repos/octo/x/issues/1/labels',
    headers,
    message,
  });
}

async function githubLikeEngine(o: TriageOptions): Promise<TriageResult> {
  const installation = Number((o.event.payload as { installation?: { id?: number } }).installation?.id);
  const now = Date.now();
  calls.push({ installation, at: now });
  if (installation === LIMITED && world.limited)
    throw refusal(
      403,
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.ceil((now + 3_000) / 1000)) },
      'API rate limit exceeded for installation ID 1.',
    );
  if (installation === OUTAGE && world.outage) throw refusal(503, {}, 'Service Unavailable');
  if (installation === REFUSED) throw refusal(404, {}, 'Not Found');
  if (installation === SECONDARY && now < world.secondaryUntil)
    throw refusal(429, { 'retry-after': '2' }, 'You have exceeded a secondary rate limit.');
  return nothingToDo(o);
}

const svc = useInProcessService({
  secret: SECRET,
  engine: githubLikeEngine,
  concurrency: 4,
  service: {
    maxAttempts: 2,
    retryBaseMs: 100,
    circuitTimes: { probeBaseMs: 300, probeMaxMs: 1_000, probeHoldMs: 2_000 },
  },
});

function opened(installation: number, number: number) {
  return {
    action: 'opened',
    issue: { number, title: 'Crash', body: 'It crashes', state: 'open', user: { login: 'octocat' }, labels: [] },
    repository: { name: `repo${installation}`, owner: { login: 'octo' } },
    installation: { id: installation },
  };
}

async function deliverMany(installation: number, count: number): Promise<void> {
  const answers = await inPool(
    6,
    Array.from(
      { length: count },
      (_, i) => () =>
        deliverUntilStored(svc.url, {
          id: `i${installation}-${i}`,
          event: 'issues',
          payload: opened(installation, i + 1),
          secret: SECRET,
        }),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 202));
}

interface Row {
  id: string;
  state: string;
  attempts: number;
  history: { outcome: string }[];
  last_error: string | null;
}

async function rowsOf(installation: number): Promise<Row[]> {
  const { rows } = await svc.store.pool.query<Row>(
    `SELECT id, state, attempts, history, last_error FROM repo_actions_deliveries WHERE installation = $1 ORDER BY id`,
    [installation],
  );
  return rows;
}

const allDone = async (installation: number, count: number) => {
  const rows = await rowsOf(installation);
  return rows.length === count && rows.every((r) => r.state === 'done');
};

async function origin(): Promise<string> {
  return new URL(svc.url).origin;
}

describe('waiting on GitHub never fails a delivery', () => {
  it('holds an installation at its exhausted rate limit until the reset, while another runs, spending no attempt', async () => {
    world.limited = true;
    const started = Date.now();
    await deliverMany(LIMITED, 20);
    // The circuit opened on the first refusals: /readyz stays ready and names the waiting installation.
    await eventually(async () => (await svc.service.circuits.list()).length > 0, 10_000, 'the circuit to open');
    const ready = await fetch(`${await origin()}/readyz`);
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as {
      ready: boolean;
      waiting?: { installation: string; cause: string; until: string }[];
    };
    expect(body.waiting).toEqual([expect.objectContaining({ installation: String(LIMITED), cause: 'rate_limit' })]);
    expect(Date.parse(body.waiting![0].until)).toBeGreaterThan(Date.now());
    const metrics = await (await fetch(`${await origin()}/metrics`)).text();
    expect(metrics).toContain(`repo_actions_circuit_open{installation="${LIMITED}",cause="rate_limit"} 1`);
    expect(metrics).toMatch(/repo_actions_deliveries_waits_total\{cause="rate_limit"\} [1-9]/);

    // Another installation is not held by it.
    await deliverMany(HEALTHY, 5);
    await eventually(() => allDone(HEALTHY, 5), 30_000, "the healthy installation's deliveries");
    expect((await rowsOf(LIMITED)).filter((r) => r.state === 'done' || r.state === 'failed')).toEqual([]);
    // While limited only the jobs already running when the circuit opened, then one probe per reset (3 s), reached
    // GitHub: without the circuit every one of the 20 would have.
    const refused = calls.filter((c) => c.installation === LIMITED).length;
    expect(refused).toBeLessThanOrEqual(6 + 2 * Math.ceil((Date.now() - started) / 3_000));

    world.limited = false;
    await eventually(() => allDone(LIMITED, 20), 60_000, "the limited installation's deliveries after the reset");
    const rows = await rowsOf(LIMITED);
    // Waiting gave every attempt back: each delivery ran once, successfully.
    expect(rows.map((r) => r.attempts)).toEqual(rows.map(() => 1));
    expect(rows.filter((r) => r.history.some((h) => h.outcome === 'waited')).length).toBeGreaterThan(10);
    expect(await svc.service.circuits.list()).toEqual([]);
  }, 60_000);

  it('waits out a 5xx outage with probes that back off, then runs everything', async () => {
    world.outage = true;
    const started = Date.now();
    await deliverMany(OUTAGE, 12);
    await new Promise((r) => setTimeout(r, 4_000));
    const duringOutage = calls.filter((c) => c.installation === OUTAGE).length;
    // 12 items of 2 attempts each without the circuit; with it, the first jobs and about one probe a second.
    expect(duringOutage).toBeLessThan(4 + (Date.now() - started) / 300);
    expect((await rowsOf(OUTAGE)).filter((r) => r.state === 'failed')).toEqual([]);
    world.outage = false;
    await eventually(() => allDone(OUTAGE, 12), 20_000, 'every delivery done after the outage');
    const rows = await rowsOf(OUTAGE);
    expect(rows.map((r) => r.attempts)).toEqual(rows.map(() => 1));
  }, 60_000);

  it("waits for a secondary limit's retry-after", async () => {
    world.secondaryUntil = Date.now() + 2_500;
    await deliverMany(SECONDARY, 6);
    await eventually(() => allDone(SECONDARY, 6), 20_000, 'every delivery done after the secondary limit');
    expect((await rowsOf(SECONDARY)).some((r) => r.history.some((h) => h.outcome === 'waited'))).toBe(true);
  }, 60_000);

  it('fails a refusal of the request itself at once (one attempt)', async () => {
    await deliverMany(REFUSED, 2);
    await eventually(
      async () => (await rowsOf(REFUSED)).every((r) => r.state === 'failed'),
      10_000,
      'the refused deliveries to fail',
    );
    const rows = await rowsOf(REFUSED);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.attempts)).toEqual([1, 1]);
    expect(rows[0].last_error).toContain('404');
  }, 30_000);
});

// Failures on PostgreSQL: a job whose writes meet 500s (GitHub's outage) waits, spending no attempt, and succeeds
// once the fault is gone; one that keeps failing on its own (a conflict that does not clear) is retried with back-off
// and ends as failed with its error, `deliveries` lists it, and `deliveries retry` has it processed after the fault is
// gone. The operations endpoints tell the same story.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator';
import { APP_TOKEN, REPO, SECRET, webhookScenario } from '../e2e/webhooks/scenario';
import {
  eventually,
  postDelivery,
  runCli,
  startPostgres,
  startServe,
  type Postgres,
  type ServeProcess,
} from '../../harness/service';

let postgres: Postgres;
let db: pg.Client;
let emu: Emulator;
let serve: ServeProcess;

beforeAll(async () => {
  postgres = await startPostgres();
  const scenario = webhookScenario();
  scenario.repositories[0].issues = [
    { title: 'Crash on start', user: 'octocat' },
    { title: 'Crash on exit', user: 'octocat' },
  ];
  emu = await createEmulator(scenario, { timeScale: 0.01 });
  serve = await startServe(
    [
      ...['--secret-env', 'HOOK_SECRET', '--token-env', 'APP_TOKEN', '--api-url', emu.apiUrl],
      ...['--database', postgres.url, '--max-attempts', '3', '--retry-base-seconds', '0.3', '--lease-seconds', '5'],
    ],
    { HOOK_SECRET: SECRET, APP_TOKEN },
  );
  db = new pg.Client({ connectionString: postgres.url });
  await db.connect();
}, 60_000);
afterAll(async () => {
  serve?.proc.kill('SIGKILL');
  await db?.end();
  await emu?.close();
  await postgres?.stop();
});

function opened(number: number, id: string) {
  const issue = { number, title: number === 1 ? 'Crash on start' : 'Crash on exit', body: null, state: 'open' };
  return postDelivery(serve.url, {
    id,
    event: 'issues',
    secret: SECRET,
    payload: {
      action: 'opened',
      issue: { ...issue, user: { login: 'octocat' }, labels: [] },
      repository: { name: 'app', owner: { login: 'octo' } },
    },
  });
}

async function job(id: string) {
  const { rows } = await db.query(
    'SELECT state, attempts, last_error, history FROM repo_actions_deliveries WHERE id = $1',
    [id],
  );
  return rows[0] as
    { state: string; attempts: number; last_error: string | null; history: { outcome: string }[] } | undefined;
}

const labels = (n: number) =>
  emu.state
    .repo(REPO)!
    .issues.get(n)!
    .labels.map((l) => l.name);

describe('failures and recovery on PostgreSQL', () => {
  it('waits through 500s without spending attempts and succeeds once the fault is gone', async () => {
    emu.faults.respond({ status: 500, method: 'POST', path: /\/issues\/1\/labels$/, times: Infinity });
    expect((await opened(1, 'flaky-1')).status).toBe(202);
    await eventually(async () => ((await job('flaky-1'))?.history.length ?? 0) >= 2, 30_000, 'two waits');
    const waiting = (await job('flaky-1'))!;
    expect(waiting.last_error).toMatch(/500/);
    expect(waiting.history.map((h) => h.outcome)).toEqual(waiting.history.map(() => 'waited'));
    expect(waiting.state).not.toBe('failed');
    expect(waiting.attempts).toBeLessThanOrEqual(1);
    expect(labels(1)).toEqual([]);
    emu.faults.clear();
    await eventually(async () => (await job('flaky-1'))?.state === 'done', 30_000, 'the job done');
    expect(labels(1)).toEqual(['bug']);
  }, 60_000);

  it('keeps a job that keeps failing as failed, lists it, and processes it on `deliveries retry`', async () => {
    emu.faults.respond({ status: 409, method: 'POST', path: /\/issues\/2\/labels$/, times: Infinity });
    expect((await opened(2, 'broken-2')).status).toBe(202);
    await eventually(async () => (await job('broken-2'))?.state === 'failed', 40_000, 'the job failed');
    expect((await job('broken-2'))!.attempts).toBe(3);

    const env = { DATABASE_URL: postgres.url };
    const listed = await runCli(['deliveries', '--state', 'failed'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^broken-2 {2}issues\.opened {2}octo\/app {2}failed {2}attempts 3 .*409/m);

    // A redelivery by GitHub of a failed delivery is queued again, too; here the operator retries it.
    emu.faults.clear();
    const retried = await runCli(['deliveries', 'retry', 'broken-2'], env);
    expect(retried.stdout).toMatch(/Queued 1 failed delivery again/);
    await eventually(async () => (await job('broken-2'))?.state === 'done', 30_000, 'the retried job done');
    expect(labels(2)).toEqual(['bug']);
    expect((await runCli(['deliveries', 'retry', 'broken-2'], env)).code).toBe(1); // nothing failed any more

    const metrics = await (await fetch(`${serve.origin}/metrics`)).text();
    // The conflict's two failed attempts were retried; the 500s of the first test were waits, not retries.
    expect(metrics).toMatch(/^repo_actions_jobs_retried_total\{event="issues"\} [2-9]\d*$/m);
    expect(metrics).toMatch(/^repo_actions_deliveries_waits_total\{cause="outage"\} [1-9]\d*$/m);
    expect(metrics).toMatch(/^repo_actions_jobs_failed_total\{event="issues"\} 1$/m);
    expect(metrics).toMatch(/^repo_actions_jobs_processed_total\{event="issues"\} 2$/m);
    expect(metrics).toMatch(/^repo_actions_queue_depth 0$/m);
    expect(metrics).toMatch(/^repo_actions_api_budget_remaining\{installation="token"\} \d+$/m);
    const retries = Number(/^repo_actions_jobs_retried_total\{event="issues"\} (\d+)$/m.exec(metrics)![1]);
    // Every engine run is timed: the retried ones, the one kept as failed, the two that succeeded, and the runs that
    // met the 500s and waited.
    const timed = Number(/^repo_actions_job_processing_seconds_count (\d+)$/m.exec(metrics)![1]);
    expect(timed).toBeGreaterThanOrEqual(retries + 4);
    expect((await fetch(`${serve.origin}/healthz`)).status).toBe(200);
    expect((await fetch(`${serve.origin}/readyz`)).status).toBe(200);
    expect((await fetch(`${serve.origin}/nope`)).status).toBe(404);
  }, 90_000);
});

// The metrics issue 36 found missing, scraped from /metrics after real traffic: GitHub API errors by status, the
// clients' waits by cause (a 5xx and a secondary limit answered by GitHub, then success), receipt-to-done latency,
// seal failures, the per-installation backlog while jobs are held, `repo_actions_build_info{version}`, and the
// counters renamed from `jobs` to `deliveries` beside their deprecated old names with the same values.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION } from '../../src/github/client';
import type { TriageOptions, TriageResult } from '../../src/actions/triage/domain/engine';
import { DeliveryLog } from '../../src/hosts/service/store/delivery-log';
import { eventually } from '../../harness/service';
import { deliverUntilStored, nothingToDo, useInProcessService } from './in-process-service';

const SECRET = 'metrics series secret';
let github: Server;
let apiUrl = '';
const asked = new Map<string, number>();
let release: () => void = () => {};
let held = new Promise<void>((r) => (release = r));

beforeAll(async () => {
  // Issue 1: a 502, then the issue. Issue 2: a secondary limit (429, retry-after 1 s), then the issue. Issue 3: 404.
  github = createServer((req, res) => {
    const n = (asked.get(req.url!) ?? 0) + 1;
    asked.set(req.url!, n);
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    if (req.url === '/repos/octo/app/issues/1' && n === 1) return json(502, { message: 'Bad gateway' });
    if (req.url === '/repos/octo/app/issues/2' && n === 1)
      return json(429, { message: 'You have exceeded a secondary rate limit' }, { 'retry-after': '1' });
    if (req.url === '/repos/octo/app/issues/3') return json(404, { message: 'Not Found' });
    json(200, { number: 1, title: 'Crash' });
  });
  await new Promise<void>((r) => github.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(github.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => github.close(() => r())));

async function engine(o: TriageOptions): Promise<TriageResult> {
  const p = o.event.payload as { issue: { number: number }; installation: { id: number } };
  if (p.installation.id === 43) await held;
  else
    await o.client.octokit
      .request('GET /repos/{owner}/{repo}/issues/{issue_number}', {
        owner: 'octo',
        repo: 'app',
        issue_number: p.issue.number,
      })
      .catch(() => undefined);
  return nothingToDo(o);
}

const svc = useInProcessService({
  secret: SECRET,
  sealKey: 'the seal key',
  engine,
  concurrency: 1,
  dispatcher: {
    client: {
      get baseUrl() {
        return apiUrl;
      },
      cacheDir: null,
      timeScale: 0.05,
    },
  },
});

const payload = (installation: number, number: number) => ({
  action: 'opened',
  issue: { number, title: 'Crash', body: '', state: 'open', user: { login: 'octocat' }, labels: [] },
  repository: { name: 'app', owner: { login: 'octo' } },
  installation: { id: installation },
});

async function scrape(): Promise<string> {
  const res = await fetch(`${new URL(svc.url).origin}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
}

/** The value of the sample `name{labels}` (labels in the order prom-client writes them), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const stateOf = async (id: string) =>
  (await svc.store.pool.query('SELECT state FROM repo_actions_deliveries WHERE id = $1', [id])).rows[0]?.state;

describe('the added metrics', () => {
  it('appear in a scrape with sensible values', async () => {
    const post = (id: string, installation: number, number: number) =>
      deliverUntilStored(svc.url, { id, event: 'issues', payload: payload(installation, number), secret: SECRET });
    for (const n of [1, 2, 3]) expect((await post(`api-${n}`, 42, n)).status).toBe(202);
    await eventually(async () => (await stateOf('api-3')) === 'done', 30_000, 'the API deliveries done');

    // Held jobs: installation 43's backlog while the single worker slot is blocked.
    for (const n of [10, 11, 12]) expect((await post(`held-${n}`, 43, n)).status).toBe(202);
    await eventually(
      async () => sample(await scrape(), 'repo_actions_installation_backlog{installation="43"}') === 3,
      10_000,
      'the backlog of 43',
    );
    const during = await scrape();
    expect(sample(during, 'repo_actions_installation_backlog{installation="42"}')).toBeUndefined();
    release();
    held = Promise.resolve();
    await eventually(async () => (await stateOf('held-12')) === 'done', 30_000, 'the held deliveries done');

    // A row no seal key vouches for.
    const forged = new DeliveryLog(svc.store.pool, svc.store.pool, 'not the seal key');
    const body = Buffer.from(JSON.stringify(payload(42, 4)));
    await forged.accept({
      id: 'forged-4',
      event: 'issues',
      repository: 'octo/app',
      itemKey: 'octo/app#4',
      headers: {},
      body,
    });
    await eventually(async () => (await stateOf('forged-4')) === 'failed', 20_000, 'the forged row failed');

    // The store's figures are cached for a second (`routes/metrics.ts`): scraped until they show the failed row.
    let text = '';
    await eventually(
      async () => sample((text = await scrape()), 'repo_actions_deliveries_failed_stored') === 1,
      10_000,
      'the failed row in the store figures',
    );
    expect(sample(text, `repo_actions_build_info{version="${VERSION}"}`)).toBe(1);
    expect(sample(text, 'repo_actions_github_api_errors_total{status="502"}')).toBe(1);
    expect(sample(text, 'repo_actions_github_api_errors_total{status="429"}')).toBe(1);
    expect(sample(text, 'repo_actions_github_api_errors_total{status="404"}')).toBe(1);
    expect(sample(text, 'repo_actions_github_waits_total{cause="server"}')).toBe(1);
    expect(sample(text, 'repo_actions_github_waits_total{cause="secondary_limit"}')).toBe(1);
    // The secondary limit's retry-after (1 s) on the client's time scale (0.05), plus the 5xx back-off.
    expect(sample(text, 'repo_actions_github_wait_seconds_total{cause="secondary_limit"}')).toBeGreaterThan(0);
    expect(sample(text, 'repo_actions_seal_failures_total{event="issues"}')).toBe(1);
    // Receipt to done: every delivery that ran (3 + 3); the held ones waited for the release.
    expect(sample(text, 'repo_actions_delivery_receipt_to_done_seconds_count')).toBe(6);
    expect(sample(text, 'repo_actions_delivery_receipt_to_done_seconds_sum')).toBeGreaterThan(0);
    expect(sample(text, 'repo_actions_delivery_receipt_to_done_seconds_bucket{le="+Inf"}')).toBe(6);
    expect(sample(text, 'repo_actions_installation_backlog{installation="43"}')).toBeUndefined();
    // Renamed counters and their deprecated duplicates agree.
    expect(sample(text, 'repo_actions_deliveries_processed_total{event="issues"}')).toBe(6);
    expect(sample(text, 'repo_actions_jobs_processed_total{event="issues"}')).toBe(6);
    expect(sample(text, 'repo_actions_deliveries_failed_total{event="issues"}')).toBe(1);
    expect(sample(text, 'repo_actions_jobs_failed_total{event="issues"}')).toBe(1);
    expect(sample(text, 'repo_actions_deliveries_failed_stored')).toBe(1);
    expect(sample(text, 'repo_actions_jobs_failed_stored')).toBe(1);
    expect(text).toMatch(
      /# HELP repo_actions_jobs_processed_total Deprecated: use repo_actions_deliveries_processed_total/,
    );
  }, 120_000);
});

// The operator page's reads are bounded (issue 36, "The operator's page": never scan finished rows): with 60,000
// done deliveries beside a few open and failed ones, one snapshot (`store/operator-view.ts`) makes no sequential scan
// of the delivery table and fetches a few hundred index tuples at most, PostgreSQL's own statistics say
// (`pg_stat_user_tables`); and what it shows is right: the oldest waiting first, the latest failure first, the open
// deliveries per installation and lane (a sweep apart), the installation's writes of the last minute and hour.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperatorView } from '../../src/hosts/service/store/operator-view';
import { openStore, type Store } from '../../src/hosts/service/store/open-store';
import { startPostgres, type Postgres } from '../../harness/service';

let postgres: Postgres;
let store: Store;
beforeAll(async () => {
  postgres = await startPostgres();
  store = await openStore({ database: postgres.url, dataDir: postgres.dataDir });
}, 60_000);
afterAll(async () => {
  await store?.close();
  await postgres?.stop();
});

interface TableStats {
  seq_scan: string;
  idx_tup_fetch: string;
}

async function tableStats(): Promise<TableStats> {
  // Each backend flushes its counters when idle (at most once a second): wait for them.
  await new Promise((r) => setTimeout(r, 1_500));
  const { rows } = await store.pool.query<TableStats>(
    `SELECT seq_scan, COALESCE(idx_tup_fetch, 0) AS idx_tup_fetch FROM pg_stat_user_tables
     WHERE relname = 'repo_actions_deliveries'`,
  );
  return rows[0];
}

describe("the operator page's reads", () => {
  it('never scan the finished deliveries, and show the right rows', async () => {
    await store.pool.query(
      `INSERT INTO repo_actions_deliveries (id, received_at, state, event, repository, installation, item_key, headers, body, finished_at)
       SELECT 'done-' || g, now() - make_interval(secs => g), 'done', 'issues', 'octo/r', 7, 'octo/r#' || (g % 300),
              '{}', convert_to(repeat('x', 200), 'UTF8'), now()
       FROM generate_series(1, 60000) g`,
    );
    const row = (id: string, state: string, installation: number, itemKey: string, agoS: number, error?: string) =>
      store.pool.query(
        `INSERT INTO repo_actions_deliveries (id, received_at, state, event, repository, installation, item_key, headers,
           body, last_error)
         VALUES ($1, now() - make_interval(secs => $5), $2, 'issues', 'octo/r', $3, $4, '{}', '\\x7b7d', $6)`,
        [id, state, installation, itemKey, agoS, error ?? null],
      );
    await row('q-old', 'queued', 7, 'octo/r#1', 500);
    await row('q-new', 'queued', 7, 'octo/r#2', 5);
    await row('r-mid', 'running', 8, 'octo/s#1', 50);
    await row('sweep-1', 'queued', 8, 'octo/s#sweep', 40);
    await row('f-old', 'failed', 7, 'octo/r#3', 900, 'old error');
    await row('f-new', 'failed', 9, 'octo/t#1', 90, 'new error');
    await store.pool.query(
      `INSERT INTO repo_actions_writes (identity, at)
       VALUES ('7', now() - interval '10 seconds'), ('7', now() - interval '30 minutes'), ('8', now() - interval '2 hours')`,
    );
    await store.pool.query('ANALYZE repo_actions_deliveries');

    const view = new OperatorView(store.pool);
    await view.snapshot(); // plans the named statements once
    const before = await tableStats();
    const s = await view.snapshot({ known: ['12'] });
    const after = await tableStats();

    const fetched = Number(after.idx_tup_fetch) - Number(before.idx_tup_fetch);
    expect(Number(after.seq_scan) - Number(before.seq_scan)).toBe(0);
    // Counted (the statistics did flush: the open and failed rows were fetched), and few.
    expect(fetched).toBeGreaterThanOrEqual(6);
    expect(fetched).toBeLessThan(300);

    expect(s.oldest.map((d) => d.id)).toEqual(['q-old', 'r-mid', 'sweep-1', 'q-new']);
    expect(s.oldest.find((d) => d.id === 'sweep-1')?.sweep).toBe(true);
    expect(s.failures.map((d) => [d.id, d.lastError])).toEqual([
      ['f-new', 'new error'],
      ['f-old', 'old error'],
    ]);
    expect(
      s.installations.map((i) => [i.scope, i.openWebhooks, i.openSweeps, i.writesLastMinute, i.writesLastHour]),
    ).toEqual([
      ['7', 2, 0, 1, 2],
      ['8', 1, 1, 0, 0],
      ['9', 0, 0, 0, 0],
      ['12', 0, 0, 0, 0],
    ]);
    expect(s.openCapped).toBe(false);
  });
});

// Each identity's writes counted in PostgreSQL (src/hosts/service/store/write-history.ts; issue 39 item 7): two replicas
// (two pools on one database, four writers each) acting as one installation stay inside its per-minute and per-hour
// limits together and keep the spacing between writes; a write of a run taken over is refused before it is sent; a sweep's lane stops at its share while webhooks still get
// the rest; and the API client asks the history before each write only, a wait past its bound being a
// WaitTooLongError (which the service turns into a wait for the installation, `failure-kind.ts`).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator';
import { createClient } from '../../src/github/client';
import { WaitTooLongError } from '../../src/github/client/pacer';
import { DeliveryLog, SCHEMA } from '../../src/hosts/service/store/delivery-log';
import { ClaimLostError, newClaim, withClaim } from '../../src/hosts/service/store/run-claim';
import { SharedWrites, WRITES, type WriteLimits } from '../../src/hosts/service/store/write-history';
import { startPostgres, type Postgres } from '../../harness/service';
import { APP_TOKEN, webhookScenario } from '../e2e/webhooks/scenario';

/** Windows of 3 s (a minute) and 180 s (an hour), 50 ms between writes. */
const LIMITS: WriteLimits = { perMinute: 6, perHour: 10, spacingMs: 1_000, timeScale: 0.05 };
const MINUTE_MS = 60_000 * LIMITS.timeScale;
const SPACING_MS = LIMITS.spacingMs * LIMITS.timeScale;

let postgres: Postgres;
const pools: pg.Pool[] = [];
let emu: Emulator;

beforeAll(async () => {
  postgres = await startPostgres();
  for (let i = 0; i < 2; i++) {
    const pool = new pg.Pool({ connectionString: postgres.url, max: 4 });
    // A connection cut when the server stops at the end emits an error (on the pool when idle, on the client when
    // checked out); the service's own pools have their handlers (store/open-store.ts), these two test pools need theirs.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    pools.push(pool);
  }
  await pools[0].query(SCHEMA);
  emu = await createEmulator(webhookScenario(), { timeScale: 0.01 });
}, 60_000);
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await emu?.close();
  await postgres?.stop();
});

async function writesOf(identity: string): Promise<number[]> {
  const { rows } = await pools[0].query<{ ms: number }>(
    `SELECT extract(epoch from at) * 1000 AS ms FROM ${WRITES} WHERE identity = $1 ORDER BY at`,
    [identity],
  );
  return rows.map((r) => Number(r.ms));
}

/** Admits `count` writes of `identity` from writers spread over both replicas, each waiting as it is told. */
async function writeFromReplicas(identity: string, count: number, lane: 'webhook' | 'sweep' = 'webhook') {
  const replicas = pools.map((p) => new SharedWrites(p, LIMITS).for(identity, lane));
  let left = count;
  const writer = async (i: number) => {
    const history = replicas[i % 2];
    while (left > 0) {
      const wait = await history.admit();
      if (wait > 0) {
        await new Promise((r) => setTimeout(r, Math.min(wait, 200)));
        continue;
      }
      left--;
    }
  };
  await Promise.all(Array.from({ length: 8 }, (_, i) => writer(i)));
}

describe("an identity's shared write history", () => {
  it('keeps two replicas together inside the minute and hour limits and the spacing', async () => {
    await writeFromReplicas('installation-1', LIMITS.perHour);
    const at = await writesOf('installation-1');
    expect(at).toHaveLength(LIMITS.perHour);
    for (let i = 0; i < at.length; i++) {
      const inMinute = at.filter((t) => t > at[i] - MINUTE_MS && t <= at[i]).length;
      expect(inMinute).toBeLessThanOrEqual(LIMITS.perMinute);
      if (i > 0) expect(at[i] - at[i - 1]).toBeGreaterThanOrEqual(SPACING_MS - 1);
    }
    // The hour is spent: either replica is told to wait for the oldest write to leave the hour window.
    const wait = await new SharedWrites(pools[1], LIMITS).for('installation-1', 'webhook').admit();
    expect(wait).toBeGreaterThan(3_600_000 * LIMITS.timeScale - 30_000);
    // Another identity is not held by it.
    expect(await new SharedWrites(pools[0], LIMITS).for('installation-2', 'webhook').admit()).toBe(0);
  }, 60_000);

  it("stops a sweep at its share of the budget and keeps the rest for the installation's webhooks", async () => {
    await writeFromReplicas('installation-3', 4, 'sweep');
    const sweep = new SharedWrites(pools[0], LIMITS).for('installation-3', 'sweep');
    const webhook = new SharedWrites(pools[1], LIMITS).for('installation-3', 'webhook');
    await new Promise((r) => setTimeout(r, SPACING_MS + 5));
    // 4 of 6 in this minute: the sweep (75 %: 4 a minute) waits, a webhook goes.
    expect(await sweep.admit()).toBeGreaterThan(0);
    expect(await webhook.admit()).toBe(0);
  }, 30_000);

  it('refuses, before it is sent, a write of a run whose deliveries another run has taken over', async () => {
    const log = new DeliveryLog(pools[0], pools[0]);
    // A queued delivery (the queue's job is not needed here: the runs take it directly).
    await pools[0].query(
      `INSERT INTO repo_actions_deliveries (id, state, event, item_key, installation, headers, body)
       VALUES ('claim-1', 'queued', 'issues', 'octo/app#900', 9, '{}', '\\x7b7d')`,
    );
    const first = newClaim('octo/app#900');
    expect(await log.take(first)).toHaveLength(1);
    const history = new SharedWrites(pools[1], LIMITS).for('installation-9', 'webhook');
    expect(await withClaim(first, () => history.admit())).toBe(0);
    // Its replica froze past its lease: another run took the deliveries.
    const second = newClaim('octo/app#900');
    expect(await log.take(second)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, SPACING_MS + 5));
    await expect(withClaim(first, () => history.admit())).rejects.toBeInstanceOf(ClaimLostError);
    expect(await writesOf('installation-9')).toHaveLength(1); // the refused write is not counted
    expect(await withClaim(second, () => history.admit())).toBe(0);
    expect(await writesOf('installation-9')).toHaveLength(2);
  }, 30_000);

  it('is asked by the client before each write, never before a read; a wait past the bound fails the request', async () => {
    const asked: string[] = [];
    let waitMs = 0;
    const client = createClient({
      token: APP_TOKEN,
      action: 'test',
      baseUrl: emu.apiUrl,
      cacheDir: null,
      timeScale: 0.01,
      maxWaitMs: 1_000,
      writeHistory: {
        admit: async () => {
          asked.push('admit');
          return waitMs;
        },
      },
    });
    await client.octokit.request('GET /repos/{owner}/{repo}/labels', { owner: 'octo', repo: 'app' });
    expect(asked).toEqual([]);
    await client.octokit.request('POST /repos/{owner}/{repo}/labels', { owner: 'octo', repo: 'app', name: 'shared' });
    expect(asked).toEqual(['admit']);
    waitMs = 60_000;
    await expect(
      client.octokit.request('POST /repos/{owner}/{repo}/labels', { owner: 'octo', repo: 'app', name: 'held' }),
    ).rejects.toBeInstanceOf(WaitTooLongError);
    expect(emu.state.repo('octo/app')!.labels.some((l) => l.name === 'held')).toBe(false);
  }, 30_000);
});

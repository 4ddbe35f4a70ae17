// Issue 39's test of the service under GitHub's secondary limits: two `serve` replicas on one database, acting as
// one installation, against the emulator's strict secondary mode (per identity one write in flight, writes spaced
// past a small burst, fewer a minute than GitHub's 80: emulator/limits.ts). Deliveries that each need a write are
// posted to both replicas at once, so both write for the installation together; the shared write history in
// PostgreSQL (src/hosts/service/store/write-history.ts) must keep them inside the limits: no write refused, every
// delivery done, every issue labelled.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator';
import { APP_TOKEN, REPO, SECRET, webhookScenario } from '../e2e/webhooks/scenario';
import { eventually, postDelivery, startPostgres, startServe, type Postgres } from '../../harness/service';

const ISSUES = 24;
let postgres: Postgres;
let emu: Emulator;
beforeAll(async () => {
  postgres = await startPostgres();
  const scenario = webhookScenario();
  scenario.repositories[0].issues = Array.from({ length: ISSUES }, (_, i) => ({
    title: `Crash ${i + 1}`,
    user: 'octocat',
  }));
  // The emulator's windows scaled as the replicas' clients are (REPO_ACTIONS_TIME_SCALE 0.01, harness/service.ts).
  emu = await createEmulator(scenario, { timeScale: 0.01, strictSecondary: true });
}, 60_000);
afterAll(async () => {
  await emu?.close();
  await postgres?.stop();
});

const opened = (n: number) => ({
  action: 'opened',
  issue: {
    number: n,
    title: `Crash ${n}`,
    body: '',
    state: 'open',
    user: { login: 'octocat' },
    labels: [],
  },
  repository: { name: 'app', owner: { login: 'octo' } },
});

describe('two replicas on one installation against strict secondary limits', () => {
  it('write together without a refused write, and do every delivery', async () => {
    const args = [
      ...['--secret-env', 'HOOK_SECRET', '--token-env', 'APP_TOKEN', '--api-url', emu.apiUrl],
      ...['--database', postgres.url],
    ];
    const env = { HOOK_SECRET: SECRET, APP_TOKEN };
    const replicas = [await startServe(args, env), await startServe(args, env)];
    try {
      // Every delivery at once, alternating between the replicas: both have work to write from the start.
      const answers = await Promise.all(
        Array.from({ length: ISSUES }, (_, i) =>
          postDelivery(replicas[i % 2].url, {
            id: `strict-${i + 1}`,
            event: 'issues',
            payload: opened(i + 1),
            secret: SECRET,
          }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(ISSUES).fill(202));
      const db = new pg.Client({ connectionString: postgres.url });
      await db.connect();
      try {
        await eventually(
          async () =>
            Number(
              (await db.query("SELECT count(*) AS n FROM repo_actions_deliveries WHERE state IN ('done', 'failed')"))
                .rows[0].n,
            ) === ISSUES,
          45_000,
          'every delivery finished',
        );
        const states = await db.query<{ state: string; n: string }>(
          'SELECT state, count(*) AS n FROM repo_actions_deliveries GROUP BY state',
        );
        expect(states.rows.map((r) => [r.state, Number(r.n)])).toEqual([['done', ISSUES]]);
      } finally {
        await db.end();
      }
      // Both replicas wrote for the installation (each logs the writes it did).
      for (const r of replicas)
        expect(r.output.filter((l) => /done: add-label #\d+ bug/.test(l)).length).toBeGreaterThan(0);
      const writes = emu.log.entries.filter((e) => e.contentCreating);
      expect(writes.length).toBeGreaterThanOrEqual(ISSUES);
      // Not one write refused by the strict secondary limits (nor any request by a limit).
      expect(emu.log.entries.filter((e) => e.limited)).toEqual([]);
      for (let n = 1; n <= ISSUES; n++)
        expect(
          emu.state
            .repo(REPO)!
            .issues.get(n)!
            .labels.map((l) => l.name),
        ).toContain('bug');
    } finally {
      for (const r of replicas) r.proc.kill('SIGKILL');
    }
  }, 90_000);
});

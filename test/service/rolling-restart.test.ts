// A rolling restart of two replicas under load: each in turn gets SIGTERM (its listener closes, requests on open
// connections are still stored, running jobs finish) and is started again, while deliveries keep arriving through
// a balancer that sends to whichever replica accepts connections. The restarts refuse no delivery: every answer is
// a 202 (a database slowed by the load still answers, so the receiver waits for it rather than refusing), and every
// delivery is done.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator';
import { APP_TOKEN, REPO, SECRET, webhookScenario } from '../e2e/webhooks/scenario';
import {
  eventually,
  postDelivery,
  startPostgres,
  startServe,
  type Postgres,
  type ServeProcess,
} from '../../harness/service';

const TOTAL = 300;
let postgres: Postgres;
let emu: Emulator;
beforeAll(async () => {
  postgres = await startPostgres();
  const scenario = webhookScenario();
  scenario.repositories[0].issues = Array.from({ length: 30 }, (_, i) => ({
    title: `Crash ${i + 1}`,
    user: 'octocat',
  }));
  emu = await createEmulator(scenario, { timeScale: 0.01 });
}, 60_000);
afterAll(async () => {
  await emu?.close();
  await postgres?.stop();
});

function edited(i: number) {
  const n = (i % 30) + 1;
  return {
    action: 'edited',
    issue: {
      number: n,
      title: `Crash ${n}`,
      body: `edit ${i}`,
      state: 'open',
      updated_at: new Date(Date.UTC(2026, 10, 24, 12, 0, i)).toISOString(),
      user: { login: 'octocat' },
      labels: [],
    },
    changes: { body: { from: '' } },
    repository: { name: 'app', owner: { login: 'octo' } },
  };
}

describe('a rolling restart of two replicas under load', () => {
  it('refuses no delivery and does every one', async () => {
    const args = [
      ...['--secret-env', 'HOOK_SECRET', '--token-env', 'APP_TOKEN', '--api-url', emu.apiUrl],
      ...['--database', postgres.url, '--shutdown-timeout', '10', '--lease-seconds', '3'],
    ];
    const env = { HOOK_SECRET: SECRET, APP_TOKEN };
    const replicas: (ServeProcess | undefined)[] = [await startServe(args, env), await startServe(args, env)];
    const answers: number[] = [];
    let sent = 0;
    const sender = async (lane: number) => {
      while (sent < TOTAL) {
        const i = sent++;
        for (let attempt = 0; ; attempt++) {
          const up = replicas.filter((r): r is ServeProcess => r !== undefined);
          const target = up[(i + attempt) % Math.max(1, up.length)];
          const res = target
            ? await postDelivery(target.url, { id: `roll-${i}`, event: 'issues', payload: edited(i), secret: SECRET })
            : { status: 0 };
          // Status 0: the connection was refused (a closed listener): the balancer tries the other replica. Any
          // answer is final, as GitHub takes it.
          if (res.status !== 0) {
            answers.push(res.status);
            break;
          }
          if (attempt > 500) throw new Error(`roll-${i}: no replica accepted a connection`);
          await new Promise((r) => setTimeout(r, 10));
        }
        await new Promise((r) => setTimeout(r, 25 + lane));
      }
    };
    const load = Promise.all([0, 1, 2].map(sender));
    try {
      for (const k of [0, 1]) {
        await new Promise((r) => setTimeout(r, 1_500));
        const old = replicas[k]!;
        const exited = old.exited;
        old.proc.kill('SIGTERM');
        expect(await exited).toBe(0);
        replicas[k] = undefined;
        replicas[k] = await startServe(args, env);
      }
      await load;
      expect(answers.filter((s) => s !== 202)).toEqual([]);
      expect(answers).toHaveLength(TOTAL);
      const db = new pg.Client({ connectionString: postgres.url });
      await db.connect();
      try {
        await eventually(
          async () =>
            Number(
              (await db.query("SELECT count(*) AS n FROM repo_actions_deliveries WHERE state = 'done'")).rows[0].n,
            ) === TOTAL,
          60_000,
          'every delivery done',
        );
      } finally {
        await db.end();
      }
      expect(
        emu.state
          .repo(REPO)!
          .issues.get(1)!
          .labels.map((l) => l.name),
      ).toContain('bug');
    } finally {
      for (const r of replicas) r?.proc.kill('SIGKILL');
    }
  }, 180_000);
});

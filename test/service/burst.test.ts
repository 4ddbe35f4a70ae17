// A burst of 1 000 signed deliveries (100 duplicates and 50 redeliveries of one id among them) against the
// service, with the serving process SIGKILLed mid-burst and restarted: on PostgreSQL with two replicas taking
// deliveries in turn, and on the embedded PostgreSQL with one process (its server left running by the killed
// process is stopped by the restarted one). Every delivery is stored once and processed
// to the end, and its effect is in the emulator exactly once (each issue labelled, one comment, never two).
import pg from 'pg';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator';
import { runningEmbeddedUrl } from '../../src/hosts/service/store/embedded-postgres';
import { APP_TOKEN, REPO, SECRET } from '../e2e/webhooks/scenario';
import { issuePayload, issuesScenario, REPOSITORY_PAYLOAD } from './outage-support';
import {
  eventually,
  inPool,
  postDelivery,
  startPostgres,
  startServe,
  tempDir,
  type Postgres,
  type ServeProcess,
} from '../../harness/service';

// 850 unique deliveries over 100 issues (opened, then edited again and again): every issue is worked on by
// both replicas at once, and the writes stay within the token's hourly content-creation limit.
const ISSUES = 100;
const UNIQUE = 850;
const DUPLICATES = 100;
const REDELIVERIES = 50;

let postgres: Postgres;
beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
});

interface Planned {
  id: string;
  payload: unknown;
}

/** 850 unique deliveries (opened, then edited), then 100 duplicates and 50 copies of one id, mixed in. */
function plannedDeliveries(): Planned[] {
  const repository = REPOSITORY_PAYLOAD;
  const unique: Planned[] = [];
  for (let i = 0; i < UNIQUE; i++) {
    // Consecutive deliveries are about the same issue, and go to different replicas: without the per-item lock
    // two replicas would plan against the same state at once and both comment.
    const n = Math.floor((i * ISSUES) / UNIQUE) + 1;
    const first = i === 0 || Math.floor(((i - 1) * ISSUES) / UNIQUE) + 1 !== n;
    // Each event carries the time of its change (GitHub's payloads do), so no two deliveries share a body: the
    // same body under another id would be a replay, stored once.
    const issue = { updated_at: new Date(Date.UTC(2026, 10, 24, 12, 0, i)).toISOString(), ...issuePayload(n) };
    unique.push(
      first
        ? { id: `d-${i}-opened-${n}`, payload: { action: 'opened', issue, repository, sender: issue.user } }
        : {
            id: `d-${i}-edited-${n}`,
            payload: { action: 'edited', issue, changes: { body: { from: '' } }, repository, sender: issue.user },
          },
    );
  }
  const all = [...unique];
  // Duplicates and redeliveries come after their original, spread over the burst.
  for (let i = 0; i < DUPLICATES; i++) {
    const original = unique[(i * 37) % (UNIQUE / 2)];
    all.splice(UNIQUE / 2 + i * 4, 0, original);
  }
  for (let i = 0; i < REDELIVERIES; i++) all.splice(100 + i * 15, 0, unique[50]);
  return all;
}

async function sendBurst(targets: () => string[], onHalf: () => Promise<void>) {
  const plan = plannedDeliveries();
  expect(plan).toHaveLength(UNIQUE + DUPLICATES + REDELIVERIES);
  const statuses: { status: number; duplicate: boolean }[] = [];
  let sent = 0;
  const half = plan.length / 2;
  let halfDone: Promise<void> | undefined;
  await inPool(
    12,
    plan.map((d, i) => async () => {
      if (++sent === half) halfDone = onHalf();
      // A refused connection (the replica is down) is what GitHub logs as failed; it is redelivered (here: at
      // once, to whichever replica is up) until it gets its 2xx.
      // Attempts count the requests sent, not the waits while no replica is up.
      for (let attempt = 0; ;) {
        const urls = targets();
        if (urls.length === 0) {
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        attempt++;
        const res = await postDelivery(urls[(i + attempt - 1) % urls.length], {
          id: d.id,
          event: 'issues',
          payload: d.payload,
          secret: SECRET,
        });
        if (res.status === 202) {
          statuses.push({ status: 202, duplicate: res.body.includes('"duplicate":true') });
          return;
        }
        if (attempt > 200) throw new Error(`${d.id}: no 202 after ${attempt} attempts (last ${res.status})`);
        await new Promise((r) => setTimeout(r, 20));
      }
    }),
  );
  await halfDone;
  return statuses;
}

/** Every unique delivery stored in the database at `url` ends `done`, and its effects happened once. */
async function expectAllDoneOnce(url: string, emu: Emulator): Promise<void> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const counts = async () =>
      (await db.query('SELECT state, count(*)::int AS n FROM repo_actions_deliveries GROUP BY state')).rows;
    await eventually(
      async () => JSON.stringify(await counts()) === JSON.stringify([{ state: 'done', n: UNIQUE }]),
      60_000,
      `all ${UNIQUE} deliveries done`,
    );
  } finally {
    await db.end();
  }
  expectEffectsExactlyOnce(emu);
}

function expectEffectsExactlyOnce(emu: Emulator) {
  const repo = emu.state.repo(REPO)!;
  const comments = new Map<number, number>();
  for (const c of repo.comments.values()) comments.set(c.issueNumber, (comments.get(c.issueNumber) ?? 0) + 1);
  const wrong: string[] = [];
  for (let n = 1; n <= ISSUES; n++) {
    const labels = repo.issues
      .get(n)!
      .labels.map((l) => l.name)
      .sort();
    if (labels.join(',') !== 'bug,question') wrong.push(`#${n} labels ${labels.join(',')}`);
    if (comments.get(n) !== 1) wrong.push(`#${n} has ${comments.get(n) ?? 0} comments`);
  }
  expect(wrong).toEqual([]);
}

const common = ['--secret-env', 'HOOK_SECRET', '--token-env', 'APP_TOKEN', '--own-login', 'triage-app[bot]'];
const fast = ['--lease-seconds', '2', '--retry-base-seconds', '0.2', '--concurrency', '4'];
const env = { HOOK_SECRET: SECRET, APP_TOKEN };

describe('a burst of 1 000 deliveries with a SIGKILL mid-burst', () => {
  it('two replicas on PostgreSQL: every delivery stored once and processed, every effect exactly once', async () => {
    const emu = await createEmulator(issuesScenario(ISSUES), { timeScale: 0.01 });
    const args = [...common, ...fast, '--api-url', emu.apiUrl, '--database', postgres.url];
    let a: ServeProcess = await startServe(args, env);
    const b: ServeProcess = await startServe(args, env);
    let aDown = false;
    try {
      const statuses = await sendBurst(
        () => (aDown ? [b.url] : [a.url, b.url]),
        async () => {
          aDown = true;
          a.proc.kill('SIGKILL');
          await a.exited;
          a = await startServe(args, env);
          aDown = false;
        },
      );
      expect(statuses).toHaveLength(UNIQUE + DUPLICATES + REDELIVERIES);
      expect(statuses.filter((s) => s.duplicate).length).toBeGreaterThanOrEqual(DUPLICATES + REDELIVERIES - 1);
      expect(statuses.filter((s) => !s.duplicate).length).toBeLessThanOrEqual(UNIQUE);

      await expectAllDoneOnce(postgres.url, emu);
    } finally {
      a.proc.kill('SIGKILL');
      b.proc.kill('SIGKILL');
      await emu.close();
    }
  }, 120_000);

  it('the embedded PostgreSQL: kill -9 and restart of the single process loses and doubles nothing', async () => {
    const emu = await createEmulator(issuesScenario(ISSUES), { timeScale: 0.01 });
    const dataDir = tempDir('service-embedded');
    const args = [...common, ...fast, '--api-url', emu.apiUrl, '--data-dir', dataDir];
    let serve: ServeProcess = await startServe(args, env);
    let down = false;
    try {
      const statuses = await sendBurst(
        () => (down ? [] : [serve.url]),
        async () => {
          down = true;
          serve.proc.kill('SIGKILL');
          await serve.exited;
          serve = await startServe(args, env);
          down = false;
        },
      );
      expect(statuses).toHaveLength(UNIQUE + DUPLICATES + REDELIVERIES);
      expect(statuses.filter((s) => !s.duplicate).length).toBeLessThanOrEqual(UNIQUE);
      await expectAllDoneOnce(runningEmbeddedUrl(dataDir), emu);
    } finally {
      serve.proc.kill('SIGKILL');
      await emu.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

// Changes made while deliveries keep arriving (issue 36, "Measured (bench)"): the webhook secret rotated as
// docs/service-operations.md says, on two replicas behind a load balancer (bench/service/balancer.ts), under 30
// deliveries a second: 0 lost (every delivery answered 202 and done, none failed) and 0 refused
// (`npm run bench -- service-rotation`); and the upgrade procedure from the previous build's replicas, this build's
// `migrate` (a real pending migration) while they run and then their replacement one by one (`service-upgrade`).
// The replicas share one seal key (REPO_ACTIONS_SEAL_KEY), as the docs ask.
// Each phase of the load lasts BENCH_SERVICE_PHASE_SECONDS (default 45): long enough for the phase's two rolling
// restarts, which run during it.
import { lastCommitBefore, writePreviousBuild } from '../../harness/previous-build';
import { SOURCE_CLI, runCli } from '../../harness/service';
import { T } from '../../src/hosts/service/store/delivery-log';
import { SCHEMA_VERSION, schemaVersion } from '../../src/hosts/service/store/schema-migrations';
import { summarize } from '../open-loop';
import { startBalancer } from '../service/balancer';
import { describeFleet, startFleet, warmUp, withDb, drained, type Fleet } from '../service/fleet';
import { describeLoad, runLoad, type LoadOutcome } from '../service/load';
import { machine } from '../service/measures';
import type { StandaloneBench } from '../standalone';
import type { BenchResult } from '../types';

const RATE = 30;
const ISSUES = 500;
const seconds = Number(process.env.BENCH_SERVICE_PHASE_SECONDS);
const PHASE_SECONDS = Number.isFinite(seconds) && seconds > 0 ? seconds : 45;
const OLD_SECRET = 'bench secret';
const NEW_SECRET = 'bench secret, rotated';
const SEAL = { REPO_ACTIONS_SEAL_KEY: 'bench seal key' };

/** Restarts the replicas one after the other (each drains first); the time each took to be back. */
async function rollingRestart(fleet: Fleet, change: Parameters<Fleet['restart']>[1]): Promise<number[]> {
  const took: number[] = [];
  for (let i = 0; i < fleet.serves.length; i++) {
    const started = Date.now();
    await fleet.restart(i, change);
    took.push(Date.now() - started);
  }
  return took;
}

interface Counts {
  done: number;
  failed: number;
}

function counts(fleet: Fleet, ids: string[]): Promise<Counts> {
  return withDb(fleet.database, async (db) => {
    const { rows } = await db.query<{ done: string; failed: string }>(
      `SELECT count(*) FILTER (WHERE state = 'done') AS done, count(*) FILTER (WHERE state = 'failed') AS failed
       FROM ${T} WHERE id = ANY($1::text[])`,
      [ids],
    );
    return { done: Number(rows[0].done), failed: Number(rows[0].failed) };
  });
}

async function rotationRow(name: string): Promise<BenchResult> {
  const fleet = await startFleet({
    kind: 'replicas',
    deliveries: { issues: ISSUES, mixed: false },
    latencyMs: 50,
    serveArgs: ['--drain-grace', '1'],
    serveEnv: { ...SEAL, BENCH_SECRET: OLD_SECRET },
  });
  const balancer = await startBalancer(() => fleet.serves);
  const started = Date.now();
  try {
    await warmUp(fleet);
    const phase = (prefix: string, first: number, secret: string) =>
      runLoad({
        urls: [balancer.url],
        secret,
        deliveries: { prefix, first, issues: ISSUES, mixed: false },
        shape: { kind: 'open', rate: RATE, durationMs: PHASE_SECONDS * 1000 },
      });
    const sentEach = RATE * PHASE_SECONDS;
    // Step 1 while GitHub still signs with the old secret: every replica restarted with the new one and the old as
    // the previous. Step 2 is GitHub switching (the second phase signs with the new secret); step 3, during it,
    // restarts every replica without the previous secret.
    const withPrevious = {
      args: ['--previous-secret-env', 'BENCH_SECRET_PREVIOUS'],
      env: { BENCH_SECRET: NEW_SECRET, BENCH_SECRET_PREVIOUS: OLD_SECRET },
    };
    const [before, step1] = await Promise.all([phase('rot-old', 0, OLD_SECRET), rollingRestart(fleet, withPrevious)]);
    const [after, step3] = await Promise.all([
      phase('rot-new', sentEach, NEW_SECRET),
      rollingRestart(fleet, { env: { BENCH_SECRET: NEW_SECRET } }),
    ]);
    const ids = [...before.acceptedIds, ...after.acceptedIds];
    await drained(fleet, ids, 120_000);
    const c = await counts(fleet, ids);
    const sent = before.summary.sent + after.summary.sent;
    const phaseOk = (o: LoadOutcome) => o.summary.accepted === o.summary.sent;
    const ok = phaseOk(before) && phaseOk(after) && c.done === sent && c.failed === 0;
    const secs = (ms: number[]) => ms.map((m) => (m / 1000).toFixed(1)).join(' s, ') + ' s';
    const note =
      `${describeFleet('replicas')} behind a balancer, ${RATE}/s over ${ISSUES} issues. Signed with the old secret ` +
      `${PHASE_SECONDS} s while both replicas restarted with the new secret and the old as previous (back after ` +
      `${secs(step1)}): ${describeLoad(before)}. Signed with the new secret ${PHASE_SECONDS} s while both restarted ` +
      `without the previous (back after ${secs(step3)}): ${describeLoad(after)}. Lost: ${sent - c.done} of ${sent} ` +
      `(done ${c.done}, failed ${c.failed}); refused ${sent - before.summary.accepted - after.summary.accepted}; ` +
      `balancer retries on a refused connection ${balancer.retried}; ${machine()}`;
    return { name, action: 'webhooks', status: ok ? 'ok' : 'failed', note, wallMs: Date.now() - started };
  } finally {
    await balancer.close();
    await fleet.close();
  }
}

/** Deliveries already in the table when the upgrade starts: a concurrent index build reads them all. */
const STORED_BEFORE = 100_000;

/**
 * The upgrade procedure with a real pending migration, under 30/s: the replicas run the previous build's committed
 * bundle (BENCH_UPGRADE_FROM, by default the commit before the newest migration was added, `harness/previous-build.ts`)
 * on the schema it made, with 100,000 deliveries stored; after 5 s of load this build's `migrate --status` and
 * `migrate` run against the live database (for migration 3: an index built and another dropped, CONCURRENTLY); the
 * previous build is then shown to refuse the new schema; then the replicas are replaced one at a time by this build.
 * 0 lost, 0 refused; migrate's duration and the ack p99 of the requests scheduled while it ran.
 */
async function upgradeRow(name: string): Promise<BenchResult> {
  const previous = writePreviousBuild(process.env.BENCH_UPGRADE_FROM || lastCommitBefore(SCHEMA_VERSION));
  const fleet = await startFleet({
    kind: 'replicas',
    deliveries: { issues: ISSUES, mixed: false },
    latencyMs: 50,
    serveArgs: ['--drain-grace', '1'],
    serveEnv: SEAL,
    entry: previous.entry,
  }).catch((err: unknown) => {
    previous.remove();
    throw err;
  });
  const balancer = await startBalancer(() => fleet.serves);
  const started = Date.now();
  try {
    await warmUp(fleet);
    await withDb(fleet.database, (db) =>
      db.query(
        `INSERT INTO ${T} (id, received_at, state, event, repository, installation, item_key, headers, body,
           finished_at)
         SELECT 'old-' || g, now() - make_interval(secs => g), 'done', 'issues', 'octo/app', 1 + g % 2,
                'octo/app#' || (1 + g % ${ISSUES}), '{}', convert_to(repeat('x', 200), 'UTF8'), now()
         FROM generate_series(1, ${STORED_BEFORE}) g`,
      ),
    );
    const said = (o: { stdout: string; stderr: string }) =>
      (o.stdout + o.stderr).trim().split('\n').slice(-1)[0]?.slice(0, 200) ?? '';
    const upgrade = async () => {
      await new Promise((r) => setTimeout(r, 5_000));
      const status = await runCli(['migrate', '--status', '--database', fleet.database]);
      const migrateStarted = Date.now();
      const migrate = await runCli(['migrate', '--database', fleet.database]);
      const migrateEnded = Date.now();
      const refused = await runCli(['migrate', '--status', '--database', fleet.database], {}, previous.entry);
      const restarts = await rollingRestart(fleet, { entry: SOURCE_CLI });
      return { status, migrate, migrateStarted, migrateEnded, refused, restarts };
    };
    const [load, u] = await Promise.all([
      runLoad({
        urls: [balancer.url],
        secret: OLD_SECRET,
        deliveries: { prefix: 'upgrade', issues: ISSUES, mixed: false },
        shape: { kind: 'open', rate: RATE, durationMs: PHASE_SECONDS * 1000 },
      }),
      upgrade(),
    ]);
    await drained(fleet, load.acceptedIds, 120_000);
    const c = await counts(fleet, load.acceptedIds);
    // The load's clock starts at its first request: the first delivery's receipt, on this machine's clock.
    const first = await withDb(fleet.database, (db) =>
      db.query<{ at: Date }>(`SELECT received_at AS at FROM ${T} WHERE id = 'upgrade-0'`),
    );
    const t0 = first.rows[0]?.at.getTime() ?? NaN;
    const during = load.answers.slice(
      Math.max(0, Math.floor(((u.migrateStarted - t0) * RATE) / 1000)),
      Math.ceil(((u.migrateEnded - t0) * RATE) / 1000) + 1,
    );
    const whileMigrating = summarize(during);
    const version = await withDb(fleet.database, (db) => schemaVersion(db));
    const sent = load.summary.sent;
    const refusedOk = u.refused.code === 1 && u.refused.stderr.includes('newer than this build knows');
    const ok =
      u.status.code === 0 &&
      u.migrate.code === 0 &&
      refusedOk &&
      version === SCHEMA_VERSION &&
      load.summary.accepted === sent &&
      c.done === sent &&
      c.failed === 0;
    const note =
      `${describeFleet('replicas')} behind a balancer, ${RATE}/s over ${ISSUES} issues for ${PHASE_SECONDS} s; the ` +
      `replicas ran the previous build (${previous.rev}'s committed dist/cli) on its schema with ` +
      `${STORED_BEFORE.toLocaleString('en')} deliveries stored. This build's \`migrate --status\` (exit ` +
      `${u.status.code}: ${said(u.status)}), \`migrate\` (exit ${u.migrate.code} after ` +
      `${u.migrateEnded - u.migrateStarted} ms: ${said(u.migrate)}; version now ${version}); ack p99 of the ` +
      `${during.length} requests scheduled while it ran ${whileMigrating.p99.toFixed(1)} ms (max ` +
      `${whileMigrating.max.toFixed(1)} ms, ${whileMigrating.accepted} answered 202); the previous build's ` +
      `\`migrate --status\` then exit ${u.refused.code}: ${said(u.refused)}; the replicas replaced by this build ` +
      `one at a time (back after ${u.restarts.map((m) => (m / 1000).toFixed(1)).join(' s, ')} s). Whole run: ` +
      `${describeLoad(load)}. Lost: ${sent - c.done} of ${sent} (done ${c.done}, failed ${c.failed}); refused ` +
      `${sent - load.summary.accepted}; balancer retries on a refused connection ${balancer.retried}; ${machine()}`;
    return { name, action: 'webhooks', status: ok ? 'ok' : 'failed', note, wallMs: Date.now() - started };
  } finally {
    await balancer.close();
    await fleet.close();
    previous.remove();
  }
}

const rotationName = `service-rotation: webhook secret rotated on two replicas under ${RATE}/s, 0 lost`;

const upgradeName =
  `service-upgrade: the previous build's replicas, migrate (a real migration) and a rolling replacement by this ` +
  `build on two replicas under ${RATE}/s, 0 lost`;

export const standalone: StandaloneBench[] = [
  {
    name: upgradeName,
    action: 'webhooks',
    description:
      "The upgrade procedure from the previous build's bundle (migrate while its replicas run, then each replaced " +
      'by this build) under 30/s.',
    run: () => upgradeRow(upgradeName),
  },
  {
    name: rotationName,
    action: 'webhooks',
    description: 'The secret rotation procedure (two rolling restarts) under 30/s: 0 lost, 0 refused.',
    run: () => rotationRow(rotationName),
  },
];

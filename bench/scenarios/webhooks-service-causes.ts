// The service while GitHub makes it wait (issue 36, "Measured (bench)"): deliveries keep arriving while the
// installation's primary limit is exhausted, or while the API answers every request with a 503, and once the cause
// clears every delivery is done with none failed (`npm run bench -- service-waits`; each row alone by its name).
// `repo-actions serve` on its embedded PostgreSQL runs the real triage engine against the emulator
// (bench/service/fleet.ts). Each cause lasts 60 s (BENCH_SERVICE_CAUSE_SECONDS): the outage at time scale 0.1, so
// the issue's 10 minutes of GitHub time (probe intervals scaled alike); the exhaustion at time scale 1 (one real
// minute: see `Cause.timeScale` for why not scaled). Every number is read, none assumed: the deliveries' states and
// times from the store, the refusals by cause from the emulator's request log.
import { identityOf } from '../../emulator/limits';
import type { LogEntry } from '../../emulator/log';
import { CIRCUITS } from '../../src/hosts/service/store/circuits';
import { T } from '../../src/hosts/service/store/delivery-log';
import { BENCH_SECRET, describeFleet, startFleet, warmUp, withDb, drained, type Fleet } from '../service/fleet';
import { describeLoad, runLoad } from '../service/load';
import { machine, refusals, rss } from '../service/measures';
import type { StandaloneBench } from '../standalone';
import type { BenchResult } from '../types';

const seconds = Number(process.env.BENCH_SERVICE_CAUSE_SECONDS);
/** How long the cause lasts in real time (60 s: the outage's 10 GitHub minutes at time scale 0.1). */
const CAUSE_MS = (Number.isFinite(seconds) && seconds > 0 ? seconds : 60) * 1000;
/** Deliveries a second while the cause lasts (over 500 issues: few coalesce). */
const RATE = 5;
const ISSUES = 500;
/**
 * How long after the cause clears the row waits for the last delivery: the service's longest probe interval (5 GitHub
 * min) and two minutes for the engine runs of the deliveries held meanwhile on a loaded machine.
 */
const drainMs = (timeScale: number) => 5 * 60_000 * timeScale + 120_000;

interface Cause {
  /**
   * Real time per GitHub time for the emulator and the service. The exhaustion runs at 1: the emulator reports a
   * reset in GitHub time from now, which a scaled client's budget reads against the wall clock, so at 0.1 the
   * service would resume (1 - 0.1) × 0.1 × the cause's length after the real reset, a scaling artifact.
   */
  timeScale: number;
  /**
   * The issues the deliveries go round. At time scale 1 the service spaces an installation's writes a second apart
   * (GitHub's guidance), so 300 deliveries held over 500 issues take 5 minutes to drain; over 60 issues they coalesce
   * into at most 60 engine runs, as the repeated events of a busy hour do.
   */
  issues: number;
  /** Starts the cause on the emulator; the row clears it `CAUSE_MS` later with `clear`. */
  start(fleet: Fleet): void;
  clear(fleet: Fleet): void;
  /** The request log's answers that the cause gave. */
  refused(e: LogEntry): boolean;
  what: string;
}

/** Every budget of the App's installation spent until `until` (the emulator's bucket, its reset then). */
function exhaust(fleet: Fleet, until: number): void {
  const token = [...fleet.emu.state.tokens.values()].find((t) => t.kind === 'installation');
  if (!token) throw new Error('the bench scenario has no installation token');
  const identity = identityOf(token, undefined);
  for (const resource of ['core', 'graphql']) {
    const bucket = fleet.emu.limits.bucket(identity, resource);
    bucket.used = bucket.limit;
    bucket.resetAt = until;
  }
}

const minutesAt = (timeScale: number) => +(CAUSE_MS / 60_000 / timeScale).toFixed(1);

const primaryExhaustion: Cause = {
  timeScale: 1,
  issues: 60,
  what: `the installation's primary limit (REST and GraphQL) exhausted for ${minutesAt(1)} min`,
  start: (fleet) => exhaust(fleet, Date.now() + CAUSE_MS),
  // The bucket's reset ends it: a new window with the full limit.
  clear: () => {},
  refused: (e) => e.limited === 'primary',
};

const outage: Cause = {
  timeScale: 0.1,
  issues: ISSUES,
  what: `every API request answered 503 for ${minutesAt(0.1)} GitHub min`,
  start: (fleet) => fleet.emu.faults.respond({ status: 503, times: Number.POSITIVE_INFINITY }),
  clear: (fleet) => fleet.emu.faults.clear(),
  refused: (e) => e.injected !== undefined && e.status === 503,
};

interface StoreCounts {
  done: number;
  failed: number;
  open: number;
  maxAttempts: number;
  /** Epoch ms of the first and the last delivery done. */
  firstDoneAt: number;
  lastDoneAt: number;
}

function storeCounts(fleet: Fleet, ids: string[]): Promise<StoreCounts> {
  return withDb(fleet.database, async (db) => {
    const { rows } = await db.query<Record<keyof StoreCounts, string | null>>(
      `SELECT count(*) FILTER (WHERE state = 'done') AS done, count(*) FILTER (WHERE state = 'failed') AS failed,
              count(*) FILTER (WHERE state IN ('queued', 'running')) AS open, coalesce(max(attempts), 0) AS "maxAttempts",
              coalesce(extract(epoch FROM min(finished_at)) * 1000, 0) AS "firstDoneAt",
              coalesce(extract(epoch FROM max(finished_at)) * 1000, 0) AS "lastDoneAt"
       FROM ${T} WHERE id = ANY($1::text[])`,
      [ids],
    );
    const r = rows[0];
    return {
      done: Number(r.done),
      failed: Number(r.failed),
      open: Number(r.open),
      maxAttempts: Number(r.maxAttempts),
      firstDoneAt: Number(r.firstDoneAt),
      lastDoneAt: Number(r.lastDoneAt),
    };
  });
}

/** The installations' circuits as the cause left them: cause, trips and how far past `at` each stays open (s). */
function circuits(fleet: Fleet, at: number): Promise<string> {
  return withDb(fleet.database, async (db) => {
    const { rows } = await db.query<{ cause: string; trips: number; until: Date }>(
      `SELECT cause, trips, until FROM ${CIRCUITS} ORDER BY scope`,
    );
    if (rows.length === 0) return 'no circuit open';
    return rows
      .map((r) => `circuit ${r.cause}, ${r.trips} trips, open until ${((r.until.getTime() - at) / 1000).toFixed(1)} s`)
      .join('; ');
  });
}

/** Failed deliveries in the whole store (a delivery the row did not send must not fail either). */
function failedInStore(fleet: Fleet): Promise<number> {
  return withDb(fleet.database, async (db) => {
    const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${T} WHERE state = 'failed'`);
    return Number(rows[0].n);
  });
}

async function causeRow(name: string, cause: Cause): Promise<BenchResult> {
  const fleet = await startFleet({
    kind: 'embedded',
    deliveries: { issues: ISSUES, mixed: false },
    latencyMs: 50,
    timeScale: cause.timeScale,
  });
  try {
    await warmUp(fleet);
    const mark = fleet.emu.log.entries.length;
    const started = Date.now();
    cause.start(fleet);
    const clearing = new Promise<number>((resolve) =>
      setTimeout(() => {
        cause.clear(fleet);
        resolve(Date.now());
      }, CAUSE_MS),
    );
    const load = await runLoad({
      urls: fleet.serves.map((s) => s.url),
      secret: BENCH_SECRET,
      deliveries: { prefix: 'cause', issues: cause.issues, mixed: false },
      shape: { kind: 'open', rate: RATE, durationMs: CAUSE_MS },
    });
    const clearedAt = await clearing;
    const circuitNote = await circuits(fleet, clearedAt);
    const during = fleet.emu.log.entries.slice(mark).filter((e) => e.startedAt < clearedAt);
    const hits = during.filter((e) => cause.refused(e)).length;
    const doneDuring = (await storeCounts(fleet, load.acceptedIds)).done;
    await drained(fleet, load.acceptedIds, drainMs(cause.timeScale));
    const counts = await storeCounts(fleet, load.acceptedIds);
    const failedAll = await failedInStore(fleet);
    const after = fleet.emu.log.entries.slice(mark);
    const secondary = after.filter((e) => e.limited === 'secondary').length;
    const doneAfterMs = counts.lastDoneAt - clearedAt;
    const resumedMs = counts.firstDoneAt - clearedAt;
    const s = load.summary;
    const ok =
      hits > 0 &&
      s.accepted === s.sent &&
      counts.done === s.accepted &&
      counts.failed === 0 &&
      failedAll === 0 &&
      secondary === 0;
    const note =
      `${describeFleet('embedded')}, time scale ${cause.timeScale}, ${cause.what} (${Math.round(CAUSE_MS / 1000)} s)` +
      ` while ${RATE}/s arrive over ${cause.issues} issues: ` +
      `${describeLoad(load)}. During the cause: ${during.length} API requests, ${hits} refused by it, ` +
      `${doneDuring} deliveries done; as it cleared: ${circuitNote}. After it cleared: the first done ${(resumedMs / 1000).toFixed(1)} s later, ` +
      `${counts.done} of ${s.accepted} done, the last ` +
      `${(doneAfterMs / 1000).toFixed(1)} s later (${(doneAfterMs / cause.timeScale / 60_000 || 0).toFixed(1)} GitHub ` +
      `min), ${counts.open} still open; permanent failures ${counts.failed} (whole store ${failedAll}); most ` +
      `attempts of one delivery ${counts.maxAttempts}; secondary-limit rejections ${secondary}; refused by the ` +
      `service: ${await refusals(fleet)}; ${rss(fleet)}; ${machine()}`;
    return { name, action: 'webhooks', status: ok ? 'ok' : 'failed', note, wallMs: Date.now() - started };
  } finally {
    await fleet.close();
  }
}

const exhaustionName = `service-waits-primary-limit: ${minutesAt(1)} min exhausted, 0 failed`;
const outageName = `service-waits-outage: ${minutesAt(0.1)} GitHub min of 503s, 0 failed`;

export const standalone: StandaloneBench[] = [
  {
    name: exhaustionName,
    action: 'webhooks',
    description: 'Deliveries during a primary-limit exhaustion: all done after the reset, none failed.',
    run: () => causeRow(exhaustionName, primaryExhaustion),
  },
  {
    name: outageName,
    action: 'webhooks',
    description: 'Deliveries during an API outage (503 to everything): all done after it ends, none failed.',
    run: () => causeRow(outageName, outage),
  },
];

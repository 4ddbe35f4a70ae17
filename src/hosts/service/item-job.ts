// An item's job: takes every open delivery of one issue or pull request from the log and runs the engine.
// Deliveries that only say "this item changed" (issues.*, pull_request.*) coalesce per event and action: the engine
// reads the item's fresh state, so one run for the newest covers the older ones (recorded as coalesced). Each slash command runs on
// its own. A failed run queues its deliveries again after a back-off; after `maxAttempts` they are kept as failed.
// A run that met GitHub's limits or an outage (`failure-kind.ts`) spends no attempt: it opens its installation's
// circuit (`store/circuits.ts`) and its deliveries wait for the cause to clear, as do the installation's other jobs,
// which do not run while the circuit is open. Only waiting longer than `maxWaitMs` (hours) fails a delivery.
// An operator's pause (`store/operator-controls.ts`) defers the deliveries it holds the same way, before anything runs.
import type { Clock } from '../../github/client/clock';
import { messageOf } from '../../kernel/words';
import type { Dispatcher } from './dispatch';
import type { WaitCause } from './failure-kind';
import type { FieldLogger } from './json-log';
import type { ServiceMetrics } from './metrics';
import { retryDelay } from './retry-delay';
import { scopeOf, type Circuits, type Gate } from './store/circuits';
import type { DeliveryLog } from './store/delivery-log';
import { PAUSE_RECHECK_MS, pauseOf, type OperatorControls } from './store/operator-controls';
import { newClaim, withClaim, type RunClaim } from './store/run-claim';
import type { Settlement, TakenDelivery } from './store/types';

export interface ItemJobOptions {
  deliveries: DeliveryLog;
  dispatcher: Dispatcher;
  log: FieldLogger;
  metrics?: ServiceMetrics;
  clock: Clock;
  maxAttempts: number;
  retryBaseMs: number;
  maxRetryDelayMs?: number;
  /** The installations' circuits (none: a wait is retried like any failure, without spending an attempt). */
  circuits?: Circuits;
  /** A delivery waiting for GitHub longer than this since it was received fails (default 24 h). */
  maxWaitMs?: number;
  /** The operator's pauses (none: nothing is ever paused). */
  pauses?: Pick<OperatorControls, 'paused'>;
  /** A paused delivery's job looks again this long after (default `PAUSE_RECHECK_MS`; `resume` runs it sooner). */
  pauseRecheckMs?: number;
  /**
   * A job still running this long after it took its deliveries is abandoned (none: never): its unsettled deliveries
   * are queued again (the one that was running spends its attempt), which ends its claim, so the abandoned run can
   * neither write nor settle any more (`run-claim.ts`), and its queue slot goes to the next job.
   */
  jobDeadlineMs?: number;
}

type RunResult =
  | { status: 'done' }
  | { status: 'retry' | 'failed'; error: string }
  | { status: 'wait'; cause: WaitCause; untilMs?: number; error: string }
  /** Not run: an earlier group of the same job waits for GitHub already (deferred as long, without a new trip). */
  | { status: 'deferred'; delayMs: number; cause: WaitCause; error: string };

/** Deferred jobs start spread over this share of their wait (at most `MAX_SPREAD_MS`), not all at the reset. */
const SPREAD = 0.05;
const MAX_SPREAD_MS = 30_000;
/** A wait that opens no circuit (none kept, or a sweep's) with no end known is retried after this long. */
const WAIT_WITHOUT_CIRCUIT_MS = 30_000;

function payloadOf(d: TakenDelivery): Record<string, unknown> | undefined {
  try {
    const parsed = JSON.parse(d.body.toString('utf8')) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Runs an item's job; `stop` aborts it (the service's shutdown timeout passed): its API calls end at once. */
export function itemJobRunner(o: ItemJobOptions): (itemKey: string, stop?: AbortSignal) => Promise<void> {
  const fieldsOf = (d: TakenDelivery) => ({
    delivery: d.id,
    event: d.event,
    installation: d.installation,
    repository: d.repository,
  });

  async function runOne(d: TakenDelivery, payload: Record<string, unknown>): Promise<RunResult> {
    const started = o.clock.now();
    const outcome = await o.dispatcher.process(
      { id: d.id, event: d.event, hookId: d.headers['x-github-hook-id'], payload },
      o.log.child(fieldsOf(d)),
    );
    o.metrics?.processing.observe((o.clock.now() - started) / 1000);
    if (outcome.status === 'failed') {
      const kind = outcome.failure ?? { kind: 'own' };
      if (kind.kind === 'wait')
        return { status: 'wait', cause: kind.cause, untilMs: kind.untilMs, error: outcome.message };
      // A 4xx of the request itself: the same request is refused the same way next time.
      if (kind.kind === 'refused') return { status: 'failed', error: outcome.message };
      return { status: 'retry', error: outcome.message };
    }
    // The App's every private key refused (401): nothing of this delivery's own — it waits on the circuit, no attempt
    // spent, until a key is accepted again (restored, or rotated in; `app-token-provider.ts`).
    if (outcome.status === 'unauthorized') return { status: 'wait', cause: 'credentials', error: outcome.message };
    // A broken config fails the same way until someone fixes it: kept as failed at once (`deliveries retry` after).
    if (outcome.status === 'invalid-config') return { status: 'failed', error: outcome.message };
    return { status: 'done' };
  }

  // A recorded error is persisted: every secret the service holds (installation tokens too) is redacted first.
  const redacted = (error: string) => o.log.redact?.(error) ?? error;

  /**
   * Settles deliveries the run still holds; false when another run took them over (`run-claim.ts`): its outcome is
   * then that run's to record, and this one's is dropped.
   */
  async function record(claim: RunClaim, group: TakenDelivery[], s: Settlement): Promise<boolean> {
    const changed = await o.deliveries.settle(claim, s);
    if (changed > 0 || s.ids.length === 0) return true;
    o.log
      .child(fieldsOf(group[0]))
      .warning(
        `these deliveries are no longer this run's (another run took them over, or an operator cancelled them): its ${s.state} is not recorded`,
      );
    return false;
  }

  /** Records how a group ended; resolves with the delay when it waits for GitHub. */
  async function settle(
    claim: RunClaim,
    group: TakenDelivery[],
    result: RunResult,
    coalesced: string[],
  ): Promise<number | undefined> {
    const ids = group.map((d) => d.id);
    const event = group[group.length - 1].event;
    const attempts = Math.max(...group.map((d) => d.attempts));
    if (result.status === 'done') {
      const ran = ids.filter((id) => !coalesced.includes(id));
      if (!(await record(claim, group, { state: 'done', ids: ran }))) return undefined;
      await record(claim, group, { state: 'done', ids: coalesced, note: 'coalesced' });
      o.metrics?.processed.inc({ event });
      // Wall time from the row's receipt (the database's clock) to now, for every delivery this run completed.
      for (const d of group) o.metrics?.receiptToDone.observe(Math.max(0, Date.now() - d.receivedAt) / 1000);
      if (coalesced.length) o.metrics?.coalesced.inc({ event }, coalesced.length);
    } else if (result.status === 'wait') {
      return wait(claim, group, result);
    } else if (result.status === 'deferred') {
      const { delayMs: retryInMs, error } = result;
      if (!(await record(claim, group, { state: 'queued', ids, error: redacted(error), retryInMs, waited: true })))
        return undefined;
      o.metrics?.waits.inc({ cause: result.cause }, group.length);
    } else if (result.status === 'failed' || attempts >= o.maxAttempts) {
      if (!(await record(claim, group, { state: 'failed', ids, error: redacted(result.error) }))) return undefined;
      o.metrics?.failed.inc({ event });
      for (const d of group)
        o.log.child(fieldsOf(d)).error(`failed for good after ${d.attempts} attempts: ${result.error}`);
    } else {
      const delay = retryDelay(attempts, o.retryBaseMs, o.maxRetryDelayMs ?? 300_000);
      const s: Settlement = { state: 'queued', ids, error: redacted(result.error), retryInMs: delay };
      if (!(await record(claim, group, s))) return undefined;
      o.metrics?.retried.inc({ event });
      for (const d of group)
        o.log.child(fieldsOf(d)).info(`attempt ${d.attempts} failed, retrying in ${delay} ms: ${result.error}`);
    }
    return undefined;
  }

  /** Defers the group until the cause clears (its installation's circuit opened or extended), no attempt spent. */
  async function wait(
    claim: RunClaim,
    group: TakenDelivery[],
    r: Extract<RunResult, { status: 'wait' }>,
  ): Promise<number | undefined> {
    const ids = group.map((d) => d.id);
    const event = group[group.length - 1].event;
    const now = o.clock.now();
    const waitedMs = now - Math.min(...group.map((d) => d.receivedAt));
    const maxWaitMs = o.maxWaitMs ?? 86_400_000;
    if (waitedMs >= maxWaitMs) {
      const error = `waited ${Math.round(waitedMs / 60_000)} min for GitHub (${r.cause}), longer than allowed: ${r.error}`;
      if (!(await record(claim, group, { state: 'failed', ids, error: redacted(error) }))) return undefined;
      o.metrics?.failed.inc({ event });
      for (const d of group) o.log.child(fieldsOf(d)).error(`failed: ${error}`);
      return undefined;
    }
    // A sweep waiting (its lane's share of the writes spent, `store/write-history.ts`) never holds the installation's
    // webhooks: only a webhook's wait opens the circuit.
    const trips = o.circuits && !claim.itemKey.endsWith('#sweep');
    const untilMs = trips
      ? await o.circuits!.trip(scopeOf(group[0].installation), r.cause, r.untilMs, r.error)
      : (r.untilMs ?? now + WAIT_WITHOUT_CIRCUIT_MS);
    const base = Math.max(0, untilMs - now);
    const delay = Math.round(base + Math.random() * Math.min(MAX_SPREAD_MS, base * SPREAD));
    const s: Settlement = { state: 'queued', ids, error: redacted(r.error), retryInMs: delay, waited: true };
    if (!(await record(claim, group, s))) return undefined;
    o.metrics?.waits.inc({ cause: r.cause });
    for (const d of group)
      o.log.child(fieldsOf(d)).info(`waiting ${Math.ceil(delay / 1000)} s for GitHub (${r.cause}): ${r.error}`);
    return delay;
  }

  /** Defers every taken delivery while their installation's circuit is open; true when it did. */
  async function deferred(claim: RunClaim, taken: TakenDelivery[], gate: Gate): Promise<boolean> {
    if (gate.state !== 'open') return false;
    const delay = Math.max(0, gate.untilMs - o.clock.now());
    const spread = Math.round(delay + Math.random() * Math.min(MAX_SPREAD_MS, delay * SPREAD));
    const error = `waiting for GitHub (${gate.cause}) until ${new Date(gate.untilMs).toISOString()}`;
    const ids = taken.map((d) => d.id);
    if (!(await record(claim, taken, { state: 'queued', ids, error, retryInMs: spread, waited: true }))) return true;
    o.metrics?.waits.inc({ cause: gate.cause }, taken.length);
    o.log.child(fieldsOf(taken[0])).debug(`${error}: ${taken.length} deliveries deferred`);
    return true;
  }

  /** Whether `work` ended within `ms` (its failure is its own: it is awaited as before). */
  async function withinDeadline(work: Promise<void>, ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    try {
      const done = work.then(() => true as const);
      done.catch(() => {}); // an abandoned job's later failure is nobody's to handle
      return await Promise.race([done, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Queues again what a job past its deadline still holds; only the delivery it was running spends an attempt. */
  async function abandon(claim: RunClaim, taken: TakenDelivery[], running: TakenDelivery | undefined, ms: number) {
    const error = `the job ran longer than its deadline (${Math.round(ms / 1000)} s): abandoned, retried`;
    const log = o.log.child(fieldsOf(running ?? taken[0]));
    log.warning(error);
    if (running) {
      const delay = retryDelay(running.attempts, o.retryBaseMs, o.maxRetryDelayMs ?? 300_000);
      const s: Settlement =
        running.attempts >= o.maxAttempts
          ? { state: 'failed', ids: [running.id], error }
          : { state: 'queued', ids: [running.id], error, retryInMs: delay };
      await o.deliveries.settle(claim, s);
      o.metrics?.[s.state === 'failed' ? 'failed' : 'retried'].inc({ event: running.event });
    }
    const rest = taken.filter((d) => d !== running).map((d) => d.id);
    // The others did not run (or ran and settled already: those are not held any more and do not change).
    await o.deliveries.settle(claim, { state: 'queued', ids: rest, error, retryInMs: 0, waited: true });
  }

  /**
   * Defers the taken deliveries an operator's pause holds (not run, not failed, no attempt spent: `resume` brings
   * their job forward); resolves with the ones left to run.
   */
  async function unpaused(claim: RunClaim, taken: TakenDelivery[]): Promise<TakenDelivery[]> {
    if (!o.pauses) return taken;
    const scopes = new Set((await o.pauses.paused()).map((p) => p.scope));
    if (scopes.size === 0) return taken;
    const held = taken.filter((d) => pauseOf(scopes, d) !== undefined);
    if (held.length === 0) return taken;
    const names = [...new Set(held.map((d) => pauseOf(scopes, d)))].join(', ');
    const error = `paused by the operator (${names})`;
    const retryInMs = o.pauseRecheckMs ?? PAUSE_RECHECK_MS;
    const ids = held.map((d) => d.id);
    if (!(await record(claim, held, { state: 'queued', ids, error, retryInMs, waited: true, paused: true }))) return [];
    o.metrics?.waits.inc({ cause: 'paused' }, held.length);
    o.log.child(fieldsOf(held[0])).info(`${error}: ${held.length} deliveries deferred`);
    return taken.filter((d) => !held.includes(d));
  }

  /** The newest of one kind of change runs; the older ones are settled with it as coalesced. */
  async function runCoalesced(
    changes: { d: TakenDelivery; payload: Record<string, unknown> }[],
    settleOne: (group: TakenDelivery[], result: RunResult, coalesced: string[]) => Promise<void>,
    run: (d: TakenDelivery, payload: Record<string, unknown>) => Promise<RunResult>,
  ) {
    const newest = changes[changes.length - 1];
    const older = changes.slice(0, -1).map((c) => c.d.id);
    if (older.length) o.log.child(fieldsOf(newest.d)).debug(`coalesced with ${older.length} earlier deliveries`);
    await settleOne(
      changes.map((c) => c.d),
      await run(newest.d, newest.payload),
      older,
    );
  }

  async function runGuarded(d: TakenDelivery, payload: Record<string, unknown>): Promise<RunResult> {
    try {
      return await runOne(d, payload);
    } catch (err) {
      return { status: 'retry', error: messageOf(err) };
    }
  }

  return async (itemKey, stop) => {
    // Aborted at the deadline or by `stop`: the run's in-flight API calls end, and it sends none after.
    const aborter = new AbortController();
    const claim = newClaim(itemKey, stop ? AbortSignal.any([stop, aborter.signal]) : aborter.signal);
    const taken = await unpaused(claim, await o.deliveries.take(claim));
    if (taken.length === 0) return;
    const scope = scopeOf(taken[0].installation);
    const gate: Gate = o.circuits ? await o.circuits.gate(scope) : { state: 'closed' };
    if (await deferred(claim, taken, gate)) return;
    /** Set once a group of this job waits for GitHub: the later groups are deferred as long without running. */
    let waiting: Extract<RunResult, { status: 'deferred' }> | undefined;
    const settleOne = async (group: TakenDelivery[], result: RunResult, coalesced: string[]) => {
      const delayMs = await settle(claim, group, result, coalesced);
      if (result.status === 'wait' && delayMs !== undefined)
        waiting = { status: 'deferred', delayMs, cause: result.cause, error: result.error };
    };
    /** The delivery running now (the one an abandoned job spent its time on). */
    let current: TakenDelivery | undefined;
    let abandoned = false;
    // Every write of the run is checked against its claim (`run-claim.ts`).
    const run = async (d: TakenDelivery, payload: Record<string, unknown>): Promise<RunResult> => {
      if (abandoned) return { status: 'retry', error: 'the job was abandoned at its deadline' };
      current = d;
      return waiting ?? withClaim(claim, () => runGuarded(d, payload));
    };
    const work = async () => {
      const changes = new Map<string, { d: TakenDelivery; payload: Record<string, unknown> }[]>();
      for (const d of taken) {
        if (!d.sealed) {
          // Not stored by this service (or altered since): the database is not a trust boundary.
          o.metrics?.sealFailures.inc({ event: d.event });
          o.log
            .child(fieldsOf(d))
            .error(
              "the stored delivery does not carry this service's seal (no configured seal key vouches for it): not processed",
            );
          await settleOne([d], { status: 'failed', error: 'the stored delivery does not carry its seal' }, []);
          continue;
        }
        const payload = payloadOf(d);
        if (!payload) {
          await settleOne([d], { status: 'failed', error: 'the stored body is not JSON' }, []);
          continue;
        }
        if (d.attempts > o.maxAttempts) {
          // Taken again after processes died while running it, once too often: a delivery that kills its worker.
          const error = `gave up after ${d.attempts - 1} attempts (the process stopped while running it)`;
          await settleOne([d], { status: 'failed', error }, []);
          continue;
        }
        const group = o.dispatcher.coalescingKey(d.event, payload);
        if (group) changes.set(group, [...(changes.get(group) ?? []), { d, payload }]);
        else await settleOne([d], await run(d, payload), []);
      }
      for (const changesOfAKind of changes.values()) await runCoalesced(changesOfAKind, settleOne, run);
    };
    if (!o.jobDeadlineMs) await work();
    else if (!(await withinDeadline(work(), o.jobDeadlineMs))) {
      abandoned = true;
      aborter.abort(new Error(`the job ran longer than its deadline (${Math.round(o.jobDeadlineMs / 1000)} s)`));
      await abandon(claim, taken, current, o.jobDeadlineMs);
      return;
    }
    // GitHub answered the probe: the circuit closes and the jobs that waited for it run now.
    if (gate.state === 'probe' && !waiting && o.circuits) {
      const moved = await o.circuits.close(scope);
      const who = scope === 'token' ? 'the token' : `installation ${scope}`;
      o.log.info(`GitHub answers ${who} again (${gate.cause} cleared): ${moved} waiting jobs resumed`);
    }
  };
}

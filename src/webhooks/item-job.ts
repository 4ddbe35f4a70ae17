// An item's job: takes every open delivery of one issue or pull request from the log and runs the engine.
// Deliveries that only say "this item changed" (issues.*, pull_request.*) coalesce per event and action: the engine
// reads the item's fresh state, so one run for the newest covers the older ones (recorded as coalesced). Each slash command runs on
// its own. A failed run queues its deliveries again after a back-off; after `maxAttempts` they are kept as failed.
import type { Clock } from '../client/clock';
import { messageOf } from '../core/words';
import type { Dispatcher } from './dispatch';
import type { FieldLogger } from './json-log';
import type { ServiceMetrics } from './metrics';
import { retryDelay } from './retry-delay';
import type { DeliveryLog } from './store/delivery-log';
import type { TakenDelivery } from './store/types';

export interface ItemJobOptions {
  deliveries: DeliveryLog;
  dispatcher: Dispatcher;
  log: FieldLogger;
  metrics?: ServiceMetrics;
  clock: Clock;
  maxAttempts: number;
  retryBaseMs: number;
  maxRetryDelayMs?: number;
}

type RunResult = { status: 'done' } | { status: 'retry' | 'failed'; error: string };

function payloadOf(d: TakenDelivery): Record<string, unknown> | undefined {
  try {
    const parsed = JSON.parse(d.body.toString('utf8')) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function itemJobRunner(o: ItemJobOptions): (itemKey: string) => Promise<void> {
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
    if (outcome.status === 'failed') return { status: 'retry', error: outcome.message };
    // A broken config, or the App's credentials refused (401), fails the same way until someone fixes it: kept as
    // failed at once (`deliveries retry` after the fix).
    if (outcome.status === 'invalid-config' || outcome.status === 'unauthorized')
      return { status: 'failed', error: outcome.message };
    return { status: 'done' };
  }

  // A recorded error is persisted: every secret the service holds (installation tokens too) is redacted first.
  const redacted = (error: string) => o.log.redact?.(error) ?? error;

  async function settle(itemKey: string, group: TakenDelivery[], result: RunResult, coalesced: string[]) {
    const ids = group.map((d) => d.id);
    const event = group[group.length - 1].event;
    const attempts = Math.max(...group.map((d) => d.attempts));
    if (result.status === 'done') {
      await o.deliveries.settle(itemKey, { state: 'done', ids: ids.filter((id) => !coalesced.includes(id)) });
      await o.deliveries.settle(itemKey, { state: 'done', ids: coalesced, note: 'coalesced' });
      o.metrics?.processed.inc({ event });
      if (coalesced.length) o.metrics?.coalesced.inc({ event }, coalesced.length);
    } else if (result.status === 'failed' || attempts >= o.maxAttempts) {
      await o.deliveries.settle(itemKey, { state: 'failed', ids, error: redacted(result.error) });
      o.metrics?.failed.inc({ event });
      for (const d of group)
        o.log.child(fieldsOf(d)).warning(`failed for good after ${d.attempts} attempts: ${result.error}`);
    } else {
      const delay = retryDelay(attempts, o.retryBaseMs, o.maxRetryDelayMs ?? 300_000);
      await o.deliveries.settle(itemKey, { state: 'queued', ids, error: redacted(result.error), retryInMs: delay });
      o.metrics?.retried.inc({ event });
      for (const d of group)
        o.log.child(fieldsOf(d)).info(`attempt ${d.attempts} failed, retrying in ${delay} ms: ${result.error}`);
    }
  }

  return async (itemKey) => {
    const taken = await o.deliveries.take(itemKey);
    const changes = new Map<string, { d: TakenDelivery; payload: Record<string, unknown> }[]>();
    for (const d of taken) {
      if (!d.sealed) {
        // Not stored by this service (or altered since): the database is not a trust boundary.
        o.log.child(fieldsOf(d)).warning("the stored delivery does not carry this service's seal: not processed");
        await settle(itemKey, [d], { status: 'failed', error: 'the stored delivery does not carry its seal' }, []);
        continue;
      }
      const payload = payloadOf(d);
      if (!payload) {
        await settle(itemKey, [d], { status: 'failed', error: 'the stored body is not JSON' }, []);
        continue;
      }
      if (d.attempts > o.maxAttempts) {
        // Taken again after processes died while running it, once too often: a delivery that kills its worker.
        const error = `gave up after ${d.attempts - 1} attempts (the process stopped while running it)`;
        await settle(itemKey, [d], { status: 'failed', error }, []);
        continue;
      }
      const group = o.dispatcher.coalescingKey(d.event, payload);
      if (group) changes.set(group, [...(changes.get(group) ?? []), { d, payload }]);
      else await settle(itemKey, [d], await runGuarded(d, payload), []);
    }
    for (const changesOfAKind of changes.values()) await runCoalesced(itemKey, changesOfAKind);
  };

  async function runCoalesced(itemKey: string, changes: { d: TakenDelivery; payload: Record<string, unknown> }[]) {
    {
      const newest = changes[changes.length - 1];
      const older = changes.slice(0, -1).map((c) => c.d.id);
      if (older.length) o.log.child(fieldsOf(newest.d)).debug(`coalesced with ${older.length} earlier deliveries`);
      await settle(
        itemKey,
        changes.map((c) => c.d),
        await runGuarded(newest.d, newest.payload),
        older,
      );
    }
  }

  async function runGuarded(d: TakenDelivery, payload: Record<string, unknown>): Promise<RunResult> {
    try {
      return await runOne(d, payload);
    } catch (err) {
      return { status: 'retry', error: messageOf(err) };
    }
  }
}

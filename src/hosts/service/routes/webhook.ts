// POST <webhook path>: a delivery is verified (`receive.ts`), stored with its dedupe key and its item's job queued,
// and only then answered 202. A ping is answered 200, the service's own comments and events it does not handle 204
// (counted, never stored); a database that does not answer within the bound gives 503 with Retry-After.
// While draining, deliveries are still stored until the listener closes: only taking jobs stops.
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { messageOf } from '../../../kernel/words';
import type { DeliveryDescription, ServiceIdentity } from '../dispatch';
import type { ByteClaim } from '../edge/byte-budget';
import type { FieldLogger } from '../json-log';
import type { ServiceMetrics } from '../metrics';
import { isOwnComment } from '../own-comment';
import { readDelivery } from '../receive';
import type { AcceptOutcome, NewDelivery } from '../store/types';
import { whileAnswering } from '../with-timeout';
import { answer, refuseUnread } from './answer';
import type { Route } from './route';

export interface WebhookDeps {
  path: string;
  /** The webhook secret, or the secrets accepted during a rotation (the new one first). */
  secret: string | readonly string[];
  maxBodyBytes: number;
  /** Room for `bytes` more unauthenticated bytes of `client` (`edge/byte-budget.ts`), or undefined. */
  claim(client: string, bytes: number): ByteClaim | undefined;
  identity: ServiceIdentity;
  describe(event: string, payload: Record<string, unknown>): DeliveryDescription;
  /** Stores the delivery and queues its item's job in one statement. */
  accept(delivery: NewDelivery): Promise<AcceptOutcome>;
  /**
   * A delivery is refused with 503 at `quietMs` unless the database answered just before (it is away), past that as
   * soon as the database falls silent, and at `limitMs` in any case (`whileAnswering` in `with-timeout.ts`).
   */
  storeBound: { quietMs: number; limitMs: number; lastAnswerAt(): number };
  /** Marks a write to the store as begun; the result marks it ended (`receiver-first.ts`). */
  writing?: () => () => void;
  metrics: ServiceMetrics;
  log: FieldLogger;
}

export function webhookRoute(deps: WebhookDeps): Route {
  const { metrics, log } = deps;

  /** Stores the delivery within the bound; the statement's time (time-outs included) is recorded. */
  async function store(delivery: NewDelivery): Promise<AcceptOutcome> {
    const started = performance.now();
    const ended = deps.writing?.();
    try {
      // Bounded as a whole (connection and statement): a delivery gets its 503 within a second while the database
      // is away, and a slow but answering database gets up to the limit (GitHub waits 10 s for the answer, and
      // never redelivers a 503 by itself). A write that commits after the bound is stored; a redelivery is then a
      // duplicate.
      return await whileAnswering(deps.accept(delivery), deps.storeBound, 'the database did not answer in time');
    } finally {
      ended?.();
      metrics.storing.observe((performance.now() - started) / 1000);
    }
  }

  return {
    method: 'POST',
    path: deps.path,
    async handle({ req, res, client, arrivedAt }) {
      metrics.received.inc();
      res.once('finish', () => {
        if (res.statusCode === 202) metrics.acknowledgement.observe((performance.now() - arrivedAt) / 1000);
      });
      const received = await readDelivery(req, deps.secret, deps.maxBodyBytes, {
        claim: (bytes) => deps.claim(client, bytes),
      });
      if (!received.ok) {
        metrics.refused(received.reason);
        log.warning(`Refused a delivery (${received.reason}): ${received.message}`);
        if (received.bodyRead) return answer(res, received.status, { message: received.message });
        const retry: Record<string, string> = received.retryAfterSeconds
          ? { 'retry-after': String(received.retryAfterSeconds) }
          : {};
        return refuseUnread(req, res, received.status, { message: received.message }, retry);
      }
      const { id, event, payload } = received;
      if (event === 'ping') {
        log
          .child({ delivery: id, event })
          .info(`ping: ${(typeof payload.zen === 'string' ? payload.zen : '').slice(0, 200)}`);
        return answer(res, 200, { ok: true, hook_id: payload.hook_id ?? received.hookId ?? null });
      }
      if (isOwnComment(event, payload, deps.identity)) {
        // The service's own comments come back as deliveries: nothing to do (counted).
        metrics.delivery('own_comment', event);
        return answer(res, 204);
      }
      const about = deps.describe(event, payload);
      if (!about.handled) {
        metrics.delivery('ignored', event);
        return answer(res, 204);
      }
      const fields = { delivery: id, event, installation: about.installation, repository: about.repository };
      let outcome: AcceptOutcome;
      try {
        const bodySha256 = createHash('sha256').update(received.json).digest();
        outcome = await store({ id, event, ...about, headers: received.headers, body: received.json, bodySha256 });
      } catch (err) {
        metrics.refused('store_unavailable');
        log.child(fields).warning(`Cannot store the delivery: ${messageOf(err)}`);
        return answer(res, 503, { message: 'Cannot store the delivery: redeliver later' }, { 'retry-after': '30' });
      }
      metrics.delivery(outcome, event);
      if (outcome === 'duplicate') {
        log
          .child(fields)
          .info('duplicate (this delivery id, or this body under another id, is stored already): no work');
        return answer(res, 202, { accepted: true, duplicate: true });
      }
      log.child(fields).debug(outcome === 'accepted' ? 'stored' : 'redelivery of a failed delivery: queued again');
      return answer(res, 202, { accepted: true, ...(outcome === 'requeued' ? { requeued: true } : {}) });
    },
  };
}

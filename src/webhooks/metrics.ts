// The service's metrics, kept by prom-client on a registry of the service's own (never the library's global one,
// so two services in one process never share a count) and rendered in the Prometheus text exposition format.
// Beside prom-client's default process metrics (CPU, memory, handles, GC, `nodejs_eventloop_lag_*`): counters by
// label, latency histograms (the time to the 202, the store statement, a job's processing), and gauges read at
// scrape time (deliveries by state from cheap counts, the age of the oldest open one, budget per installation).
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What happened to a request on the delivery path (`repo_actions_deliveries_total{outcome}`). */
export type DeliveryOutcome = 'accepted' | 'requeued' | 'duplicate' | 'own_comment' | 'ignored' | 'refused';

/** A counter that also keeps its total over every label set (read synchronously when the service stops). */
export class TallyCounter<L extends string = string> {
  private sum = 0;
  constructor(private readonly counter: Counter<L>) {}

  inc(labels: Partial<Record<L, string>> = {}, by = 1): void {
    this.counter.inc(labels, by);
    this.sum += by;
  }

  /** Over every label set. */
  total(): number {
    return this.sum;
  }
}

export interface Gauges {
  queueDepth: number;
  /** Deliveries by state: 'queued', 'running', 'failed', 'done' (done may be an estimate; NaN when unknown). */
  byState: Map<string, number>;
  oldestAgeSeconds: number;
  failedJobs: number;
  /** Installation (or 'token') → remaining primary rate limit, when known. */
  budgetRemaining: Map<string, number>;
  /** Open circuits (`store/circuits.ts`): installation (or 'token') → cause and seconds until the next probe. */
  circuits?: { scope: string; cause: string; secondsLeft: number }[];
  /** GitHub refuses the service's credentials (an App's every private key). */
  credentialsRefused?: boolean;
}

/** The counters by event (`{event}`): property → metric name and help. */
const EVENT_COUNTERS = {
  accepted: ['repo_actions_deliveries_accepted_total', 'Deliveries stored and queued (by event).'],
  duplicate: ['repo_actions_deliveries_duplicate_total', 'Deliveries already stored: 202 without work.'],
  requeued: ['repo_actions_deliveries_requeued_total', 'Redeliveries of failed deliveries, queued again.'],
  ignored: ['repo_actions_deliveries_ignored_total', 'Verified deliveries of events not handled (204).'],
  ownComments: [
    'repo_actions_deliveries_own_comments_total',
    "Deliveries about the service's own comments, answered 204 without work.",
  ],
  coalesced: [
    'repo_actions_deliveries_coalesced_total',
    'Deliveries covered by a newer delivery of the same item (one engine run for all).',
  ],
  processed: ['repo_actions_jobs_processed_total', 'Jobs finished successfully.'],
  failed: ['repo_actions_jobs_failed_total', 'Jobs kept as failed after their last attempt.'],
  retried: ['repo_actions_jobs_retried_total', 'Failed attempts queued again with back-off.'],
} as const satisfies Record<string, readonly [string, string]>;

/** The by-event counter of each outcome that has one. */
const OUTCOME_COUNTER: Partial<Record<DeliveryOutcome, keyof typeof EVENT_COUNTERS>> = {
  accepted: 'accepted',
  requeued: 'requeued',
  duplicate: 'duplicate',
  own_comment: 'ownComments',
  ignored: 'ignored',
};

/** Seconds: from a few milliseconds (a 202 on an idle service) to GitHub's 10 s delivery time-out and past it. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const PROCESSING_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export class ServiceMetrics {
  readonly registry = new Registry();

  private counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []): TallyCounter<L> {
    return new TallyCounter(new Counter<L>({ name, help, labelNames, registers: [this.registry] }));
  }

  private eventCounter(key: keyof typeof EVENT_COUNTERS): TallyCounter<'event'> {
    return this.byEvent.get(key)!;
  }

  private gauge(name: string, help: string, labelNames: readonly string[] = []): Gauge {
    return new Gauge({ name, help, labelNames, registers: [this.registry] });
  }

  readonly received = this.counter('repo_actions_deliveries_received_total', 'Webhook requests to the delivery path.');
  readonly rejected = this.counter('repo_actions_deliveries_rejected_total', 'Requests refused (by reason).', [
    'reason',
  ]);
  readonly outcomes = this.counter(
    'repo_actions_deliveries_total',
    'Requests to the delivery path by outcome: accepted, requeued, duplicate, own_comment, ignored, refused.',
    ['outcome'],
  );
  private readonly byEvent = new Map(
    Object.entries(EVENT_COUNTERS).map(([key, [name, help]]) => [key, this.counter(name, help, ['event'])]),
  );
  readonly accepted = this.eventCounter('accepted');
  readonly duplicate = this.eventCounter('duplicate');
  readonly requeued = this.eventCounter('requeued');
  readonly ignored = this.eventCounter('ignored');
  readonly ownComments = this.eventCounter('ownComments');
  readonly coalesced = this.eventCounter('coalesced');
  readonly processed = this.eventCounter('processed');
  readonly failed = this.eventCounter('failed');
  readonly retried = this.eventCounter('retried');
  readonly waits = this.counter(
    'repo_actions_deliveries_waits_total',
    "Deliveries deferred while GitHub's limits or an outage last, by cause (rate_limit, secondary_limit, outage, network); no attempt spent.",
    ['cause'],
  );
  readonly sealFailures = this.counter(
    'repo_actions_seal_failures_total',
    'Stored deliveries no configured seal key vouches for (written by something else, or the key was lost): kept as failed, not processed.',
    ['event'],
  );
  readonly heldBack = this.counter(
    'repo_actions_jobs_held_back_total',
    "Jobs that waited to start because the store's writes were slow (the receiver comes first).",
  );
  readonly processing = new Histogram({
    name: 'repo_actions_job_processing_seconds',
    help: 'Time to process one job.',
    buckets: PROCESSING_BUCKETS,
    registers: [this.registry],
  });
  readonly acknowledgement = new Histogram({
    name: 'repo_actions_ack_seconds',
    help: 'Time from the request to its 202 sent (the delivery verified, stored and queued).',
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  readonly storing = new Histogram({
    name: 'repo_actions_store_seconds',
    help: "Time of the statement that stores a delivery and queues its item's job (time-outs included).",
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  private readonly queueDepth = this.gauge('repo_actions_queue_depth', 'Jobs queued or running in the store.');
  private readonly open = this.gauge('repo_actions_deliveries_open', 'Deliveries queued or running, by state.', [
    'state',
  ]);
  private readonly byState = this.gauge(
    'repo_actions_deliveries_stored',
    'Deliveries in the store by state (queued, running, failed: counted; done: estimated past 10,000).',
    ['state'],
  );
  private readonly oldestAge = this.gauge('repo_actions_queue_oldest_age_seconds', 'Age of the oldest unfinished job.');
  private readonly failedStored = this.gauge('repo_actions_jobs_failed_stored', 'Jobs kept as failed in the store.');
  private readonly budget = this.gauge(
    'repo_actions_api_budget_remaining',
    'Remaining primary rate limit per installation.',
    ['installation'],
  );

  private readonly circuitOpen = this.gauge(
    'repo_actions_circuit_open',
    '1 for each installation whose jobs wait for GitHub (by cause); absent when GitHub answers it.',
    ['installation', 'cause'],
  );
  private readonly circuitLeft = this.gauge(
    'repo_actions_circuit_seconds_left',
    'Seconds until an open circuit lets a probe job run (0: probing).',
    ['installation'],
  );

  private readonly credentialsRefused = this.gauge(
    'repo_actions_credentials_refused',
    '1 while GitHub answers 401 to every private key of the App (deliveries wait, /readyz is 503), else 0.',
  );

  constructor() {
    // CPU, memory, handles, GC and the event loop's delay (`nodejs_eventloop_lag_seconds` and its percentiles).
    collectDefaultMetrics({ register: this.registry });
  }

  /** Counts a request on the delivery path under its outcome (and under the older per-outcome counter). */
  delivery(outcome: DeliveryOutcome, event: string): void {
    this.outcomes.inc({ outcome });
    const counter = OUTCOME_COUNTER[outcome];
    if (counter) this.eventCounter(counter).inc({ event });
  }

  /** A delivery refused (by reason): `repo_actions_deliveries_rejected_total` and the `refused` outcome. */
  refused(reason: string): void {
    this.rejected.inc({ reason });
    this.outcomes.inc({ outcome: 'refused' });
  }

  /** The text exposition of every metric, with the scrape-time gauges set from `gauges`. */
  async render(gauges: Gauges): Promise<string> {
    this.queueDepth.set(gauges.queueDepth);
    this.open.reset();
    this.byState.reset();
    for (const [state, n] of gauges.byState) {
      this.byState.set({ state }, n);
      if (state === 'queued' || state === 'running') this.open.set({ state }, n);
    }
    this.oldestAge.set(gauges.oldestAgeSeconds);
    this.failedStored.set(gauges.failedJobs);
    this.budget.reset();
    for (const [installation, remaining] of gauges.budgetRemaining) this.budget.set({ installation }, remaining);
    this.credentialsRefused.set(gauges.credentialsRefused ? 1 : 0);
    this.circuitOpen.reset();
    this.circuitLeft.reset();
    for (const c of gauges.circuits ?? []) {
      this.circuitOpen.set({ installation: c.scope, cause: c.cause }, 1);
      this.circuitLeft.set({ installation: c.scope }, c.secondsLeft);
    }
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

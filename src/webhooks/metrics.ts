// The service's metrics, kept by prom-client on a registry of the service's own (never the library's global one,
// so two services in one process never share a count) and rendered in the Prometheus text exposition format.
// Beside prom-client's default process metrics (CPU, memory, handles, GC, `nodejs_eventloop_lag_*`): counters by
// label, latency histograms (the time to the 202, the store statement, a job's processing), and gauges read at
// scrape time (deliveries by state from cheap counts, the age of the oldest open one, budget per installation).
// Names say what they count: the counters of deliveries once named `repo_actions_jobs_*` are `repo_actions_deliveries_*`
// now; the old names are kept for one release as deprecated duplicates (same values, "Deprecated" in their help).
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ApiEvent } from '../client/types';
import { VERSION } from '../client';

/** What happened to a request on the delivery path (`repo_actions_deliveries_total{outcome}`). */
export type DeliveryOutcome = 'accepted' | 'requeued' | 'duplicate' | 'own_comment' | 'ignored' | 'refused';

/** A counter that also keeps its total over every label set (read synchronously when the service stops). */
export class TallyCounter<L extends string = string> {
  private sum = 0;
  /** `aliases`: deprecated names counting the same. */
  constructor(
    private readonly counter: Counter<L>,
    private readonly aliases: Counter<L>[] = [],
  ) {}

  inc(labels: Partial<Record<L, string>> = {}, by = 1): void {
    this.counter.inc(labels, by);
    for (const alias of this.aliases) alias.inc(labels, by);
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
  /** Open (queued or running) deliveries per installation. */
  backlog?: Map<string, number>;
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
  processed: ['repo_actions_deliveries_processed_total', 'Deliveries processed successfully (by event).'],
  failed: ['repo_actions_deliveries_failed_total', 'Deliveries kept as failed (by event).'],
  retried: ['repo_actions_deliveries_retried_total', 'Deliveries whose failed attempt was queued again with back-off.'],
} as const satisfies Record<string, readonly [string, string]>;

/** The names these counters had before (they counted deliveries too): kept one release, deprecated. */
const DEPRECATED_NAMES: Partial<Record<keyof typeof EVENT_COUNTERS, string>> = {
  processed: 'repo_actions_jobs_processed_total',
  failed: 'repo_actions_jobs_failed_total',
  retried: 'repo_actions_jobs_retried_total',
};

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
/** Seconds from a delivery's receipt to done: a second on an idle service to a day of waiting on GitHub. */
const RECEIPT_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600, 4 * 3600, 24 * 3600];

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
    Object.entries(EVENT_COUNTERS).map(([key, [name, help]]) => {
      const old = DEPRECATED_NAMES[key as keyof typeof EVENT_COUNTERS];
      const aliases = old
        ? [
            new Counter({
              name: old,
              help: `Deprecated: use ${name}. ${help}`,
              labelNames: ['event'],
              registers: [this.registry],
            }),
          ]
        : [];
      const counter = new Counter({ name, help, labelNames: ['event'], registers: [this.registry] });
      return [key, new TallyCounter<'event'>(counter, aliases)];
    }),
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
  readonly apiErrors = this.counter(
    'repo_actions_github_api_errors_total',
    'Error answers of the GitHub API by status (0: no answer), retried ones included.',
    ['status'],
  );
  readonly apiWaits = this.counter(
    'repo_actions_github_waits_total',
    'Waits of the API clients before a retry, by cause: rate_limit (primary), secondary_limit, server (5xx, no answer).',
    ['cause'],
  );
  readonly apiWaitSeconds = this.counter(
    'repo_actions_github_wait_seconds_total',
    'Seconds the API clients waited before retries, by cause.',
    ['cause'],
  );
  readonly receiptToDone = new Histogram({
    name: 'repo_actions_delivery_receipt_to_done_seconds',
    help: 'Time from a delivery stored to its processing done (coalesced ones included; waits and retries included).',
    buckets: RECEIPT_BUCKETS,
    registers: [this.registry],
  });
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
  private readonly failedStored = this.gauge(
    'repo_actions_deliveries_failed_stored',
    'Deliveries kept as failed in the store.',
  );
  private readonly failedStoredOld = this.gauge(
    'repo_actions_jobs_failed_stored',
    'Deprecated: use repo_actions_deliveries_failed_stored. Deliveries kept as failed in the store.',
  );
  private readonly backlog = this.gauge(
    'repo_actions_installation_backlog',
    "Deliveries queued or running per installation ('repository:owner/name' without one; 'none' for neither).",
    ['installation'],
  );
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
    this.gauge('repo_actions_build_info', 'The running build: 1, labelled with its version.', ['version']).set(
      { version: VERSION },
      1,
    );
    // CPU, memory, handles, GC and the event loop's delay (`nodejs_eventloop_lag_seconds` and its percentiles).
    collectDefaultMetrics({ register: this.registry });
  }

  /** Counts a request on the delivery path under its outcome (and under the older per-outcome counter). */
  delivery(outcome: DeliveryOutcome, event: string): void {
    this.outcomes.inc({ outcome });
    const counter = OUTCOME_COUNTER[outcome];
    if (counter) this.eventCounter(counter).inc({ event });
  }

  /** What an API client was told (`ClientOptions.observe`). */
  api(event: ApiEvent): void {
    if (event.kind === 'error') this.apiErrors.inc({ status: String(event.status) });
    else {
      this.apiWaits.inc({ cause: event.cause });
      this.apiWaitSeconds.inc({ cause: event.cause }, event.ms / 1000);
    }
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
    this.failedStoredOld.set(gauges.failedJobs);
    this.backlog.reset();
    for (const [installation, open] of gauges.backlog ?? []) this.backlog.set({ installation }, open);
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

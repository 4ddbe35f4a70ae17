// The service's metrics, kept by prom-client on a registry of the service's own (never the library's global one,
// so two services in one process never share a count) and rendered in the Prometheus text exposition format.
// Beside prom-client's default process metrics (CPU, memory, handles, GC, `nodejs_eventloop_lag_*`): counters by
// label, latency histograms (the time to the 202, the store statement, a job's processing), and gauges read at
// scrape time (deliveries by state from cheap counts, the age of the oldest open one, budget per installation).
// Names say what they count: the counters of deliveries once named `repo_actions_jobs_*` are `repo_actions_deliveries_*`
// now; the old names are kept for one release as deprecated duplicates (same values, "Deprecated" in their help).
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ApiEvent } from '../../github/client/types';
import { VERSION } from '../../github/client';

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

/** A metric's spec: its name, its help and its label names. */
type Spec = readonly [name: string, help: string, labelNames: readonly string[]];
/** The label names of a spec, as a union (never for none). */
type LabelOf<S extends Spec> = S[2][number];

/** The help of a deprecated name that counts the same as `name`. */
const deprecated = (name: string, help: string): string => `Deprecated: use ${name}. ${help}`;

/** The counters not kept by event: property → name, help, label names. */
const COUNTERS = {
  received: ['repo_actions_deliveries_received_total', 'Webhook requests to the delivery path.', []],
  rejected: ['repo_actions_deliveries_rejected_total', 'Requests refused (by reason).', ['reason']],
  outcomes: [
    'repo_actions_deliveries_total',
    'Requests to the delivery path by outcome: accepted, requeued, duplicate, own_comment, ignored, refused.',
    ['outcome'],
  ],
  waits: [
    'repo_actions_deliveries_waits_total',
    "Deliveries deferred while GitHub's limits or an outage last, by cause (rate_limit, secondary_limit, outage, network); no attempt spent.",
    ['cause'],
  ],
  sealFailures: [
    'repo_actions_seal_failures_total',
    'Stored deliveries no configured seal key vouches for (written by something else, or the key was lost): kept as failed, not processed.',
    ['event'],
  ],
  apiErrors: [
    'repo_actions_github_api_errors_total',
    'Error answers of the GitHub API by status (0: no answer), retried ones included.',
    ['status'],
  ],
  apiWaits: [
    'repo_actions_github_waits_total',
    'Waits of the API clients before a retry, by cause: rate_limit (primary), secondary_limit, server (5xx, no answer).',
    ['cause'],
  ],
  apiWaitSeconds: [
    'repo_actions_github_wait_seconds_total',
    'Seconds the API clients waited before retries, by cause.',
    ['cause'],
  ],
  heldBack: [
    'repo_actions_jobs_held_back_total',
    "Jobs that waited to start because the store's writes were slow (the receiver comes first).",
    [],
  ],
} as const satisfies Record<string, Spec>;

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

/** The latency histograms (no labels): property → name, help, buckets. */
const HISTOGRAMS = {
  receiptToDone: [
    'repo_actions_delivery_receipt_to_done_seconds',
    'Time from a delivery stored to its processing done (coalesced ones included; waits and retries included).',
    RECEIPT_BUCKETS,
  ],
  processing: ['repo_actions_job_processing_seconds', 'Time to process one job.', PROCESSING_BUCKETS],
  acknowledgement: [
    'repo_actions_ack_seconds',
    'Time from the request to its 202 sent (the delivery verified, stored and queued).',
    LATENCY_BUCKETS,
  ],
  storing: [
    'repo_actions_store_seconds',
    "Time of the statement that stores a delivery and queues its item's job (time-outs included).",
    LATENCY_BUCKETS,
  ],
} as const satisfies Record<string, readonly [string, string, readonly number[]]>;

const FAILED_STORED = ['repo_actions_deliveries_failed_stored', 'Deliveries kept as failed in the store.'] as const;

/** A gauge read at scrape time: one value, or a value per label set (a set absent now leaves the scrape). */
interface GaugeSpec {
  name: string;
  help: string;
  labelNames?: readonly string[];
  read: (g: Gauges) => number | (readonly [Record<string, string>, number])[];
}

/** `count` (key → value) as a value per label set: `label` = the key. */
const byLabel = (label: string, count: Iterable<[string, number]> = []): [Record<string, string>, number][] =>
  [...count].map(([key, n]) => [{ [label]: key }, n]);

/** The gauges, in their order in a scrape. */
const GAUGES: GaugeSpec[] = [
  { name: 'repo_actions_queue_depth', help: 'Jobs queued or running in the store.', read: (g) => g.queueDepth },
  {
    name: 'repo_actions_deliveries_open',
    help: 'Deliveries queued or running, by state.',
    labelNames: ['state'],
    read: (g) =>
      byLabel(
        'state',
        [...g.byState].filter(([state]) => state === 'queued' || state === 'running'),
      ),
  },
  {
    name: 'repo_actions_deliveries_stored',
    help: 'Deliveries in the store by state (queued, running, failed: counted; done: estimated past 10,000).',
    labelNames: ['state'],
    read: (g) => byLabel('state', g.byState),
  },
  {
    name: 'repo_actions_queue_oldest_age_seconds',
    help: 'Age of the oldest unfinished job.',
    read: (g) => g.oldestAgeSeconds,
  },
  { name: FAILED_STORED[0], help: FAILED_STORED[1], read: (g) => g.failedJobs },
  { name: 'repo_actions_jobs_failed_stored', help: deprecated(...FAILED_STORED), read: (g) => g.failedJobs },
  {
    name: 'repo_actions_installation_backlog',
    help: "Deliveries queued or running per installation ('repository:owner/name' without one; 'none' for neither).",
    labelNames: ['installation'],
    read: (g) => byLabel('installation', g.backlog),
  },
  {
    name: 'repo_actions_api_budget_remaining',
    help: 'Remaining primary rate limit per installation.',
    labelNames: ['installation'],
    read: (g) => byLabel('installation', g.budgetRemaining),
  },
  {
    name: 'repo_actions_circuit_open',
    help: '1 for each installation whose jobs wait for GitHub (by cause); absent when GitHub answers it.',
    labelNames: ['installation', 'cause'],
    read: (g) => (g.circuits ?? []).map((c) => [{ installation: c.scope, cause: c.cause }, 1]),
  },
  {
    name: 'repo_actions_circuit_seconds_left',
    help: 'Seconds until an open circuit lets a probe job run (0: probing).',
    labelNames: ['installation'],
    read: (g) => (g.circuits ?? []).map((c) => [{ installation: c.scope }, c.secondsLeft]),
  },
  {
    name: 'repo_actions_credentials_refused',
    help: '1 while GitHub answers 401 to every private key of the App (deliveries wait, /readyz is 503), else 0.',
    read: (g) => (g.credentialsRefused ? 1 : 0),
  },
  {
    name: 'repo_actions_build_info',
    help: 'The running build: 1, labelled with its version.',
    labelNames: ['version'],
    read: () => [[{ version: VERSION }, 1]],
  },
];

/** Each counter of `specs` on `registry`, under its property. */
function tallies<T extends Record<string, Spec>>(specs: T, registry: Registry) {
  const made = Object.entries(specs).map(([key, [name, help, labelNames]]) => {
    return [key, new TallyCounter(new Counter({ name, help, labelNames, registers: [registry] }))];
  });
  return Object.fromEntries(made) as { [K in keyof T]: TallyCounter<LabelOf<T[K]>> };
}

/** Each histogram of `HISTOGRAMS` on `registry`, under its property. */
function histograms(registry: Registry) {
  const made = Object.entries(HISTOGRAMS).map(([key, [name, help, buckets]]) => {
    return [key, new Histogram({ name, help, buckets: [...buckets], registers: [registry] })];
  });
  return Object.fromEntries(made) as Record<keyof typeof HISTOGRAMS, Histogram>;
}

export class ServiceMetrics {
  readonly registry = new Registry();

  private readonly counters = tallies(COUNTERS, this.registry);
  private readonly byEvent = new Map(
    Object.entries(EVENT_COUNTERS).map(([key, [name, help]]) => {
      const old = DEPRECATED_NAMES[key as keyof typeof EVENT_COUNTERS];
      const labelNames = ['event'];
      const registers = [this.registry];
      const aliases = old ? [new Counter({ name: old, help: deprecated(name, help), labelNames, registers })] : [];
      return [key, new TallyCounter<'event'>(new Counter({ name, help, labelNames, registers }), aliases)];
    }),
  );
  private readonly histograms = histograms(this.registry);
  private readonly gauges = GAUGES.map((spec) => ({
    spec,
    gauge: new Gauge({
      name: spec.name,
      help: spec.help,
      labelNames: spec.labelNames ?? [],
      registers: [this.registry],
    }),
  }));

  private eventCounter(key: keyof typeof EVENT_COUNTERS): TallyCounter<'event'> {
    return this.byEvent.get(key)!;
  }

  readonly received = this.counters.received;
  readonly rejected = this.counters.rejected;
  readonly outcomes = this.counters.outcomes;
  readonly waits = this.counters.waits;
  readonly sealFailures = this.counters.sealFailures;
  readonly apiErrors = this.counters.apiErrors;
  readonly apiWaits = this.counters.apiWaits;
  readonly apiWaitSeconds = this.counters.apiWaitSeconds;
  readonly heldBack = this.counters.heldBack;
  readonly accepted = this.eventCounter('accepted');
  readonly duplicate = this.eventCounter('duplicate');
  readonly requeued = this.eventCounter('requeued');
  readonly ignored = this.eventCounter('ignored');
  readonly ownComments = this.eventCounter('ownComments');
  readonly coalesced = this.eventCounter('coalesced');
  readonly processed = this.eventCounter('processed');
  readonly failed = this.eventCounter('failed');
  readonly retried = this.eventCounter('retried');
  readonly receiptToDone = this.histograms.receiptToDone;
  readonly processing = this.histograms.processing;
  readonly acknowledgement = this.histograms.acknowledgement;
  readonly storing = this.histograms.storing;

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
    for (const { spec, gauge } of this.gauges) {
      const value = spec.read(gauges);
      if (typeof value === 'number') gauge.set(value);
      else {
        gauge.reset();
        for (const [labels, n] of value) gauge.set(labels, n);
      }
    }
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

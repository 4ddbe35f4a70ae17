// The service's metrics in the Prometheus text exposition format (version 0.0.4): counters by label, the
// processing-time histogram, and gauges read at scrape time (queue depth and age, budget per installation).

type Labels = Record<string, string>;

const BUCKETS_SECONDS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

function labelText(labels: Labels): string {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${escapeLabel(v)}"`);
  return parts.length ? `{${parts.join(',')}}` : '';
}

class Counter {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  inc(labels: Labels = {}, by = 1): void {
    const key = labelText(labels);
    const entry = this.values.get(key) ?? { labels, value: 0 };
    entry.value += by;
    this.values.set(key, entry);
  }

  get(labels: Labels = {}): number {
    return this.values.get(labelText(labels))?.value ?? 0;
  }

  /** Over every label set. */
  total(): number {
    let sum = 0;
    for (const { value } of this.values.values()) sum += value;
    return sum;
  }

  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const { labels, value } of this.values.values()) lines.push(`${this.name}${labelText(labels)} ${value}`);
    return lines;
  }
}

class Histogram {
  private readonly counts = BUCKETS_SECONDS.map(() => 0);
  private sum = 0;
  private count = 0;
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  observe(seconds: number): void {
    this.sum += seconds;
    this.count++;
    BUCKETS_SECONDS.forEach((le, i) => {
      if (seconds <= le) this.counts[i]++;
    });
  }

  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    BUCKETS_SECONDS.forEach((le, i) => lines.push(`${this.name}_bucket{le="${le}"} ${this.counts[i]}`));
    lines.push(
      `${this.name}_bucket{le="+Inf"} ${this.count}`,
      `${this.name}_sum ${this.sum}`,
      `${this.name}_count ${this.count}`,
    );
    return lines;
  }
}

export interface Gauges {
  queueDepth: number;
  /** Deliveries by state ('queued', 'running'). */
  byState: Map<string, number>;
  oldestAgeSeconds: number;
  failedJobs: number;
  /** Installation (or 'token') → remaining primary rate limit, when known. */
  budgetRemaining: Map<string, number>;
}

function gauge(name: string, help: string, samples: [Labels, number][]): string[] {
  return [`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, ...samples.map(([l, v]) => `${name}${labelText(l)} ${v}`)];
}

export class ServiceMetrics {
  readonly received = new Counter('repo_actions_deliveries_received_total', 'Webhook requests to the delivery path.');
  readonly accepted = new Counter('repo_actions_deliveries_accepted_total', 'Deliveries stored and queued (by event).');
  readonly duplicate = new Counter(
    'repo_actions_deliveries_duplicate_total',
    'Deliveries already stored: 202 without work.',
  );
  readonly requeued = new Counter(
    'repo_actions_deliveries_requeued_total',
    'Redeliveries of failed deliveries, queued again.',
  );
  readonly ignored = new Counter(
    'repo_actions_deliveries_ignored_total',
    'Verified deliveries of events not handled (204).',
  );
  readonly rejected = new Counter('repo_actions_deliveries_rejected_total', 'Requests refused (by reason).');
  readonly processed = new Counter('repo_actions_jobs_processed_total', 'Jobs finished successfully.');
  readonly failed = new Counter('repo_actions_jobs_failed_total', 'Jobs kept as failed after their last attempt.');
  readonly retried = new Counter('repo_actions_jobs_retried_total', 'Failed attempts queued again with back-off.');
  readonly coalesced = new Counter(
    'repo_actions_deliveries_coalesced_total',
    'Deliveries covered by a newer delivery of the same item (one engine run for all).',
  );
  readonly ownComments = new Counter(
    'repo_actions_deliveries_own_comments_total',
    "Deliveries about the service's own comments, answered 204 without work.",
  );
  readonly processing = new Histogram('repo_actions_job_processing_seconds', 'Time to process one job.');

  render(gauges: Gauges): string {
    const counters = [
      this.received,
      this.accepted,
      this.duplicate,
      this.requeued,
      this.ignored,
      this.rejected,
      this.processed,
      this.failed,
      this.retried,
      this.coalesced,
      this.ownComments,
    ];
    return [
      ...counters.flatMap((c) => c.render()),
      ...this.processing.render(),
      ...gauge('repo_actions_queue_depth', 'Jobs queued or running in the store.', [[{}, gauges.queueDepth]]),
      ...gauge(
        'repo_actions_deliveries_open',
        'Deliveries queued or running, by state.',
        [...gauges.byState].map(([state, n]) => [{ state }, n]),
      ),
      ...gauge('repo_actions_queue_oldest_age_seconds', 'Age of the oldest unfinished job.', [
        [{}, gauges.oldestAgeSeconds],
      ]),
      ...gauge('repo_actions_jobs_failed_stored', 'Jobs kept as failed in the store.', [[{}, gauges.failedJobs]]),
      ...gauge(
        'repo_actions_api_budget_remaining',
        'Remaining primary rate limit per installation.',
        [...gauges.budgetRemaining].map(([installation, remaining]) => [{ installation }, remaining]),
      ),
      '',
    ].join('\n');
  }
}

// /metrics after N deliveries: the scrape parses under a strict reading of the Prometheus text exposition format
// (version 0.0.4: HELP and TYPE at most once per family before its samples, well-formed names, labels and values, histogram
// buckets cumulative and ending at +Inf with `_count`), and every family is there with plausible values: the
// default process metrics (event-loop lag included), the time to the 202 and of the store statement, deliveries by
// outcome and by state, jobs processed, budget per installation.
import { describe, expect, it } from 'vitest';
import { eventually, inPool } from '../../harness/service';
import { deliverUntilStored, nothingToDo, useInProcessService } from './in-process-service';

const SECRET = 'metrics secret';
const ACCEPTED = 12;
const svc = useInProcessService({
  secret: SECRET,
  concurrency: 2,
  engine: async (o) => nothingToDo(o),
  dispatcher: { identity: { login: 'repo-actions-bot' } },
});

/** One sample line: its name (the family's plus a suffix), labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

interface Family {
  type: string;
  help: string;
  samples: Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: (-?\\d+))?$`);
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(?:,|$)/;
const SUFFIXES: Record<string, string[]> = {
  counter: [''],
  gauge: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
  untyped: [''],
};

function parseValue(text: string): number {
  if (text === '+Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  if (text === 'NaN') return NaN;
  if (!/^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/.test(text)) throw new Error(`bad value ${text}`);
  return Number(text);
}

function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest.length) {
    const m = LABEL.exec(rest);
    if (!m) throw new Error(`bad labels {${text}}`);
    if (m[1] in labels) throw new Error(`label ${m[1]} twice in {${text}}`);
    labels[m[1]] = m[2].replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    rest = rest.slice(m[0].length);
  }
  return labels;
}

/** The families of a text exposition; throws on any line the format does not allow. */
function parseExposition(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  let current: { name: string; family: Family } | undefined;
  const seen = new Set<string>();
  expect(text.endsWith('\n')).toBe(true);
  for (const line of text.slice(0, -1).split('\n')) {
    const meta = new RegExp(`^# (HELP|TYPE) (${NAME}) (.*)$`).exec(line);
    if (meta) {
      const [, kind, name, rest] = meta;
      if (seen.has(`${kind} ${name}`)) throw new Error(`${kind} of ${name} twice`);
      seen.add(`${kind} ${name}`);
      const family = families.get(name) ?? { type: 'untyped', help: '', samples: [] };
      if (family.samples.length) throw new Error(`${kind} of ${name} after its samples`);
      if (kind === 'TYPE') {
        if (!(rest in SUFFIXES)) throw new Error(`bad type ${rest}`);
        family.type = rest;
      } else family.help = rest;
      families.set(name, family);
      current = { name, family };
      continue;
    }
    // The format ignores empty lines and other comments.
    if (line === '' || line.startsWith('#')) continue;
    const m = SAMPLE.exec(line);
    if (!m || !current) throw new Error(`bad sample line ${JSON.stringify(line)}`);
    const [, name, labels, value] = m;
    const suffix = name.slice(current.name.length);
    if (!name.startsWith(current.name) || !SUFFIXES[current.family.type].includes(suffix))
      throw new Error(`sample ${name} outside its family ${current.name}`);
    current.family.samples.push({ name, labels: parseLabels(labels ?? ''), value: parseValue(value) });
  }
  for (const [name, family] of families) {
    if (family.type !== 'histogram') continue;
    // One series per label set (e.g. nodejs_gc_duration_seconds by `kind`): buckets are cumulative within a series.
    const seriesKey = (labels: Record<string, string>) =>
      JSON.stringify(
        Object.entries(labels)
          .filter(([k]) => k !== 'le')
          .sort(),
      );
    const series = new Map<string, { buckets: Sample[]; count?: number }>();
    for (const sample of family.samples) {
      const entry = series.get(seriesKey(sample.labels)) ?? { buckets: [] };
      series.set(seriesKey(sample.labels), entry);
      if (sample.name === `${name}_bucket`) entry.buckets.push(sample);
      if (sample.name === `${name}_count`) entry.count = sample.value;
    }
    for (const { buckets, count } of series.values()) {
      for (let i = 1; i < buckets.length; i++) expect(buckets[i].value).toBeGreaterThanOrEqual(buckets[i - 1].value);
      expect(buckets.at(-1)?.labels.le).toBe('+Inf');
      expect(buckets.at(-1)?.value).toBe(count);
    }
  }
  return families;
}

function issueOpened(number: number) {
  return {
    action: 'opened',
    issue: { number, title: 'Crash', body: 'x', state: 'open', user: { login: 'octocat' }, labels: [] },
    repository: { name: 'app', owner: { login: 'octo' } },
    installation: { id: 42 },
  };
}

function ownComment() {
  return {
    action: 'created',
    issue: { number: 1, title: 'Crash', state: 'open', user: { login: 'octocat' }, labels: [] },
    comment: { id: 5, body: 'Labelled.', user: { login: 'repo-actions-bot' } },
    repository: { name: 'app', owner: { login: 'octo' } },
    installation: { id: 42 },
  };
}

describe('/metrics', () => {
  it('parses strictly and has every family, with plausible values after N deliveries', async () => {
    // A 503 (the database busy past the bound on a loaded machine) is redelivered, and counted.
    let unavailable = 0;
    const post = (id: string, event: string, payload: unknown, signature?: string) => () =>
      deliverUntilStored(svc.url, { id, event, payload, secret: SECRET, signature }, (status) => {
        if (status === 503) unavailable++;
      });
    const answers = await inPool(4, [
      ...Array.from({ length: ACCEPTED }, (_, i) => post(`m-${i}`, 'issues', issueOpened(i + 1))),
      post('m-0', 'issues', issueOpened(1)),
      post('m-1', 'issues', issueOpened(2)),
      post('own-1', 'issue_comment', ownComment()),
      post('forged-1', 'issues', issueOpened(99), `sha256=${'0'.repeat(64)}`),
    ]);
    expect(answers.map((a) => a.status)).toEqual([...Array(ACCEPTED + 2).fill(202), 204, 401]);
    await eventually(
      async () => {
        const s = await svc.store.log.stats();
        return s.queued + s.running === 0 && svc.service.metrics.processed.total() === ACCEPTED;
      },
      60_000,
      'every delivery done',
    );

    const res = await fetch(`${new URL(svc.url).origin}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const families = parseExposition(await res.text());
    const family = (name: string, type: string) => {
      const f = families.get(name);
      expect(f, name).toBeDefined();
      expect(f!.type, name).toBe(type);
      return f!;
    };
    /** A sample's value: `name` is the family's, `suffix` the sample's (`_bucket`, `_sum`, `_count`). */
    const value = (name: string, type: string, labels: Record<string, string> = {}, suffix = '') =>
      family(name, type).samples.find(
        (s) => s.name === name + suffix && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
      )?.value;

    // prom-client's default process metrics, the event loop's lag among them.
    expect(value('process_cpu_user_seconds_total', 'counter')).toBeGreaterThan(0);
    expect(value('process_resident_memory_bytes', 'gauge')).toBeGreaterThan(10 * 1024 * 1024);
    expect(value('nodejs_heap_size_used_bytes', 'gauge')).toBeGreaterThan(0);
    for (const lag of ['nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds']) {
      expect(value(lag, 'gauge')).toBeGreaterThanOrEqual(0);
      expect(value(lag, 'gauge')).toBeLessThan(60);
    }

    // Deliveries by outcome, and the older per-outcome counters beside them.
    // A delivery answered 503 may have committed after the bound: its redelivery is then a duplicate.
    const accepted = value('repo_actions_deliveries_total', 'counter', { outcome: 'accepted' })!;
    const duplicates = value('repo_actions_deliveries_total', 'counter', { outcome: 'duplicate' })!;
    expect(accepted).toBeGreaterThanOrEqual(ACCEPTED - unavailable);
    expect(accepted).toBeLessThanOrEqual(ACCEPTED);
    expect(accepted + duplicates).toBe(ACCEPTED + 2);
    expect(value('repo_actions_deliveries_total', 'counter', { outcome: 'own_comment' })).toBe(1);
    expect(value('repo_actions_deliveries_total', 'counter', { outcome: 'refused' })).toBe(1 + unavailable);
    expect(value('repo_actions_deliveries_received_total', 'counter')).toBe(ACCEPTED + 4 + unavailable);
    expect(value('repo_actions_deliveries_accepted_total', 'counter', { event: 'issues' })).toBe(accepted);
    expect(value('repo_actions_deliveries_duplicate_total', 'counter', { event: 'issues' })).toBe(duplicates);
    expect(value('repo_actions_deliveries_own_comments_total', 'counter', { event: 'issue_comment' })).toBe(1);
    expect(value('repo_actions_deliveries_rejected_total', 'counter', { reason: 'signature_mismatch' })).toBe(1);

    // Latency: one observation per 202 (accepted and duplicates), one per store statement; within GitHub's 10 s.
    const acks = ACCEPTED + 2;
    expect(value('repo_actions_ack_seconds', 'histogram', {}, '_count')).toBe(acks);
    expect(value('repo_actions_ack_seconds', 'histogram', { le: '10' }, '_bucket')).toBe(acks);
    expect(value('repo_actions_ack_seconds', 'histogram', {}, '_sum')).toBeGreaterThan(0);
    expect(value('repo_actions_store_seconds', 'histogram', {}, '_count')).toBe(acks + unavailable);
    expect(value('repo_actions_store_seconds', 'histogram', { le: '1' }, '_bucket')).toBe(acks + unavailable);
    expect(value('repo_actions_store_seconds', 'histogram', {}, '_sum')).toBeLessThanOrEqual(
      value('repo_actions_ack_seconds', 'histogram', {}, '_sum')!,
    );

    // Every answer timed by route and status, on the wall clock and as served (without waiting for a CPU).
    for (const name of ['repo_actions_response_seconds', 'repo_actions_response_served_seconds']) {
      const webhook = { route: '/api/github/webhooks', status: '202' };
      expect(value(name, 'histogram', webhook, '_count'), name).toBe(acks);
      expect(value(name, 'histogram', { ...webhook, le: '10' }, '_bucket'), name).toBe(acks);
      expect(value(name, 'histogram', { route: '/api/github/webhooks', status: '401' }, '_count'), name).toBe(1);
    }
    expect(value('repo_actions_response_served_seconds', 'histogram', {}, '_sum')).toBeLessThanOrEqual(
      value('repo_actions_response_seconds', 'histogram', {}, '_sum')! + 1e-9,
    );

    // Jobs, and the store's deliveries by state.
    expect(value('repo_actions_jobs_processed_total', 'counter', { event: 'issues' })).toBe(ACCEPTED);
    expect(value('repo_actions_job_processing_seconds', 'histogram', {}, '_count')).toBe(ACCEPTED);
    expect(family('repo_actions_jobs_failed_total', 'counter').samples).toHaveLength(0);
    for (const [state, n] of [
      ['queued', 0],
      ['running', 0],
      ['failed', 0],
      ['done', ACCEPTED],
    ] as const)
      expect(value('repo_actions_deliveries_stored', 'gauge', { state }), state).toBe(n);
    expect(value('repo_actions_queue_depth', 'gauge')).toBe(0);
    expect(value('repo_actions_deliveries_open', 'gauge', { state: 'queued' })).toBe(0);
    expect(value('repo_actions_queue_oldest_age_seconds', 'gauge')).toBe(0);
    expect(value('repo_actions_jobs_failed_stored', 'gauge')).toBe(0);
    // Budget per installation: declared; a sample only for installations whose client made a request.
    for (const s of family('repo_actions_api_budget_remaining', 'gauge').samples)
      expect(s.value).toBeGreaterThanOrEqual(0);
  }, 120_000);
});

// The service's small parts: the retry back-off (exponential, jittered, capped), the Prometheus text format
// (label escaping, histogram buckets), and the JSON log lines (fields, masking).
import { describe, expect, it } from 'vitest';
import { jsonLogger } from '../../../../src/hosts/service/json-log';
import { ServiceMetrics } from '../../../../src/hosts/service/metrics';
import { retryDelay } from '../../../../src/hosts/service/retry-delay';

describe('retryDelay', () => {
  it('doubles per attempt, jitters within [delay/2, delay], and stops at the cap', () => {
    expect([1, 2, 3, 4].map((a) => retryDelay(a, 1000, 60_000, () => 1))).toEqual([1000, 2000, 4000, 8000]);
    expect([1, 2, 3, 4].map((a) => retryDelay(a, 1000, 60_000, () => 0))).toEqual([500, 1000, 2000, 4000]);
    expect(retryDelay(30, 1000, 60_000, () => 1)).toBe(60_000);
    for (let i = 0; i < 100; i++) {
      const d = retryDelay(3, 1000, 60_000);
      expect(d).toBeGreaterThanOrEqual(2000);
      expect(d).toBeLessThanOrEqual(4000);
    }
  });
});

describe('ServiceMetrics', () => {
  it('renders counters by label, the histogram and the gauges in the Prometheus text format', async () => {
    const m = new ServiceMetrics();
    m.rejected.inc({ reason: 'signature_missing' });
    m.rejected.inc({ reason: 'signature_missing' });
    m.accepted.inc({ event: 'issues' });
    m.processing.observe(0.2);
    m.processing.observe(3);
    const text = await m.render({
      queueDepth: 4,
      byState: new Map([
        ['queued', 3],
        ['running', 1],
      ]),
      oldestAgeSeconds: 1.5,
      failedJobs: 1,
      budgetRemaining: new Map([['42', 4990]]),
    });
    expect(text).toContain('# TYPE repo_actions_deliveries_rejected_total counter');
    expect(text).toMatch(/^repo_actions_deliveries_rejected_total\{reason="signature_missing"\} 2$/m);
    expect(text).toMatch(/^repo_actions_deliveries_accepted_total\{event="issues"\} 1$/m);
    expect(text).toMatch(/^repo_actions_job_processing_seconds_bucket\{le="0.25"\} 1$/m);
    expect(text).toMatch(/^repo_actions_job_processing_seconds_bucket\{le="5"\} 2$/m);
    expect(text).toMatch(/^repo_actions_job_processing_seconds_bucket\{le="\+Inf"\} 2$/m);
    expect(text).toMatch(/^repo_actions_job_processing_seconds_sum 3.2$/m);
    expect(text).toMatch(/^repo_actions_queue_depth 4$/m);
    expect(text).toMatch(/^repo_actions_api_budget_remaining\{installation="42"\} 4990$/m);
    expect(m.rejected.total()).toBe(2);
  });

  it('escapes label values', async () => {
    const m = new ServiceMetrics();
    m.ignored.inc({ event: 'a"b\\c\nd' });
    expect(
      await m.render({
        queueDepth: 0,
        byState: new Map(),
        oldestAgeSeconds: 0,
        failedJobs: 0,
        budgetRemaining: new Map(),
      }),
    ).toContain('repo_actions_deliveries_ignored_total{event="a\\"b\\\\c\\nd"} 1');
  });
});

describe('jsonLogger', () => {
  it('writes one JSON object per line with the delivery fields, secrets masked', () => {
    const lines: [string, string][] = [];
    const log = jsonLogger({
      secrets: ['s3cret-token'],
      verbose: false,
      write: (level, line) => lines.push([level, line]),
    });
    log
      .child({ delivery: 'd-1', event: 'issues', installation: 7, repository: 'octo/app' })
      .warning('failed with s3cret-token');
    log.debug('hidden without --verbose');
    const pem = '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n';
    jsonLogger({ secrets: [pem], verbose: false, write: (level, line) => lines.push([level, line]) }).info(
      `key ${pem}`,
    );
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[1][1]).message).toBe('key ***');
    expect(lines[0][0]).toBe('warning');
    expect(lines[0][1].endsWith('\n')).toBe(true);
    expect(JSON.parse(lines[0][1])).toMatchObject({
      level: 'warning',
      message: 'failed with ***',
      delivery: 'd-1',
      event: 'issues',
      installation: 7,
      repository: 'octo/app',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { BudgetTracker } from '../../../../src/client/budget';
import { AttemptObserver } from '../../../../src/client/stages/telemetry';
import { TelemetryRecorder } from '../../../../src/client/telemetry';
import { attempt, exchange } from './fixture';

function observer() {
  const lines: string[] = [];
  const telemetry = new TelemetryRecorder();
  const budget = new BudgetTracker({
    reserve: 0,
    maxWaitMs: 0,
    timeScale: 1,
    now: Date.now,
    sleep: async () => {},
    fetchRateLimit: async () => ({ limit: 0, remaining: 0, used: 0, reset: 0 }),
  });
  const log = {
    debug: () => {},
    info: (m: string) => lines.push(m),
    warning: (m: string) => lines.push(`warning: ${m}`),
  };
  return { lines, telemetry, observer: new AttemptObserver(telemetry, budget, log) };
}

describe('telemetry stage', () => {
  it('counts every attempt, writes, retries and waits; /rate_limit is not counted', () => {
    const { telemetry, observer: o, lines } = observer();
    const post = exchange('POST /repos/{owner}/{repo}/labels', { owner: 'o', repo: 'r' });
    o.observe(post, attempt(502), { kind: 'retry', waitMs: 1500, reason: 'server error 502', rateLimited: false });
    o.observe(post, attempt(201), { kind: 'return', response: { status: 201, url: '', headers: {}, data: {} } });
    o.observe(exchange('GET /rate_limit'), attempt(200), {
      kind: 'return',
      response: { status: 200, url: '', headers: {}, data: {} },
    });
    expect(telemetry.snapshot()).toMatchObject({
      requests: 2,
      writes: 2,
      retries: 1,
      waitedMs: 1500,
      byStatus: { '502': 1, '201': 1 },
    });
    expect(lines).toEqual(['POST /repos/o/r/labels: server error 502; retrying in 1.5 s']);
  });

  it('warns once per deprecated route and once per moved repository', () => {
    const { observer: o, lines } = observer();
    const ex = exchange('GET /repos/{owner}/{repo}/labels', { owner: 'o', repo: 'r' });
    const deprecated = attempt(200, {
      headers: {
        deprecation: 'true',
        sunset: 'Wed, 01 Jul 2026 00:00:00 GMT',
        link: '<https://docs.example/d>; rel="deprecation"',
      },
    });
    const done = { kind: 'return' as const, response: { status: 200, url: '', headers: {}, data: [] } };
    o.observe(ex, deprecated, done);
    o.observe(ex, deprecated, done);
    o.observe(ex, attempt(301), { kind: 'follow', to: 'https://api.example.test/repositories/1/labels' });
    o.observe(ex, attempt(301), { kind: 'follow', to: 'https://api.example.test/repositories/1/labels' });
    expect(lines).toEqual([
      'warning: GET /repos/{owner}/{repo}/labels is deprecated (Deprecation: true); it stops working on Wed, 01 Jul 2026 00:00:00 GMT; see https://docs.example/d',
      'warning: /repos/o/r/labels moved permanently to /repositories/1/labels: the repository was renamed or transferred; update the workflow to the new name.',
    ]);
  });
});

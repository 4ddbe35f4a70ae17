import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  applyPlan,
  formatPlan,
  planCost,
  planFailure,
  summarizeResults,
  type Operation,
} from '../../../src/kernel/plan';

const write = { requests: 1, writes: 1 };
const read = { requests: 1, writes: 0 };

function op(subject: string, extra: Partial<Operation<number>> = {}): Operation<number> {
  return {
    kind: 'create',
    target: 'label',
    subject,
    cost: write,
    payload: Number(subject.replace(/\D/g, '')) || 0,
    ...extra,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('planCost', () => {
  it.each([
    [[], { requests: 0, writes: 0 }],
    [[write], { requests: 1, writes: 1 }],
    [[write, read, { requests: 3, writes: 2 }], { requests: 5, writes: 3 }],
  ])('%j sums to %j', (costs, expected) => {
    expect(planCost(costs.map((cost) => ({ cost })))).toEqual(expected);
  });
});

describe('applyPlan', () => {
  it.each([1, 2, 4, 7])('never runs more than %d operations at once and keeps plan order', async (concurrency) => {
    const ops = Array.from({ length: 20 }, (_, i) => op(`l${i}`));
    let inFlight = 0;
    let peak = 0;
    const report = await applyPlan(
      ops,
      async (o, index) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await sleep((index * 7) % 5); // finish out of order
        inFlight--;
        return o.payload * 10;
      },
      { concurrency },
    );
    expect(peak).toBe(Math.min(concurrency, ops.length));
    expect(report.results.map((r) => r.value)).toEqual(ops.map((o) => o.payload * 10));
    expect(report.results.map((r) => r.op)).toEqual(ops);
    expect(report).toMatchObject({ done: 20, failed: 0, skipped: 0 });
  });

  it('defaults to 4 at once', async () => {
    let inFlight = 0;
    let peak = 0;
    await applyPlan(
      Array.from({ length: 10 }, (_, i) => op(`l${i}`)),
      async () => {
        peak = Math.max(peak, ++inFlight);
        await sleep(2);
        inFlight--;
      },
    );
    expect(peak).toBe(4);
  });

  it('runs every operation and reports every failure, not only the first', async () => {
    const ops = Array.from({ length: 6 }, (_, i) => op(`l${i}`));
    const ran: number[] = [];
    const report = await applyPlan(
      ops,
      async (o) => {
        ran.push(o.payload);
        if (o.payload % 2 === 1) throw new Error(`boom ${o.payload}`);
        if (o.payload === 4) throw 'not an Error object';
        return o.payload;
      },
      { concurrency: 2 },
    );
    expect(ran.sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(report.results.map((r) => r.status)).toEqual(['done', 'failed', 'done', 'failed', 'failed', 'failed']);
    expect(report.results.map((r) => r.error?.message)).toEqual([
      undefined,
      'boom 1',
      undefined,
      'boom 3',
      'not an Error object',
      'boom 5',
    ]);
    expect(report).toMatchObject({ done: 2, failed: 4, skipped: 0 });

    expect(summarizeResults(report).split('\n')).toEqual([
      '2 done, 4 failed, 0 skipped of 6 operations.',
      '- create label l1: boom 1',
      '- create label l3: boom 3',
      '- create label l4: not an Error object',
      '- create label l5: boom 5',
    ]);
    const failure = planFailure(report);
    expect(failure).toBeInstanceOf(AggregateError);
    expect(failure?.message).toBe('4 of 6 operations failed');
    expect(failure?.errors.map((e: Error) => e.message)).toEqual([
      'create label l1: boom 1',
      'create label l3: boom 3',
      'create label l4: not an Error object',
      'create label l5: boom 5',
    ]);
  });

  it('skips operations not yet started once the signal aborts', async () => {
    const controller = new AbortController();
    const ops = Array.from({ length: 5 }, (_, i) => op(`l${i}`));
    const report = await applyPlan(
      ops,
      async (o) => {
        if (o.payload === 1) controller.abort();
        return o.payload;
      },
      { concurrency: 1, signal: controller.signal },
    );
    expect(report.results.map((r) => r.status)).toEqual(['done', 'done', 'skipped', 'skipped', 'skipped']);
    expect(report).toMatchObject({ done: 2, failed: 0, skipped: 3 });
    expect(planFailure(report)?.message).toBe('0 of 5 operations failed, 3 skipped');
  });

  it('an empty plan is a successful no-op', async () => {
    const report = await applyPlan([], async () => 1);
    expect(report).toEqual({ results: [], done: 0, failed: 0, skipped: 0 });
    expect(planFailure(report)).toBeUndefined();
  });
});

describe('formatPlan', () => {
  const ops: Operation[] = [
    { kind: 'create', target: 'label', subject: 'bug', detail: 'color d73a4a', cost: write, payload: null },
    {
      kind: 'update',
      target: 'label',
      subject: 'a|b',
      detail: 'description:\nnew',
      cost: { requests: 2, writes: 1 },
      payload: null,
    },
    { kind: 'delete', target: 'label', subject: 'old', cost: write, payload: null },
  ];

  it('markdown: a table with escaped cells and a total line', () => {
    expect(formatPlan(ops, { markdown: true })).toBe(
      [
        '| kind | target | subject | detail | cost |',
        '| --- | --- | --- | --- | --- |',
        '| create | label | bug | color d73a4a | 1 request (1 write) |',
        '| update | label | a\\|b | description:<br>new | 2 requests (1 write) |',
        '| delete | label | old |  | 1 request (1 write) |',
        '',
        'Total: 3 operations, 4 requests (3 writes) to apply, beyond the reads that made this plan (in the API usage)',
      ].join('\n'),
    );
  });

  it('text: aligned columns for the log', () => {
    const lines = formatPlan(ops).split('\n');
    expect(lines[0]).toBe('kind    target  subject  detail            cost');
    expect(lines[1]).toBe('------  ------  -------  ----------------  --------------------');
    expect(lines[3]).toBe('update  label   a|b      description:⏎new  2 requests (1 write)');
    expect(lines.at(-1)).toBe(
      'Total: 3 operations, 4 requests (3 writes) to apply, beyond the reads that made this plan (in the API usage)',
    );
  });

  it('an empty plan says so', () => {
    expect(formatPlan([])).toBe(
      'No changes. Total: 0 operations, 0 requests (0 writes) to apply, beyond the reads that made this plan (in the API usage)',
    );
  });
});

describe('operations are typed values', () => {
  it('no source casts an operation back to its type (results carry the action’s own operation type)', () => {
    // git grep answers 1 (and nothing) when no line matches.
    const found = spawnSync('git', ['grep', '-nE', String.raw`\bas [A-Za-z]*Operation\b`, '--', 'src'], {
      encoding: 'utf8',
    });
    expect(found.status, found.stderr).toBe(1);
    const casts = found.stdout.trim();
    expect(casts).toBe('');
  });
});

// The one apply pool (src/kernel/pool.ts): its concurrency bound, its groups, its stop-the-group rule and its stop
// signal, each case a table row run against a recording fake task.
import { describe, expect, it } from 'vitest';
import { mapPool, runPool, type PoolOptions } from '../../../src/kernel/pool';

interface Item {
  id: string;
  group?: string;
  fails?: boolean;
  /** Milliseconds the task takes. */
  ms?: number;
}

const item = (spec: string): Item => {
  // "a1:g!" → id a1, group g, fails; "b" → id b, no group.
  const [head, tail = ''] = spec.split(':');
  const fails = tail.endsWith('!') || head.endsWith('!');
  const group = tail.replace('!', '') || undefined;
  return { id: head.replace('!', ''), group, fails };
};

async function record(items: Item[], options: Omit<PoolOptions<Item>, 'group'> & { grouped?: boolean }) {
  const started: string[] = [];
  let inFlight = 0;
  let peak = 0;
  const results = await runPool(
    items,
    async (it) => {
      started.push(it.id);
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, it.ms ?? 2));
      inFlight--;
      if (it.fails) throw new Error(`${it.id} broke`);
      return it.id.toUpperCase();
    },
    { ...options, group: options.grouped === false ? undefined : (it) => it.group },
  );
  return { started, peak, statuses: results.map((r) => r.status).join(' '), results };
}

describe('runPool', () => {
  const cases: {
    name: string;
    items: string[];
    limit: number;
    grouped?: boolean;
    statuses: string;
    peak: number;
    notStarted?: string[];
  }[] = [
    { name: 'no items', items: [], limit: 4, statuses: '', peak: 0 },
    {
      name: 'stays under the bound',
      items: ['a', 'b', 'c', 'd', 'e', 'f'],
      limit: 2,
      statuses: 'done '.repeat(6).trim(),
      peak: 2,
    },
    { name: 'a bound over the items', items: ['a', 'b'], limit: 10, statuses: 'done done', peak: 2 },
    { name: 'a bound under 1 still runs', items: ['a', 'b'], limit: 0, statuses: 'done done', peak: 1 },
    {
      name: 'ungrouped: a failure stops nothing',
      items: ['a!', 'b', 'c'],
      limit: 1,
      statuses: 'failed done done',
      peak: 1,
    },
    {
      name: "a group's items run one at a time",
      items: ['a:g', 'b:g', 'c:g'],
      limit: 4,
      statuses: 'done done done',
      peak: 1,
    },
    {
      name: 'a failure skips the rest of its group only',
      items: ['a:x', 'b:x!', 'c:y', 'd:x', 'e:y'],
      limit: 2,
      statuses: 'done failed done skipped done',
      peak: 2,
      notStarted: ['d'],
    },
    {
      name: 'the group key off keeps items alone',
      items: ['a:x!', 'b:x'],
      limit: 1,
      grouped: false,
      statuses: 'failed done',
      peak: 1,
    },
    {
      name: 'a failing last item skips nothing',
      items: ['a:x', 'b:x!'],
      limit: 3,
      statuses: 'done failed',
      peak: 1,
    },
  ];
  it.each(cases)('$name', async ({ items, limit, grouped, statuses, peak, notStarted = [] }) => {
    const run = await record(items.map(item), { limit, grouped });
    expect(run.statuses).toBe(statuses);
    expect(run.peak).toBe(peak);
    for (const id of notStarted) expect(run.started).not.toContain(id);
    expect(run.started.length + notStarted.length).toBe(items.length);
  });

  it('keeps input order in the results and the values of the done items', async () => {
    const items: Item[] = [
      { id: 'slow', ms: 30 },
      { id: 'fast', ms: 1 },
    ];
    const run = await record(items, { limit: 2 });
    expect(run.started).toEqual(['slow', 'fast']);
    expect(run.results).toEqual([
      { status: 'done', value: 'SLOW' },
      { status: 'done', value: 'FAST' },
    ]);
  });

  it('runs a group in input order while other groups go on beside it', async () => {
    const items: Item[] = [
      { id: 'x1', group: 'x', ms: 20 },
      { id: 'x2', group: 'x', ms: 1 },
      { id: 'y1', group: 'y', ms: 1 },
    ];
    const run = await record(items, { limit: 2 });
    expect(run.started).toEqual(['x1', 'y1', 'x2']);
  });

  it("says why a group's item was skipped, and skips without a reason when stopped", async () => {
    const grouped = await record([item('a:g!'), item('b:g')], { limit: 1 });
    expect(grouped.results[0]).toMatchObject({ status: 'failed', error: { message: 'a broke' } });
    expect(grouped.results[1]).toMatchObject({
      status: 'skipped',
      error: { message: 'not attempted: an earlier operation in group g failed' },
    });

    let starts = 0;
    const stopped = await runPool(['a', 'b', 'c', 'd'], async () => void starts++, {
      limit: 1,
      shouldStop: () => starts >= 2,
    });
    expect(stopped.map((r) => r.status)).toEqual(['done', 'done', 'skipped', 'skipped']);
    expect(stopped[2]).toEqual({ status: 'skipped' });
  });

  it('turns a thrown non-Error into an Error', async () => {
    const [result] = await runPool(['a'], () => Promise.reject('plain text'), { limit: 1 });
    expect(result).toMatchObject({ status: 'failed', error: { message: 'plain text' } });
  });
});

describe('mapPool', () => {
  it('returns the values in order, or rejects with the first failure in input order after all settle', async () => {
    expect(await mapPool([3, 1, 2], 2, async (n) => n * 2)).toEqual([6, 2, 4]);
    const settled: number[] = [];
    await expect(
      mapPool([1, 2, 3], 3, async (n) => {
        await new Promise((r) => setTimeout(r, 10 - n));
        settled.push(n);
        if (n > 1) throw new Error(`no ${n}`);
      }),
    ).rejects.toThrow('no 2');
    expect(settled.sort()).toEqual([1, 2, 3]);
  });
});

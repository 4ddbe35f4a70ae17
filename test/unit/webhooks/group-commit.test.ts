import { describe, expect, it } from 'vitest';
import { GroupCommit } from '../../../src/webhooks/store/group-commit';

interface Item {
  id: string;
  body?: string;
}

/** A GroupCommit whose statements finish only when the test says so. */
function harness(options: { slots?: number; maxBatch?: number; maxWaitMs?: number } = {}) {
  const batches: string[][] = [];
  const finishers: ((outcome?: 'fail' | 'short') => void)[] = [];
  let clock = 0;
  const gc = new GroupCommit<Item, string>({
    write: (items) => {
      batches.push(items.map((i) => i.id));
      return new Promise((resolve, reject) =>
        finishers.push((outcome) => {
          if (outcome === 'fail') reject(new Error('the database went away'));
          else resolve(items.slice(outcome === 'short' ? 1 : 0).map((i) => `stored ${i.id}`));
        }),
      );
    },
    conflictKeys: (i) => [`id:${i.id}`, ...(i.body ? [`body:${i.body}`] : [])],
    slots: options.slots ?? 1,
    maxBatch: options.maxBatch ?? 64,
    maxWaitMs: options.maxWaitMs ?? 900,
    now: () => clock,
  });
  const settle = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return {
    gc,
    batches,
    finish: async (n: number, outcome?: 'fail' | 'short') => {
      finishers[n](outcome);
      await settle();
    },
    advance: (ms: number) => (clock += ms),
  };
}

describe('group commit', () => {
  it('writes at once while a slot is free, and batches what arrives while every slot is busy', async () => {
    const h = harness({ slots: 1 });
    const first = h.gc.write({ id: 'a' });
    const later = ['b', 'c', 'd'].map((id) => h.gc.write({ id }));
    expect(h.batches).toEqual([['a']]);
    await h.finish(0);
    expect(await first).toBe('stored a');
    expect(h.batches).toEqual([['a'], ['b', 'c', 'd']]);
    await h.finish(1);
    expect(await Promise.all(later)).toEqual(['stored b', 'stored c', 'stored d']);
    expect(h.gc.running).toBe(0);
  });

  it('uses every slot before batching', () => {
    const h = harness({ slots: 3 });
    for (const id of ['a', 'b', 'c', 'd', 'e']) void h.gc.write({ id });
    expect(h.batches).toEqual([['a'], ['b'], ['c']]);
    expect(h.gc.running).toBe(3);
  });

  it('never puts the same id or the same body twice in one statement, keeping arrival order per key', async () => {
    const h = harness({ slots: 1 });
    void h.gc.write({ id: 'x' });
    for (const item of [
      { id: 'a', body: 'B1' },
      { id: 'a', body: 'B2' },
      { id: 'c', body: 'B1' },
      { id: 'd', body: 'B4' },
    ])
      void h.gc.write(item);
    await h.finish(0);
    // The second 'a' and the second body B1 wait; so does nothing else.
    expect(h.batches[1]).toEqual(['a', 'd']);
    await h.finish(1);
    expect(h.batches[2]).toEqual(['a', 'c']);
  });

  it('keeps each statement within maxBatch', async () => {
    const h = harness({ slots: 1, maxBatch: 2 });
    for (const id of ['a', 'b', 'c', 'd', 'e']) void h.gc.write({ id });
    await h.finish(0);
    expect(h.batches).toEqual([['a'], ['b', 'c']]);
    await h.finish(1);
    expect(h.batches[2]).toEqual(['d', 'e']);
  });

  it('drops a write that waited past maxWaitMs instead of writing it late', async () => {
    const h = harness({ slots: 1, maxWaitMs: 900 });
    void h.gc.write({ id: 'a' });
    const stale = h.gc.write({ id: 'b' });
    h.advance(901);
    const fresh = h.gc.write({ id: 'c' });
    await h.finish(0);
    await expect(stale).rejects.toThrow(/waited over 900 ms/);
    expect(h.batches).toEqual([['a'], ['c']]);
    await h.finish(1);
    expect(await fresh).toBe('stored c');
  });

  it('fails every write of a failed statement, and goes on with the next', async () => {
    const h = harness({ slots: 1 });
    void h.gc.write({ id: 'a' }).catch(() => {});
    const b = h.gc.write({ id: 'b' });
    const c = h.gc.write({ id: 'c' });
    await h.finish(0);
    await h.finish(1, 'fail');
    await expect(b).rejects.toThrow('the database went away');
    await expect(c).rejects.toThrow('the database went away');
    const d = h.gc.write({ id: 'd' });
    expect(h.batches[2]).toEqual(['d']);
    await h.finish(2);
    expect(await d).toBe('stored d');
  });

  it('never hands out outcomes that do not match the items one to one', async () => {
    const h = harness({ slots: 1 });
    const a = h.gc.write({ id: 'a' });
    await h.finish(0, 'short');
    await expect(a).rejects.toThrow(/0 outcomes for 1 items/);
  });
});

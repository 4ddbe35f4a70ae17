import { describe, expect, it } from 'vitest';
import { GroupCommit } from '../../../../../src/hosts/service/store/group-commit';

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

  it('never runs two statements at once that share a key (neither would see the row of the other)', async () => {
    const h = harness({ slots: 2 });
    void h.gc.write({ id: 'a', body: 'B1' });
    void h.gc.write({ id: 'r', body: 'B1' }); // a replay of a's body under another id
    void h.gc.write({ id: 'e' });
    // The second slot takes 'e' and leaves the replay until 'a' is committed.
    expect(h.batches).toEqual([['a'], ['e']]);
    await h.finish(1);
    expect(h.batches).toHaveLength(2);
    await h.finish(0);
    expect(h.batches[2]).toEqual(['r']);
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

  it('splits a failed statement: each write goes again alone, and only the one that fails alone fails', async () => {
    const h = harness({ slots: 1 });
    void h.gc.write({ id: 'a' });
    const [b, c] = [h.gc.write({ id: 'b' }), h.gc.write({ id: 'c' })];
    await h.finish(0);
    expect(h.batches[1]).toEqual(['b', 'c']);
    await h.finish(1, 'fail');
    expect(h.batches[2]).toEqual(['b']);
    const d = h.gc.write({ id: 'd' }); // arrives meanwhile: never joins a write that goes alone
    await h.finish(2, 'fail');
    await expect(b).rejects.toThrow('the database went away');
    expect(h.batches[3]).toEqual(['c']);
    await h.finish(3);
    expect(await c).toBe('stored c');
    expect(h.batches[4]).toEqual(['d']);
    await h.finish(4);
    expect(await d).toBe('stored d');
    expect(h.gc.running).toBe(0);
  });

  it('drops the writes of a failed statement that waited past maxWaitMs instead of trying them again', async () => {
    const h = harness({ slots: 1, maxWaitMs: 900 });
    void h.gc.write({ id: 'a' });
    const [b, c] = [h.gc.write({ id: 'b' }), h.gc.write({ id: 'c' })];
    await h.finish(0);
    h.advance(901);
    await h.finish(1, 'fail');
    await expect(b).rejects.toThrow(/waited over 900 ms/);
    await expect(c).rejects.toThrow(/waited over 900 ms/);
    expect(h.batches).toHaveLength(2);
  });

  it('never hands out outcomes that do not match the items one to one', async () => {
    const h = harness({ slots: 1 });
    const a = h.gc.write({ id: 'a' });
    await h.finish(0, 'short');
    await expect(a).rejects.toThrow(/0 outcomes for 1 items/);
  });
});

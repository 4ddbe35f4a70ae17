// The one worker pool every apply runs on: at most `limit` groups in flight, results in input order.
//
// The stop-the-group rule (the only one): items that share a group key run one at a time, in input order; when one
// fails, the group's items not yet started are not started and come back `skipped`, with an error that says why.
// Other groups go on. An item without a group key is a group of its own, so a failure never stops anything else.
// `shouldStop()` (checked before each start, e.g. an aborted signal) leaves every item not yet started `skipped`,
// without an error: the run was stopped, nothing failed.
//
// Before this rule, triage had a second pool that reported such items `failed` ("not attempted: …"); they were
// never attempted, so they are `skipped` now, with the same reason as their error.

export type PoolResult<R> =
  | { status: 'done'; value: R }
  | { status: 'failed'; error: Error }
  /** Never started: `error` is why (an earlier failure in its group); none when the pool was stopped. */
  | { status: 'skipped'; error?: Error };

export interface PoolOptions<T> {
  /** Groups in flight at once (at least 1). */
  limit: number;
  /** The item's group: items with one key run in order, and a failure skips the rest of the group. */
  group?: (item: T, index: number) => string | number | undefined;
  /** Checked before each start: true leaves the items not yet started `skipped`. */
  shouldStop?: () => boolean;
}

function toError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

/** The indices of each group, groups in the order of their first item; an item with no key is a group alone. */
function groupsOf<T>(items: readonly T[], group: PoolOptions<T>['group']): number[][] {
  const groups: number[][] = [];
  const byKey = new Map<string | number, number[]>();
  items.forEach((item, index) => {
    const key = group?.(item, index);
    if (key === undefined) {
      groups.push([index]);
      return;
    }
    const members = byKey.get(key);
    if (members) members.push(index);
    else {
      const fresh = [index];
      byKey.set(key, fresh);
      groups.push(fresh);
    }
  });
  return groups;
}

/** Runs `fn` for every item under the pool's rules (above); one result per item, in input order. Never rejects. */
export async function runPool<T, R>(
  items: readonly T[],
  fn: (item: T, index: number) => Promise<R>,
  options: PoolOptions<T>,
): Promise<PoolResult<R>[]> {
  const results = items.map((): PoolResult<R> => ({ status: 'skipped' }));
  const queue = groupsOf(items, options.group);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < queue.length) {
      const members = queue[next++];
      let failed = false;
      for (const index of members) {
        if (failed) {
          const key = String(options.group?.(items[index], index));
          results[index] = {
            status: 'skipped',
            error: new Error(`not attempted: an earlier operation in group ${key} failed`),
          };
          continue;
        }
        if (options.shouldStop?.()) break;
        try {
          results[index] = { status: 'done', value: await fn(items[index], index) };
        } catch (err) {
          failed = true;
          results[index] = { status: 'failed', error: toError(err) };
        }
      }
    }
  };
  const workers = Math.min(Math.max(1, Math.floor(options.limit)), queue.length);
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}

/** Like `Promise.all` over `items.map(fn)` with at most `limit` in flight: the first failure rejects (after all settle). */
export async function mapPool<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const settled = await runPool(items, fn, { limit });
  const values: R[] = [];
  for (const s of settled) {
    if (s.status === 'failed') throw s.error;
    if (s.status === 'done') values.push(s.value);
  }
  return values;
}

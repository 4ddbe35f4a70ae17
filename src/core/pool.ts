// The one worker pool: at most `limit` calls in flight, results in input order.

export type Settled<R> = { ok: true; value: R } | { ok: false; error: Error };

function toError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

/**
 * Runs `fn` for every item, at most `limit` at once. A failure does not stop the others; `shouldStop()` (checked
 * before each start) leaves the remaining items unstarted (`undefined` in the result).
 */
export async function settleAll<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
  shouldStop: () => boolean = () => false,
): Promise<(Settled<R> | undefined)[]> {
  const results = new Array<Settled<R> | undefined>(items.length).fill(undefined);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      if (shouldStop()) continue;
      try {
        results[index] = { ok: true, value: await fn(items[index], index) };
      } catch (err) {
        results[index] = { ok: false, error: toError(err) };
      }
    }
  };
  const workers = Math.min(Math.max(1, Math.floor(limit)), items.length);
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}

/** Like `Promise.all` over `items.map(fn)` with at most `limit` in flight: the first failure rejects (after all settle). */
export async function mapPool<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const settled = await settleAll(items, limit, fn);
  const failure = settled.find((s): s is { ok: false; error: Error } => s !== undefined && !s.ok);
  if (failure) throw failure.error;
  return settled.map((s) => (s as { ok: true; value: R }).value);
}

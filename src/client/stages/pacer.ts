// Stage 4, pacer: a slot within the secondary limits (concurrency, writes per minute and hour, points per
// minute) for the duration of one attempt; a write then also waits for the identity's shared write history.
import { WaitTooLongError, type Pacer } from '../pacer';
import type { WriteHistory } from '../types';
import type { Exchange } from './exchange';

export interface PacedDeps {
  pacer: Pacer;
  /** Told how long the slot waited for a window. */
  onWait(ms: number): void;
  /** The identity's writes beyond this client, asked after the pacer (waits bounded by `maxWaitMs`). */
  shared?: { history: WriteHistory; sleep(ms: number): Promise<void>; maxWaitMs: number };
}

/** Waits until the identity's shared history admits a write (it records it then). */
async function admitShared(shared: NonNullable<PacedDeps['shared']>, onWait: (ms: number) => void): Promise<void> {
  for (;;) {
    const waitMs = await shared.history.admit();
    if (waitMs <= 0) return;
    if (waitMs > shared.maxWaitMs)
      throw new WaitTooLongError(waitMs, shared.maxWaitMs, "secondary rate limit window full (the identity's writes)");
    onWait(waitMs);
    await shared.sleep(waitMs);
  }
}

export async function withSlot<T>(ex: Exchange, deps: PacedDeps, send: () => Promise<T>): Promise<T> {
  if (ex.free) return send();
  const slot = await deps.pacer.acquire(ex.write ? ex.method : 'GET');
  if (slot.waitedMs > 0) deps.onWait(slot.waitedMs);
  try {
    if (ex.write && deps.shared) await admitShared(deps.shared, (ms) => deps.onWait(ms));
    return await send();
  } finally {
    slot.release();
  }
}

// Stage 4, pacer: a slot within the secondary limits (concurrency, writes per minute and hour, points per
// minute) for the duration of one attempt.
import type { Pacer } from '../pacer';
import type { Exchange } from './exchange';

export interface PacedDeps {
  pacer: Pacer;
  /** Told how long the slot waited for a window. */
  onWait(ms: number): void;
}

export async function withSlot<T>(ex: Exchange, deps: PacedDeps, send: () => Promise<T>): Promise<T> {
  if (ex.free) return send();
  const slot = await deps.pacer.acquire(ex.write ? ex.method : 'GET');
  if (slot.waitedMs > 0) deps.onWait(slot.waitedMs);
  try {
    return await send();
  } finally {
    slot.release();
  }
}

// Stage 4, pacer: a slot within the secondary limits (concurrency, writes per minute and hour, points per
// minute) for the duration of one attempt; a write then also waits for the identity's shared write history. After
// the attempt, the pacer hears whether GitHub signalled a secondary limit (its write spacing adapts).
import { classifyAnswer } from '../answers';
import { WaitTooLongError, type Pacer } from '../pacer';
import type { WriteHistory } from '../types';
import { pathOf, type Attempt, type Exchange, type Verdict } from './exchange';
import { apiErrors, apiMessage } from './retry';

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

/** `POST …/releases/{id}/assets`: "Upload a release asset", served by the uploads host only. */
function isAssetUpload(ex: Exchange): boolean {
  return ex.method === 'POST' && /\/repos\/[^/]+\/[^/]+\/releases\/\d+\/assets$/.test(pathOf(ex.parsed.url));
}

export async function withSlot<T>(ex: Exchange, deps: PacedDeps, send: () => Promise<T>): Promise<T> {
  if (ex.free) return send();
  // A write takes the write turn once for all its attempts: its retries come before any other write. A release's
  // asset uploads go beside each other (the release action's `max-parallel-uploads` chose how many), still counted.
  const parallel = ex.write && isAssetUpload(ex);
  if (ex.write && !parallel && !ex.writeTurn) ex.writeTurn = await deps.pacer.takeWriteTurn();
  const slot = await deps.pacer.acquire(
    ex.write ? ex.method : 'GET',
    parallel ? 'parallel' : ex.writeTurn ? 'held' : 'take',
  );
  if (slot.waitedMs > 0) deps.onWait(slot.waitedMs);
  try {
    if (ex.write && deps.shared) await admitShared(deps.shared, (ms) => deps.onWait(ms));
    return await send();
  } finally {
    slot.release();
  }
}

/**
 * Tells the pacer what an attempt's answer was: a secondary signal (403/429 with or without `retry-after`, 422 "was
 * submitted too quickly", also inside a GraphQL 200) grows the write spacing and holds every write of the client for
 * the wait the retry decided (GitHub: no request "until after that many seconds"); a write answered without one
 * lets the spacing shrink. Network failures and other errors say nothing about the limits.
 */
export function notePacing(pacer: Pacer, ex: Exchange, attempt: Attempt, verdict: Verdict): void {
  if (ex.free || attempt.status === undefined) return;
  const body = attempt.response?.data ?? attempt.data;
  const kind = classifyAnswer({
    status: attempt.status,
    headers: attempt.headers,
    message: apiMessage(body),
    errors: apiErrors(body),
  }).kind;
  const secondary = kind === 'secondary';
  if (!secondary && kind !== 'ok') return;
  pacer.noteAnswer(ex.write, secondary, secondary && verdict.kind === 'retry' ? verdict.waitMs : 0);
}

import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, Pacer } from '../../../../../src/github/client/pacer';
import { withSlot } from '../../../../../src/github/client/stages/pacer';
import { exchange } from './fixture';

function pacer(concurrency: number) {
  return new Pacer(
    { ...DEFAULT_LIMITS, concurrency, timeScale: 1 },
    { now: () => Date.now(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) },
    60_000,
  );
}

describe('pacer stage', () => {
  it('holds a slot for the duration of the attempt: at most `concurrency` in flight', async () => {
    const p = pacer(2);
    let inFlight = 0;
    let most = 0;
    const waited: number[] = [];
    const deps = { pacer: p, onWait: (ms: number) => waited.push(ms) };
    await Promise.all(
      Array.from({ length: 6 }, () =>
        withSlot(exchange('GET /user'), deps, async () => {
          inFlight++;
          most = Math.max(most, inFlight);
          await new Promise((r) => setTimeout(r, 5));
          inFlight--;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(waited).toEqual([]);
  });

  it('releases the slot when the attempt throws, and lets /rate_limit through unpaced', async () => {
    const p = pacer(1);
    const deps = { pacer: p, onWait: () => {} };
    await expect(withSlot(exchange('GET /user'), deps, async () => Promise.reject(new Error('x')))).rejects.toThrow(
      'x',
    );
    await expect(withSlot(exchange('GET /user'), deps, async () => 'next')).resolves.toBe('next');
    await expect(withSlot(exchange('GET /rate_limit'), deps, async () => 'free')).resolves.toBe('free');
  });
});

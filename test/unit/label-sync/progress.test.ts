import { describe, expect, it } from 'vitest';
import type { Clock } from '../../../src/client/clock';
import { Progress } from '../../../src/label-sync/progress';

function manualClock(scale = 1): Clock & { advance(ms: number): void } {
  let now = 0;
  return { now: () => now, sleep: async () => undefined, scale, advance: (ms) => (now += ms) };
}

describe('Progress', () => {
  it('logs every 100 items', () => {
    const lines: string[] = [];
    const progress = new Progress({ info: (m) => lines.push(m) }, manualClock(), (n) => `${n} done`);
    for (let i = 0; i < 250; i++) progress.tick();
    expect(lines).toEqual(['100 done', '200 done']);
  });

  it('logs after 30 seconds of API time when items come slowly (scaled like every wait)', () => {
    const lines: string[] = [];
    const clock = manualClock(0.01);
    const progress = new Progress({ info: (m) => lines.push(m) }, clock, (n) => `${n} done`);
    progress.tick();
    clock.advance(299);
    progress.tick();
    expect(lines).toEqual([]);
    clock.advance(1);
    progress.tick();
    expect(lines).toEqual(['3 done']);
  });
});

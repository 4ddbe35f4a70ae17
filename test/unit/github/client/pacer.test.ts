import { describe, expect, it } from 'vitest';
import { Pacer, WaitTooLongError } from '../../../../src/github/client/pacer';

function fakeClock() {
  const clock = {
    t: 0,
    slept: 0,
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.t += ms;
      clock.slept += ms;
    },
  };
  return clock;
}
const limits = { concurrency: 100, writesPerMinute: 80, writesPerHour: 500, pointsPerMinute: 900, timeScale: 1 };

describe('secondary-limit pacing', () => {
  it('sends a burst that fits every window without waiting', async () => {
    const clock = fakeClock();
    const pacer = new Pacer(limits, clock, 3_600_000);
    for (let i = 0; i < 80; i++) (await pacer.acquire('POST')).release();
    expect(clock.slept).toBe(0);
  });

  it('waits for the minute window when the 81st write would overflow it', async () => {
    const clock = fakeClock();
    const pacer = new Pacer(limits, clock, 3_600_000);
    for (let i = 0; i < 80; i++) {
      (await pacer.acquire('POST')).release();
      clock.t += 100;
    }
    const slot = await pacer.acquire('POST');
    expect(slot.waitedMs).toBeGreaterThan(0);
    expect(clock.t).toBe(60_000); // the first write (t=0) left the window
  });

  it('keeps to 500 writes an hour', async () => {
    const clock = fakeClock();
    const pacer = new Pacer({ ...limits, writesPerMinute: 10_000, pointsPerMinute: 1e9 }, clock, 3_600_000);
    for (let i = 0; i < 500; i++) (await pacer.acquire('PATCH')).release();
    expect(clock.t).toBe(0);
    await pacer.acquire('PATCH');
    expect(clock.t).toBe(3_600_000);
  });

  it('counts points: 900 a minute, GET 1 and writes 5', async () => {
    const clock = fakeClock();
    const pacer = new Pacer({ ...limits, writesPerMinute: 1000 }, clock, 3_600_000);
    for (let i = 0; i < 900; i++) (await pacer.acquire('GET')).release();
    expect(clock.t).toBe(0);
    await pacer.acquire('DELETE');
    expect(clock.t).toBe(60_000);
  });

  it('reads are not slowed by the write windows', async () => {
    const clock = fakeClock();
    const pacer = new Pacer(limits, clock, 3_600_000);
    for (let i = 0; i < 80; i++) (await pacer.acquire('POST')).release();
    (await pacer.acquire('GET')).release();
    expect(clock.t).toBe(0);
  });

  it('scales windows for tests', async () => {
    const clock = fakeClock();
    const pacer = new Pacer({ ...limits, timeScale: 0.01 }, clock, 3_600_000);
    for (let i = 0; i < 81; i++) (await pacer.acquire('POST')).release();
    expect(clock.t).toBe(600);
  });

  it('refuses a wait beyond the bound, saying how long', async () => {
    const clock = fakeClock();
    const pacer = new Pacer(limits, clock, 1000);
    for (let i = 0; i < 80; i++) (await pacer.acquire('POST')).release();
    await expect(pacer.acquire('POST')).rejects.toBeInstanceOf(WaitTooLongError);
    await expect(pacer.acquire('POST')).rejects.toThrow(/wait 60 s/);
  });

  it('bounds concurrency', async () => {
    const pacer = new Pacer(
      { ...limits, concurrency: 2 },
      { now: Date.now, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) },
      1000,
    );
    const a = await pacer.acquire('GET');
    const b = await pacer.acquire('GET');
    let third = false;
    const c = pacer.acquire('GET').then((s) => {
      third = true;
      return s;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(third).toBe(false);
    a.release();
    (await c).release();
    expect(third).toBe(true);
    b.release();
  });

  it('remembers writes of earlier steps of the job', async () => {
    const clock = fakeClock();
    clock.t = 10_000;
    const history = Array.from({ length: 80 }, (_, i) => 5_000 + i);
    const pacer = new Pacer(limits, clock, 3_600_000, history);
    await pacer.acquire('POST');
    expect(clock.t).toBe(65_000);
  });
});

describe('secondary-limit pacing counts a request from its response (label-sync helper)', () => {
  it('the next window opens a minute after the first write completed, not after it was admitted', async () => {
    const clock = fakeClock();
    const pacer = new Pacer(limits, clock, 3_600_000);
    const first = await pacer.acquire('POST');
    clock.t += 40; // the request reaches the server (and answers) 40 ms after its admission
    first.release();
    for (let i = 1; i < 80; i++) (await pacer.acquire('POST')).release();
    await pacer.acquire('POST');
    expect(clock.t).toBe(60_040);
  });
});

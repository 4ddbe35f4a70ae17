// The strict secondary-limit mode: per identity, mutative requests one at a time, at least the spacing apart past a
// small burst, and a per-minute write allowance below GitHub's published 80 (emulator/limits.ts has the evidence).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator/index';
import { call } from '../../emulator/request';
import { STRICT_SECONDARY, type EmulatorOptions, type Scenario } from '../../emulator/types';

const scenario: Scenario = {
  tokens: {
    wf: { kind: 'workflow', repositories: ['octo/app'], permissions: { issues: 'write' } },
    other: { kind: 'workflow', repositories: ['octo/lib'], permissions: { issues: 'write' } },
  },
  repositories: [
    { owner: 'octo', name: 'app', issues: [{ title: 'one' }] },
    { owner: 'octo', name: 'lib', issues: [{ title: 'two' }] },
  ],
};

let emu: Emulator;
const start = async (options: EmulatorOptions) => (emu = await createEmulator(scenario, options));
const api = (method: string, path: string, o: Parameters<typeof call>[3] = {}) => call(emu.apiUrl, method, path, o);
const comment = (token: string, repo = 'octo/app', body = 'hi') =>
  api('POST', `/repos/${repo}/issues/1/comments`, { token, body: { body } });

afterEach(() => {
  vi.useRealTimers();
  return emu?.close();
});

describe('strict secondary limits', () => {
  it('defaults: one write in flight, a 1 s spacing past a burst of 5, 60 writes a minute (below 80)', () => {
    expect(STRICT_SECONDARY).toEqual({ writesInFlight: 1, spacingMs: 1000, burst: 5, writesPerMinute: 60 });
    expect(STRICT_SECONDARY.writesPerMinute).toBeLessThan(80);
  });

  it('refuses a write while another of the same identity is in flight; reads and other identities go on', async () => {
    await start({ strictSecondary: true, latencyMs: 150 });
    const writes = await Promise.all([comment('wf', 'octo/app', 'a'), comment('wf', 'octo/app', 'b')]);
    expect(writes.map((r) => r.status).sort()).toEqual([201, 403]);
    const refused = writes.find((r) => r.status === 403)!;
    expect(refused.body.message).toMatch(/secondary rate limit/);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(emu.log.entries.filter((e) => e.limited)).toMatchObject([
      { limited: 'secondary', limitReason: 'concurrent-writes', contentCreating: true },
    ]);
    const reads = await Promise.all(Array.from({ length: 4 }, () => api('GET', '/repos/octo/app', { token: 'wf' })));
    expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    // Another identity's write at the same time is its own.
    const both = await Promise.all([comment('wf'), comment('other', 'octo/lib')]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(emu.state.repo('octo/app')!.comments.size).toBe(2);
  });

  it('refuses writes closer than the spacing once the burst is spent, answering 429 without retry-after when asked', async () => {
    // The windows follow Date.now(): a fake Date (sockets and timers stay real) makes the spacing exact.
    vi.useFakeTimers({ toFake: ['Date'] });
    await start({ strictSecondary: { burst: 3 }, secondaryLimit: { status: 429, retryAfter: false } });
    for (let i = 0; i < 3; i++) expect((await comment('wf')).status).toBe(201);
    const refused = await comment('wf');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeNull();
    expect(emu.log.entries.at(-1)).toMatchObject({ limited: 'secondary', limitReason: 'write-spacing' });
    // A read is never spaced.
    expect((await api('GET', '/repos/octo/app/issues/1', { token: 'wf' })).status).toBe(200);
    vi.setSystemTime(Date.now() + 999);
    expect((await comment('wf')).status).toBe(429);
    vi.setSystemTime(Date.now() + 2);
    expect((await comment('wf')).status).toBe(201);
    // One a second from then on is always admitted; the refused ones did not count.
    for (let i = 0; i < 5; i++) {
      vi.setSystemTime(Date.now() + 1000);
      expect((await comment('wf')).status).toBe(201);
    }
    expect(emu.state.repo('octo/app')!.comments.size).toBe(9);
  });

  it('scales the spacing with timeScale and says how long to wait (GitHub seconds)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await start({ timeScale: 0.01, strictSecondary: { burst: 1, spacingMs: 3000 } });
    expect((await comment('wf')).status).toBe(201);
    const refused = await comment('wf');
    expect(refused.status).toBe(403);
    expect(Number(refused.headers.get('retry-after'))).toBe(3);
    vi.setSystemTime(Date.now() + 30);
    expect((await comment('wf')).status).toBe(201);
  });

  it('allows fewer writes a minute than the published 80 (configurable)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await start({ timeScale: 0.01, strictSecondary: { writesPerMinute: 30 } }); // a minute lasts 0.6 s
    for (let i = 0; i < 30; i++) {
      expect((await comment('wf')).status).toBe(201);
      vi.setSystemTime(Date.now() + 10); // the scaled second between writes
    }
    const refused = await comment('wf');
    expect(refused.status).toBe(403);
    expect(emu.log.entries.at(-1)).toMatchObject({ limited: 'secondary', limitReason: 'writes-minute' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    vi.setSystemTime(Date.now() + 600);
    expect((await comment('wf')).status).toBe(201);
  });

  it('is off by default: a burst of concurrent writes passes', async () => {
    await start({ latencyMs: 50 });
    const writes = await Promise.all(Array.from({ length: 6 }, (_, i) => comment('wf', 'octo/app', `c${i}`)));
    expect(writes.every((r) => r.status === 201)).toBe(true);
  });
});

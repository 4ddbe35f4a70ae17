// Primary and secondary limits with scaled windows.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator/index';
import { call } from '../../emulator/request';
import type { EmulatorOptions, Scenario } from '../../emulator/types';

const scenario: Scenario = {
  tokens: {
    wf: { kind: 'workflow', repositories: ['octo/app'], permissions: { issues: 'write' } },
    other: { kind: 'workflow', repositories: ['octo/lib'], permissions: { issues: 'write' } },
    user: { kind: 'user', login: 'octo' },
  },
  repositories: [
    { owner: 'octo', name: 'app', issues: [{ title: 'one' }] },
    { owner: 'octo', name: 'lib' },
  ],
};

let emu: Emulator;
const start = async (options: EmulatorOptions) => (emu = await createEmulator(scenario, options));
const api = (method: string, path: string, o: Parameters<typeof call>[3] = {}) => call(emu.apiUrl, method, path, o);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterEach(() => {
  vi.useRealTimers();
  return emu?.close();
});

describe('primary limit', () => {
  it('exhausts per identity with 403 and remaining 0, is free for 304s, and resets after the scaled hour', async () => {
    // The windows follow Date.now(): a fake clock (Date only; sockets and timers stay real) so a loaded machine's
    // slow requests cannot outlast the scaled hour.
    vi.useFakeTimers({ toFake: ['Date'] });
    await start({ timeScale: 0.0005, limits: { workflow: 5 } }); // an hour lasts 1.8 s
    const first = await api('GET', '/repos/octo/app/issues', { token: 'wf' });
    expect(first.headers.get('x-ratelimit-limit')).toBe('5');
    const reset = Number(first.headers.get('x-ratelimit-reset'));
    expect(reset - Date.now() / 1000).toBeGreaterThan(3000); // GitHub time: about an hour from now
    const etag = first.headers.get('etag')!;
    for (let i = 0; i < 3; i++)
      expect(
        (await api('GET', '/repos/octo/app/issues', { token: 'wf', headers: { 'if-none-match': etag } })).status,
      ).toBe(304);
    for (let i = 0; i < 4; i++) expect((await api('GET', '/repos/octo/app', { token: 'wf' })).status).toBe(200);
    const limited = await api('GET', '/repos/octo/app', { token: 'wf' });
    expect(limited.status).toBe(403);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.body.message).toMatch(/API rate limit exceeded/);
    expect(emu.log.entries.at(-1)).toMatchObject({ limited: 'primary', counted: false });
    // Another repository's workflow token has its own 1000/hour.
    expect((await api('GET', '/repos/octo/lib', { token: 'other' })).status).toBe(200);
    expect((await api('GET', '/rate_limit', { token: 'wf' })).body.resources.core.remaining).toBe(0);
    vi.setSystemTime(Date.now() + 1900);
    expect((await api('GET', '/repos/octo/app', { token: 'wf' })).status).toBe(200);
  });

  it('answers 429 when configured, and limits anonymous callers to 60', async () => {
    await start({ primaryLimitStatus: 429, limits: { workflow: 1 } });
    await api('GET', '/repos/octo/app', { token: 'wf' });
    expect((await api('GET', '/repos/octo/app', { token: 'wf' })).status).toBe(429);
    const anon = await api('GET', '/repos/octo/app');
    expect(anon.headers.get('x-ratelimit-limit')).toBe('60');
    expect((await api('GET', '/repos/octo/app', { token: 'user' })).headers.get('x-ratelimit-limit')).toBe('5000');
  });
});

describe('secondary limits', () => {
  it('content-creating requests: 403 with retry-after past the per-minute allowance, fine after the scaled minute', async () => {
    await start({ timeScale: 0.01, limits: { writesPerMinute: 3 } }); // a minute lasts 0.6 s
    for (let i = 0; i < 3; i++)
      expect(
        (await api('POST', '/repos/octo/app/issues/1/comments', { token: 'wf', body: { body: `c${i}` } })).status,
      ).toBe(201);
    const limited = await api('POST', '/repos/octo/app/issues/1/comments', { token: 'wf', body: { body: 'c3' } });
    expect(limited.status).toBe(403);
    expect(limited.body.message).toMatch(/secondary rate limit/);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(emu.log.entries.at(-1)).toMatchObject({ limited: 'secondary', contentCreating: true });
    expect((await api('GET', '/repos/octo/app/issues/1', { token: 'wf' })).status).toBe(200); // reads still pass
    await sleep(retryAfter * 1000 * 0.01 + 50);
    expect((await api('POST', '/repos/octo/app/issues/1/comments', { token: 'wf', body: { body: 'c4' } })).status).toBe(
      201,
    );
  });

  it('can answer 429 instead of 403, and leave retry-after out (GitHub does both)', async () => {
    await start({
      timeScale: 0.01,
      limits: { writesPerMinute: 1 },
      secondaryLimit: { status: 429, retryAfter: false },
    });
    expect((await api('POST', '/repos/octo/app/issues/1/comments', { token: 'wf', body: { body: 'a' } })).status).toBe(
      201,
    );
    const limited = await api('POST', '/repos/octo/app/issues/1/comments', { token: 'wf', body: { body: 'b' } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeNull();
    expect(limited.headers.get('x-ratelimit-remaining')).not.toBe('0');
    expect(limited.body.message).toMatch(/secondary rate limit/);
  });

  it('content-creating requests per hour', async () => {
    await start({ timeScale: 0.01, limits: { writesPerHour: 2 } });
    for (let i = 0; i < 2; i++)
      expect((await api('PATCH', '/repos/octo/app/issues/1', { token: 'wf', body: { body: `b${i}` } })).status).toBe(
        200,
      );
    const limited = await api('DELETE', '/repos/octo/app/labels/none', { token: 'wf' });
    expect(limited.status).toBe(403);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60);
  });

  it('points per minute: GET 1, writes 5', async () => {
    await start({ timeScale: 0.01, limits: { pointsPerMinute: 12 } });
    expect((await api('POST', '/repos/octo/app/issues/1/comments', { token: 'wf', body: { body: 'x' } })).status).toBe(
      201,
    );
    expect((await api('POST', '/repos/octo/app/issues/1/comments', { token: 'wf', body: { body: 'y' } })).status).toBe(
      201,
    );
    expect((await api('GET', '/repos/octo/app', { token: 'wf' })).status).toBe(200);
    expect((await api('GET', '/repos/octo/app', { token: 'wf' })).status).toBe(200);
    const limited = await api('GET', '/repos/octo/app', { token: 'wf' });
    expect(limited.status).toBe(403);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });

  it('concurrent requests above the limit', async () => {
    await start({ latencyMs: 150, limits: { concurrent: 2 } });
    const results = await Promise.all(Array.from({ length: 5 }, () => api('GET', '/repos/octo/app', { token: 'wf' })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    expect(statuses).toContain(403);
  });

  it('search has its own per-minute limit', async () => {
    await start({ timeScale: 0.01, limits: { search: 2 } });
    for (let i = 0; i < 2; i++) {
      const r = await api('GET', '/search/issues?q=repo:octo/app', { token: 'wf' });
      expect(r.status).toBe(200);
      expect(r.headers.get('x-ratelimit-resource')).toBe('search');
    }
    expect((await api('GET', '/search/issues?q=repo:octo/app', { token: 'wf' })).status).toBe(403);
    const core = await api('GET', '/repos/octo/app', { token: 'wf' });
    expect(core.status).toBe(200);
    expect(core.headers.get('x-ratelimit-used')).toBe('1');
  });
});

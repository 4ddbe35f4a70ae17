// A permanent network failure fails at once naming the host; secondary limits in every shape GitHub uses
// (403 or 429, with or without retry-after) are waited out and retried; an edge 5xx's rate-limit headers do
// not move the budget.
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../src/github/client';
import { createEmulator, type Emulator } from '../../../emulator';
import { emulatorClient, logLines, scenario, TOKEN } from './emulator-client';

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

/** A loopback port with nothing listening (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('permanent network failures', () => {
  it('connection refused fails at once, without retries, naming host and cause', async () => {
    const port = await closedPort();
    const c = createClient({ token: TOKEN, action: 'e2e', baseUrl: `http://127.0.0.1:${port}`, timeScale: 0.001 });
    const err = await c.octokit.request('GET /repos/{owner}/{repo}', { owner: 'o', repo: 'r' }).catch((e) => e);
    expect(err.name).toBe('NetworkError');
    expect(err.permanent).toBe(true);
    expect(err.message).toContain(`127.0.0.1:${port}`);
    expect(err.message).toContain('ECONNREFUSED');
    expect(c.telemetry.snapshot()).toMatchObject({ requests: 1, retries: 0 });
  });

  it('a host that does not resolve fails at once', async () => {
    const c = createClient({ token: TOKEN, action: 'e2e', baseUrl: 'http://no-such-host.invalid', timeScale: 0.001 });
    const err = await c.octokit.request('GET /user').catch((e) => e);
    expect(err.name).toBe('NetworkError');
    expect(err.message).toContain('no-such-host.invalid');
    expect(err.message).toMatch(/ENOTFOUND|EAI_AGAIN/);
    expect(c.telemetry.snapshot().retries).toBe(0);
  });
});

describe('secondary limits', () => {
  const shapes = [
    { status: 403 as const, retryAfterSeconds: 2 },
    { status: 403 as const },
    { status: 429 as const, retryAfterSeconds: 2 },
    { status: 429 as const },
  ];
  for (const shape of shapes) {
    it(`${shape.status} ${shape.retryAfterSeconds === undefined ? 'without' : 'with'} retry-after: waited out, then retried`, async () => {
      emu = await createEmulator(scenario(1), { timeScale: 0.001 });
      emu.faults.secondaryLimit({ method: 'POST', path: /\/labels$/, ...shape });
      const { lines, log } = logLines();
      const c = emulatorClient(emu, { log });
      const { data } = await c.octokit.request('POST /repos/{owner}/{repo}/labels', {
        owner: 'octo',
        repo: 'app',
        name: 'paced',
        color: 'ffffff',
      });
      expect(data.name).toBe('paced');
      expect(emu.log.entries.map((e) => e.status)).toEqual([shape.status, 201]);
      // retry-after is obeyed (2 s); without it GitHub asks for at least a minute.
      const expectedWait = (shape.retryAfterSeconds ?? 60) * 1000 * 0.001;
      expect(c.telemetry.snapshot()).toMatchObject({ retries: 1 });
      expect(c.telemetry.snapshot().waitedMs).toBeGreaterThanOrEqual(expectedWait);
      expect(lines.join('\n')).toMatch(new RegExp(`${shape.status}`));
    });
  }

  it('a secondary limit that keeps coming fails loudly after the allowed waits', async () => {
    emu = await createEmulator(scenario(1), { timeScale: 0.001 });
    emu.faults.secondaryLimit({ method: 'GET', path: /\/labels$/, status: 403, times: Infinity });
    const c = emulatorClient(emu);
    const err = await c.paginate('GET /repos/{owner}/{repo}/labels', { owner: 'octo', repo: 'app' }).catch((e) => e);
    expect(err.status).toBe(403);
    expect(err.message).toMatch(/secondary rate limit/);
    expect(emu.log.entries).toHaveLength(4);
  });
});

describe("the emulator's own secondary limiter, in each shape", () => {
  for (const status of [403, 429] as const)
    for (const retryAfter of [true, false])
      it(`${status} ${retryAfter ? 'with' : 'without'} retry-after: every create lands once`, async () => {
        // A minute of 600 ms: the six creates land within one window even on a loaded machine, so the limiter
        // answers some of them (at 60 ms they could spread over several windows and never meet it).
        emu = await createEmulator(scenario(0), {
          timeScale: 0.01,
          limits: { writesPerMinute: 3 },
          secondaryLimit: { status, retryAfter },
        });
        const c = emulatorClient(emu);
        for (let i = 0; i < 6; i++)
          await c.octokit.request('POST /repos/{owner}/{repo}/labels', {
            owner: 'octo',
            repo: 'app',
            name: `l-${i}`,
            color: 'ffffff',
          });
        expect(emu.state.repo('octo/app')!.labels.map((l) => l.name)).toEqual(
          Array.from({ length: 6 }, (_, i) => `l-${i}`),
        );
        const limited = emu.log.entries.filter((e) => e.limited === 'secondary');
        expect(limited.length).toBeGreaterThan(0);
        expect(limited.every((e) => e.status === status)).toBe(true);
        expect(c.telemetry.snapshot().retries).toBe(limited.length);
      });
});

describe('secondary limits on the caller-driven path (client.retry around a write sent once)', () => {
  const shapes = [
    { status: 403 as const, retryAfterSeconds: 1 },
    { status: 403 as const },
    { status: 429 as const, retryAfterSeconds: 1 },
    { status: 429 as const },
  ];
  for (const shape of shapes) {
    it(`${shape.status} ${shape.retryAfterSeconds === undefined ? 'without' : 'with'} retry-after: client.retry waits and sends again`, async () => {
      const seeded = scenario(0);
      seeded.repositories[0].issues = [{ number: 1, title: 'Crash' }];
      emu = await createEmulator(seeded, { timeScale: 0.001 });
      emu.faults.secondaryLimit({ method: 'POST', path: /\/comments$/, ...shape });
      const c = emulatorClient(emu);
      const checks: number[] = [];
      const comment = await c.retry.run(
        async () =>
          (
            await c.octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
              owner: 'octo',
              repo: 'app',
              issue_number: 1,
              body: 'once',
              request: { retries: 0 },
            })
          ).data,
        { beforeRetry: async (_err, n) => void checks.push(n) },
      );
      expect(comment.body).toBe('once');
      expect(checks).toEqual([0]);
      expect(emu.log.entries.map((e) => e.status)).toEqual([shape.status, 201]);
    });
  }
});

describe('budget', () => {
  it('an edge 5xx with rate-limit headers does not move the budget', async () => {
    emu = await createEmulator(scenario(1), { timeScale: 0.001 });
    const c = emulatorClient(emu);
    await c.octokit.request('GET /repos/{owner}/{repo}/labels/{name}', { owner: 'octo', repo: 'app', name: 'label-0' });
    const before = c.budget.state();
    expect(before.known).toBe(true);
    emu.faults.respond({
      method: 'GET',
      path: /\/labels\/label-0$/,
      status: 502,
      headers: { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '9999999999' },
    });
    await c.octokit.request('GET /repos/{owner}/{repo}/labels/{name}', {
      owner: 'octo',
      repo: 'app',
      name: 'label-0',
      request: { noCache: true },
    });
    const after = c.budget.state();
    expect(after.limit).toBe(before.limit);
    expect(after.remaining).toBe(before.remaining - 1);
    expect(after.reset).not.toBe(9999999999);
  });
});

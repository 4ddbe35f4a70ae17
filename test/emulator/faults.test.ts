// Fault injection: scripted responses, connection resets, seeded random 5xx, latency, concurrent push, clock.
import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator/index';
import { call } from '../../emulator/request';

let emu: Emulator;
const token = 'wf';
const api = (method: string, path: string, o: Parameters<typeof call>[3] = {}) =>
  call(emu.apiUrl, method, path, { token, ...o });

beforeEach(async () => {
  emu = await createEmulator({
    tokens: {
      wf: { kind: 'workflow', repositories: ['octo/app'], permissions: { issues: 'write', contents: 'write' } },
    },
    repositories: [{ owner: 'octo', name: 'app', branches: { main: { 'a.txt': 'a\n' } }, labels: [{ name: 'bug' }] }],
  });
});
afterEach(() => emu.close());

describe('faults', () => {
  it('scripted responses match method and path, for a number of times, uncounted', async () => {
    emu.faults.respond({ method: 'GET', path: /\/labels$/, status: 502, times: 2 });
    expect((await api('GET', '/repos/octo/app/labels')).status).toBe(502);
    expect((await api('GET', '/repos/octo/app')).status).toBe(200);
    expect((await api('GET', '/repos/octo/app/labels')).status).toBe(502);
    expect((await api('GET', '/repos/octo/app/labels')).status).toBe(200);
    emu.faults.respond({
      path: 'labels',
      status: 429,
      headers: { 'retry-after': '3' },
      body: { message: 'slow down' },
    });
    const limited = await api('POST', '/repos/octo/app/labels', { body: { name: 'x' } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(limited.body.message).toBe('slow down');
    expect(emu.log.entries.filter((e) => e.injected === 'scripted').every((e) => !e.counted)).toBe(true);
    expect(emu.state.repo('octo/app')!.label('x')).toBeUndefined();
  });

  it('a scripted answer after the handler: the write happened, the client sees the error', async () => {
    emu.faults.respond({ method: 'POST', path: '/labels$', status: 502, afterHandler: true });
    const r = await api('POST', '/repos/octo/app/labels', { body: { name: 'written' } });
    expect(r.status).toBe(502);
    expect(emu.state.repo('octo/app')!.label('written')).toBeTruthy();
    expect(emu.log.entries.at(-1)).toMatchObject({ injected: 'scripted-after-handler', counted: true });
  });

  it('resets connections before the request runs, or after it ran', async () => {
    emu.faults.reset({ method: 'POST', path: '/labels$' });
    await expect(api('POST', '/repos/octo/app/labels', { body: { name: 'first' } })).rejects.toThrow();
    expect(emu.state.repo('octo/app')!.label('first')).toBeUndefined();
    emu.faults.reset({ method: 'POST', path: '/labels$', when: 'after-body' });
    await expect(api('POST', '/repos/octo/app/labels', { body: { name: 'second' } })).rejects.toThrow();
    expect(emu.state.repo('octo/app')!.label('second')).toBeTruthy(); // the write happened; the client never heard
    expect(emu.faults.pending).toBe(0);
  });

  it('random 5xx are reproducible for a seed', async () => {
    const run = async () => {
      emu.faults.clear();
      emu.faults.random5xx({ rate: 0.5, seed: 7 });
      const out: number[] = [];
      for (let i = 0; i < 12; i++) out.push((await api('GET', '/repos/octo/app')).status);
      return out;
    };
    const a = await run();
    expect(a.some((s) => s >= 500)).toBe(true);
    expect(a.some((s) => s === 200)).toBe(true);
    expect(await run()).toEqual(a);
  });

  it('adds headers to real responses', async () => {
    emu.faults.addHeaders({
      path: '/labels$',
      headers: { deprecation: '@1700000000', sunset: 'Wed, 01 Jan 2030 00:00:00 GMT' },
      times: 1,
    });
    const r = await api('GET', '/repos/octo/app/labels');
    expect(r.status).toBe(200);
    expect(r.headers.get('deprecation')).toBe('@1700000000');
    expect((await api('GET', '/repos/octo/app/labels')).headers.get('deprecation')).toBeNull();
  });

  it('injects latency', async () => {
    emu.faults.latency(120, { path: '/labels' });
    const t = Date.now();
    await api('GET', '/repos/octo/app/labels');
    expect(Date.now() - t).toBeGreaterThanOrEqual(110);
  });

  it('a concurrent push moves the branch just before the next ref update', async () => {
    const head = emu.state.branchSha('octo/app', 'main')!;
    const tree = await api('POST', '/repos/octo/app/git/trees', {
      body: {
        base_tree: emu.state.commit('octo/app', head)!.tree,
        tree: [{ path: 'b.txt', mode: '100644', type: 'blob', content: 'b' }],
      },
    });
    const commit = await api('POST', '/repos/octo/app/git/commits', {
      body: { message: 'mine', tree: tree.body.sha, parents: [head] },
    });
    emu.faults.concurrentPush({ repo: 'octo/app', branch: 'main', files: { 'c.txt': 'theirs' } });
    const update = await api('PATCH', '/repos/octo/app/git/refs/heads/main', { body: { sha: commit.body.sha } });
    expect(update.status).toBe(422);
    expect(update.body.message).toBe('Update is not a fast forward');
    expect(emu.state.fileAt('octo/app', 'main', 'c.txt')).toBe('theirs');
    expect(emu.state.commit('octo/app', emu.state.branchSha('octo/app', 'main')!)!.parents).toEqual([head]);
  });

  it('the clock offset moves every timestamp the emulator writes', async () => {
    emu.clock.advance(10 * 24 * 3600 * 1000);
    const issue = await api('POST', '/repos/octo/app/issues', { body: { title: 'later' } });
    expect(Date.parse(issue.body.created_at) - Date.now()).toBeGreaterThan(9 * 24 * 3600 * 1000);
  });
});

/** One request over node:http: the head, the bytes that arrived, and how the body ended. */
function rawGet(
  url: string,
  method = 'GET',
  body?: string,
): Promise<{ status: number; length: number; received: number; ended: 'complete' | 'reset' }> {
  return new Promise((resolve, reject) => {
    let answered: (() => void) | undefined;
    const req = request(
      url,
      {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'user-agent': 'faults-test',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let received = 0;
        res.on('data', (chunk: Buffer) => (received += chunk.length));
        const done = (ended: 'complete' | 'reset') =>
          resolve({ status: res.statusCode ?? 0, length: Number(res.headers['content-length']), received, ended });
        res.on('end', () => done(res.complete ? 'complete' : 'reset'));
        res.on('error', () => done('reset'));
        res.on('aborted', () => done('reset'));
        answered = () => done('reset');
      },
    );
    // A reset after the head arrived surfaces on the request too.
    req.on('error', (err) => (answered ? answered() : reject(err)));
    req.end(body);
  });
}

describe('answers cut by a reset', () => {
  it('mid-response: real head and content-length, half the body, then a reset; the write happened', async () => {
    emu.faults.reset({ method: 'POST', path: /\/labels$/, when: 'mid-response' });
    const cut = await rawGet(
      `${emu.apiUrl}/repos/octo/app/labels`,
      'POST',
      JSON.stringify({ name: 'cut', color: 'ffffff' }),
    );
    expect(cut.status).toBe(201);
    expect(cut.ended).toBe('reset');
    expect(cut.received).toBeLessThan(cut.length);
    expect(cut.received).toBeGreaterThan(0);
    expect(emu.state.repo('octo/app')!.label('cut')).toBeDefined();
    expect(emu.log.entries.at(-1)?.injected).toBe('reset-mid-response');
  });

  it('mid-response on a list page', async () => {
    emu.faults.reset({ method: 'GET', path: /\/labels$/, when: 'mid-response' });
    const cut = await rawGet(`${emu.apiUrl}/repos/octo/app/labels?per_page=100`);
    expect(cut).toMatchObject({ status: 200, ended: 'reset' });
    expect(cut.received).toBeLessThan(cut.length);
    const whole = await rawGet(`${emu.apiUrl}/repos/octo/app/labels?per_page=100`);
    expect(whole).toMatchObject({ status: 200, ended: 'complete' });
    expect(whole.received).toBe(whole.length);
  });

  it('after-response: the whole body arrives before the reset', async () => {
    emu.faults.reset({ method: 'GET', path: /\/labels$/, when: 'after-response' });
    const whole = await rawGet(`${emu.apiUrl}/repos/octo/app/labels`);
    expect(whole.status).toBe(200);
    expect(whole.received).toBe(whole.length);
    expect(emu.log.entries.at(-1)?.injected).toBe('reset-after-response');
  });

  it('a 2xx with JSON that does not parse, and secondary limits as 403 or 429 with or without retry-after', async () => {
    emu.faults.respond({ method: 'GET', path: /\/labels$/, status: 200, rawJson: '[{"name": "bu' });
    const broken = await api('GET', '/repos/octo/app/labels');
    expect(broken.status).toBe(200);
    expect(broken.headers.get('content-type')).toMatch(/application\/json/);
    expect(broken.body).toBe('[{"name": "bu');

    emu.faults.secondaryLimit({ path: /\/labels$/, status: 403, retryAfterSeconds: 2 });
    emu.faults.secondaryLimit({ path: /\/labels$/, status: 429 });
    const first = await api('GET', '/repos/octo/app/labels');
    expect(first.status).toBe(403);
    expect(first.headers.get('retry-after')).toBe('2');
    expect(first.body.message).toMatch(/secondary rate limit/);
    const second = await api('GET', '/repos/octo/app/labels');
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBeNull();
  });
});

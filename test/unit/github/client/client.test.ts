import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, BudgetError, createClient, isAlreadyExists, VERSION } from '../../../../src/github/client';
import { cacheKey } from '../../../../src/github/client/etag-cache';

const API = 'https://api.example.test';
const TOKEN = 'ghs_secretsecretsecret';
const REPO = { full_name: 'o/r', default_branch: 'main' };
const UPLOADS = 'https://uploads.example.test/repos/o/r/releases/1/assets{?name,label}';

function rl(remaining: number, extra: Record<string, string> = {}) {
  return {
    'x-ratelimit-limit': '1000',
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-used': String(1000 - remaining),
    'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 1800),
    'x-ratelimit-resource': 'core',
    ...extra,
  };
}

function logger() {
  const lines: { level: string; message: string }[] = [];
  return {
    lines,
    debug: (m: string) => lines.push({ level: 'debug', message: m }),
    info: (m: string) => lines.push({ level: 'info', message: m }),
    warning: (m: string) => lines.push({ level: 'warning', message: m }),
  };
}

function client(extra: Partial<Parameters<typeof createClient>[0]> = {}) {
  return createClient({ token: TOKEN, action: 'test', baseUrl: API, cacheDir: null, timeScale: 0.001, ...extra });
}

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  nock.cleanAll();
});

describe('request conventions', () => {
  it('sends Bearer auth, a User-Agent, the JSON media type and the pinned API version', async () => {
    const scope = nock(API, {
      reqheaders: {
        authorization: `Bearer ${TOKEN}`,
        'user-agent': /^repo-actions\/\S+ \(test\)/,
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
      },
    })
      .get('/repos/o/r')
      .reply(200, REPO, rl(999));
    const c = client();
    const { data } = await c.octokit.rest.repos.get({ owner: 'o', repo: 'r' });
    expect(data.full_name).toBe('o/r');
    scope.done();
  });

  it('lets the API version be configured', async () => {
    const scope = nock(API, { reqheaders: { 'x-github-api-version': '2026-03-10' } })
      .get('/')
      .reply(200, {}, rl(999));
    await client({ apiVersion: '2026-03-10' }).octokit.request('GET /');
    scope.done();
  });
});

describe('pagination', () => {
  it('follows rel="next" with per_page=100 and does not stop at a short middle page', async () => {
    const items = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({ id: from + i, number: from + i }));
    const link = (page: number) => ({
      link: `<${API}/repos/o/r/issues?per_page=100&page=${page}>; rel="next", <${API}/repos/o/r/issues?per_page=100&page=3>; rel="last"`,
    });
    nock(API)
      .get('/repos/o/r/issues')
      .query({ per_page: '100', state: 'open' })
      .reply(200, items(0, 100), { ...rl(999), ...link(2) })
      .get('/repos/o/r/issues')
      .query({ per_page: '100', page: '2' })
      .reply(200, items(100, 37), { ...rl(998), ...link(3) })
      .get('/repos/o/r/issues')
      .query({ per_page: '100', page: '3' })
      .reply(200, items(137, 100), rl(997));
    const all = await client().paginate<{ id: number }>('GET /repos/{owner}/{repo}/issues', {
      owner: 'o',
      repo: 'r',
      state: 'open',
    });
    expect(all).toHaveLength(237);
    expect(all[236].id).toBe(236);
  });

  it('find() reads no page after the one holding the match', async () => {
    nock(API)
      .get('/repos/o/r/releases')
      .query({ per_page: '100' })
      .reply(
        200,
        [
          { id: 1, tag_name: 'v1', draft: false, upload_url: UPLOADS },
          { id: 2, tag_name: 'v2', draft: false, upload_url: UPLOADS },
        ],
        { ...rl(999), link: `<${API}/repos/o/r/releases?per_page=100&page=2>; rel="next"` },
      );
    const hit = await client().find<{ tag_name: string }>(
      'GET /repos/{owner}/{repo}/releases',
      { owner: 'o', repo: 'r' },
      (r) => r.tag_name === 'v2',
    );
    expect(hit).toMatchObject({ id: 2 });
    expect(nock.pendingMocks()).toEqual([]);
  });
});

describe('conditional requests', () => {
  it('answers a 304 from the cache: same body, free, budget untouched', async () => {
    const body = [{ name: 'bug', color: 'd73a4a' }];
    nock(API)
      .get('/repos/o/r/labels')
      .query(true)
      .reply(200, body, { ...rl(500), etag: 'W/"abc"' });
    nock(API, { reqheaders: { 'if-none-match': 'W/"abc"' } })
      .get('/repos/o/r/labels')
      .query(true)
      .reply(304, '', rl(500));
    const c = client();
    const first = await c.paginate('GET /repos/{owner}/{repo}/labels', { owner: 'o', repo: 'r' });
    const second = await c.paginate('GET /repos/{owner}/{repo}/labels', { owner: 'o', repo: 'r' });
    expect(second).toEqual(first);
    const t = c.telemetry.snapshot();
    expect(t.notModified).toBe(1);
    expect(c.budget.state().remaining).toBe(500);
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('persists the cache in RUNNER_TEMP for later steps of the job', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'etag-'));
    nock(API)
      .get('/repos/o/r/labels')
      .query(true)
      .reply(200, [{ name: 'x', color: 'ffffff' }], { ...rl(10), etag: '"e1"' });
    await client({ cacheDir: dir }).paginate('GET /repos/{owner}/{repo}/labels', { owner: 'o', repo: 'r' });
    nock(API, { reqheaders: { 'if-none-match': '"e1"' } })
      .get('/repos/o/r/labels')
      .query(true)
      .reply(304, '', rl(10));
    const later = client({ cacheDir: dir });
    expect(await later.paginate('GET /repos/{owner}/{repo}/labels', { owner: 'o', repo: 'r' })).toEqual([
      { name: 'x', color: 'ffffff' },
    ]);
    expect(later.telemetry.snapshot().notModified).toBe(1);
  });

  it('holdsList says, without a request, whether every page of a list is cached with validators', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'etag-'));
    const route = 'GET /repos/{owner}/{repo}/labels';
    const page2 = `${API}/repos/o/r/labels?per_page=100&page=2`;
    const twoPages = (etag2: Record<string, string>) => {
      nock(API)
        .get('/repos/o/r/labels')
        .query({ per_page: '100' })
        .reply(200, [{ name: 'a', color: 'ffffff' }], { ...rl(10), etag: '"p1"', link: `<${page2}>; rel="next"` });
      nock(API)
        .get('/repos/o/r/labels')
        .query({ per_page: '100', page: '2' })
        .reply(200, [{ name: 'b', color: 'ffffff' }], { ...rl(9), ...etag2 });
    };
    const c = client({ cacheDir: dir });
    expect(c.holdsList(route, { owner: 'o', repo: 'r' })).toBe(false);
    // A second page without a validator: the list is not all held.
    twoPages({});
    await c.paginate(route, { owner: 'o', repo: 'r' });
    expect(c.holdsList(route, { owner: 'o', repo: 'r' })).toBe(false);
    twoPages({ etag: '"p2"' });
    await c.paginate(route, { owner: 'o', repo: 'r' });
    const requests = c.telemetry.snapshot().requests;
    expect(c.holdsList(route, { owner: 'o', repo: 'r' })).toBe(true);
    expect(c.holdsList(route, { owner: 'o', repo: 'other' })).toBe(false);
    expect(c.holdsList(route, { owner: 'o', repo: 'r', page: 2 })).toBe(true);
    expect(c.telemetry.snapshot().requests).toBe(requests);
    // A later step of the job (same directory and token) holds it too; another token does not.
    expect(client({ cacheDir: dir }).holdsList(route, { owner: 'o', repo: 'r' })).toBe(true);
    expect(client({ cacheDir: dir, token: 'ghs_another' }).holdsList(route, { owner: 'o', repo: 'r' })).toBe(false);
    // Held means the read is conditional: both pages answered 304, nothing counted.
    nock(API, { reqheaders: { 'if-none-match': '"p1"' } })
      .get('/repos/o/r/labels')
      .query({ per_page: '100' })
      .reply(304, '', rl(9));
    nock(API, { reqheaders: { 'if-none-match': '"p2"' } })
      .get('/repos/o/r/labels')
      .query({ per_page: '100', page: '2' })
      .reply(304, '', rl(9));
    const later = client({ cacheDir: dir });
    expect(await later.paginate(route, { owner: 'o', repo: 'r' })).toHaveLength(2);
    const t = later.telemetry.snapshot();
    expect(t.requests - t.notModified).toBe(0);
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('keys entries so URLs, queries, media types, versions and tokens never collide', () => {
    const base = {
      method: 'GET',
      url: `${API}/x?a=1`,
      accept: 'application/vnd.github+json',
      apiVersion: '2022-11-28',
      token: 't1',
    };
    const keys = new Set([
      cacheKey(base),
      cacheKey({ ...base, url: `${API}/x?a=2` }),
      cacheKey({ ...base, url: `${API}/y?a=1` }),
      cacheKey({ ...base, accept: 'application/vnd.github.raw' }),
      cacheKey({ ...base, apiVersion: '2026-03-10' }),
      cacheKey({ ...base, token: 't2' }),
    ]);
    expect(keys.size).toBe(6);
    expect(cacheKey(base)).not.toContain('t1');
  });
});

describe('budget', () => {
  it('runs 60 requests under a budget of 1000 with a reserve, then refuses a plan it cannot afford before any write', async () => {
    let remaining = 1000;
    nock(API)
      .get('/repos/o/r/labels/x')
      .times(60)
      .reply(() => [200, { name: 'x', color: 'ffffff' }, rl(--remaining)]);
    const c = client({ reserve: 100, timeScale: 1 });
    for (let i = 0; i < 60; i++)
      await c.octokit.request('GET /repos/{owner}/{repo}/labels/{name}', {
        owner: 'o',
        repo: 'r',
        name: 'x',
        request: { noCache: true },
      });
    expect(c.budget.state().remaining).toBe(940);
    // (Mostly reads: 500 writes an hour is a secondary limit of its own, test/unit/github/client/write-pacing.test.ts.)
    await expect(c.budget.ensure({ requests: 840, writes: 400 })).resolves.toBeUndefined();
    const refused = c.budget.ensure({ requests: 841, writes: 400 }, 'the label plan');
    await expect(refused).rejects.toBeInstanceOf(BudgetError);
    await expect(c.budget.ensure(841, 'the label plan')).rejects.toThrow(
      /needs 841 requests, 940 remain and 100 are kept in reserve \(840 usable\)/,
    );
    expect(c.telemetry.snapshot().writes).toBe(0);
  });

  it('reads GET /rate_limit (free) when it knows nothing yet', async () => {
    nock(API)
      .get('/rate_limit')
      .reply(200, {
        resources: { core: { limit: 1000, remaining: 30, used: 970, reset: Math.floor(Date.now() / 1000) + 3000 } },
      });
    const c = client({ reserve: 10, timeScale: 1 });
    await expect(c.budget.ensure(25)).rejects.toThrow(/needs 25 requests, 30 remain/);
    expect(c.telemetry.snapshot().requests).toBe(0);
  });
});

describe('retries', () => {
  it('retries a 502 and a connection reset, then succeeds', async () => {
    nock(API)
      .get('/repos/o/r')
      .reply(502, { message: 'Bad Gateway' }, rl(999))
      .get('/repos/o/r')
      .replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))
      .get('/repos/o/r')
      .reply(200, REPO, rl(998));
    const c = client();
    const { data } = await c.octokit.request('GET /repos/{owner}/{repo}', { owner: 'o', repo: 'r' });
    expect(data).toEqual(REPO);
    expect(c.telemetry.snapshot().retries).toBe(2);
  });

  it('abandons an attempt that does not answer in time, and retries it', async () => {
    const { createServer } = await import('node:http');
    let calls = 0;
    const server = createServer((_req, res) => {
      calls++;
      const answer = () =>
        res.writeHead(200, { 'content-type': 'application/json', ...rl(999) }).end(JSON.stringify({ call: calls }));
      // The first attempt never answers (closed at the end); the retry answers at once. The time-out is generous so a
      // loaded machine's slow loopback answer is not taken for a second lost attempt.
      if (calls > 1) answer();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    nock.enableNetConnect('127.0.0.1');
    try {
      const c = client({ baseUrl: `http://127.0.0.1:${(server.address() as any).port}`, requestTimeoutMs: 3_000 });
      const { data } = await c.octokit.request('GET /slow');
      expect(data).toEqual({ call: 2 });
      expect(c.telemetry.snapshot().retries).toBe(1);
    } finally {
      nock.disableNetConnect();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('waits retry-after on 429 and until the reset on a 403 with remaining 0', async () => {
    nock(API)
      .post('/repos/o/r/labels')
      .reply(429, { message: 'Too many' }, { ...rl(5), 'retry-after': '0' })
      .post('/repos/o/r/labels')
      .reply(
        403,
        { message: 'API rate limit exceeded' },
        { ...rl(0), 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000)) },
      )
      .post('/repos/o/r/labels')
      .reply(201, { name: 'a', color: 'ffffff' }, rl(999));
    const c = client({ maxWaitMs: 5000 });
    const { status } = await c.octokit.rest.issues.createLabel({ owner: 'o', repo: 'r', name: 'a', color: 'ffffff' });
    expect(status).toBe(201);
    expect(c.telemetry.snapshot().retries).toBe(2);
  });

  it.each([
    [401, 'Bad credentials', /token is missing, malformed, expired or revoked/],
    [403, 'Resource not accessible by integration', /permissions: issues: write/],
    [404, 'Not Found', /private and invisible to this token/],
    [409, 'Conflict', /changed meanwhile/],
    [422, 'Validation Failed', /Validation Failed/],
  ])('does not retry %i and explains it', async (status, message, hint) => {
    const scope = nock(API)
      .post('/repos/o/r/labels')
      .once()
      .reply(status, { message, documentation_url: 'https://docs' }, rl(900));
    const c = client();
    const err = await c.octokit.rest.issues
      .createLabel({ owner: 'o', repo: 'r', name: 'a', color: 'fff' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(status);
    expect(err.message).toMatch(hint);
    expect(err.documentationUrl).toBe('https://docs');
    expect(c.telemetry.snapshot().retries).toBe(0);
    scope.done();
  });

  it('treats already_exists as success where asked', async () => {
    nock(API)
      .post('/repos/o/r/labels')
      .reply(
        422,
        { message: 'Validation Failed', errors: [{ resource: 'Label', code: 'already_exists', field: 'name' }] },
        rl(900),
      );
    const err = await client()
      .octokit.rest.issues.createLabel({ owner: 'o', repo: 'r', name: 'a', color: 'fff' })
      .catch((e) => e);
    expect(isAlreadyExists(err)).toBe(true);
    expect(err.errors[0]).toEqual({ resource: 'Label', code: 'already_exists', field: 'name' });
  });

  it('says how long it would have had to wait past the bound', async () => {
    nock(API).get('/x').reply(429, { message: 'slow down' }, { 'retry-after': '3600' });
    const err = await client({ maxWaitMs: 1000, timeScale: 1 })
      .octokit.request('GET /x')
      .catch((e) => e);
    expect(err.message).toMatch(/would have to wait 3600 s/);
  });
});

describe('redirects, deprecation and secrecy', () => {
  it('follows a 301 for a renamed repository with the same method, and warns', async () => {
    const log = logger();
    nock(API)
      .patch('/repos/old/name/labels/bug')
      .reply(
        301,
        { message: 'Moved Permanently', url: `${API}/repositories/42/labels/bug` },
        { location: `${API}/repositories/42/labels/bug`, ...rl(999) },
      )
      .patch('/repositories/42/labels/bug', { color: '000000' })
      .reply(200, { name: 'bug', color: '000000' }, rl(998));
    const c = client({ log });
    const { data } = await c.octokit.rest.issues.updateLabel({
      owner: 'old',
      repo: 'name',
      name: 'bug',
      color: '000000',
    });
    expect(data.name).toBe('bug');
    expect(
      log.lines
        .filter((l) => l.level === 'warning')
        .map((l) => l.message)
        .join(),
    ).toMatch(/moved permanently to \/repositories\/42/);
  });

  it('turns Deprecation and Sunset headers into one warning', async () => {
    const log = logger();
    nock(API)
      .get('/old')
      .times(2)
      .reply(
        200,
        {},
        {
          ...rl(999),
          deprecation: '@1700000000',
          sunset: 'Wed, 01 Jul 2026 00:00:00 GMT',
          link: '<https://docs/new>; rel="deprecation"',
        },
      );
    const c = client({ log });
    await c.octokit.request('GET /old', { request: { noCache: true } });
    await c.octokit.request('GET /old', { request: { noCache: true } });
    const warnings = log.lines.filter((l) => l.level === 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0].message).toMatch(/deprecated.*stops working on Wed, 01 Jul 2026.*https:\/\/docs\/new/);
  });

  it('never puts the token in logs or errors', async () => {
    const log = logger();
    nock(API).get('/secret').reply(401, { message: 'Bad credentials' }, rl(999));
    const err = await client({ log })
      .octokit.request('GET /secret')
      .catch((e) => e);
    const text = [err.message, JSON.stringify(err), ...log.lines.map((l) => l.message)].join('\n');
    expect(text).not.toContain(TOKEN);
  });
});

describe('budget waits', () => {
  it('waits for the reset when the plan fits after it and the wait is within the bound', async () => {
    // The clock is injected: the wait is recorded and time moves on at once (no real wait).
    let now = Date.now();
    const waits: number[] = [];
    const clock = {
      now: () => now,
      scale: 1,
      sleep: async (ms: number) => {
        waits.push(ms);
        now += ms;
      },
    };
    const soon = Math.floor(now / 1000) + 1;
    nock(API)
      .get('/repos/o/r')
      .reply(200, REPO, { ...rl(3), 'x-ratelimit-reset': String(soon) });
    nock(API)
      .get('/rate_limit')
      .reply(200, { resources: { core: { limit: 1000, remaining: 1000, used: 0, reset: soon + 3600 } } });
    const c = createClient({
      token: TOKEN,
      action: 'test',
      baseUrl: API,
      cacheDir: null,
      reserve: 0,
      maxWaitMs: 5000,
      clock,
    });
    await c.octokit.request('GET /repos/{owner}/{repo}', { owner: 'o', repo: 'r' });
    await expect(c.budget.ensure(10)).resolves.toBeUndefined();
    // until a second after the reset: between 1 and 2 seconds from now
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(1000);
    expect(waits[0]).toBeLessThanOrEqual(2000);
    expect(c.telemetry.snapshot().waitedMs).toBe(waits[0]);
  });
});

describe('injected environment', () => {
  it('waits through the injected clock and derives timeScale from it; reads no environment variable', async () => {
    const waits: number[] = [];
    const clock = { now: () => Date.now(), scale: 0.5, sleep: async (ms: number) => void waits.push(ms) };
    const saved = process.env.GITHUB_API_URL;
    process.env.GITHUB_API_URL = 'https://elsewhere.example.test';
    try {
      nock(API).get('/repos/o/r').reply(503, { message: 'busy' }, rl(999)).get('/repos/o/r').reply(200, REPO, rl(998));
      const c = createClient({ token: TOKEN, action: 'test', baseUrl: API, clock });
      expect(c.options.timeScale).toBe(0.5);
      expect(c.options.cacheDir).toBeNull();
      await c.octokit.request('GET /repos/{owner}/{repo}', { owner: 'o', repo: 'r' });
      // One back-off, in API time (the clock scales it): between half and all of the 1 s first step.
      expect(waits).toHaveLength(1);
      expect(waits[0]).toBeGreaterThanOrEqual(500);
      expect(waits[0]).toBeLessThanOrEqual(1000);
      expect(createClient({ token: TOKEN, action: 'test' }).options.baseUrl).toBe('https://api.github.com');
    } finally {
      if (saved === undefined) delete process.env.GITHUB_API_URL;
      else process.env.GITHUB_API_URL = saved;
    }
  });

  it("names package.json's version in the User-Agent", async () => {
    const { version } = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8'));
    const scope = nock(API, {
      reqheaders: { 'user-agent': new RegExp(`^repo-actions/${version.replace(/\./g, '\\.')} \\(test\\)`) },
    })
      .get('/user')
      .reply(200, { login: 'me' }, rl(999));
    expect(VERSION).toBe(version);
    await client().octokit.request('GET /user');
    scope.done();
  });
});

// The shared client against the emulator's GitHub Enterprise Server mode with rate limiting off: no x-ratelimit-*
// headers, `GET /rate_limit` 404, the API under /api/v3, GraphQL at /api/graphql, links by repository id.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, declared, defaultGraphqlUrl, GraphqlUnavailableError } from '../../../src/github/client';
import { reads } from '../../../src/actions/label-sync/reads';
import { releaseDiscussionCategories } from '../../../src/actions/release/queries/documents';
import { createEmulator, type Emulator } from '../../../emulator';
import { emulatorClient, logLines, scenario } from './emulator-client';

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

describe('client on GHES with rate limiting off', () => {
  it('a plan of any size fits: the 404 from /rate_limit is "no primary limit", logged once, in the telemetry', async () => {
    emu = await createEmulator(scenario(3), { ghes: true });
    const { lines, log } = logLines();
    const c = emulatorClient(emu, { log });
    // Any number of requests; the writes still meet the secondary limit of 500 an hour, which GHES can enforce too.
    await c.budget.ensure({ requests: 50_000, writes: 500 }, 'a big plan');
    await expect(c.budget.ensure({ requests: 600, writes: 600 }, 'a bigger plan')).rejects.toThrow(
      /Too many writes for a bigger plan: it needs 600 content-creating requests; GitHub allows 500 an hour/,
    );
    await c.octokit.request('POST /repos/{owner}/{repo}/labels', {
      owner: 'octo',
      repo: 'app',
      name: 'x',
      color: '000000',
    });
    await c.budget.ensure(10);
    expect(c.budget.state()).toMatchObject({ known: true, unlimited: true });
    expect(lines.filter((l) => /no primary rate limit/.test(l))).toHaveLength(1);
    expect(c.telemetry.markdown()).toMatch(/no primary rate limit/);
    expect(emu.log.entries.filter((e) => e.path === '/rate_limit').map((e) => e.status)).toEqual([404]);
  });

  it('reads every page of a list whose links name the repository by id under /api/v3, shape-checking each', async () => {
    emu = await createEmulator(scenario(250), { ghes: true });
    const c = emulatorClient(emu);
    // Each page carries the shape label-sync declares for the list, passed as label-sync passes it.
    const request = declared(reads.labels);
    const labels = await c.paginate<{ name: string }>('GET /repos/{owner}/{repo}/labels', {
      owner: 'octo',
      repo: 'app',
      request,
    });
    expect(labels).toHaveLength(250);
    const paths = emu.log.entries.map((e) => e.path);
    expect(paths.filter((p) => p === '/repos/octo/app/labels')).toHaveLength(3);
    // A proxy's answer on page 2 is not data, though page 2's URL is /api/v3/repositories/{id}/labels.
    emu.faults.respond({
      method: 'GET',
      path: '/repos/octo/app/labels',
      status: 200,
      body: { message: 'hi' },
      times: 10,
    });
    const again = emulatorClient(emu, { retries: 0 });
    await expect(
      again.paginate('GET /repos/{owner}/{repo}/labels', { owner: 'octo', repo: 'app', request }),
    ).rejects.toThrow(/GET \/repos\/\{owner\}\/\{repo\}\/labels/);
  });

  it('sends GraphQL to /api/graphql, derived from the API URL when the runner gives none', async () => {
    emu = await createEmulator(scenario(), { ghes: true });
    expect(defaultGraphqlUrl(emu.apiUrl)).toBe(emu.graphqlUrl);
    expect(defaultGraphqlUrl('https://api.github.com')).toBe('https://api.github.com/graphql');
    const c = emulatorClient(emu);
    expect(c.graphqlUrl).toBe(emu.graphqlUrl);
    const answer = await c.graphql(releaseDiscussionCategories, { owner: 'octo', name: 'app' });
    expect(answer.repository?.discussionCategories.nodes?.length).toBeGreaterThan(0);
    const sent = emu.log.entries.filter((e) => e.path === '/graphql');
    expect(sent.map((e) => [e.method, e.status, e.tokenKind])).toEqual([['POST', 200, 'workflow']]);
  });

  it('a GraphQL URL given explicitly wins', async () => {
    emu = await createEmulator(scenario(), { ghes: true });
    const c = emulatorClient(emu, { graphqlUrl: `${emu.apiUrl}/graphql` });
    // GHES answers 404 under /api/v3/graphql: the client reads it as "no GraphQL endpoint here".
    const err = await c.graphql(releaseDiscussionCategories, { owner: 'octo', name: 'app' }).catch((e) => e);
    expect(err).toBeInstanceOf(GraphqlUnavailableError);
    expect((err as GraphqlUnavailableError).reason).toBe('missing');
  });

  it('the 403 hint names the permission GitHub accepts for a pull request', async () => {
    const s = scenario();
    s.repositories[0].branches = { main: { a: 'a' }, feature: { a: 'b' } };
    s.repositories[0].issues = [{ title: 'PR', pull: { head: 'feature' } }];
    emu = await createEmulator(s, { ghes: true });
    const c = emulatorClient(emu);
    const err = await c.octokit
      .request('POST /repos/{owner}/{repo}/issues/{issue_number}/labels', {
        owner: 'octo',
        repo: 'app',
        issue_number: 1,
        labels: ['label-0'],
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(403);
    expect((err as ApiError).hint).toMatch(/pull-requests: write/);
    expect((err as ApiError).hint).not.toMatch(/issues: write/);
  });

  it('uploads to /api/uploads on the API origin with the token', async () => {
    const s = scenario();
    s.repositories[0].releases = [{ tag: 'v1', draft: true }];
    emu = await createEmulator(s, { ghes: true });
    const c = emulatorClient(emu);
    const { data: releases } = await c.octokit.request('GET /repos/{owner}/{repo}/releases', {
      owner: 'octo',
      repo: 'app',
    });
    const url = releases[0].upload_url.replace(/\{[^}]*\}$/, '');
    expect(url.startsWith(`${emu.serverUrl}/api/uploads/`)).toBe(true);
    const { data } = await c.octokit.request({
      method: 'POST',
      url: `${url}?name=a.txt`,
      headers: { 'content-type': 'text/plain' },
      data: 'hello',
    });
    expect((data as { name: string }).name).toBe('a.txt');
    expect(emu.log.entries.find((e) => e.host === 'uploads')?.tokenKind).toBe('workflow');
  });
});

import { getOctokit } from '@actions/github';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/github/client/errors';
import { realClock } from '../../../../src/github/client/clock';
import type { Client } from '../../../../src/github/client/types';
import { LabelExecutor } from '../../../../src/actions/label-sync/apply';
import type { LabelOperation, LabelPayload } from '../../../../src/actions/label-sync/plan';
import { fakeClient } from './fake-client';
import { declared } from '../../../../src/github/client/declared';
import { reads } from '../../../../src/actions/label-sync/reads';
import { writes } from '../../../../src/actions/label-sync/writes';

const op = (payload: LabelPayload): LabelOperation => ({
  kind: payload.kind,
  target: 'o/r',
  subject: 'name' in payload ? payload.name : payload.kind === 'merge' ? payload.into : payload.current,
  cost: { requests: 1, writes: 1 },
  payload,
});

const executorOf = (client: Client, log = { info: (_: string) => undefined }) =>
  new LabelExecutor({ client, log, clock: realClock() });

describe('LabelExecutor', () => {
  it('creates a label', async () => {
    const f = fakeClient();
    expect(await executorOf(f.client).run(op({ kind: 'create', name: 'bug', color: 'd73a4a', description: '' }))).toBe(
      'created',
    );
    expect(f.labels).toEqual([{ name: 'bug', color: 'd73a4a', description: null }]);
    expect(f.calls[0].params).toMatchObject({ owner: 'o', repo: 'r', name: 'bug', color: 'd73a4a', description: '' });
  });

  it('a create that finds the label already there (in another case) re-reads it fresh and updates it', async () => {
    const f = fakeClient({ labels: [{ name: 'BUG', color: 'ffffff', description: null }] });
    const outcome = await executorOf(f.client).run(
      op({ kind: 'create', name: 'bug', color: 'd73a4a', description: 'x' }),
    );
    expect(outcome).toBe('already there; updated');
    expect(f.routes()).toEqual(['POST /labels bug', 'GET /labels/{name} bug', 'PATCH /labels/{name} BUG']);
    expect(f.calls[1].params.request).toEqual({ ...declared(reads.label), noCache: true });
    expect(f.calls[2].params).toMatchObject({ new_name: 'bug', color: 'd73a4a', description: 'x' });
    expect(f.labels).toEqual([{ name: 'bug', color: 'd73a4a', description: 'x' }]);
  });

  it('a create that finds the label already there and in line writes nothing more', async () => {
    const f = fakeClient({ labels: [{ name: 'bug', color: 'D73A4A', description: null }] });
    const outcome = await executorOf(f.client).run(
      op({ kind: 'create', name: 'bug', color: 'd73a4a', description: '' }),
    );
    expect(outcome).toBe('already there; in line');
    expect(f.routes()).toEqual(['POST /labels bug', 'GET /labels/{name} bug']);
  });

  it('an update whose label was deleted meanwhile reads the wanted name fresh, then creates it', async () => {
    const f = fakeClient();
    const outcome = await executorOf(f.client).run(
      op({ kind: 'update', current: 'bug', name: 'Bug', color: 'd73a4a', description: '' }),
    );
    expect(outcome).toBe('bug was deleted meanwhile; created');
    expect(f.routes()).toEqual(['PATCH /labels/{name} bug', 'GET /labels/{name} Bug', 'POST /labels Bug']);
    expect(f.labels.map((l) => l.name)).toEqual(['Bug']);
  });

  it('an update sends new_name only when the name changes', async () => {
    const f = fakeClient({ labels: [{ name: 'bug', color: 'ffffff', description: null }] });
    await executorOf(f.client).run(
      op({ kind: 'update', current: 'bug', name: 'bug', color: 'd73a4a', description: '' }),
    );
    expect(f.calls[0].params).not.toHaveProperty('new_name');
  });

  it('a rename sends PATCH new_name with the colour and description', async () => {
    const f = fakeClient({ labels: [{ name: 'defect', color: 'ffffff', description: null }] });
    expect(
      await executorOf(f.client).run(
        op({ kind: 'rename', current: 'defect', name: 'bug', color: 'd73a4a', description: 'd' }),
      ),
    ).toBe('defect → bug');
    expect(f.labels).toEqual([{ name: 'bug', color: 'd73a4a', description: 'd' }]);
  });

  it('a merge labels every carrier, then deletes the alias', async () => {
    const f = fakeClient({
      labels: [
        { name: 'bug', color: 'd73a4a', description: null },
        { name: 'defect', color: 'ffffff', description: null },
      ],
    });
    expect(await executorOf(f.client).run(op({ kind: 'merge', current: 'defect', into: 'bug', issues: [4, 9] }))).toBe(
      '2 issues relabelled, defect deleted',
    );
    expect(f.routes()).toEqual([
      'POST /issues/{issue_number}/labels 4',
      'POST /issues/{issue_number}/labels 9',
      'GET /issues',
      'DELETE /labels/{name} defect',
    ]);
    expect(f.issueLabels.get(9)).toEqual(['bug']);
    expect(f.labels.map((l) => l.name)).toEqual(['bug']);
  });

  it('a merge labels the issues that got the alias while it ran before deleting it', async () => {
    const f = fakeClient({
      labels: [
        { name: 'bug', color: 'd73a4a', description: null },
        { name: 'defect', color: 'ffffff', description: null },
      ],
      carriers: { defect: [4, 9, 12] },
    });
    expect(await executorOf(f.client).run(op({ kind: 'merge', current: 'defect', into: 'bug', issues: [4, 9] }))).toBe(
      '3 issues relabelled (1 on a second look), defect deleted',
    );
    expect(f.calls[2].params).toMatchObject({ labels: 'defect', state: 'all' });
    expect(f.issueLabels.get(12)).toEqual(['bug']);
    expect(f.routes().at(-1)).toBe('DELETE /labels/{name} defect');
  });

  it('a merge of an alias nobody carries only deletes it', async () => {
    const f = fakeClient({ labels: [{ name: 'defect', color: 'ffffff', description: null }] });
    expect(await executorOf(f.client).run(op({ kind: 'merge', current: 'defect', into: 'bug', issues: [] }))).toBe(
      '0 issues relabelled, defect deleted',
    );
    expect(f.routes()).toEqual(['DELETE /labels/{name} defect']);
  });

  it('a merge keeps the alias when a carrier could not be labelled, and says which', async () => {
    const f = fakeClient({
      labels: [
        { name: 'bug', color: 'd73a4a', description: null },
        { name: 'defect', color: 'ffffff', description: null },
      ],
      fail: (c) =>
        c.params.issue_number === 9
          ? new ApiError({
              status: 403,
              method: 'POST',
              url: 'https://x/repos/o/r/issues/9/labels',
              message: 'Forbidden',
            })
          : undefined,
    });
    await expect(
      executorOf(f.client).run(op({ kind: 'merge', current: 'defect', into: 'bug', issues: [4, 9] })),
    ).rejects.toThrow(/could not add bug to 1 of 2 issues, defect kept: #9: POST/);
    expect(f.labels.map((l) => l.name)).toEqual(['bug', 'defect']);
  });

  it('a delete of a label already gone is done (a fresh read agrees)', async () => {
    const f = fakeClient();
    expect(await executorOf(f.client).run(op({ kind: 'delete', current: 'old' }))).toBe('already gone');
    expect(f.routes()).toEqual(['DELETE /labels/{name} old', 'GET /labels/{name} old']);
    expect(f.calls[1].params.request).toEqual({ ...declared(reads.label), noCache: true });
  });

  it('a delete answered 404 while the label is still there fails (a write the token may not make)', async () => {
    const f = fakeClient({
      labels: [{ name: 'old', color: 'ffffff', description: null }],
      fail: (c) =>
        c.route.startsWith('DELETE')
          ? new ApiError({ status: 404, method: 'DELETE', url: 'https://x/repos/o/r/labels/old', message: 'Not Found' })
          : undefined,
    });
    await expect(executorOf(f.client).run(op({ kind: 'delete', current: 'old' }))).rejects.toThrow(
      /404: Not Found.*But old is still there: the token may not delete labels in o\/r/,
    );
  });

  it('other errors propagate', async () => {
    const f = fakeClient({
      fail: () =>
        new ApiError({
          status: 403,
          method: 'POST',
          url: 'https://x/repos/o/r/labels',
          message: 'Resource not accessible by integration',
        }),
    });
    await expect(
      executorOf(f.client).run(op({ kind: 'create', name: 'bug', color: 'd73a4a', description: '' })),
    ).rejects.toThrow(/permissions: issues: write/);
  });

  it('after a permission refusal (403, not a rate limit) it attempts no other write to that repository', async () => {
    const refuse = (c: { route: string }) =>
      c.route.startsWith('POST')
        ? new ApiError({
            status: 403,
            method: 'POST',
            url: 'https://x/repos/o/r/labels',
            message: 'Resource not accessible by integration',
          })
        : undefined;
    const f = fakeClient({ fail: refuse });
    const executor = executorOf(f.client);
    await expect(executor.run(op({ kind: 'create', name: 'a', color: 'd73a4a', description: '' }))).rejects.toThrow(
      /permissions: issues: write/,
    );
    await expect(executor.run(op({ kind: 'delete', current: 'b' }))).rejects.toThrow(
      /not attempted: o\/r refused an earlier write \(403 Resource not accessible by integration\).*issues: write/,
    );
    expect(f.calls).toHaveLength(1);
    // another repository is still tried
    await executor.run({ ...op({ kind: 'delete', current: 'b' }), target: 'o/other' });
    expect(f.calls.slice(1).map((c) => c.route)).toEqual([
      'DELETE /repos/{owner}/{repo}/labels/{name}',
      'GET /repos/{owner}/{repo}/labels/{name}',
    ]);
  });

  it('a rate-limit 403 does not stop later writes', async () => {
    let first = true;
    const f = fakeClient({
      fail: () => {
        if (!first) return undefined;
        first = false;
        return new ApiError({
          status: 403,
          method: 'POST',
          url: 'https://x/repos/o/r/labels',
          message: 'API rate limit exceeded',
          headers: { 'x-ratelimit-remaining': '0' },
        });
      },
    });
    const executor = executorOf(f.client);
    await expect(executor.run(op({ kind: 'create', name: 'a', color: 'd73a4a', description: '' }))).rejects.toThrow(
      /rate limit/,
    );
    expect(await executor.run(op({ kind: 'create', name: 'b', color: 'd73a4a', description: '' }))).toBe('created');
  });

  it.each([
    { kind: 'delete', current: '..' },
    { kind: 'update', current: '.', name: 'x', color: 'ffffff' },
    { kind: 'create', name: '..', color: 'ffffff' },
  ] as LabelPayload[])('never sends a request for a label named . or .. (%j), whatever its source', async (payload) => {
    const f = fakeClient();
    await expect(executorOf(f.client).run(op(payload))).rejects.toThrow(
      /cannot be used in a URL path|is not a usable label name/,
    );
    expect(f.calls).toEqual([]);
  });

  it('sends a label name as the {name} parameter of the route, which Octokit encodes as one path segment', async () => {
    const f = fakeClient({ labels: [{ name: 'type/bug?#%', color: 'ffffff', description: null }] });
    await executorOf(f.client).run(op({ kind: 'delete', current: 'type/bug?#%' }));
    expect(f.calls[0]).toEqual({
      route: 'DELETE /repos/{owner}/{repo}/labels/{name}',
      params: { owner: 'o', repo: 'r', name: 'type/bug?#%', request: declared(writes.deleteLabel) },
    });
    const { url } = getOctokit('t').request.endpoint(f.calls[0]!.route, f.calls[0]!.params);
    expect(new URL(url).pathname).toBe('/repos/o/r/labels/type%2Fbug%3F%23%25');
  });
});

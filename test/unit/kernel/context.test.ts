import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEventContext, type EventContext } from '../../../src/kernel/context';

type Payload = Record<string, any>;
interface Definition {
  name: string;
  examples: Payload[];
}
const definitions: Definition[] = createRequire(import.meta.url)('@octokit/webhooks-examples');
const examplesOf = (name: string) => definitions.find((d) => d.name === name)?.examples ?? [];

const dir = mkdtempSync(join(tmpdir(), 'core-context-'));
let fileCount = 0;

/** The context the runner would give: the payload written to GITHUB_EVENT_PATH plus the GITHUB_* variables. */
function contextFor(eventName: string, payload: unknown, env: Record<string, string> = {}): EventContext {
  const file = join(dir, `event-${fileCount++}.json`);
  writeFileSync(file, typeof payload === 'string' ? payload : JSON.stringify(payload));
  return readEventContext({ GITHUB_EVENT_NAME: eventName, GITHUB_EVENT_PATH: file, ...env });
}

const SHA = 'ffac537e6cbbf934b08745a378932722df287a53';
const runnerEnv = (p: Payload, ref: string) => ({
  GITHUB_REPOSITORY: p.repository?.full_name ?? 'octo-org/octo-repo',
  GITHUB_REF: ref,
  GITHUB_SHA: SHA,
  GITHUB_ACTOR: 'runner-actor',
});

// Every example payload of the events the actions handle; pull_request_target reuses pull_request's.
const EVENTS = [
  'push',
  'pull_request',
  'pull_request_target',
  'workflow_run',
  'workflow_dispatch',
  'issues',
  'issue_comment',
];
const cases = EVENTS.flatMap((event) =>
  examplesOf(event === 'pull_request_target' ? 'pull_request' : event).map((payload, i) => ({
    event,
    i,
    action: payload.action ?? '-',
    payload,
  })),
);

describe('every @octokit/webhooks-examples payload', () => {
  it('has examples for every event', () => {
    for (const event of EVENTS) expect(cases.filter((c) => c.event === event).length, event).toBeGreaterThan(0);
  });

  it.each(cases)('$event #$i ($action)', ({ event, payload }) => {
    const defaultRef = `refs/heads/${payload.repository?.default_branch ?? 'main'}`;
    const ref =
      event === 'push'
        ? payload.ref
        : event.startsWith('pull_request')
          ? `refs/pull/${payload.number}/merge`
          : defaultRef;
    const ctx = contextFor(event, payload, runnerEnv(payload, ref));

    expect(ctx.eventName).toBe(event);
    expect(ctx.repository).toBe(payload.repository.full_name);
    expect(`${ctx.owner}/${ctx.repo}`).toBe(payload.repository.full_name);
    expect(ctx.action).toBe(payload.action);
    expect(ctx.actor).toBe('runner-actor');
    expect(ctx.runRef).toBe(ref);
    expect(ctx.runSha).toBe(SHA);
    expect(ctx.defaultBranch).toBe(payload.repository.default_branch);
    expect(ctx.payload).toEqual(payload);

    switch (event) {
      case 'push': {
        expect(ctx.ref).toBe(payload.ref);
        expect(ctx.sha).toBe(SHA);
        const isTag = payload.ref.startsWith('refs/tags/');
        expect(ctx.tag).toBe(isTag ? payload.ref.slice(10) : undefined);
        expect(ctx.branch).toBe(isTag ? undefined : payload.ref.slice(11));
        expect(ctx.pullRequest).toBeUndefined();
        break;
      }
      case 'pull_request':
      case 'pull_request_target': {
        const pr = payload.pull_request;
        expect(ctx.pullRequest).toEqual({
          number: payload.number,
          headRef: pr.head.ref,
          headSha: pr.head.sha,
          baseRef: pr.base.ref,
          headRepo: pr.head.repo?.full_name ?? null,
        });
        // The head of the pull request, not the merge ref the run checks out.
        expect(ctx).toMatchObject({
          branch: pr.head.ref,
          sha: pr.head.sha,
          ref: `refs/heads/${pr.head.ref}`,
          number: payload.number,
        });
        expect(ctx.tag).toBeUndefined();
        break;
      }
      case 'workflow_run': {
        const run = payload.workflow_run;
        expect(ctx.workflowRun).toMatchObject({
          id: run.id,
          name: run.name,
          conclusion: run.conclusion,
          event: run.event,
          headBranch: run.head_branch,
          headSha: run.head_sha,
          headRepo: run.head_repository.full_name,
        });
        expect(ctx.workflowRun?.pullRequests).toEqual(
          run.pull_requests.map((p: Payload) => ({
            number: p.number,
            headRef: p.head.ref,
            headSha: p.head.sha,
            baseRef: p.base.ref,
          })),
        );
        // From the triggering run, not the default-branch GITHUB_REF / GITHUB_SHA of the workflow_run job.
        expect(ctx).toMatchObject({ sha: run.head_sha, branch: run.head_branch, ref: `refs/heads/${run.head_branch}` });
        expect(ctx.sha).not.toBe(SHA);
        break;
      }
      case 'workflow_dispatch':
        expect(ctx.inputs).toEqual(payload.inputs ?? {});
        expect(ctx).toMatchObject({ ref: defaultRef, sha: SHA, branch: defaultRef.slice(11) });
        break;
      case 'issues':
        expect(ctx.issue).toEqual({ number: payload.issue.number, isPullRequest: 'pull_request' in payload.issue });
        expect(ctx.number).toBe(payload.issue.number);
        expect(ctx.pullRequest).toBeUndefined();
        break;
      case 'issue_comment':
        expect(ctx.issue).toEqual({ number: payload.issue.number, isPullRequest: 'pull_request' in payload.issue });
        expect(ctx.comment).toEqual({
          id: payload.comment.id,
          body: payload.comment.body,
          user: payload.comment.user.login,
        });
        break;
    }
  });
});

describe('representative events', () => {
  const repository = {
    full_name: 'octo-org/octo-repo',
    name: 'octo-repo',
    owner: { login: 'octo-org' },
    default_branch: 'main',
  };
  const env = { GITHUB_REPOSITORY: 'octo-org/octo-repo', GITHUB_REF: 'refs/heads/main', GITHUB_SHA: SHA };
  const run = (over: Payload) => ({
    action: 'completed',
    repository,
    workflow_run: {
      id: 42,
      name: 'CI',
      conclusion: 'success',
      event: 'push',
      head_branch: 'feature/x',
      head_sha: 'a'.repeat(40),
      head_repository: { full_name: 'octo-org/octo-repo' },
      pull_requests: [],
      ...over,
    },
  });

  it.each([
    ['a branch push run', run({}), { branch: 'feature/x', tag: undefined, ref: 'refs/heads/feature/x' }],
    [
      'a release run (head_branch is the tag)',
      run({ event: 'release', head_branch: 'v1.2.0' }),
      { branch: undefined, tag: 'v1.2.0', ref: 'refs/tags/v1.2.0' },
    ],
    ['a run without head_branch', run({ head_branch: null }), { branch: undefined, tag: undefined, ref: '' }],
  ])('workflow_run: %s', (_what, payload, expected) => {
    const ctx = contextFor('workflow_run', payload, env);
    expect({ branch: ctx.branch, tag: ctx.tag, ref: ctx.ref }).toEqual(expected);
    expect(ctx.sha).toBe('a'.repeat(40));
  });

  it('workflow_run from a fork: the head branch is not a branch of this repository', () => {
    const ctx = contextFor(
      'workflow_run',
      run({ event: 'pull_request', head_branch: 'main', head_repository: { full_name: 'someone/octo-repo' } }),
      env,
    );
    expect(ctx).toMatchObject({
      ref: '',
      sha: 'a'.repeat(40),
      workflowRun: { headBranch: 'main', headRepo: 'someone/octo-repo' },
    });
    expect(ctx.branch).toBeUndefined();
  });

  const pullRequest = (headRepo: string | null) => ({
    action: 'opened',
    number: 5,
    repository,
    pull_request: {
      number: 5,
      head: { ref: 'main', sha: 'e'.repeat(40), repo: headRepo === null ? null : { full_name: headRepo } },
      base: { ref: 'main', sha: 'f'.repeat(40), repo: { full_name: 'octo-org/octo-repo' } },
    },
  });
  it.each([
    ['same repository (case-insensitive)', 'Octo-Org/Octo-Repo', { ref: 'refs/heads/main', branch: 'main' }],
    [
      'a fork whose branch shares a name with ours',
      'someone/octo-repo',
      { ref: 'refs/pull/5/head', branch: undefined },
    ],
    ['a deleted head repository', null, { ref: 'refs/pull/5/head', branch: undefined }],
  ])('pull_request_target from %s', (_what, headRepo, expected) => {
    const ctx = contextFor('pull_request_target', pullRequest(headRepo), { ...env, GITHUB_REF: 'refs/heads/main' });
    expect({ ref: ctx.ref, branch: ctx.branch }).toEqual(expected);
    expect(ctx.sha).toBe('e'.repeat(40));
    expect(ctx.pullRequest).toEqual({ number: 5, headRef: 'main', headSha: 'e'.repeat(40), baseRef: 'main', headRepo });
  });

  it('workflow_run of a pull request lists its pull requests', () => {
    const pr = {
      number: 7,
      head: { ref: 'fix', sha: 'b'.repeat(40), repo: { id: 1 } },
      base: { ref: 'main', sha: 'c'.repeat(40) },
    };
    const ctx = contextFor(
      'workflow_run',
      run({
        event: 'pull_request',
        head_branch: 'fix',
        head_sha: 'b'.repeat(40),
        pull_requests: [pr, { broken: true }],
      }),
      env,
    );
    expect(ctx.workflowRun?.pullRequests).toEqual([
      { number: 7, headRef: 'fix', headSha: 'b'.repeat(40), baseRef: 'main' },
    ]);
    expect(ctx).toMatchObject({ branch: 'fix', sha: 'b'.repeat(40) });
  });

  it('issue_comment on a pull request', () => {
    const payload = {
      action: 'created',
      repository,
      issue: { number: 12, pull_request: { url: 'https://api.github.com/repos/octo-org/octo-repo/pulls/12' } },
      comment: { id: 99, body: '/label bug', user: { login: 'mona' } },
      sender: { login: 'mona' },
    };
    const ctx = contextFor('issue_comment', payload, env);
    expect(ctx).toMatchObject({
      number: 12,
      issue: { number: 12, isPullRequest: true },
      comment: { id: 99, body: '/label bug', user: 'mona' },
    });
    expect(ctx.actor).toBe('mona'); // no GITHUB_ACTOR: the sender
    expect(ctx.branch).toBe('main');
  });

  it('schedule (a payload with only the cron)', () => {
    const ctx = contextFor('schedule', { schedule: '0 3 * * *' }, env);
    expect(ctx).toMatchObject({
      eventName: 'schedule',
      repository: 'octo-org/octo-repo',
      owner: 'octo-org',
      repo: 'octo-repo',
      ref: 'refs/heads/main',
      branch: 'main',
      sha: SHA,
      inputs: {},
    });
    expect(ctx.action).toBeUndefined();
  });

  it('workflow_dispatch inputs become strings', () => {
    const ctx = contextFor(
      'workflow_dispatch',
      { inputs: { dry: true, count: 3, name: 'x', none: null, obj: { a: 1 } }, repository },
      { ...env, GITHUB_REF: 'refs/tags/v2' },
    );
    expect(ctx.inputs).toEqual({ dry: 'true', count: '3', name: 'x', none: '', obj: '{"a":1}' });
    expect(ctx).toMatchObject({ tag: 'v2', ref: 'refs/tags/v2' });
    expect(ctx.branch).toBeUndefined();
  });

  it('push without GITHUB_REF/GITHUB_SHA falls back to the payload; a deleted ref has no sha', () => {
    expect(contextFor('push', { ref: 'refs/heads/dev', after: 'd'.repeat(40), repository })).toMatchObject({
      branch: 'dev',
      sha: 'd'.repeat(40),
      repository: 'octo-org/octo-repo',
    });
    expect(contextFor('push', { ref: 'refs/heads/dev', after: '0'.repeat(40), deleted: true, repository }).sha).toBe(
      '',
    );
  });

  it('release: the tag from the payload', () => {
    expect(
      contextFor(
        'release',
        { action: 'published', release: { tag_name: 'v3.0.0' }, repository },
        { GITHUB_REPOSITORY: 'octo-org/octo-repo' },
      ),
    ).toMatchObject({ tag: 'v3.0.0', ref: 'refs/tags/v3.0.0' });
  });
});

describe('never crashes', () => {
  it.each([
    ['an absent event file', undefined],
    ['an unreadable event file', join(dir, 'does-not-exist.json')],
  ])('%s gives an empty payload', (_what, path) => {
    const ctx = readEventContext({
      GITHUB_EVENT_NAME: 'push',
      GITHUB_REPOSITORY: 'o/r',
      ...(path ? { GITHUB_EVENT_PATH: path } : {}),
    });
    expect(ctx).toMatchObject({ eventName: 'push', owner: 'o', repo: 'r', payload: {}, inputs: {}, ref: '', sha: '' });
  });

  it.each([
    ['not JSON', '{ nope'],
    ['a JSON array', '[1,2]'],
    ['JSON null', 'null'],
    ['a wrong-typed pull_request', { pull_request: 'seven', repository: { full_name: 'o/r' } }],
    ['a pull_request missing its head', { pull_request: { number: 3, base: { ref: 'main', sha: 'x' } } }],
    ['a wrong-typed workflow_run', { workflow_run: { id: 'x', pull_requests: 'none' } }],
    [
      'workflow_run with pull_requests not an array',
      { workflow_run: { id: 1, event: 'push', head_sha: 'x', head_branch: 'b', pull_requests: 'none' } },
    ],
    [
      'wrong-typed issue, comment, inputs, repository',
      { issue: { number: '1' }, comment: [], inputs: 'x', repository: 5, sender: 'me', action: 7 },
    ],
  ])('%s', (_what, payload) => {
    for (const event of ['push', 'pull_request', 'workflow_run', 'issue_comment']) {
      const ctx = contextFor(event, payload, { GITHUB_REPOSITORY: 'o/r' });
      expect(ctx.repository).toBe('o/r');
      expect(ctx.pullRequest).toBeUndefined();
      expect(ctx.issue).toBeUndefined();
      expect(ctx.comment).toBeUndefined();
      expect(ctx.inputs).toEqual({});
    }
  });

  it('a workflow_run event whose run cannot be read does not fall back to the default-branch GITHUB_REF', () => {
    const ctx = contextFor(
      'workflow_run',
      { workflow_run: { id: 'x' } },
      { GITHUB_REPOSITORY: 'o/r', GITHUB_REF: 'refs/heads/main', GITHUB_SHA: SHA },
    );
    expect(ctx).toMatchObject({ ref: '', sha: '', runRef: 'refs/heads/main', runSha: SHA });
    expect(ctx.branch).toBeUndefined();
    expect(ctx.workflowRun).toBeUndefined();
  });

  it('a partially valid workflow_run keeps what parses', () => {
    const ctx = contextFor(
      'workflow_run',
      { workflow_run: { id: 1, event: 'push', head_sha: 'x', head_branch: 'b', pull_requests: 'none' } },
      { GITHUB_REPOSITORY: 'o/r' },
    );
    expect(ctx.workflowRun).toMatchObject({
      id: 1,
      headBranch: 'b',
      pullRequests: [],
      name: '',
      conclusion: null,
      headRepo: null,
    });
  });

  it('the repository falls back to the payload when GITHUB_REPOSITORY is unset', () => {
    expect(contextFor('push', { repository: { full_name: 'a/b', name: 'b', owner: { login: 'a' } } })).toMatchObject({
      repository: 'a/b',
      owner: 'a',
      repo: 'b',
    });
  });
});

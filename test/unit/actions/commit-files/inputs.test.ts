import { describe, expect, it } from 'vitest';
import type { EventContext } from '../../../../src/kernel/context';
import { getInputs, InputError } from '../../../../src/kernel/inputs';
import { inputSchema, isValidRefName, resolveInputs } from '../../../../src/actions/commit-files/inputs';

const context = (over: Partial<EventContext> = {}): EventContext => ({
  eventName: 'push',
  owner: 'octo',
  repo: 'app',
  repository: 'octo/app',
  ref: 'refs/heads/main',
  sha: 'abc',
  branch: 'main',
  runRef: 'refs/heads/main',
  runSha: 'abc',
  inputs: {},
  actor: 'alice',
  payload: {},
  ...over,
});
const read = (inputs: Record<string, string>) => (name: string) => inputs[name];
const parse = (inputs: Record<string, string>) => getInputs(inputSchema, read({ message: 'm', ...inputs }));

describe('inputs', () => {
  it('defaults', () => {
    const raw = parse({});
    expect(raw.paths).toEqual([{ kind: 'all', text: '.', negated: false }]);
    expect(raw.deleteMissing).toBe(false);
    expect(raw.coAuthors).toEqual([]);
  });

  it.each([
    ['paths', '../secrets', /Input "paths".*escapes working-directory/],
    ['paths', 'src\n/etc/passwd', /Input "paths".*absolute path/],
    ['delete-paths', '.git/config', /Input "delete-paths".*\.git/],
    ['branch', 'bad..name', /Input "branch"/],
    ['branch', 'refs/tags/v1', /Input "branch".*not a tag/],
    ['base', 'refs/pull/1/merge', /Input "base".*not a tag or another ref/],
    ['co-authors', 'jane', /Input "co-authors"/],
    ['repository', 'no-slash', /Input "repository"/],
  ])('%s %j is refused before any request', (input, value, message) => {
    const fn = () => parse({ [input]: value });
    expect(fn).toThrow(InputError);
    expect(fn).toThrow(message);
  });

  it('message is required', () => {
    expect(() => getInputs(inputSchema, read({}))).toThrow(/Input "message" is required/);
  });

  it.each(['main', 'feature/x-1', 'release/v1.2'])('%s is a valid branch', (b) => expect(isValidRefName(b)).toBe(true));
  it.each(['-x', 'a b', 'x.lock', 'a/.hidden', 'a~1', 'a:b', 'x/'])('%s is not a valid branch', (b) =>
    expect(isValidRefName(b)).toBe(false),
  );
});

describe('resolveInputs', () => {
  const env = '/ws';

  it('defaults to the branch the workflow runs on and the workspace', () => {
    const c = resolveInputs(parse({}), context(), env);
    expect(c).toMatchObject({ owner: 'octo', repo: 'app', branch: 'main', workingDirectory: '/ws' });
  });

  it('uses the pull request head branch and the workflow_run head branch', () => {
    const pr = context({
      eventName: 'pull_request',
      pullRequest: { number: 1, headRef: 'feature', headSha: 'x', baseRef: 'main', headRepo: 'octo/app' },
    });
    expect(resolveInputs(parse({}), pr, env).branch).toBe('feature');
    const run = context({
      eventName: 'workflow_run',
      branch: 'topic',
      workflowRun: {
        id: 1,
        name: 'ci',
        conclusion: 'success',
        event: 'push',
        headBranch: 'topic',
        headSha: 'y',
        headRepo: 'octo/app',
        pullRequests: [],
      },
    });
    expect(resolveInputs(parse({}), run, env).branch).toBe('topic');
  });

  it('accepts a branch given as refs/heads/<name> (github.ref)', () => {
    expect(
      resolveInputs(parse({ branch: 'refs/heads/feature/x', base: 'refs/heads/main' }), context(), env),
    ).toMatchObject({ branch: 'feature/x', base: 'main' });
  });

  it('refuses a fork head branch and a tag run without an explicit branch', () => {
    const fork = context({
      eventName: 'pull_request',
      pullRequest: { number: 1, headRef: 'f', headSha: 'x', baseRef: 'main', headRepo: 'mallory/app' },
    });
    expect(() => resolveInputs(parse({}), fork, env)).toThrow(/fork mallory\/app/);
    const tag = context({ ref: 'refs/tags/v1', branch: undefined, tag: 'v1' });
    expect(() => resolveInputs(parse({}), tag, env)).toThrow(/Input "branch" is required/);
    expect(resolveInputs(parse({ branch: 'out' }), tag, env).branch).toBe('out');
    const forkRun = context({
      eventName: 'workflow_run',
      workflowRun: {
        id: 1,
        name: 'ci',
        conclusion: 'success',
        event: 'pull_request',
        headBranch: 'main',
        headSha: 'y',
        headRepo: 'mallory/app',
        pullRequests: [],
      },
    });
    expect(() => resolveInputs(parse({}), forkRun, env)).toThrow(/fork mallory\/app/);
  });

  it('resolves working-directory against the workspace', () => {
    expect(resolveInputs(parse({ 'working-directory': 'site/dist' }), context(), env).workingDirectory).toBe(
      '/ws/site/dist',
    );
  });

  it('pull request: needs a title for a body, and two different branches', () => {
    expect(() => resolveInputs(parse({ 'pull-request-body': 'b' }), context(), env)).toThrow(
      /needs "pull-request-title"/,
    );
    expect(() => resolveInputs(parse({ 'pull-request-title': 't', base: 'main' }), context(), env)).toThrow(
      /two branches/,
    );
    expect(resolveInputs(parse({ 'pull-request-title': 't', branch: 'bot' }), context(), env).pullRequest).toEqual({
      title: 't',
      draft: false,
      labels: [],
      assignees: [],
      reviewers: [],
      teamReviewers: [],
      maintainerCanModify: true,
    });
  });

  it('pull request options are read into one object; every one of them needs a title', () => {
    const options = resolveInputs(
      parse({
        'pull-request-title': 't',
        branch: 'bot',
        'pull-request-base': 'develop',
        'pull-request-draft': 'true',
        'pull-request-labels': 'bot\nneeds review',
        'pull-request-assignees': '@alice, bob',
        'pull-request-reviewers': 'carol',
        'pull-request-team-reviewers': 'core',
        'pull-request-milestone': '3',
      }),
      context(),
      env,
    ).pullRequest;
    expect(options).toEqual({
      title: 't',
      base: 'develop',
      draft: true,
      labels: ['bot', 'needs review'],
      assignees: ['alice', 'bob'],
      reviewers: ['carol'],
      teamReviewers: ['core'],
      milestone: 3,
      maintainerCanModify: true,
    });
    for (const input of ['pull-request-labels', 'pull-request-reviewers', 'pull-request-milestone'])
      expect(() => resolveInputs(parse({ [input]: input.endsWith('milestone') ? '1' : 'x' }), context(), env)).toThrow(
        `Input "${input}" needs "pull-request-title"`,
      );
  });

  it('tag and tag-message', () => {
    expect(resolveInputs(parse({ tag: 'refs/tags/v1.2.0', 'tag-message': 'v1.2.0' }), context(), env).tag).toEqual({
      name: 'v1.2.0',
      message: 'v1.2.0',
    });
    expect(() => resolveInputs(parse({ 'tag-message': 'm' }), context(), env)).toThrow(/needs "tag"/);
    expect(() => parse({ tag: 'v1..2' })).toThrow(/Input "tag"/);
    expect(() => parse({ 'pull-request-labels': '..' })).toThrow(/Input "pull-request-labels"/);
    expect(() => parse({ repository: '../..' })).toThrow(/Input "repository"/);
  });
});

import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../../../src/actions/triage/domain/dispatch';

const require = createRequire(import.meta.url);
const examples: {
  name: string;
  examples: Record<string, any>[];
}[] = require('@octokit/webhooks-examples/api.github.com/index.json');
const EVENTS = ['issues', 'issue_comment', 'pull_request', 'workflow_run', 'workflow_dispatch'];

const payloads = EVENTS.flatMap((name) => {
  const entry = examples.find((e) => e.name === name);
  if (!entry) throw new Error(`no examples for ${name}`);
  return entry.examples.map((payload, index) => [name, index, payload] as [string, number, Record<string, any>]);
});

/** A `schedule` payload as the runner writes it. */
const SCHEDULE = {
  schedule: '17 3 * * *',
  repository: { full_name: 'octo/repo' },
  workflow: '.github/workflows/triage.yml',
};

describe('dispatch: every example payload', () => {
  it('covers every event the issue names', () => {
    expect(new Set(payloads.map(([name]) => name))).toEqual(new Set(EVENTS));
    expect(payloads.length).toBeGreaterThan(70);
  });

  it.each(payloads)('%s #%i is accepted or cleanly ignored', (name, _index, payload) => {
    const mode = dispatch(name, structuredClone(payload));
    const action = payload.action as string | undefined;
    switch (name) {
      case 'issues':
        if (['opened', 'edited', 'reopened'].includes(action!))
          expect(mode).toEqual({ kind: 'item', number: payload.issue.number, isPullRequest: false, action });
        else expect(mode).toMatchObject({ kind: 'ignore', reason: expect.stringContaining(`issues.${action}`) });
        break;
      case 'pull_request':
        if (['opened', 'edited', 'reopened', 'synchronize'].includes(action!))
          expect(mode).toEqual({ kind: 'item', number: payload.pull_request.number, isPullRequest: true, action });
        else expect(mode).toMatchObject({ kind: 'ignore' });
        break;
      case 'issue_comment':
        if (action === 'created')
          expect(mode).toMatchObject({
            kind: 'command',
            number: payload.issue.number,
            isPullRequest: payload.issue.pull_request != null,
            comment: { id: payload.comment.id, body: payload.comment.body, user: payload.comment.user.login },
          });
        else expect(mode).toMatchObject({ kind: 'ignore' });
        break;
      case 'workflow_run':
        if (action === 'completed')
          expect(mode).toMatchObject({
            kind: 'workflow',
            run: {
              id: payload.workflow_run.id,
              name: payload.workflow_run.name,
              conclusion: payload.workflow_run.conclusion,
            },
            // GitHub lists pull requests of other repositories whose head matches; only this repository's count.
            pullRequests: payload.workflow_run.pull_requests
              .filter((pr: any) => pr.base.repo.id === payload.repository.id)
              .map((pr: { number: number }) => pr.number),
          });
        else expect(mode).toMatchObject({ kind: 'ignore' });
        break;
      case 'workflow_dispatch':
        expect(mode).toEqual({ kind: 'sweep', trigger: 'workflow_dispatch' });
        break;
    }
  });

  it('runs a sweep on schedule', () => {
    expect(dispatch('schedule', SCHEDULE)).toEqual({ kind: 'sweep', trigger: 'schedule' });
  });
});

describe('dispatch: edge cases', () => {
  it.each([
    ['push', { ref: 'refs/heads/main' }, /push event is not handled/],
    ['', {}, /unknown event is not handled/],
    ['issues', { action: 'opened' }, /malformed issues payload \(issue/],
    ['issues', null, /issues\.\? is not handled/],
    ['issues', { action: 'opened', issue: { number: 'x' } }, /malformed/],
    ['issue_comment', { action: 'created', issue: { number: 1 }, comment: { id: 2, body: 'x' } }, /no author/],
    ['workflow_run', { action: 'completed' }, /malformed workflow_run/],
    [
      'pull_request_target',
      { action: 'closed', pull_request: { number: 1 } },
      /pull_request_target\.closed is not handled/,
    ],
  ])('%s %j → ignored', (name, payload, reason) => {
    const mode = dispatch(name, payload);
    expect(mode.kind).toBe('ignore');
    expect(mode.kind === 'ignore' && mode.reason).toMatch(reason);
  });

  it('handles pull_request_target like pull_request', () => {
    expect(dispatch('pull_request_target', { action: 'synchronize', pull_request: { number: 5 } })).toEqual({
      kind: 'item',
      number: 5,
      isPullRequest: true,
      action: 'synchronize',
    });
  });

  it('tells comments on pull requests apart and flags bots', () => {
    const mode = dispatch('issue_comment', {
      action: 'created',
      issue: { number: 3, pull_request: { url: 'x' } },
      comment: { id: 9, body: '/label x', user: { login: 'renovate[bot]', type: 'Bot' } },
    });
    expect(mode).toEqual({
      kind: 'command',
      number: 3,
      isPullRequest: true,
      comment: { id: 9, body: '/label x', user: 'renovate[bot]', isBot: true },
    });
  });

  it("keeps only the run's pull requests of this repository", () => {
    const mode = dispatch('workflow_run', {
      action: 'completed',
      repository: { id: 1 },
      workflow_run: {
        id: 7,
        name: 'CI',
        conclusion: 'failure',
        pull_requests: [
          { number: 4, base: { repo: { id: 1 } } },
          { number: 4, base: { repo: { id: 1 } } },
          { number: 99, base: { repo: { id: 2 } } },
        ],
      },
    });
    expect(mode).toEqual({ kind: 'workflow', run: { id: 7, name: 'CI', conclusion: 'failure' }, pullRequests: [4] });
  });
});

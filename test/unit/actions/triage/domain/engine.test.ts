import { describe, expect, it } from 'vitest';
import type { TriageOptions } from '../../../../../src/actions/triage/domain/engine';
import { runTriageInService } from '../../../../../src/hosts/service/triage-host';
import type { TriageOperation } from '../../../../../src/actions/triage/operations';
import type { FreshComment } from '../../../../../src/actions/triage/domain/fresh-comment';
import { fakeClient, fakeReader, silentLog, type FakeRepo } from '../fakes';
import { config, makeItem } from '../items';

const NOW = new Date('2026-06-01T00:00:00Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toISOString();

const CONFIG = config(`
rules:
  - id: crash
    if: { type: issue, title: '/crash/i' }
    then: { add-labels: [bug], comment: Thanks. }
  - id: docs
    if: { type: pull_request, files: ['docs/**'] }
    then: { add-labels: [documentation] }
  - id: ci
    if: { workflow: { name: CI, conclusion: failure } }
    then: { add-labels: ['ci: failing'] }
commands: { permission: write }
stale: { days-before-stale: 30, days-before-close: 7, only: both }
`);

async function run(repo: FakeRepo, event: { name: string; payload: unknown }, extra: Partial<TriageOptions> = {}) {
  const reader = fakeReader(repo);
  const written: TriageOperation[] = [];
  const result = await runTriageInService({
    client: fakeClient(),
    repo: { owner: 'o', repo: 'r' },
    config: CONFIG,
    event,
    log: silentLog,
    now: () => NOW,
    reader,
    execute: async (op) => {
      written.push(op);
    },
    ...extra,
  });
  const describe = (op: TriageOperation) => `${op.kind} ${op.target} ${op.subject}`;
  // Items are applied side by side: compare the plan for order, the writes as a set.
  return { result, reads: reader.reads, planned: result.plan.map(describe), written: written.map(describe).sort() };
}

describe('triage through the service host: item events', () => {
  it('reads the item fresh (not the payload) and plans from that', async () => {
    const repo = { items: [makeItem({ number: 3, title: 'Crash!', labels: ['bug'], updatedAt: daysAgo(0) })] };
    const { result, reads, written } = await run(repo, {
      name: 'issues',
      payload: { action: 'edited', issue: { number: 3, title: 'stale payload', labels: [] } },
    });
    expect(reads).toEqual(['item 3']);
    expect(written).toEqual(['comment #3 Thanks.']);
    expect(result.counts).toEqual({ operations: 1, labeled: 0, commented: 1, closed: 0 });
  });

  it('checks existing comments before commenting on an item that has some', async () => {
    const repo = {
      items: [makeItem({ number: 3, title: 'Crash!', comments: 2 })],
      comments: {
        3: [
          { body: 'hi', user: { login: 'someone' } },
          { body: 'Thanks.\n\n<!-- repo-actions:triage rule=crash -->', user: { login: 'github-actions[bot]' } },
        ],
      },
    };
    const { reads, written } = await run(repo, { name: 'issues', payload: { action: 'opened', issue: { number: 3 } } });
    expect(reads).toEqual(['item 3', 'comments 3']);
    expect(written).toEqual(['add-label #3 bug']);
  });

  it('leaves an item closed since the event alone', async () => {
    const { result, written } = await run(
      { items: [makeItem({ number: 3, title: 'Crash', state: 'closed' })] },
      { name: 'issues', payload: { action: 'reopened', issue: { number: 3 } } },
    );
    expect(written).toEqual([]);
    expect(result.notes[0]).toMatch(/closed now/);
  });

  it('reads changed files for file rules on pull requests only', async () => {
    const repo = { items: [makeItem({ number: 4, isPullRequest: true, title: 'x' })], files: { 4: ['docs/a.md'] } };
    const { reads, written } = await run(repo, {
      name: 'pull_request',
      payload: { action: 'opened', pull_request: { number: 4 } },
    });
    expect(reads).toEqual(['item 4', 'files 4']);
    expect(written).toEqual(['add-label #4 documentation']);
  });

  it('ignores other events without reading anything', async () => {
    const { result, reads } = await run({ items: [] }, { name: 'push', payload: {} });
    expect(result.mode.kind).toBe('ignore');
    expect(reads).toEqual([]);
  });

  it('caps an event plan at max-operations', async () => {
    const repo = { items: [makeItem({ number: 3, title: 'Crash' })] };
    const { result, written } = await run(
      repo,
      { name: 'issues', payload: { action: 'opened', issue: { number: 3 } } },
      { maxOperations: 1 },
    );
    expect(written).toEqual(['add-label #3 bug']);
    expect(result.remaining).toBe(1);
  });

  it('dry-run plans and writes nothing', async () => {
    const repo = { items: [makeItem({ number: 3, title: 'Crash' })] };
    const { result, written } = await run(
      repo,
      { name: 'issues', payload: { action: 'opened', issue: { number: 3 } } },
      { dryRun: true },
    );
    expect(written).toEqual([]);
    expect(result.report).toBeUndefined();
    expect(result.counts).toEqual({ operations: 2, labeled: 1, commented: 1, closed: 0 });
  });
});

describe('triage through the service host: workflow runs', () => {
  it('applies the workflow rules to the open pull requests of the run', async () => {
    const repo = {
      items: [
        makeItem({ number: 4, isPullRequest: true }),
        makeItem({ number: 5, isPullRequest: true, state: 'closed' }),
      ],
    };
    const payload = {
      action: 'completed',
      workflow_run: { id: 1, name: 'CI', conclusion: 'failure', pull_requests: [{ number: 4 }, { number: 5 }] },
    };
    const { written, reads } = await run(repo, { name: 'workflow_run', payload });
    expect(reads).toEqual(['item 4', 'item 5']);
    expect(written).toEqual(['add-label #4 ci: failing']);
  });

  it("finds a fork's pull request by the run's head when the run lists none", async () => {
    const repo = { items: [makeItem({ number: 6, isPullRequest: true })], heads: { 'fork:fix@abc': [6] } };
    const payload = {
      action: 'completed',
      workflow_run: {
        id: 2,
        name: 'CI',
        conclusion: 'failure',
        event: 'pull_request',
        head_branch: 'fix',
        head_sha: 'abc',
        head_repository: { owner: { login: 'fork' } },
        pull_requests: [],
      },
    };
    const { written, reads } = await run(repo, { name: 'workflow_run', payload });
    expect(reads).toEqual(['pulls fork:fix@abc', 'item 6']);
    expect(written).toEqual(['add-label #6 ci: failing']);
    const push = await run(repo, {
      name: 'workflow_run',
      payload: { ...payload, workflow_run: { ...payload.workflow_run, event: 'push' } },
    });
    expect(push.reads).toEqual([]);
    expect(push.result.notes[0]).toMatch(/has no pull request/);
  });
});

describe('triage through the service host: slash commands', () => {
  const comment = (user: string, body: string) => ({
    name: 'issue_comment',
    payload: { action: 'created', issue: { number: 1 }, comment: { id: 9, body, user: { login: user } } },
  });
  /** Comment 9 on #1 as the API has it. */
  const fresh = (user: string, body: string, extra: Partial<FreshComment> = {}): FreshComment => ({
    id: 9,
    body,
    user,
    isBot: false,
    number: 1,
    ...extra,
  });
  const repo = (extra: Partial<FakeRepo> = {}, on = fresh('mona', '/label bug')): FakeRepo => ({
    items: [makeItem({ number: 1 })],
    permissions: { mona: 'write', rita: 'read' },
    comment: { 9: on },
    ...extra,
  });

  it.each([
    [
      'mona',
      '/label bug',
      ['comment 9', 'reactions 9', 'permission mona', 'item 1'],
      ['add-label #1 bug', 'react #1 +1 on comment 9'],
    ],
    [
      'rita',
      '/label bug',
      ['comment 9', 'reactions 9', 'permission rita', 'item 1'],
      ['comment #1 @rita, not done:', 'react #1 confused on comment 9'],
    ],
    [
      'eve',
      '/close',
      ['comment 9', 'reactions 9', 'permission eve', 'item 1'],
      ['comment #1 @eve, not done:', 'react #1 confused on comment 9'],
    ],
    ['mona', 'no commands', [], []],
    [
      'mona',
      '/assign $(whoami)',
      ['comment 9', 'reactions 9', 'permission mona', 'item 1'],
      ['comment #1 @mona, not done:', 'react #1 confused on comment 9'],
    ],
  ])('%s: %j', async (user, body, reads, written) => {
    const r = await run(repo({}, fresh(user, body)), comment(user, body));
    expect(r.reads).toEqual(reads);
    expect(r.written).toEqual(written);
  });

  it('a comment already carrying our reaction is a no-op; a human 👍 is not ours', async () => {
    const ours = await run(
      repo({ reactions: { 9: [{ content: '+1', user: { login: 'github-actions[bot]', type: 'Bot' } }] } }),
      comment('mona', '/label bug'),
    );
    expect(ours.written).toEqual([]);
    expect(ours.reads).toEqual(['comment 9', 'reactions 9']);
    const human = await run(
      repo({ reactions: { 9: [{ content: '+1', user: { login: 'rita', type: 'User' } }] } }),
      comment('mona', '/label bug'),
    );
    expect(human.written).toEqual(['add-label #1 bug', 'react #1 +1 on comment 9']);
  });

  it("another bot's 👍 or 👎 is not ours: the commands still run", async () => {
    const other = await run(
      repo({
        reactions: {
          9: [
            { content: '+1', user: { login: 'dependabot[bot]', type: 'Bot' } },
            { content: '-1', user: { login: 'renovate[bot]', type: 'Bot' } },
          ],
        },
      }),
      comment('mona', '/label bug'),
    );
    expect(other.written).toEqual(['add-label #1 bug', 'react #1 +1 on comment 9']);
  });

  it('ignores bots and is off without a commands section', async () => {
    const bot = await run(repo(), {
      name: 'issue_comment',
      payload: {
        action: 'created',
        issue: { number: 1 },
        comment: { id: 9, body: '/close', user: { login: 'x[bot]', type: 'Bot' } },
      },
    });
    expect(bot.reads).toEqual([]);
    const off = await run(repo(), comment('mona', '/close'), { config: config('rules: []') });
    expect(off.reads).toEqual([]);
    expect(off.result.notes[0]).toMatch(/slash commands are off/);
  });
});

describe('triage through the service host: sweeps', () => {
  const sweep = { name: 'schedule', payload: {} };

  it('counts issues and pull requests apart, runs rules then stale, oldest first', async () => {
    const repo = {
      items: [
        makeItem({ number: 1, title: 'Crash', updatedAt: daysAgo(1) }),
        makeItem({ number: 2, isPullRequest: true, updatedAt: daysAgo(40) }),
        makeItem({ number: 3, updatedAt: daysAgo(35) }),
        makeItem({ number: 4, state: 'closed', updatedAt: daysAgo(100) }),
      ],
    };
    const { result, written, planned, reads } = await run(repo, sweep);
    expect(result).toMatchObject({ openIssues: 2, openPullRequests: 1, processed: 3, remaining: 0 });
    expect(reads).toEqual(['list', 'files 2']);
    expect(written).toEqual([...planned].sort());
    expect(planned).toEqual([
      'add-label #2 stale',
      expect.stringMatching(/^comment #2 /),
      'add-label #3 stale',
      expect.stringMatching(/^comment #3 /),
      'add-label #1 bug',
      'comment #1 Thanks.',
    ]);
  });

  it('stops before an item that does not fit max-operations and counts what remains', async () => {
    const repo = {
      items: Array.from({ length: 5 }, (_, i) =>
        makeItem({ number: i + 1, title: 'Crash', updatedAt: daysAgo(10 - i) }),
      ),
    };
    const { result, written, planned } = await run(repo, sweep, { maxOperations: 5 });
    expect(planned).toEqual(['add-label #1 bug', 'comment #1 Thanks.', 'add-label #2 bug', 'comment #2 Thanks.']);
    expect(written).toEqual([...planned].sort());
    expect(result.remaining).toBe(3);
    expect(result.notes[0]).toMatch(/max-operations/);
  });

  it('starts an item larger than max-operations rather than stalling', async () => {
    const repo = { items: [makeItem({ number: 1, title: 'Crash' })] };
    const { result, written } = await run(repo, sweep, { maxOperations: 1 });
    expect(written).toEqual(['add-label #1 bug']);
    expect(result.remaining).toBe(1);
  });

  it('stops when the budget would be exceeded', async () => {
    const repo = {
      items: Array.from({ length: 5 }, (_, i) =>
        makeItem({ number: i + 1, title: 'Crash', updatedAt: daysAgo(10 - i) }),
      ),
    };
    const { result, written } = await run(repo, sweep, { client: fakeClient(5) });
    expect(written).toHaveLength(4);
    expect(result.remaining).toBe(3);
    expect(result.notes[0]).toMatch(/budget/);
  });

  const bot = { login: 'github-actions[bot]', type: 'Bot' };

  it('reads the comments of stale items only (the mark time decides)', async () => {
    const repo = {
      items: [
        makeItem({ number: 1, labels: ['stale'], updatedAt: daysAgo(8), comments: 1 }),
        makeItem({ number: 2, labels: ['stale'], updatedAt: daysAgo(1), comments: 1 }),
        makeItem({ number: 3, labels: ['stale'], updatedAt: daysAgo(2), comments: 1 }),
        makeItem({ number: 4, labels: ['stale'], updatedAt: daysAgo(9), comments: 1 }),
      ],
      comments: {
        1: [{ body: '<!-- repo-actions:triage stale -->', created_at: daysAgo(8), user: bot }],
        2: [{ body: '<!-- repo-actions:triage stale -->', created_at: daysAgo(5), user: bot }],
        4: [{ body: 'Any news?', created_at: daysAgo(9), user: { login: 'someone', type: 'User' } }],
        3: [{ body: '<!-- repo-actions:triage stale -->', created_at: daysAgo(2), user: bot }],
      },
    };
    const { reads, planned } = await run(repo, sweep);
    // Every stale-labelled item is read: #1's one comment is the engine's stale comment (closed, without a close
    // comment: none is configured); #4's one comment is someone else's (the label is a person's): warned first.
    expect([...reads].sort()).toEqual(['comments 1', 'comments 2', 'comments 3', 'comments 4', 'list']);
    expect(planned).toEqual([expect.stringMatching(/^comment #4 /), 'close #1 not_planned', 'remove-label #2 stale']);
  });
});

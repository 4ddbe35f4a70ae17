// Through the bundle: labels the repository lacks (skipped with a warning by default; created in the
// configured colour with create-missing-labels), and the answers to slash commands (😕 and one reply for a
// typo or a refusal, never a second reply on a re-run; `author-can` lets an author close their own issue).
import { describe, expect, it } from 'vitest';
import { REPO, scenarioOf } from '../../../emulator/scenarios/triage';
import { triageHarness } from './harness';

const h = triageHarness();

async function setup(comments: { body: string; user: string }[] = []) {
  const emu = await h.start(
    scenarioOf({
      issues: [{ number: 1, title: 'Crash on start', user: 'ann', labels: ['question'], comments }],
    }),
    { timeScale: 0.01 },
  );
  const repo = emu.state.repo(REPO)!;
  return { repo, ids: [...repo.comments.keys()] };
}

const opened = {
  name: 'issues',
  payload: { action: 'opened', issue: { number: 1, title: 'Crash on start', labels: [], user: { login: 'ann' } } },
};
const RULES = `
rules:
  - id: crash-report
    if: { title: '/crash/i' }
    then: { add-labels: [bug, needs-repro] }
`;
const comment = (id: number, user: string, body: string) => ({
  name: 'issue_comment',
  payload: {
    action: 'created',
    issue: { number: 1, title: 'Crash on start' },
    comment: { id, body, user: { login: user, type: 'User' } },
  },
});

describe('triage: labels the repository lacks', () => {
  it('skips the add of a missing label with a warning naming the label and the rule; the rest is done', async () => {
    const { repo } = await setup();
    const r = await h.run({ event: opened, workspace: { '.github/triage.yml': RULES } });
    expect(r.code, r.stdout).toBe(0);
    expect(repo.issues.get(1)!.labels.map((l) => l.name)).toEqual(['question', 'bug']);
    expect(repo.labels.some((l) => l.name === 'needs-repro')).toBe(false);
    expect(r.annotations).toContainEqual(
      expect.objectContaining({
        level: 'warning',
        message: expect.stringMatching(
          /Label "needs-repro" does not exist.*rule crash-report at .github\/triage.yml:5\)/,
        ),
      }),
    );
    expect(r.requests.filter((e) => e.method === 'GET' && e.path === '/repos/octo/app/labels')).toHaveLength(1);
  });

  it('creates it first in the configured colour with create-missing-labels, and a re-run changes nothing', async () => {
    const { repo } = await setup();
    const config = `create-missing-labels: true\nmissing-label-color: '#0E8A16'\n${RULES}`;
    const r = await h.run({ event: opened, workspace: { '.github/triage.yml': config } });
    expect(r.code, r.stdout).toBe(0);
    expect(repo.labels.find((l) => l.name === 'needs-repro')?.color).toBe('0e8a16');
    expect(repo.issues.get(1)!.labels.map((l) => l.name)).toEqual(['question', 'bug', 'needs-repro']);
    const again = await h.run({ event: opened, workspace: { '.github/triage.yml': config } });
    expect(again.requests.filter((e) => e.contentCreating)).toEqual([]);
  });
});

describe('triage: slash command answers', () => {
  const COMMANDS = 'commands:\n  permission: write\n  author-can: [close, reopen]\n';
  const replies = (repo: Awaited<ReturnType<typeof setup>>['repo'], id: number) =>
    [...repo.comments.values()].filter((c) => c.body.includes(`reply=${id} -->`));
  const reactions = (repo: Awaited<ReturnType<typeof setup>>['repo'], id: number) =>
    repo.comments.get(id)!.reactions.map((r) => r.content);

  it('an unknown command gets 😕 and one reply; a re-run (a redelivery) posts no second reply', async () => {
    const { repo, ids } = await setup([{ body: '/lable bug', user: 'mona' }]);
    const run = () =>
      h.run({ event: comment(ids[0], 'mona', '/lable bug'), workspace: { '.github/triage.yml': COMMANDS } });
    const r = await run();
    expect(r.code, r.stdout).toBe(0);
    expect(reactions(repo, ids[0])).toEqual(['confused']);
    expect(replies(repo, ids[0])).toHaveLength(1);
    expect(replies(repo, ids[0])[0].body).toContain('`/lable` is not a command (did you mean /label?)');
    const again = await run();
    expect(again.code, again.stdout).toBe(0);
    expect(again.requests.filter((e) => e.contentCreating)).toEqual([]);
    expect(replies(repo, ids[0])).toHaveLength(1);
  });

  it('a refused command gets 😕 and a reply naming the reason', async () => {
    const { repo, ids } = await setup([{ body: '/unassign @mona', user: 'rita' }]);
    const r = await h.run({
      event: comment(ids[0], 'rita', '/unassign @mona'),
      workspace: { '.github/triage.yml': COMMANDS },
    });
    expect(r.code, r.stdout).toBe(0);
    expect(reactions(repo, ids[0])).toEqual(['confused']);
    expect(replies(repo, ids[0])[0].body).toContain('/unassign: @rita has read permission, the config requires write');
  });

  it('author-can: the author closes their own issue (👍, no reply); another reader may not', async () => {
    const { repo, ids } = await setup([
      { body: '/close', user: 'ann' },
      { body: '/reopen', user: 'rita' },
    ]);
    const own = await h.run({ event: comment(ids[0], 'ann', '/close'), workspace: { '.github/triage.yml': COMMANDS } });
    expect(own.code, own.stdout).toBe(0);
    expect(repo.issues.get(1)!.state).toBe('closed');
    expect(reactions(repo, ids[0])).toEqual(['+1']);
    expect(replies(repo, ids[0])).toEqual([]);
    const other = await h.run({
      event: comment(ids[1], 'rita', '/reopen'),
      workspace: { '.github/triage.yml': COMMANDS },
    });
    expect(other.code, other.stdout).toBe(0);
    expect(repo.issues.get(1)!.state).toBe('closed');
    expect(reactions(repo, ids[1])).toEqual(['confused']);
  });
});

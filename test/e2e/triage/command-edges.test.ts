// Slash-command edge cases through the bundle: several commands in one comment, text that only shows a
// command (code, quotes), quoted label names, unknown commands, a triage role below `write`, bots, edited
// comments, pull requests, a stale payload, faults, and a comment deleted before the run.
import { describe, expect, it } from 'vitest';
import { RequestLog, type Emulator } from '../../../emulator';
import { REPO, scenarioOf } from '../../../emulator/scenarios/triage';
import { triageHarness } from './harness';

const h = triageHarness();
let emu: Emulator | undefined;

const CONFIG = 'commands:\n  permission: write\n';

const BODY = [
  'Thanks! Triaging:',
  '/label "needs info", bug',
  '/assign @mona',
  '/frobnicate everything',
  '```',
  '/close',
  '```',
  '> /unlabel question',
  '',
  '    /reopen',
  'Use `/label x` to label.',
].join('\n');

async function setup() {
  const scenario = scenarioOf({
    issues: [
      {
        number: 1,
        title: 'An issue',
        labels: ['question'],
        comments: [
          { body: BODY, user: 'mona' },
          { body: '/label bug', user: 'tri' },
          { body: '/label bug', user: 'helper-bot[bot]' },
        ],
      },
      {
        number: 2,
        title: 'A pull request',
        pull: { head: 'topic', files: [{ filename: 'a.ts' }] },
        labels: ['bug'],
        comments: [{ body: '/unlabel bug\n/label question', user: 'max' }],
      },
    ],
  });
  scenario.tokens!.ghp_alice = { kind: 'user', login: 'alice' };
  emu = await h.start(scenario, { timeScale: 0.01 });
  return [...emu.state.repo(REPO)!.comments.values()].map((c) => c.id);
}

function event(
  number: number,
  id: number,
  user: string,
  body: string,
  extra: { action?: string; type?: string; pull?: boolean; labels?: string[] } = {},
) {
  return {
    name: 'issue_comment',
    payload: {
      action: extra.action ?? 'created',
      issue: {
        number,
        title: 'x',
        labels: (extra.labels ?? []).map((name) => ({ name })),
        ...(extra.pull ? { pull_request: { url: 'x' } } : {}),
      },
      comment: { id, body, user: { login: user, type: extra.type ?? 'User' } },
    },
  };
}

const run = (ev: ReturnType<typeof event>) => h.run({ event: ev, workspace: { '.github/triage.yml': CONFIG } });
const labels = (n: number) =>
  emu!.state
    .repo(REPO)!
    .issues.get(n)!
    .labels.map((l) => l.name)
    .sort();
const reactions = (id: number) =>
  emu!.state
    .repo(REPO)!
    .comments.get(id)
    ?.reactions.map((r) => r.content) ?? [];

describe('triage slash command edges', () => {
  it('acts on every real command of one comment, ignores code, quotes, indented code and unknown commands', async () => {
    const [id] = await setup();
    const r = await run(event(1, id, 'mona', BODY));
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const item = emu!.state.repo(REPO)!.issues.get(1)!;
    expect(labels(1)).toEqual(['bug', 'needs info', 'question']);
    expect(item.assignees).toEqual(['mona']);
    expect(item.state).toBe('open');
    expect(reactions(id)).toEqual(['+1']);
    expect(r.requests.filter((e) => e.contentCreating)).toHaveLength(4);
  });

  it('a triage role is refused where the config asks for write: 😕, one reply and nothing else', async () => {
    const [, triId] = await setup();
    const r = await run(event(1, triId, 'tri', '/label bug'));
    expect(r.code, r.stdout).toBe(0);
    expect(labels(1)).toEqual(['question']);
    expect(reactions(triId)).toEqual(['confused']);
    expect(r.stdout).toMatch(/@tri has triage permission, the config requires write/);
    // The reply and the 😕.
    expect(r.requests.filter((e) => e.contentCreating)).toHaveLength(2);
  });

  it('comments by bots and edited comments are ignored without a request', async () => {
    const [id, , botId] = await setup();
    for (const ev of [
      event(1, botId, 'helper-bot[bot]', '/label bug', { type: 'Bot' }),
      event(1, id, 'mona', '/close', { action: 'edited' }),
    ]) {
      const r = await run(ev);
      expect(r.code, r.stdout).toBe(0);
      expect(RequestLog.summarize(r.requests).counted).toBe(0);
    }
    expect(labels(1)).toEqual(['question']);
    expect(reactions(botId)).toEqual([]);
  });

  it('commands on a pull request act on it; the payload is stale, the fresh labels win', async () => {
    const [, , , prId] = await setup();
    // The payload says the pull request has no labels; it has `bug`.
    const r = await run(event(2, prId, 'max', '/unlabel bug\n/label question', { pull: true, labels: [] }));
    expect(r.code, r.stdout).toBe(0);
    expect(labels(2)).toEqual(['question']);
    expect(reactions(prId)).toEqual(['+1']);
  });

  it('under random 5xx the commands converge, with one 👍, and a redelivery writes nothing', async () => {
    const [id] = await setup();
    emu!.faults.random5xx({ rate: 0.2, seed: 11 });
    const r = await run(event(1, id, 'mona', BODY));
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(labels(1)).toEqual(['bug', 'needs info', 'question']);
    expect(reactions(id)).toEqual(['+1']);
    emu!.faults.clear();
    const again = await run(event(1, id, 'mona', BODY));
    expect(again.code).toBe(0);
    expect(RequestLog.summarize(again.requests).writes).toBe(0);
  });

  it("with a personal token our 👍 is told from a person's: a redelivery is a no-op, a person's 👍 does not block", async () => {
    const [id, triId] = await setup();
    emu!.state.repo(REPO)!.collaborators.set('alice', 'admin');
    // tri's comment already has a 👍 from mona (a person agreeing): it is not ours.
    emu!.state
      .repo(REPO)!
      .comments.get(triId)!
      .reactions.push({ id: 1, content: '+1', user: 'mona', createdAt: new Date().toISOString() });
    emu!.state.repo(REPO)!.comments.get(triId)!.body = '/close'; // what the event below says (it is read fresh)
    const asAlice = (ev: ReturnType<typeof event>) =>
      h.run({
        token: 'ghp_alice',
        event: ev,
        workspace: { '.github/triage.yml': 'commands:\n  permission: triage\n' },
      });
    const first = await asAlice(event(1, triId, 'tri', '/close'));
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(emu!.state.repo(REPO)!.issues.get(1)!.state).toBe('closed');
    expect(reactions(triId).sort()).toEqual(['+1', '+1']);
    emu!.state.repo(REPO)!.issues.get(1)!.state = 'open'; // a maintainer reopens it
    const redelivered = await asAlice(event(1, triId, 'tri', '/close'));
    expect(redelivered.code).toBe(0);
    expect(redelivered.stdout).toContain('already carries our reaction');
    expect(RequestLog.summarize(redelivered.requests).writes).toBe(0);
    expect(emu!.state.repo(REPO)!.issues.get(1)!.state).toBe('open');
    expect(reactions(id)).toEqual([]);
  });

  it('a comment deleted before the run is a notice, not a failure', async () => {
    const [id] = await setup();
    emu!.state.repo(REPO)!.comments.delete(id);
    const r = await run(event(1, id, 'mona', '/label bug'));
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/deleted/);
    expect(labels(1)).toEqual(['question']);
    expect(r.requests.filter((e) => e.contentCreating)).toHaveLength(0);
  });
});

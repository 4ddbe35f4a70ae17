// Slash commands through the bundle: each command accepted from a collaborator with write permission,
// refused (😕 and one reply, nothing changed) from a read-only collaborator and from an outsider, and a re-run
// as a no-op.
import { describe, expect, it } from 'vitest';
import { RequestLog, type Emulator } from '../../../emulator';
import { REPO, scenarioOf } from '../../../emulator/scenarios/triage';
import { triageHarness } from './harness';

const h = triageHarness();
let emu: Emulator | undefined;

const CONFIG = `
create-missing-labels: true
missing-label-color: 'aabbcc'
commands:
  permission: write
  allow: [label, unlabel, assign, unassign, close, reopen]
`;

const ALL_BUT_REOPEN =
  '/label bug, "good first issue"\n/unlabel question\n/assign @mona\n/unassign @rita\n/close not planned';

async function setup() {
  emu = await h.start(
    scenarioOf({
      issues: [
        {
          number: 1,
          title: 'Commands here',
          labels: ['question'],
          assignees: ['rita'],
          comments: [
            { body: `Triaging.\n${ALL_BUT_REOPEN}`, user: 'mona' },
            { body: ALL_BUT_REOPEN, user: 'rita' },
            { body: ALL_BUT_REOPEN, user: 'eve' },
            { body: '/reopen', user: 'mona' },
            { body: 'just a comment', user: 'eve' },
          ],
        },
      ],
    }),
    { timeScale: 0.01 },
  );
  const comments = [...emu.state.repo(REPO)!.comments.values()];
  return comments.map((c) => c.id);
}

function event(id: number, user: string, body: string) {
  return {
    name: 'issue_comment',
    payload: {
      action: 'created',
      issue: { number: 1, title: 'Commands here' },
      comment: { id, body, user: { login: user, type: 'User' } },
    },
  };
}

const run = (ev: ReturnType<typeof event>) => h.run({ event: ev, workspace: { '.github/triage.yml': CONFIG } });
const issue = () => emu!.state.repo(REPO)!.issues.get(1)!;
/** Makes the comment what the event says it is: the action reads author and text fresh from the API. */
const written = (id: number, user: string, body: string) =>
  Object.assign(emu!.state.repo(REPO)!.comments.get(id)!, { user, body });
const reactions = (id: number) =>
  emu!.state
    .repo(REPO)!
    .comments.get(id)!
    .reactions.map((r) => r.content);

describe('triage slash commands', () => {
  it('refuses every command from a read-only collaborator and from an outsider: 😕 and one reply, nothing changed', async () => {
    const [, ritaId, eveId, reopenId] = await setup();
    for (const [id, user] of [
      [ritaId, 'rita'],
      [eveId, 'eve'],
    ] as const) {
      const r = await run(event(id, user, ALL_BUT_REOPEN));
      expect(r.code, r.stdout).toBe(0);
      expect(r.stdout).toContain(`@${user} has read permission, the config requires write`);
      expect(r.annotations).toContainEqual(
        expect.objectContaining({
          level: 'warning',
          message: expect.stringContaining(`Comment ${id} by @${user}: not done`),
        }),
      );
      expect(r.requests.filter((e) => e.contentCreating).map((e) => `${e.method} ${e.path}`)).toEqual([
        'POST /repos/octo/app/issues/1/comments',
        `POST /repos/octo/app/issues/comments/${id}/reactions`,
      ]);
      expect(r.requests.some((e) => e.path.endsWith(`/collaborators/${user}/permission`))).toBe(true);
      expect(reactions(id)).toEqual(['confused']);
      expect(r.outputs).toMatchObject({ operations: '2', labeled: '0', closed: '0' });
      const replies = [...emu!.state.repo(REPO)!.comments.values()].filter((c) => c.body.includes(`reply=${id} -->`));
      expect(replies).toHaveLength(1);
      expect(replies[0].body).toContain(`/close: @${user} has read permission, the config requires write`);
    }
    expect(issue()).toMatchObject({ state: 'open', assignees: ['rita'] });
    expect(issue().labels.map((l) => l.name)).toEqual(['question']);
    // /reopen refused too
    written(reopenId, 'rita', '/reopen');
    const reopen = await run(event(reopenId, 'rita', '/reopen'));
    expect(reopen.code).toBe(0);
    expect(reopen.stdout).toContain(`Comment ${reopenId} by @rita: not done`);
    expect(reactions(reopenId)).toEqual(['confused']);
  });

  it('acts on every command of a collaborator with write permission, reacts 👍, and a re-run is a no-op', async () => {
    const [monaId, , , reopenId, plainId] = await setup();
    const body = `Triaging.\n${ALL_BUT_REOPEN}`;
    const r = await run(event(monaId, 'mona', body));
    expect(r.stderr).toBe('');
    expect(r.code, r.stdout).toBe(0);
    expect(issue()).toMatchObject({ state: 'closed', stateReason: 'not_planned', assignees: ['mona'] });
    expect(
      issue()
        .labels.map((l) => l.name)
        .sort(),
    ).toEqual(['bug', 'good first issue']);
    // "good first issue" did not exist: create-missing-labels created it first, in the configured colour
    expect(emu!.state.repo(REPO)!.labels.find((l) => l.name === 'good first issue')?.color).toBe('aabbcc');
    expect(reactions(monaId)).toEqual(['+1']);
    expect(r.outputs).toMatchObject({ labeled: '3', closed: '1', operations: '7' });
    expect(r.requests.filter((e) => e.contentCreating).map((e) => `${e.method} ${decodeURIComponent(e.path)}`)).toEqual(
      [
        // `/label bug, "good first issue"`: the quoted label first, created before it is added.
        'POST /repos/octo/app/labels',
        'POST /repos/octo/app/issues/1/labels',
        'POST /repos/octo/app/issues/1/labels',
        'DELETE /repos/octo/app/issues/1/labels/question',
        'POST /repos/octo/app/issues/1/assignees',
        'DELETE /repos/octo/app/issues/1/assignees',
        'PATCH /repos/octo/app/issues/1',
        `POST /repos/octo/app/issues/comments/${monaId}/reactions`,
      ],
    );

    const rerun = await run(event(monaId, 'mona', body));
    expect(rerun.code, rerun.stdout).toBe(0);
    // The comment, then its reactions (the comment's rollup counts a 👍): one read more than the reactions alone.
    expect(RequestLog.summarize(rerun.requests)).toMatchObject({ writes: 0, counted: 2 });
    expect(rerun.stdout).toContain('already carries our reaction');

    const reopen = await run(event(reopenId, 'mona', '/reopen'));
    expect(reopen.code, reopen.stdout).toBe(0);
    expect(issue().state).toBe('open');
    expect(reactions(reopenId)).toEqual(['+1']);

    // A comment without commands costs nothing.
    const plain = await run(event(plainId, 'eve', 'just a comment'));
    expect(plain.code).toBe(0);
    expect(RequestLog.summarize(plain.requests).counted).toBe(0);
  });

  it('refuses commands the config does not allow, and accepts a triage role where triage is enough', async () => {
    const [monaId] = await setup();
    const limited = 'commands:\n  permission: triage\n  allow: [label]\n';
    written(monaId, 'tri', '/close');
    const r = await h.run({ event: event(monaId, 'tri', '/close'), workspace: { '.github/triage.yml': limited } });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain('/close: not allowed by the config');
    expect(issue().state).toBe('open');
    expect(reactions(monaId)).toEqual(['confused']);

    const [, ritaId] = [...emu!.state.repo(REPO)!.comments.keys()];
    written(ritaId, 'tri', '/label bug');
    const label = await h.run({
      event: event(ritaId, 'tri', '/label bug'),
      workspace: { '.github/triage.yml': limited },
    });
    expect(label.code, label.stdout).toBe(0);
    expect(
      issue()
        .labels.map((l) => l.name)
        .sort(),
    ).toEqual(['bug', 'question']);
    expect(reactions(ritaId)).toEqual(['+1']);
  });
});

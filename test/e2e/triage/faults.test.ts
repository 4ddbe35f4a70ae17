// Triage under faults, through the bundle: random 5xx over sweeps and events, connections reset after the
// server made the write, rate limits on writes, a permanent 403, and a re-run after failures converging —
// always the exact final state, and never a second copy of a comment.
import { describe, expect, it } from 'vitest';
import { RequestLog, type Emulator, type IssueSeed } from '../../../emulator';
import { daysAgo, REPO, scenarioOf } from '../../../emulator/scenarios/triage';
import { triageHarness } from './harness';

const h = triageHarness();
let emu: Emulator | undefined;

const CONFIG = `
rules:
  - id: crash
    if: { type: issue, title: '/crash/i' }
    then:
      add-labels: [bug]
      comment: Thanks for the crash report.
  - id: wontfix
    if: { title: '/^wontfix/i' }
    then:
      comment: Closing as not planned.
      close: not_planned
stale:
  days-before-stale: 30
  days-before-close: 7
  only: issues
  stale-comment: Stale.
  close-comment: Closed for inactivity.
`;
const STALE = '<!-- repo-actions:triage stale -->';
const workspace = { '.github/triage.yml': CONFIG };

/** 40 issues: n%4 = 0 crash reports, 1 idle (stale), 2 wontfix, 3 untouched. */
function sweepIssues(): IssueSeed[] {
  return Array.from({ length: 40 }, (_, i) => {
    const n = i + 1;
    const kind = n % 4;
    const title = kind === 0 ? `App crash ${n}` : kind === 2 ? `wontfix: idea ${n}` : `Issue ${n}`;
    const updatedAt = kind === 1 ? daysAgo(40, Date.now() - n * 60_000) : daysAgo(1, Date.now() - n * 60_000);
    return { number: n, title, updatedAt, createdAt: daysAgo(50) };
  });
}

/** Comment bodies of an item, without the hidden one-off post token. */
function comments(n: number): string[] {
  return [...emu!.state.repo(REPO)!.comments.values()]
    .filter((c) => c.issueNumber === n)
    .map((c) => c.body.replace(/\n<!-- repo-actions:triage post=[0-9a-f]+ -->$/, ''));
}
const issue = (n: number) => emu!.state.repo(REPO)!.issues.get(n)!;
const labels = (n: number) => issue(n).labels.map((l) => l.name);

function expectSweepDone(): void {
  for (let n = 1; n <= 40; n++) {
    const kind = n % 4;
    if (kind === 0) {
      expect(labels(n), `#${n}`).toEqual(['bug']);
      expect(comments(n), `#${n}`).toEqual(['Thanks for the crash report.\n\n<!-- repo-actions:triage rule=crash -->']);
    } else if (kind === 1) {
      expect(labels(n), `#${n}`).toEqual(['stale']);
      expect(comments(n), `#${n}`).toEqual([`Stale.\n\n${STALE}`]);
    } else if (kind === 2) {
      expect(issue(n), `#${n}`).toMatchObject({ state: 'closed', stateReason: 'not_planned' });
      expect(comments(n), `#${n}`).toEqual(['Closing as not planned.\n\n<!-- repo-actions:triage rule=wontfix -->']);
    } else {
      expect(labels(n), `#${n}`).toEqual([]);
      expect(comments(n), `#${n}`).toEqual([]);
      expect(issue(n).state).toBe('open');
    }
  }
}

const sweep = () => h.run({ event: { name: 'schedule', payload: {} }, workspace });
const opened = (n: number, title: string, labelsInPayload: string[] = []) =>
  h.run({
    event: {
      name: 'issues',
      payload: {
        action: 'opened',
        issue: { number: n, title, body: '', labels: labelsInPayload.map((name) => ({ name })) },
      },
    },
    workspace,
  });

describe('triage under faults', () => {
  it.each([7, 42])(
    'random 5xx (rate 0.2, seed %i) over a sweep: exit 0, the exact final state, one comment each; a re-run writes nothing',
    async (seed) => {
      emu = await h.start(scenarioOf({ issues: sweepIssues() }), { timeScale: 0.01 });
      emu.faults.random5xx({ rate: 0.2, seed });
      const first = await sweep();
      expect(first.code, first.stdout + first.stderr).toBe(0);
      expect(first.requests.some((e) => e.status >= 500)).toBe(true);
      expectSweepDone();
      expect(first.outputs).toMatchObject({ labeled: '20', commented: '30', closed: '10', remaining: '0' });

      emu.faults.clear();
      const again = await sweep();
      expect(again.code, again.stdout).toBe(0);
      expect(RequestLog.summarize(again.requests).writes).toBe(0);
      expectSweepDone();
    },
  );

  it('random 5xx over event runs, each delivered twice: one label, one comment, no extra writes', async () => {
    emu = await h.start(
      scenarioOf({ issues: [1, 2, 3].map((n) => ({ number: n, title: `Crash ${n}`, user: 'someone' })) }),
      { timeScale: 0.01 },
    );
    emu.faults.random5xx({ rate: 0.2, seed: 3 });
    for (const n of [1, 2, 3]) {
      const first = await opened(n, `Crash ${n}`);
      expect(first.code, first.stdout + first.stderr).toBe(0);
      const again = await opened(n, `Crash ${n}`);
      expect(again.code, again.stdout + again.stderr).toBe(0);
      expect(RequestLog.summarize(again.requests).writes).toBe(0);
      expect(labels(n)).toEqual(['bug']);
      expect(comments(n)).toEqual(['Thanks for the crash report.\n\n<!-- repo-actions:triage rule=crash -->']);
    }
  });

  it('a connection reset after the server made the label, the comments and the close: each made once, exit 0', async () => {
    emu = await h.start(scenarioOf({ issues: [{ number: 1, title: 'wontfix crash on start', user: 'someone' }] }), {
      timeScale: 0.01,
    });
    emu.faults
      .reset({ method: 'POST', path: /\/issues\/1\/labels$/, when: 'after-body' })
      .reset({ method: 'POST', path: /\/issues\/1\/comments$/, when: 'after-body', times: 2 })
      .reset({ method: 'PATCH', path: /\/issues\/1$/, when: 'after-body' });
    const r = await opened(1, 'wontfix crash on start');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(emu.faults.pending).toBe(0);
    expect(labels(1)).toEqual(['bug']);
    expect(comments(1)).toEqual([
      'Thanks for the crash report.\n\n<!-- repo-actions:triage rule=crash -->',
      'Closing as not planned.\n\n<!-- repo-actions:triage rule=wontfix -->',
    ]);
    expect(issue(1)).toMatchObject({ state: 'closed', stateReason: 'not_planned' });
    // Each comment was sent once; its lost answer was settled by reading the comments, not by a second POST.
    const posts = r.requests.filter((e) => e.method === 'POST' && e.path.endsWith('/comments'));
    expect(posts).toHaveLength(2);
    expect(r.requests.filter((e) => e.method === 'GET' && e.path.endsWith('/issues/1/comments'))).toHaveLength(2);
    expect(r.outputs).toMatchObject({ labeled: '1', commented: '2', closed: '1' });
  });

  it('a 502 after the server made the comment (and a 503 before it) still gives exactly one comment', async () => {
    emu = await h.start(
      scenarioOf({
        issues: [
          { number: 1, title: 'Crash A' },
          { number: 2, title: 'Crash B' },
        ],
      }),
      { timeScale: 0.01 },
    );
    emu.faults.respond({ method: 'POST', path: /\/issues\/1\/comments$/, status: 502, afterHandler: true });
    emu.faults.respond({ method: 'POST', path: /\/issues\/2\/comments$/, status: 503 });
    for (const n of [1, 2]) {
      const r = await opened(n, `Crash ${n === 1 ? 'A' : 'B'}`);
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(comments(n)).toEqual(['Thanks for the crash report.\n\n<!-- repo-actions:triage rule=crash -->']);
    }
  });

  it('a 502 after the server removed a label / added the 👍 (commands): the retries see success, one reaction', async () => {
    emu = await h.start(
      scenarioOf({
        issues: [
          {
            number: 1,
            title: 'Q',
            labels: ['question'],
            comments: [{ body: '/unlabel question\n/label bug', user: 'mona' }],
          },
        ],
      }),
      {
        timeScale: 0.01,
      },
    );
    const id = [...emu.state.repo(REPO)!.comments.keys()][0];
    emu.faults
      .respond({ method: 'DELETE', path: /\/labels\/question$/, status: 502, afterHandler: true })
      .respond({ method: 'POST', path: /\/reactions$/, status: 502, afterHandler: true });
    const r = await h.run({
      event: {
        name: 'issue_comment',
        payload: {
          action: 'created',
          issue: { number: 1 },
          comment: { id, body: '/unlabel question\n/label bug', user: { login: 'mona', type: 'User' } },
        },
      },
      workspace: { '.github/triage.yml': 'commands: { permission: write }' },
    });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(labels(1)).toEqual(['bug']);
    expect(
      emu.state
        .repo(REPO)!
        .comments.get(id)!
        .reactions.map((x) => x.content),
    ).toEqual(['+1']);
  });

  it('429 and secondary-limit 403 with retry-after on writes are waited out: exit 0, exact state, one comment', async () => {
    emu = await h.start(scenarioOf({ issues: [{ number: 1, title: 'wontfix crash' }] }), { timeScale: 0.01 });
    const secondary = {
      status: 403,
      headers: { 'retry-after': '2' },
      body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' },
    };
    emu.faults
      .respond({ method: 'POST', path: /\/labels$/, status: 429, headers: { 'retry-after': '1' } })
      .respond({ method: 'POST', path: /\/comments$/, ...secondary })
      .respond({ method: 'POST', path: /\/comments$/, status: 429, headers: { 'retry-after': '1' } })
      .respond({ method: 'PATCH', path: /\/issues\/1$/, ...secondary });
    const r = await opened(1, 'wontfix crash');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(emu.faults.pending).toBe(0);
    expect(labels(1)).toEqual(['bug']);
    expect(comments(1)).toHaveLength(2);
    expect(issue(1).state).toBe('closed');
    // A rate-limit answer made nothing: no comment check was needed.
    expect(r.requests.filter((e) => e.method === 'GET' && e.path.endsWith('/comments'))).toHaveLength(0);
  });

  it('a permanent 403 on writes fails the run loudly, naming the permission; nothing is written', async () => {
    const scenario = scenarioOf({ issues: [{ number: 1, title: 'Crash' }] });
    scenario.tokens!.ghs_readonly = {
      kind: 'workflow',
      repositories: [REPO],
      permissions: { issues: 'read', 'pull-requests': 'read', contents: 'read' },
    };
    emu = await h.start(scenario, { timeScale: 0.01 });
    const r = await h.run({
      token: 'ghs_readonly',
      event: { name: 'issues', payload: { action: 'opened', issue: { number: 1, title: 'Crash' } } },
      workspace,
    });
    expect(r.code).toBe(1);
    const errors = r.annotations
      .filter((a) => a.level === 'error')
      .map((a) => a.message)
      .join('\n');
    expect(errors).toMatch(/403/);
    expect(errors).toMatch(/issues: write/);
    // One attempt at the first write, no retry of a permission error, nothing after it on that item.
    expect(r.requests.filter((e) => e.method !== 'GET')).toHaveLength(1);
    expect(labels(1)).toEqual([]);
    expect(comments(1)).toEqual([]);
  });

  it('a re-run after a failed close converges: closed, and no second rule or stale-close comment', async () => {
    emu = await h.start(
      scenarioOf({
        issues: [
          { number: 1, title: 'wontfix: an idea', updatedAt: daysAgo(1), createdAt: daysAgo(5) },
          {
            number: 2,
            title: 'Marked stale long ago',
            labels: ['stale'],
            updatedAt: daysAgo(10),
            createdAt: daysAgo(90),
            comments: [{ body: `Stale.\n\n${STALE}`, user: 'github-actions[bot]', createdAt: daysAgo(10) }],
          },
        ],
      }),
      { timeScale: 0.01 },
    );
    // Every attempt to close fails (the client's retries included).
    emu.faults.respond({ method: 'PATCH', path: /\/issues\/[12]$/, status: 500, times: 10 });
    const failed = await sweep();
    expect(failed.code).toBe(1);
    expect(issue(1).state).toBe('open');
    expect(issue(2).state).toBe('open');
    expect(comments(1)).toHaveLength(1);
    expect(comments(2)).toHaveLength(2);

    emu.faults.clear();
    const rerun = await sweep();
    expect(rerun.code, rerun.stdout + rerun.stderr).toBe(0);
    expect(issue(1)).toMatchObject({ state: 'closed', stateReason: 'not_planned' });
    expect(issue(2)).toMatchObject({ state: 'closed', stateReason: 'not_planned' });
    expect(comments(1)).toEqual(['Closing as not planned.\n\n<!-- repo-actions:triage rule=wontfix -->']);
    // Our own close comment is not "activity after the mark": the item is closed, not unmarked.
    expect(comments(2)).toEqual([
      `Stale.\n\n${STALE}`,
      'Closed for inactivity.\n\n<!-- repo-actions:triage stale-close -->',
    ]);
    expect(labels(2)).toEqual(['stale']);
    expect(
      rerun.requests
        .filter((e) => e.method !== 'GET')
        .map((e) => `${e.method} ${e.path}`)
        .sort(),
    ).toEqual(['PATCH /repos/octo/app/issues/1', 'PATCH /repos/octo/app/issues/2']);
  });
});

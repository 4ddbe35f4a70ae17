// The engine's answers: adds of labels the repository lacks (skipped with a warning, or created first), and the
// answers to slash commands (😕 and one reply for what was not done, author-can).
import { describe, expect, it } from 'vitest';
import type { TriageOptions } from '../../../../src/actions/triage/domain/engine';
import { runTriageInService } from '../../../../src/hosts/service/triage-host';
import type { TriageOperation } from '../../../../src/actions/triage/operations';
import { fakeClient, fakeReader, silentLog, type FakeRepo } from './fakes';
import { config, makeItem } from './items';

const CONFIG = config(`
rules:
  - id: crash
    if: { type: issue, title: '/crash/i' }
    then: { add-labels: [bug], comment: Thanks. }
commands: { permission: write }
`);

/** The comment of a comment event as the API has it: here, as the event says (other tests cover a lying event). */
function apiAgrees(repo: FakeRepo, event: { name: string; payload: unknown }): FakeRepo {
  const { issue, comment } = event.payload as {
    issue?: { number: number };
    comment?: { id: number; body: string; user: { login: string } };
  };
  if (event.name !== 'issue_comment' || !comment || !issue || repo.comment) return repo;
  const fresh = { id: comment.id, body: comment.body, user: comment.user.login, isBot: false, number: issue.number };
  return { ...repo, comment: { [comment.id]: fresh } };
}

async function run(repo: FakeRepo, event: { name: string; payload: unknown }, extra: Partial<TriageOptions> = {}) {
  const reader = fakeReader(apiAgrees(repo, event));
  const written: TriageOperation[] = [];
  const result = await runTriageInService({
    client: fakeClient(),
    repo: { owner: 'o', repo: 'r' },
    config: CONFIG,
    event,
    log: silentLog,
    reader,
    execute: async (op) => {
      written.push(op);
    },
    ...extra,
  });
  const describe = (op: TriageOperation) => `${op.kind} ${op.target} ${op.subject}`;
  return { result, reads: reader.reads, written: written.map(describe).sort() };
}

describe('triage through the service host: labels the repository lacks', () => {
  const issue = { name: 'issues', payload: { action: 'opened', issue: { number: 3 } } };
  const crash = () => ({ items: [makeItem({ number: 3, title: 'Crash!', comments: 0 })] });

  it('skips the add of a missing label with a warning, reading the label list once', async () => {
    const warnings: string[] = [];
    const log = { ...silentLog, warning: (m: string) => warnings.push(m) };
    const r = await run({ ...crash(), labels: ['question'] }, issue, { log });
    expect(r.reads).toEqual(['item 3', 'labels']);
    expect(r.written).toEqual(['comment #3 Thanks.']);
    expect(warnings).toEqual([expect.stringMatching(/Label "bug" does not exist.*rule crash/)]);
    expect(r.result.notes).toContain("Planning read the repository's labels: 1 request (1 label).");
  });

  it('creates it first with create-missing-labels, in the configured colour', async () => {
    const create = config(`
create-missing-labels: true
missing-label-color: '#FF8800'
rules:
  - id: crash
    if: { title: '/crash/i' }
    then: { add-labels: [bug] }
`);
    const r = await run({ ...crash(), labels: [] }, issue, { config: create });
    expect(r.result.plan.map((op) => op.payload)).toEqual([
      { type: 'add-label', label: 'bug', create: { color: 'ff8800' } },
    ]);
  });

  it('reads no label list when nothing is added, and an existing label (other case) is added', async () => {
    const none = await run({ items: [makeItem({ number: 3, title: 'fine' })], labels: [] }, issue);
    expect(none.reads).toEqual(['item 3']);
    const other = await run({ ...crash(), labels: ['BUG'] }, issue);
    expect(other.written).toContain('add-label #3 bug');
  });
});

describe('triage through the service host: command answers', () => {
  const comment = (user: string, body: string) => ({
    name: 'issue_comment',
    payload: { action: 'created', issue: { number: 1 }, comment: { id: 9, body, user: { login: user } } },
  });
  const withAuthor = config(`commands: { permission: write, author-can: [close, reopen] }`);

  it('an unknown command (a typo) gets 😕 and one reply naming it; other `/words` are not ours', async () => {
    const r = await run(
      { items: [makeItem({ number: 1 })], permissions: { mona: 'write' } },
      comment('mona', '/lable bug'),
    );
    expect(r.written).toEqual(['comment #1 @mona, not done:', 'react #1 confused on comment 9']);
    const reply = r.result.plan.find((op) => op.payload.type === 'comment')!.payload;
    expect(reply).toMatchObject({ body: expect.stringContaining('`/lable` is not a command (did you mean /label?)') });
    expect(reply).toMatchObject({ body: expect.stringContaining('<!-- repo-actions:triage reply=9 -->') });
    const other = await run({ items: [makeItem({ number: 1 })] }, comment('mona', '/retest please'));
    expect(other.written).toEqual([]);
  });

  it('does the rest and answers what was not done (partly done)', async () => {
    const r = await run(
      { items: [makeItem({ number: 1 })], permissions: { mona: 'write' } },
      comment('mona', '/label bug\n/close as wontfix'),
    );
    expect(r.written).toEqual(['add-label #1 bug', 'comment #1 @mona, not done:', 'react #1 confused on comment 9']);
  });

  it('never replies twice: our reply already on the item (a run stopped before the 😕) is not posted again', async () => {
    const ours = {
      body: 'not done\n<!-- repo-actions:triage reply=9 -->',
      user: { login: 'github-actions[bot]', type: 'Bot' },
    };
    const forged = { body: 'x <!-- repo-actions:triage reply=9 -->', user: { login: 'eve', type: 'User' } };
    const again = await run(
      { items: [makeItem({ number: 1, comments: 1 })], comments: { 1: [ours] } },
      comment('eve', '/close'),
    );
    expect(again.written).toEqual(['react #1 confused on comment 9']);
    const notOurs = await run(
      { items: [makeItem({ number: 1, comments: 1 })], comments: { 1: [forged] } },
      comment('eve', '/close'),
    );
    expect(notOurs.written).toEqual(['comment #1 @eve, not done:', 'react #1 confused on comment 9']);
  });

  it('a reply quotes no HTML of the comment (no marker can be planted through it)', async () => {
    const r = await run({ items: [makeItem({ number: 1 })] }, comment('eve', '/assign <!--x-->'));
    const reply = r.result.plan.find((op) => op.payload.type === 'comment')!.payload as { body: string };
    expect(reply.body).toContain('`‹!--x--›`');
    expect(reply.body.split('<!--')).toHaveLength(2);
  });

  it('author-can lets the author close their own issue, and nobody else', async () => {
    const items = () => [makeItem({ number: 1, author: 'Ann' })];
    const own = await run({ items: items() }, comment('ann', '/close'), { config: withAuthor });
    expect(own.written).toEqual(['close #1 completed', 'react #1 +1 on comment 9']);
    const label = await run({ items: items() }, comment('ann', '/label bug'), { config: withAuthor });
    expect(label.written).toEqual(['comment #1 @ann, not done:', 'react #1 confused on comment 9']);
    const stranger = await run({ items: items() }, comment('eve', '/close'), { config: withAuthor });
    expect(stranger.written).toEqual(['comment #1 @eve, not done:', 'react #1 confused on comment 9']);
  });

  it('a /label of a label the repository lacks is answered, not done; the label list is read once', async () => {
    const r = await run(
      { items: [makeItem({ number: 1 })], permissions: { mona: 'write' }, labels: ['bug'] },
      comment('mona', '/label bug, nope'),
    );
    expect(r.written).toEqual(['add-label #1 bug', 'comment #1 @mona, not done:', 'react #1 confused on comment 9']);
    const reply = r.result.plan.find((op) => op.payload.type === 'comment')!.payload as { body: string };
    expect(reply.body).toContain('/label: `nope` is not a label of this repository');
    expect(r.reads.filter((read) => read === 'labels')).toHaveLength(1);
  });

  it('a locked conversation gets the 😕 without a reply', async () => {
    const r = await run({ items: [makeItem({ number: 1, locked: true })] }, comment('eve', '/close'));
    expect(r.written).toEqual(['react #1 confused on comment 9']);
  });
});

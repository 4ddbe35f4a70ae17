// A slash command is judged by the comment as the API has it now, never by the event's copy: its author, its text
// and the item it is on. The event only names the comment (and, when it shows no command, saves the read).
import { describe, expect, it } from 'vitest';
import { runTriageInService } from '../../../../src/hosts/service/triage-host';
import type { FreshComment } from '../../../../src/actions/triage/domain/fresh-comment';
import type { TriageOperation } from '../../../../src/actions/triage/operations';
import { fakeClient, fakeReader, type FakeRepo } from './fakes';
import { config, makeItem } from './items';

const CONFIG = config(`
commands: { permission: write, allow: [label, close] }
`);

const event = (user: string, body: string) => ({
  name: 'issue_comment',
  payload: { action: 'created', issue: { number: 1 }, comment: { id: 9, body, user: { login: user } } },
});
const fresh = (user: string, body: string, extra: Partial<FreshComment> = {}): FreshComment => ({
  id: 9,
  body,
  user,
  isBot: false,
  number: 1,
  ...extra,
});

async function run(on: FreshComment | undefined, told: { name: string; payload: unknown }) {
  const repo: FakeRepo = {
    items: [makeItem({ number: 1 }), makeItem({ number: 2 })],
    permissions: { admin: 'admin', mallory: 'none' },
    ...(on ? { comment: { [on.id]: on } } : {}),
  };
  const reader = fakeReader(repo);
  const lines: string[] = [];
  const written: TriageOperation[] = [];
  const result = await runTriageInService({
    client: fakeClient(),
    repo: { owner: 'o', repo: 'r' },
    config: CONFIG,
    event: told,
    log: { debug: () => {}, info: (m) => lines.push(m), warning: (m) => lines.push(`warning: ${m}`) },
    reader,
    execute: async (op) => {
      written.push(op);
    },
  });
  return {
    result,
    reads: reader.reads,
    lines,
    written: written.map((op) => `${op.kind} ${op.target} ${op.subject}`).sort(),
  };
}

describe('slash commands read the comment fresh', () => {
  it('an event naming an admin as the author of a non-member’s comment: the non-member is checked, and refused', async () => {
    const r = await run(fresh('mallory', '/close'), event('admin', '/close'));
    expect(r.reads).toEqual(['comment 9', 'reactions 9', 'permission mallory', 'item 1']);
    expect(r.written).toEqual(['comment #1 @mallory, not done:', 'react #1 confused on comment 9']);
    expect(r.lines).toContainEqual(expect.stringMatching(/event names @admin .* the API @mallory/));
  });

  it('a comment edited after the event so it holds no command: nothing done, said in the log', async () => {
    const r = await run(fresh('admin', 'never mind'), event('admin', '/close'));
    expect(r.reads).toEqual(['comment 9']);
    expect(r.written).toEqual([]);
    expect(r.lines).toContainEqual(expect.stringMatching(/comment 9 was edited and holds no slash command now/i));
  });

  it('a comment edited to another command: the text as it is now is what runs', async () => {
    const r = await run(fresh('admin', '/label bug'), event('admin', '/close'));
    expect(r.written).toEqual(['add-label #1 bug', 'react #1 +1 on comment 9']);
  });

  it('a deleted comment (404): nothing done, said in the log', async () => {
    const r = await run(undefined, event('admin', '/close'));
    expect(r.reads).toEqual(['comment 9']);
    expect(r.written).toEqual([]);
    expect(r.result.notes).toEqual(['comment 9 was deleted: nothing to do']);
    expect(r.lines).toContainEqual('Comment 9 was deleted: nothing to do');
  });

  it('a comment on another item than the event names: nothing done', async () => {
    const r = await run(fresh('admin', '/close', { number: 2 }), event('admin', '/close'));
    expect(r.written).toEqual([]);
    expect(r.lines).toContainEqual(expect.stringMatching(/comment 9 is on #2, not #1/i));
  });

  it('a comment the API says a bot wrote: nothing done', async () => {
    const r = await run(fresh('admin[bot]', '/close', { isBot: true }), event('admin', '/close'));
    expect(r.written).toEqual([]);
  });

  it('an event without a command costs no read, whatever the comment says now', async () => {
    const r = await run(fresh('admin', '/close'), event('admin', 'thanks'));
    expect(r.reads).toEqual([]);
    expect(r.written).toEqual([]);
  });

  it('with a reaction rollup that counts no 👍 👎 😕, the reaction list is not read', async () => {
    const none = await run(fresh('admin', '/close', { verdicts: 0 }), event('admin', '/close'));
    expect(none.reads).toEqual(['comment 9', 'permission admin', 'item 1']);
    expect(none.written).toEqual(['close #1 completed', 'react #1 +1 on comment 9']);
    const some = await run(fresh('admin', '/close', { verdicts: 1 }), event('admin', '/close'));
    expect(some.reads).toEqual(['comment 9', 'reactions 9', 'permission admin', 'item 1']);
  });
});

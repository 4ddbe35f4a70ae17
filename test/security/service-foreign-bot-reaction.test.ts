// The attack: an account that owns any GitHub App reacts 👍 (or 👎) to a maintainer's `/close` before the
// service's job runs. The service in App mode knows its App id; its login may be unknown (no `--own-login`). No
// bot stands for the service: the foreign App's reaction does not mark the comment handled, and the command runs.
// The service's own reaction (by its login) still does.
import { describe, expect, it } from 'vitest';
import { runTriageInService } from '../../src/hosts/service/triage-host';
import type { TriageOperation } from '../../src/actions/triage/operations';
import { fakeClient, fakeReader, silentLog, type FakeRepo } from '../unit/actions/triage/fakes';
import { config, makeItem } from '../unit/actions/triage/items';

const CONFIG = config('commands: { permission: write }');
const event = {
  name: 'issue_comment',
  payload: { action: 'created', issue: { number: 1 }, comment: { id: 9, body: '/close', user: { login: 'mona' } } },
};

async function run(reactions: FakeRepo['reactions'], identity: { appId: number; login?: string }) {
  const repo: FakeRepo = {
    items: [makeItem({ number: 1 })],
    permissions: { mona: 'maintain' },
    comment: { 9: { id: 9, body: '/close', user: 'mona', isBot: false, number: 1 } },
    reactions,
  };
  const written: TriageOperation[] = [];
  await runTriageInService({
    client: fakeClient(),
    repo: { owner: 'o', repo: 'r' },
    config: CONFIG,
    event,
    log: silentLog,
    reader: fakeReader(repo),
    identity,
    execute: async (op) => {
      written.push(op);
    },
  });
  return written.map((op) => `${op.kind} ${op.target} ${op.subject}`);
}

describe("a foreign App's reaction does not stand for the service", () => {
  it.each([
    ['👍 of another App', '+1'],
    ['👎 of another App', '-1'],
    ['😕 of another App', 'confused'],
  ])('%s: the maintainer’s /close still runs (login unknown)', async (_what, content) => {
    const written = await run({ 9: [{ content, user: { login: 'attacker-app[bot]', type: 'Bot' } }] }, { appId: 4242 });
    expect(written).toContain('close #1 completed');
  });

  it('the service’s own 👍, by its login, marks the comment handled', async () => {
    const written = await run(
      { 9: [{ content: '+1', user: { login: 'our-app[bot]', type: 'Bot' } }] },
      { appId: 4242, login: 'our-app[bot]' },
    );
    expect(written).toEqual([]);
  });
});

// Through the bundle: a comment written before the stale mark and edited after it. actions/stale lists an item's
// comments with `since` = the mark, and GitHub's `since` compares a comment's `updated_at` (an edit moves it), so
// under its rules the edited comment is activity and the label comes off. Triage's own semantics count a reply
// from when it was posted: the item is closed. Both reads carry the date: REST's `updated_at` and GraphQL's
// `IssueComment.updatedAt` (the emulator moves both on PATCH, as GitHub does).
import { describe, expect, it } from 'vitest';
import type { Emulator, IssueSeed } from '../../../emulator';
import { daysAgo, REPO, scenarioOf } from '../../../emulator/scenarios/triage';
import { triageHarness } from './harness';

const h = triageHarness();
let emu: Emulator | undefined;

const STALE = '<!-- repo-actions:triage stale -->';
const MONA = 'ghp_mona_edits';
const issue = (n: number) => emu!.state.repo(REPO)!.issues.get(n)!;
const labels = (n: number) => issue(n).labels.map((l) => l.name);

// Marked 10 days ago by triage's stale comment; mona commented 20 days ago (before the mark).
const marked = (number: number): IssueSeed => ({
  number,
  title: `Item ${number}`,
  createdAt: daysAgo(200),
  updatedAt: daysAgo(10),
  labels: ['stale'],
  comments: [
    { body: 'Any news on this?', user: 'mona', createdAt: daysAgo(20) },
    { body: `Stale.\n\n${STALE}`, user: 'github-actions[bot]', viaApp: 15368, createdAt: daysAgo(10) },
  ],
});

async function editMonasComment(number: number): Promise<void> {
  const repo = emu!.state.repo(REPO)!;
  const comment = [...repo.comments.values()].find((c) => c.issueNumber === number && c.user === 'mona');
  const response = await fetch(`${emu!.apiUrl}/repos/${REPO}/issues/comments/${comment!.id}`, {
    method: 'PATCH',
    headers: { authorization: `token ${MONA}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ body: 'Any news on this? (still needed)' }),
  });
  expect(response.status, await response.text()).toBe(200);
}

describe('triage stale sweep: a comment edited after the mark', () => {
  it.each([
    ['actions-stale', false, ['open', 'closed']],
    ['actions-stale', true, ['open', 'closed']],
    ['triage', false, ['closed', 'closed']],
    ['triage', true, ['closed', 'closed']],
  ])('semantics %s (GraphQL reads %s): #1 (edited) and #2 (not) end %j', async (semantics, graphql, states) => {
    const scenario = scenarioOf({ issues: [marked(1), marked(2)] });
    scenario.tokens![MONA] = { kind: 'user', login: 'mona' };
    emu = await h.start(scenario, { graphql });
    await editMonasComment(1);
    const config = `
stale:
  semantics: ${semantics}
  days-before-stale: 30
  days-before-close: 7
  stale-comment: Stale.
`;
    const r = await h.run({ event: { name: 'schedule', payload: {} }, workspace: { '.github/triage.yml': config } });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    // With GraphQL on, the comments (and their updatedAt) come with the details: no REST comment list is read.
    const restCommentReads = r.requests.filter((e) => e.method === 'GET' && /\/issues\/\d+\/comments/.test(e.path));
    expect(restCommentReads.length > 0).toBe(!graphql);
    expect([issue(1).state, issue(2).state]).toEqual(states);
    expect(labels(1)).toEqual(states[0] === 'open' ? [] : ['stale']);
    expect(labels(2)).toEqual(['stale']);
  });
});

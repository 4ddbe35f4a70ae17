// Through the bundle: a label event after the stale mark, and the close label of a reopened item.
// GitHub moves an issue's `updated_at` when a label is added or removed (actions/stale relies on it: it compares
// `updated_at` with the stale label's `labeled` event, allowing 15 s between them, and reads no other event to find
// activity — src/classes/issues-processor.ts `_processStaleIssue`, v10.1.1). So a person's label change after the
// mark unmarks in triage's own semantics too, through `updated_at`, with no events read.
// actions/stale removes `close-issue-label` from an open item (`_removeCloseLabel`): a reopened item loses it.
import { describe, expect, it } from 'vitest';
import type { Emulator, IssueSeed } from '../../../emulator';
import { daysAgo, REPO, scenarioOf } from '../../../emulator/scenarios/triage';
import { triageHarness } from './harness';

const h = triageHarness();
let emu: Emulator | undefined;

const STALE = '<!-- repo-actions:triage stale -->';
const MONA = 'ghp_mona_label_events';
const issue = (n: number) => emu!.state.repo(REPO)!.issues.get(n)!;
const labels = (n: number) =>
  issue(n)
    .labels.map((l) => l.name)
    .sort();
const marked = (number: number, more: string[] = []): IssueSeed => ({
  number,
  title: `Item ${number}`,
  createdAt: daysAgo(200),
  updatedAt: daysAgo(10),
  labels: ['stale', ...more],
  comments: [{ body: `Stale.\n\n${STALE}`, user: 'github-actions[bot]', viaApp: 15368, createdAt: daysAgo(10) }],
});

/** A person's request with their own token (a label change moves `updated_at`). */
async function asMona(method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${emu!.apiUrl}${path}`, {
    method,
    headers: { authorization: `token ${MONA}`, 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, await response.text()).toBeLessThan(300);
}

describe('triage stale sweep: label events and the close label', () => {
  it('a label added or removed by a person after the mark unmarks; the close label leaves a reopened item, with no events read', async () => {
    const scenario = scenarioOf({
      issues: [
        marked(1),
        marked(2, ['question']),
        marked(3),
        { number: 4, title: 'Reopened', createdAt: daysAgo(200), updatedAt: daysAgo(1), labels: ['closed-stale'] },
        {
          number: 5,
          title: 'Closed',
          createdAt: daysAgo(200),
          updatedAt: daysAgo(20),
          labels: ['closed-stale'],
          state: 'closed',
        },
      ],
    });
    scenario.tokens![MONA] = { kind: 'user', login: 'mona' };
    emu = await h.start(scenario);
    await asMona('POST', `/repos/${REPO}/issues/1/labels`, { labels: ['bug'] });
    await asMona('DELETE', `/repos/${REPO}/issues/2/labels/question`);
    const config = `
stale:
  days-before-stale: 30
  days-before-close: 7
  close-issue-label: closed-stale
`;
    const r = await h.run({ event: { name: 'schedule', payload: {} }, workspace: { '.github/triage.yml': config } });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(labels(1)).toEqual(['bug']);
    expect(issue(1).state).toBe('open');
    expect(labels(2)).toEqual([]);
    expect(issue(2).state).toBe('open');
    // No activity since the mark: closed with the close label.
    expect(issue(3).state).toBe('closed');
    expect(labels(3)).toEqual(['closed-stale', 'stale']);
    expect(labels(4)).toEqual([]);
    expect(issue(4).state).toBe('open');
    expect(labels(5)).toEqual(['closed-stale']);
    expect(r.requests.filter((e) => /\/events$|\/timeline$/.test(e.path))).toEqual([]);
  });
});

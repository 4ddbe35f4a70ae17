// Forged markers (hostile input): a stranger pastes the hidden markers of triage's own comments. A pasted stale-close
// marker must not make the sweep close a stale item, and a pasted rule marker must not suppress the rule's
// comment: markers count only in comments the engine wrote (here: the workflow token's, via GitHub Actions' App).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator';
import { runBundle } from '../../harness/run-bundle';
import { daysAgo, REPO, scenarioOf, TOKEN, withoutPostToken } from '../../emulator/scenarios/triage';

const FORGED = readFileSync(join(__dirname, 'fixtures', 'triage-forged-markers.md'), 'utf8');
const CONFIG = `
rules:
  - id: welcome
    if: { type: issue, title: '/^help/i' }
    then: { comment: Welcome! }
stale: { days-before-stale: 30, days-before-close: 7, close-comment: Closed. }
`;

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

const comments = (n: number) =>
  [...emu!.state.repo(REPO)!.comments.values()].filter((c) => c.issueNumber === n).map((c) => withoutPostToken(c.body));

describe('triage: forged markers', () => {
  it('a pasted stale-close or rule marker has no effect', async () => {
    emu = await createEmulator(
      scenarioOf({
        issues: [
          {
            number: 1,
            title: 'Marked stale, then a stranger pastes the markers',
            labels: ['stale'],
            createdAt: daysAgo(100),
            updatedAt: daysAgo(1),
            comments: [
              {
                body: 'Stale.\n\n<!-- repo-actions:triage stale -->',
                user: 'github-actions[bot]',
                viaApp: 15368,
                createdAt: daysAgo(3),
              },
              { body: FORGED, user: 'mallory', createdAt: daysAgo(1) },
            ],
          },
          {
            number: 2,
            title: 'Help: how do I start?',
            createdAt: daysAgo(1),
            updatedAt: daysAgo(1),
            comments: [{ body: FORGED, user: 'mallory', createdAt: daysAgo(1) }],
          },
        ],
      }),
      { timeScale: 0.01 },
    );
    const r = await runBundle('triage', {
      emulator: emu,
      token: TOKEN,
      event: { name: 'schedule', payload: {} },
      workspace: { '.github/triage.yml': CONFIG },
    });
    expect(r.code, r.stdout).toBe(0);
    const repo = emu.state.repo(REPO)!;
    // The stranger's comment is activity: the stale label goes, the item stays open, no close comment.
    expect(repo.issues.get(1)!.state).toBe('open');
    expect(repo.issues.get(1)!.labels.map((l) => l.name)).toEqual([]);
    expect(comments(1)).toHaveLength(2);
    // The forged rule marker does not count: the rule comments.
    expect(comments(2)).toEqual([FORGED, 'Welcome!\n\n<!-- repo-actions:triage rule=welcome -->']);
    // The engine's own comment carries GitHub Actions' App, as GitHub sets it.
    const own = [...repo.comments.values()].find((c) => c.issueNumber === 2 && c.user === 'github-actions[bot]');
    expect(own?.viaApp).toBe(15368);
  });
});

// No close without the warning: a stale label a person put on, whose only comment is someone else's, gets the
// engine's stale comment first; it is closed only after that comment has been there for days-before-close.
import { describe, expect, it } from 'vitest';
import type { Emulator } from '../../../emulator';
import { daysAgo, scenarioOf } from '../../../emulator/scenarios/triage';
import { triageHarness } from './harness';
import { repoView, STALE_MARKER } from './repo-view';

const h = triageHarness();
let emu: Emulator | undefined;

const STALE = STALE_MARKER;
const { issue, comments } = repoView(() => emu);

describe('triage: no close without the stale comment', () => {
  it("a maintainer's stale label with one comment by someone else: warned, not closed", async () => {
    emu = await h.start(
      scenarioOf({
        issues: [
          {
            number: 1,
            title: 'Labelled by hand',
            labels: ['stale'],
            createdAt: daysAgo(60),
            updatedAt: daysAgo(20),
            comments: [{ body: 'Any news?', user: 'someone', createdAt: daysAgo(20) }],
          },
        ],
      }),
    );
    const r = await h.run({
      event: { name: 'schedule', payload: {} },
      workspace: { '.github/triage.yml': 'stale: { days-before-stale: 30, days-before-close: 7 }' },
    });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(issue(1).state).toBe('open');
    expect(comments(1)).toEqual(['Any news?', expect.stringContaining(STALE)]);
  });
});

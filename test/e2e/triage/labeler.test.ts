// A workflow that used actions/labeler v5 works by changing its `uses:` line: `.github/labeler.yml` is read as is
// (no triage config), labels are added, and with `sync-labels` a label whose condition no longer holds is removed.
import { describe, expect, it } from 'vitest';
import type { Emulator } from '../../../emulator';
import { REPO, scenarioOf } from '../../../emulator/scenarios/triage';
import { triageHarness } from './harness';

const h = triageHarness();
let emu: Emulator | undefined;

const LABELER = `
documentation:
- changed-files:
  - any-glob-to-any-file: ['docs/**']
source:
- all:
  - changed-files:
    - any-glob-to-any-file: 'src/**'
    - all-globs-to-all-files: '!src/docs/*'
feature:
- head-branch: ['^feature']
`;
const labels = (n: number) =>
  emu!.state
    .repo(REPO)!
    .issues.get(n)!
    .labels.map((l) => l.name)
    .sort();
const event = (number: number, head: string) => ({
  name: 'pull_request',
  payload: {
    action: 'synchronize',
    number,
    pull_request: { number, head: { ref: head, sha: 'a'.repeat(40) }, base: { ref: 'main' } },
  },
});

describe('triage as actions/labeler v5', () => {
  it('reads .github/labeler.yml as is; sync-labels removes what no longer matches', async () => {
    emu = await h.start(
      scenarioOf({
        labels: [
          { name: 'documentation', color: '0075ca' },
          { name: 'source', color: '00ff00' },
          { name: 'feature', color: 'a2eeef' },
        ],
        issues: [
          {
            number: 1,
            title: 'Change',
            labels: ['documentation'],
            pull: { head: 'feature/x', files: [{ filename: 'src/a.ts' }] },
          },
        ],
      }),
    );
    const workspace = { '.github/labeler.yml': LABELER };
    const synced = await h.run({ event: event(1, 'feature/x'), workspace, inputs: { 'sync-labels': 'true' } });
    expect(synced.code, synced.stdout + synced.stderr).toBe(0);
    expect(labels(1)).toEqual(['feature', 'source']);

    // Without sync-labels a label of the file stays.
    emu.state.repo(REPO)!.issues.get(1)!.labels.push(emu.state.repo(REPO)!.label('documentation')!);
    const kept = await h.run({ event: event(1, 'feature/x'), workspace });
    expect(kept.code, kept.stdout + kept.stderr).toBe(0);
    expect(labels(1)).toEqual(['documentation', 'feature', 'source']);
  });
});

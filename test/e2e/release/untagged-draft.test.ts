// A softprops/action-gh-release step for a draft without a tag (`draft: true`, `tag_name: ""`, softprops PR #95),
// only `uses:` changed, on a branch push: the bundle creates the untagged draft with its assets, a re-run finds it
// (the draft with tag_name "" and the step's name) and writes nothing; without `draft` an empty tag stays an error.
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../../emulator';
import type { RunResult } from '../../../harness/run-bundle';
import { releaseScenario } from '../../../emulator/scenarios/release';
import { releaseHarness } from './harness';

const h = releaseHarness();
const { ws, run, releases } = h;
const writes = (r: RunResult) => r.requests.filter((e) => e.contentCreating);
const BRANCH = { ref: 'refs/heads/main' };
const FILES = { 'dist/app.zip': 'zip', 'dist/app.tar.gz': 'tar' };

describe('an untagged draft (softprops: tag_name "" with draft: true)', () => {
  it('is created without a tag, with its assets; a re-run converges on it and writes nothing', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const step = { tag_name: '', draft: 'true', name: 'Next release', files: 'dist/*' };
    const workspace = ws(FILES);
    const first = await run(step, workspace, BRANCH);
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(releases()).toHaveLength(1);
    const draft = releases()[0]!;
    expect(draft).toMatchObject({ tag: '', name: 'Next release', draft: true });
    expect(draft.assets.map((a) => a.name).sort()).toEqual(['app.tar.gz', 'app.zip']);
    expect(first.stdout).toMatch(/create\s+release\s+\(untagged draft\)\s+as a draft without a tag/);
    expect(first.outputs.tag).toBe('');
    expect(first.outputs['html-url']).toMatch(/\/releases\/tag\/untagged-[0-9a-f]+$/);
    expect(first.outputs.id).toBe(String(draft.id));

    const again = await run(step, workspace, BRANCH);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(writes(again)).toEqual([]);
    expect(releases()).toHaveLength(1);
    expect(again.stdout).toMatch(new RegExp(`Found release ${draft.id} for \\(untagged draft\\)`));
    expect(again.outputs.id).toBe(String(draft.id));

    // Another name is another untagged draft (the name is what tells them apart).
    const other = await run({ ...step, name: 'Other' }, workspace, BRANCH);
    expect(other.code, other.stdout).toBe(0);
    expect(releases().map((r) => [r.tag, r.name])).toEqual([
      ['', 'Next release'],
      ['', 'Other'],
    ]);
  });

  it('without draft: true an empty tag fails naming the input, before any request', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const r = await run({ tag_name: '', files: 'dist/*' }, ws(FILES), BRANCH);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toMatch(/Input "tag" is required[\s\S]*only a draft \(`draft: true`\) may have none/);
    expect(writes(r)).toEqual([]);
    expect(releases()).toEqual([]);
  });
});

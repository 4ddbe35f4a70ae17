// A re-run at its minimum: commit-files ran from a checkout and moved the branch; run again on the same checkout
// (its HEAD now behind the branch) it finds the workspace's files already equal the head's, so nothing is left to
// write whatever the head's history: no compare read, only the reads of the branch.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RequestLog } from '../../../emulator';
import { gitCheckout } from '../../../harness/commit-files-checkout';
import { REPO, scenarioOf } from '../../../emulator/scenarios/commit-files';
import { withoutLimitProbe } from '../emulator-mode';
import { harness, REST_ONLY } from './helpers';

const h = harness();

describe('commit-files re-run on the checkout whose branch it just moved', () => {
  it('reads the branch and writes nothing: no compare, REST path', async () => {
    const emu = await h.start(scenarioOf({ main: { 'README.md': '# app\n', 'gen/out.txt': 'v1\n' } }));
    const checkout = emu.state.branchSha(REPO, 'main')!;
    const dir = h.track(gitCheckout(emu, 'main'));
    writeFileSync(join(dir, 'gen/out.txt'), 'v2\n');
    const inputs = { 'on-unknown-base': 'fail', message: 'Regenerate', paths: 'gen' };

    const first = await h.run(inputs, dir, REST_ONLY);
    expect(first.code, first.stdout).toBe(0);
    const moved = emu.state.branchSha(REPO, 'main')!;
    expect(moved).not.toBe(checkout);

    const again = await h.run(inputs, dir, REST_ONLY);
    expect(again.code, again.stdout).toBe(0);
    expect(emu.state.branchSha(REPO, 'main')).toBe(moved);
    expect(again.outputs).toMatchObject({ committed: 'false' });
    expect(again.requests.filter((e) => e.path.includes('/compare/'))).toEqual([]);
    expect(again.stdout).toContain(
      `Base ${checkout.slice(0, 7)} (the checkout's HEAD); main is at ${moved.slice(0, 7)}, whose files already equal the workspace's: no compare read.`,
    );
    const spent = RequestLog.summarize(withoutLimitProbe(again.requests));
    // The ref and the tree: the minimum of a REST re-run.
    expect(spent).toMatchObject({ counted: 2, writes: 0, graphqlRequests: 0 });
  });

  it('a workspace that differs from the head still compares (the three-way needs the descent)', async () => {
    const emu = await h.start(scenarioOf({ main: { 'README.md': '# app\n', 'gen/out.txt': 'v1\n' } }));
    const dir = h.track(gitCheckout(emu, 'main'));
    emu.state.commitFiles(REPO, 'main', { 'NOTES.md': 'pushed meanwhile\n' }, 'Other', 'mona');
    writeFileSync(join(dir, 'gen/out.txt'), 'v2\n');
    const r = await h.run({ 'on-unknown-base': 'fail', message: 'Regenerate', paths: 'gen' }, dir, REST_ONLY);
    expect(r.code, r.stdout).toBe(0);
    expect(r.requests.filter((e) => e.path.includes('/compare/'))).toHaveLength(1);
  });
});

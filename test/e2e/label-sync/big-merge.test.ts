// A merge of an alias carried by more than 100 issues: priced with its pages, relabelled with a progress line every
// 100 issues, the alias deleted only once every carrier has the new label.
import { describe, expect, it } from 'vitest';
import { bugAndDefect, labelSyncHarness, writesOf } from './harness';

const h = labelSyncHarness();
const CARRIERS = 130;

describe('label-sync merging a large alias', () => {
  it(`relabels ${CARRIERS} carriers with progress lines, at the priced cost, then deletes the alias`, async () => {
    await h.start([
      bugAndDefect(
        Array.from({ length: CARRIERS }, (_, i) => ({
          title: `issue ${i}`,
          labels: ['defect'],
          ...(i % 3 === 0 ? { state: 'closed' as const } : {}),
        })),
      ),
    ]);
    const r = await h.run([{ name: 'bug', color: 'd73a4a', aliases: ['defect'] }], { prune: true });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/octo\/app: merging defect into bug: 100 of 130 issues \(76%\); relabelled/);
    // 130 labels added, a second look over 2 pages, the delete
    const merge = JSON.parse(r.outputs.plan).find((e: { kind: string }) => e.kind === 'merge');
    expect(merge.cost).toEqual({ requests: CARRIERS + 2 + 1, writes: CARRIERS + 1 });
    expect(writesOf(r)).toHaveLength(CARRIERS + 1);
    expect(h.names('octo/app')).toEqual(['bug']);
    for (let n = 1; n <= CARRIERS; n++) expect(h.issueLabels(n)).toEqual(['bug']);
    const again = await h.run([{ name: 'bug', color: 'd73a4a', aliases: ['defect'] }], { prune: true });
    expect(writesOf(again)).toEqual([]);
  });
});

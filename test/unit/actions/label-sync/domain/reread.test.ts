// The list read again after a run (src/actions/label-sync/domain/reread.ts): it is read only for repositories applied, compared
// with what the plan expected (failed operations aside), and a difference or a failed read is a warning naming the
// labels, never a failure and never a retry.
import { describe, expect, it } from 'vitest';
import { excludeMatcher } from '../../../../../src/actions/label-sync/domain/exclude';
import { createLabelReader } from '../../../../../src/actions/label-sync/domain/label-reads';
import { planLabels } from '../../../../../src/actions/label-sync/plan';
import { checkAfterRun, labelsAfter, unexpected } from '../../../../../src/actions/label-sync/domain/reread';
import { fakeClient } from '../fake-client';

const specs = [
  { name: 'bug', color: 'd73a4a', aliases: ['defect'] },
  { name: 'docs', color: '0075ca', aliases: [] },
  { name: 'new', color: 'a2eeef', aliases: [] },
];
const before = [
  { name: 'bug', color: 'ffffff', description: null },
  { name: 'docs', color: '0075ca', description: null },
  { name: 'stale', color: 'eeeeee', description: null },
];
const exclude = excludeMatcher([]);
const options = { repository: 'o/r', prune: true, exclude };

function setup(listed: typeof before, fail?: Error) {
  const fake = fakeClient({ labels: listed, fail: (c) => (fail && c.route.startsWith('GET') ? fail : undefined) });
  const reader = createLabelReader(fake.client, { info: () => undefined });
  const warnings: string[] = [];
  const plan = planLabels(specs, before, options);
  const state = { specs, exclude, reads: reader.account(), reader };
  state.reads.after = [{ repository: 'o/r', pages: 1 }];
  const check = (results: { op: (typeof plan.operations)[number]; status: string }[], applied = true) =>
    checkAfterRun(
      { log: { warning: (m: string) => warnings.push(m) } as never },
      state,
      true,
      [plan],
      results,
      () => applied,
    );
  return { fake, plan, warnings, check, reads: state.reads };
}

const done = (plan: ReturnType<typeof planLabels>) => plan.operations.map((op) => ({ op, status: 'done' }));

describe('after the writes', () => {
  it('the plan leaves as many labels as it creates minus what it deletes or merges', () => {
    const plan = planLabels(specs, before, options);
    expect(plan.operations.map((o) => o.kind).sort()).toEqual(['create', 'delete', 'update']);
    expect(labelsAfter(plan, before.length)).toBe(3);
  });

  it('a list as the plan left it: read once, counted apart, no warning', async () => {
    const after = [
      { name: 'bug', color: 'd73a4a', description: null },
      { name: 'docs', color: '0075ca', description: null },
      { name: 'new', color: 'a2eeef', description: null },
    ];
    const { fake, plan, warnings, check, reads } = setup(after);
    await check(done(plan));
    expect(fake.routes()).toEqual(['GET /labels']);
    expect(reads.afterRequests).toBe(1);
    expect(warnings).toEqual([]);
  });

  it('a list that lags: one warning naming each label not as planned, saying GitHub can lag; no retry', async () => {
    const { fake, plan, warnings, check } = setup(before);
    await check(done(plan));
    expect(fake.routes()).toEqual(['GET /labels']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^o\/r: read again after the writes, 3 labels are not as the plan left them: /);
    for (const name of ['"bug" (update)', '"new" (create)', '"stale" (delete)']) expect(warnings[0]).toContain(name);
    expect(warnings[0]).toMatch(/can lag just after writes/);
  });

  it('the labels of failed operations are not told twice', async () => {
    const { plan, warnings, check } = setup(before);
    await check(plan.operations.map((op) => ({ op, status: op.kind === 'update' ? 'done' : 'failed' })));
    expect(unexpected(specs, before, { ...options, failed: new Set(['new', 'stale']) })).toEqual(['"bug" (update)']);
    expect(warnings[0]).toMatch(/1 label is not as the plan left it: "bug" \(update\)\./);
  });

  it('a repository not applied (stopped by the budget) is not read again', async () => {
    const { fake, plan, warnings, check } = setup(before);
    await check(done(plan), false);
    expect(fake.calls).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('a read that fails is a warning, not a failure', async () => {
    const { plan, warnings, check } = setup(before, new Error('socket hang up'));
    await expect(check(done(plan))).resolves.toBeUndefined();
    expect(warnings).toEqual([
      'o/r: could not read the labels again after the run (socket hang up); the next run reads them in full.',
    ]);
  });
});

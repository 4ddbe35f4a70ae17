// The plan's price: its write count comes from its steps and agrees with the rows it prints; the list read after a
// create is a GraphQL point when the list is read through GraphQL, a REST request otherwise.
import { describe, expect, it } from 'vitest';
import { planCost } from '../../../../src/kernel/plan';
import { sha256Text } from '../../../../src/actions/release/domain/digest';
import { planRelease, type PlanFacts } from '../../../../src/actions/release/plan';
import { planOperations } from '../../../../src/actions/release/domain/plan-rows';
import { desiredRelease, localAsset, remoteAsset, remoteRelease } from './plan-fixtures';

const local = (name: string, content = name, label?: string) => localAsset(name, content, { label });
const remote = remoteAsset;
const release = remoteRelease;
const desired = desiredRelease;
const options = (extra = {}) => ({ existingAssets: 'replace' as const, sha256Text, ...extra });

describe('planRelease: the write count is derived from the steps and agrees with the printed rows', () => {
  it.each([
    {
      what: 'a new release with 3 assets',
      plan: () =>
        planRelease(
          desired(),
          ['a', 'b', 'c'].map((n) => local(n)),
          undefined,
          options(),
        ),
    },
    {
      what: 'a published release: one swap, one keep with a new label, a removal, checksums rebuilt',
      plan: () =>
        planRelease(
          desired({ removeOthers: true }),
          [local('a', 'new a'), local('b', 'b', 'Bee')],
          release({ assets: [remote('a', 'old a'), remote('b'), remote('gone'), remote('SUMS', 'stale\n')] }),
          options({ checksums: 'SUMS' }),
        ),
    },
    {
      what: 'a draft: a starter asset replaced, a staged copy left by an interrupted run',
      plan: () =>
        planRelease(
          desired(),
          [local('a'), local('b')],
          release({ draft: true, assets: [remote('a', 'a', { state: 'starter' }), remote('b.partial-0badf00d', 'b')] }),
          options(),
        ),
    },
    {
      what: 'generated notes on a new release from a previous tag',
      plan: () =>
        planRelease(desired({ generateNotes: true, previousTag: 'v0.9.0' }), [local('a')], undefined, options()),
    },
  ])('$what', ({ plan }) => {
    const p = plan();
    const rows = planCost(planOperations(p));
    expect(p.cost.writes).toBe(rows.writes);
    expect(p.cost.requests).toBe(rows.requests);
  });
});

describe('planRelease: both budgets', () => {
  const assets = ['a', 'b', 'c', 'd', 'e'].map((n) => local(`${n}.zip`));
  it.each([
    {
      what: 'the list through GraphQL: REST only for the writes, the list read after the create a point',
      facts: { listsThroughGraphql: true } as PlanFacts,
      cost: { requests: 7, writes: 7, points: 1 },
      row: { requests: 0, writes: 0, points: 1 },
    },
    {
      what: 'the list through REST: the list read after the create a request',
      facts: {} as PlanFacts,
      cost: { requests: 8, writes: 7 },
      row: { requests: 1, writes: 0 },
    },
  ])('$what', ({ facts, cost, row }) => {
    const p = planRelease(desired({ target: 'abc' }), assets, undefined, options(), facts);
    expect(p.cost).toEqual(cost);
    const read = planOperations(p).find((op) => op.kind === 'read' && op.target === 'releases');
    expect(read?.cost).toEqual(row);
    expect(planCost(planOperations(p))).toEqual(cost);
  });

  it('an existing release needs no list read after the plan: no point either way', () => {
    const p = planRelease(desired(), [local('a')], release({ draft: true }), options(), { listsThroughGraphql: true });
    expect(p.cost).toEqual({ requests: 2, writes: 2, points: 0 });
  });

  it('the notes on how the state was read go with the plan, also when it skips', () => {
    const readNotes = ['GraphQL unavailable (budget): releases listed through REST.'];
    expect(planRelease(desired(), [local('a')], undefined, options(), { readNotes }).readNotes).toEqual(readNotes);
    const skipped = planRelease(desired({ skipIfExists: true }), [local('a')], release(), options(), { readNotes });
    expect(skipped.skipped).toBeDefined();
    expect(skipped.readNotes).toEqual(readNotes);
  });
});

// commit-files reads the branch through GraphQL (head, tree, descent from the checkout in one query), and through
// REST by itself when GraphQL is unavailable or answers with errors: both paths end in the same branch, the plan
// says which was used, and on the GraphQL path REST is spent on the writes alone.
import { describe, expect, it } from 'vitest';
import { RequestLog } from '../../../emulator';
import { checkoutAs } from '../../../harness/commit-files-checkout';
import { REPO, scenarioA, type LocalSeed } from '../../../emulator/scenarios/commit-files';
import { withoutLimitProbe } from '../emulator-mode';
import { branchFiles, harness, isGraphql, REST_ONLY } from './helpers';

const h = harness();

/** Scenario A from a real checkout of main, after another push: the three-way needs the descent check. */
async function staleA(prepare?: () => void) {
  const a = scenarioA();
  const emu = await h.start(a.scenario);
  const workspace = h.track(checkoutAs(emu, 'main', a.workspace as Record<string, LocalSeed>));
  emu.state.commitFiles(REPO, 'main', { 'CHANGELOG.md': 'pushed meanwhile\n' }, 'Other', 'mona');
  prepare?.();
  return { a, emu, workspace };
}

describe('commit-files: the branch read through GraphQL, REST by itself', () => {
  it('both paths: the same branch; GraphQL leaves REST to the writes, REST reads the ref, tree and compare', async () => {
    const viaGraphql = await staleA();
    const g = await h.run({ ...viaGraphql.a.inputs, 'on-unknown-base': 'fail' }, viaGraphql.workspace);
    expect(g.code, g.stdout).toBe(0);
    const expected = branchFiles(viaGraphql.emu, 'main');
    const gs = RequestLog.summarize(withoutLimitProbe(g.requests));
    expect(gs).toMatchObject({ counted: 8, writes: 8, graphqlRequests: 1, graphqlPoints: 1 });
    expect(g.summary).toMatch(/Read the branch through GraphQL \(1 query, 1 point\)/);
    await h.stop();

    const viaRest = await staleA();
    const r = await h.run({ ...viaRest.a.inputs, 'on-unknown-base': 'fail' }, viaRest.workspace, REST_ONLY);
    expect(r.code, r.stdout).toBe(0);
    expect(branchFiles(viaRest.emu, 'main')).toEqual(expected);
    const rs = RequestLog.summarize(withoutLimitProbe(r.requests));
    expect(rs).toMatchObject({ counted: 11, writes: 8, graphqlRequests: 0 });
    expect(r.requests.filter((e) => e.path.includes('/compare/'))).toHaveLength(1);
    expect(r.summary).toMatch(/GraphQL unavailable \(.*\): read the branch through REST/);
  });

  it.each([
    {
      what: 'an answer with errors',
      fault: { status: 200, body: { data: null, errors: [{ type: 'INTERNAL', message: 'Something went wrong' }] } },
      says: /GraphQL unavailable \(.*Something went wrong/,
    },
    {
      what: 'a 2xx whose data does not fit the query',
      fault: { status: 200, body: { data: { rateLimit: null, repository: { isEmpty: false } } } },
      says: /GraphQL unavailable \(.*shape/,
    },
  ])('$what: read through REST by itself, says so, the same branch', async ({ fault, says }) => {
    const reference = await staleA();
    const ok = await h.run({ ...reference.a.inputs, 'on-unknown-base': 'fail' }, reference.workspace);
    expect(ok.code, ok.stdout).toBe(0);
    const expected = branchFiles(reference.emu, 'main');
    await h.stop();

    const { a, emu, workspace } = await staleA();
    emu.faults.respond({ method: 'POST', path: /\/graphql$/, times: 100, ...fault });
    const r = await h.run({ ...a.inputs, 'on-unknown-base': 'fail' }, workspace);
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(says);
    expect(branchFiles(emu, 'main')).toEqual(expected);
    // One GraphQL attempt, then REST for the ref, the tree and the compare; no second query.
    expect(r.requests.filter(isGraphql)).toHaveLength(1);
    expect(RequestLog.summarize(withoutLimitProbe(r.requests)).counted).toBe(11);
  });
});

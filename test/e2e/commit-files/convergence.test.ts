// Convergence (a re-run after any fault or crash ends in the state of an uninterrupted run): the main scenario (a new work branch from main, one commit with a binary, a text
// change and a deletion, a tag, a pull request with labels) under seeded fault mixes, and killed after every
// write and re-run on a fresh runner. The final state is compared exactly: the branch's files, one commit on
// top of main, the tag on it, one open pull request with its labels.
import { describe, expect, it } from 'vitest';
import type { Emulator } from '../../../emulator';
import { branchFiles, commitsSince, harness, isGraphql } from './helpers';
import { binary, REPO, scenarioOf, type LocalSeed } from '../../../emulator/scenarios/commit-files';

const h = harness();

const main = { 'README.md': '# app\n', 'docs/old.md': 'old\n', 'docs/keep.md': 'keep\n' };
const workspace = (): Record<string, LocalSeed> => ({
  'README.md': '# app v2\n',
  'docs/keep.md': 'keep\n',
  'assets/logo.bin': binary(30_000, 4),
});
const intended = {
  'README.md': '100644 # app v2\n',
  'docs/keep.md': '100644 keep\n',
  'assets/logo.bin': `100644 ${binary(30_000, 4).toString('utf8')}`,
};
const inputs = {
  message: 'Sync generated files',
  branch: 'bot/sync',
  'delete-missing': true,
  tag: 'sync-1',
  'pull-request-title': 'Sync generated files',
  'pull-request-labels': 'bot',
};
const seed = () => scenarioOf({ main }, { labels: [{ name: 'bot' }] });

function expectFinalState(emu: Emulator, base: string) {
  expect(branchFiles(emu, 'bot/sync')).toEqual(intended);
  const head = emu.state.branchSha(REPO, 'bot/sync')!;
  expect(commitsSince(emu, 'bot/sync', base)).toEqual([head]);
  expect(emu.state.repo(REPO)!.refs.get('refs/tags/sync-1')).toBe(head);
  const pulls = [...emu.state.repo(REPO)!.issues.values()].filter((i) => i.pull);
  expect(pulls).toHaveLength(1);
  expect(pulls[0]).toMatchObject({ state: 'open', pull: { head: 'bot/sync', base: 'main' } });
  expect(pulls[0]!.labels.map((l) => l.name)).toEqual(['bot']);
}

/** One fault of the mix: the table the seeds draw from (extend it as the emulator learns new faults). */
type Fault = (emu: Emulator, pick: <T>(list: readonly T[]) => T) => void;
const WRITES = ['/git/blobs', '/git/trees', '/git/commits', '/git/refs', '/pulls', '/issues/'] as const;
const FAULTS: Record<string, Fault> = {
  '5xx on any request': (emu, pick) => emu.faults.random5xx({ rate: 0.15, seed: pick([1, 2, 3, 4, 5, 6, 7]) }),
  'reset before the body of a write': (emu, pick) =>
    emu.faults.reset({ method: pick(['POST', 'PATCH']), path: pick(WRITES), when: 'before-body' }),
  'reset after a write ran (its answer lost)': (emu, pick) =>
    emu.faults.reset({ method: 'POST', path: pick(WRITES), when: 'after-body' }),
  '502 after a write ran': (emu, pick) =>
    emu.faults.respond({ method: 'POST', path: pick(WRITES), status: 502, afterHandler: true }),
  'an answer cut mid-body (a list, a tree, a ref)': (emu, pick) =>
    emu.faults.reset({
      method: 'GET',
      path: pick(['/git/ref/', '/git/trees/', '/pulls', '/git/matching-refs/']),
      when: 'mid-response',
    }),
  'a write answered with its body cut (the write ran)': (emu, pick) =>
    emu.faults.reset({ method: 'POST', path: pick(WRITES), when: 'mid-response' }),
  'a 2xx whose JSON does not parse': (emu, pick) =>
    emu.faults.respond({
      method: 'GET',
      path: pick(['/git/ref/', '/git/trees/']),
      status: 200,
      rawJson: '{"sha": "ab',
    }),
  '429 with retry-after on a read': (emu, pick) =>
    emu.faults.respond({
      method: 'GET',
      path: pick(['/git/ref/', '/git/trees/', '/pulls', '/git/matching-refs/']),
      status: 429,
      headers: { 'retry-after': '1' },
      body: { message: 'API rate limit exceeded' },
    }),
  'the GraphQL read cut mid-body, or answered with errors (then read through REST)': (emu, pick) =>
    pick([true, false])
      ? emu.faults.reset({ method: 'POST', path: /\/graphql$/, when: 'mid-response' })
      : emu.faults.respond({
          method: 'POST',
          path: /\/graphql$/,
          status: 200,
          body: { data: null, errors: [{ type: 'INTERNAL', message: 'Something went wrong' }] },
        }),
  'secondary-limit 403 on a write': (emu, pick) =>
    emu.faults.respond({
      method: 'POST',
      path: pick(WRITES),
      status: 403,
      headers: { 'retry-after': '1' },
      body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' },
    }),
};

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);

describe('commit-files under a seeded fault mix', () => {
  it.each(SEEDS)('seed %i: exit 0, the exact final state; a re-run writes nothing', async (n) => {
    const emu = await h.start(seed());
    const base = emu.state.branchSha(REPO, 'main')!;
    const random = rng(n);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const names = Object.keys(FAULTS);
    const chosen = new Set(Array.from({ length: 3 }, () => pick(names)));
    for (const name of chosen) FAULTS[name]!(emu, pick);
    const dir = h.ws(workspace());
    const r = await h.run(inputs, dir);
    expect(r.code, `${[...chosen].join(', ')}\n${r.stdout}`).toBe(0);
    expectFinalState(emu, base);
    emu.faults.clear();
    const again = await h.run(inputs, dir);
    expect(again.code, again.stdout).toBe(0);
    expect(again.requests.filter((e) => e.method !== 'GET' && !isGraphql(e))).toEqual([]);
    expectFinalState(emu, base);
  });
});

describe('commit-files killed after each write, then re-run on a fresh runner', () => {
  // blob, tree, commit, branch ref, tag ref, pull request, its labels: seven writes.
  it.each([1, 2, 3, 4, 5, 6, 7])('killed after write %i: the re-run ends in the exact state', async (k) => {
    const emu = await h.start(seed());
    const base = emu.state.branchSha(REPO, 'main')!;
    const dir = h.ws(workspace());
    const killed = await h.run(inputs, dir, { killAfterWrites: k });
    expect(killed.killed, killed.stdout).toBe(true);
    const again = await h.run(inputs, dir);
    expect(again.code, again.stdout).toBe(0);
    expectFinalState(emu, base);
    const third = await h.run(inputs, dir);
    expect(third.requests.filter((e) => e.method !== 'GET' && !isGraphql(e))).toEqual([]);
  });

  it('an uninterrupted run makes exactly those seven writes', async () => {
    const emu = await h.start(seed());
    const base = emu.state.branchSha(REPO, 'main')!;
    const r = await h.run(inputs, h.ws(workspace()));
    expect(r.code, r.stdout).toBe(0);
    expect(r.writes).toBe(7);
    expectFinalState(emu, base);
  });
});

// label-sync under a seeded mix of the emulator's fault switches, on the mixed scenario (every kind of write: updates,
// a case change, a rename, a merge with carriers, creates, prunes). Each seed draws a few faults from one table; the
// run must exit 0 with the labels and the issues' labels exactly as the file says, and a re-run must write nothing.
// A new fault switch is one more row of FAULTS.
import { describe, expect, it } from 'vitest';
import type { Faults } from '../../../emulator/faults';
import { labelSyncHarness, writesOf } from './harness';
import { expectedMap, mixedScenario } from '../../../emulator/scenarios/label-sync';

type Rng = () => number;

/** Seeded, so that a failing seed can be run again as it was. */
function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: Rng, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** The writes label-sync makes, of every kind. */
const WRITES: { method: string; path: RegExp }[] = [
  { method: 'POST', path: /\/labels$/ },
  { method: 'PATCH', path: /\/labels\/[^/]+$/ },
  { method: 'DELETE', path: /\/labels\/[^/]+$/ },
  { method: 'POST', path: /\/issues\/\d+\/labels$/ },
];

/** The requests label-sync makes, as fault targets: its reads (the label list through GraphQL, the carriers of an alias through REST) and its writes. */
const TARGETS: { method: string; path: RegExp }[] = [
  { method: 'POST', path: /\/graphql$/ },
  { method: 'GET', path: /\/issues$/ },
  ...WRITES,
];

/** One row per fault switch of the emulator: how to arm it at a random place. */
const FAULTS: Record<string, (faults: Faults, random: Rng) => void> = {
  '5xx at random': (f, r) => f.random5xx({ rate: 0.1, seed: Math.floor(r() * 1e9), statuses: [500, 502, 503] }),
  'reset before the request body': (f, r) => f.reset({ ...pick(r, TARGETS), when: 'before-body' }),
  'reset after the write was applied': (f, r) => f.reset({ ...pick(r, WRITES), when: 'after-body' }),
  'reset mid request body': (f, r) => f.reset({ ...pick(r, WRITES), when: { afterBytes: 5 } }),
  '502 after the write was applied': (f, r) => f.respond({ ...pick(r, WRITES), status: 502, afterHandler: true }),
  '429 with retry-after': (f, r) =>
    f.respond({ ...pick(r, TARGETS), status: 429, headers: { 'retry-after': '3' }, body: { message: 'Too many' } }),
  'secondary limit 403 with retry-after': (f, r) =>
    f.respond({
      ...pick(r, WRITES),
      status: 403,
      headers: { 'retry-after': '5' },
      body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' },
    }),
  'secondary limit 429 without retry-after': (f, r) =>
    f.respond({
      ...pick(r, WRITES),
      status: 429,
      body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' },
    }),
};

const SEEDS = Array.from({ length: 20 }, (_, i) => 1000 + i * 37);

describe('label-sync under a seeded fault mix', () => {
  const h = labelSyncHarness();

  it.each(SEEDS)('seed %i: exit 0, exact state, a re-run writes nothing', async (seed) => {
    const { seed: repository, file } = mixedScenario();
    await h.start([repository]);
    const random = rng(seed);
    const names = Object.keys(FAULTS);
    const armed = Array.from({ length: 3 }, () => pick(random, names));
    for (const name of armed) FAULTS[name]!(h.emu!.faults, random);

    const r = await h.run(file, { prune: true });
    const context = `faults: ${armed.join(', ')}\n${r.stdout}${r.stderr}`;
    expect(r.code, context).toBe(0);
    expect(h.labels(), context).toEqual(expectedMap(file));
    expect([h.issueLabels(1), h.issueLabels(2), h.issueLabels(3)], context).toEqual([['bug'], ['bug'], ['feature']]);

    // every armed fault met its request (the seeded 5xx are not counted as pending)
    expect(h.emu!.faults.pending, context).toBe(0);
    h.emu!.faults.clear();
    const again = await h.run(file, { prune: true });
    expect(again.code, again.stdout).toBe(0);
    expect(writesOf(again), context).toEqual([]);
  });

  /** A GraphQL label list answer of one page holding `labels`, `totalCount` of them in all. */
  const graphqlLabels = (totalCount: number, labels: Record<string, string>[]) =>
    JSON.stringify({
      data: {
        rateLimit: null,
        repository: {
          nameWithOwner: 'octo/app',
          labels: { totalCount, pageInfo: { hasNextPage: false, endCursor: null }, nodes: labels },
        },
      },
    });
  /** An answer to REST's label list, the GraphQL label list, or REST's issue list (read with GraphQL on). */
  const restLabels = (what: string, body: string) => ({ what, graphql: false, method: 'GET', path: /\/labels$/, body });
  const graphqlAnswer = (what: string, body: string) => ({
    what,
    graphql: true,
    method: 'POST',
    path: /\/graphql$/,
    body,
  });
  const issueList = (what: string, body: string) => ({ what, graphql: true, method: 'GET', path: /\/issues$/, body });
  const fullBug = { name: 'bug', color: 'd73a4a', description: 'Something is broken' };

  it.each([
    restLabels('a REST label list answered 200 with its JSON cut mid-way', '[{"name":"bug","col'),
    restLabels('a REST label list answered 200 with an empty body', ''),
    issueList('an issue list (carriers of an alias) cut mid-way', '[{"number":1,"lab'),
    graphqlAnswer(
      'a GraphQL label list answered 200 with its JSON cut mid-way',
      '{"data":{"rateLimit":null,"repository":{"nameWith',
    ),
    graphqlAnswer('a GraphQL label list answered 200 with an empty body', ''),
    graphqlAnswer('a GraphQL label list whose labels lack their colour', graphqlLabels(1, [{ name: 'bug' }])),
    graphqlAnswer('a GraphQL label list shorter than its count', graphqlLabels(8, [fullBug])),
  ])(
    '$what is never taken as data: retried or read through REST to exit 0 and the exact state, or a failure before any write',
    async ({ graphql, method, path, body }) => {
      const { seed: repository, file } = mixedScenario();
      await h.start([repository], { graphql });
      h.emu!.faults.respond({
        method,
        path,
        status: 200,
        headers: { 'content-type': 'application/json' },
        body,
      });
      const r = await h.run(file, { prune: true });
      // a GraphQL answer that is not data is retried (cut, empty) or the labels are read through REST instead
      if (method === 'POST') expect(r.code, r.stdout).toBe(0);
      if (r.code === 0) {
        expect(h.labels()).toEqual(expectedMap(file));
        expect([h.issueLabels(1), h.issueLabels(2), h.issueLabels(3)]).toEqual([['bug'], ['bug'], ['feature']]);
      } else {
        expect(r.stdout).toMatch(/::error::/);
        expect(writesOf(r)).toEqual([]);
      }
      const again = await h.run(file, { prune: true });
      expect(again.code, again.stdout).toBe(0);
      expect(h.labels()).toEqual(expectedMap(file));
    },
  );
});

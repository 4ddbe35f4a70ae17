// The two ways the release action reads the releases list: through GraphQL (its own budget) and through REST (when
// GraphQL cannot answer: here, no GraphQL endpoint). Tests of behaviour that depends on the list run on both.
import type { Emulator } from '../../../emulator';

export type ReadPath = 'GraphQL' | 'REST';
export const READ_PATHS: { reads: ReadPath }[] = [{ reads: 'GraphQL' }, { reads: 'REST' }];

/** The REST path: the GraphQL endpoint answers 404 (a GitHub Enterprise Server without it), for every query. */
export function readThrough(emu: Emulator, reads: ReadPath): void {
  if (reads === 'REST')
    emu.faults.respond({
      method: 'POST',
      path: /\/graphql$/,
      status: 404,
      body: { message: 'Not Found' },
      times: Infinity,
    });
}

/** A read of the releases list on the path (GraphQL's only query in a plain release run is the list's). */
export const isListRead =
  (reads: ReadPath) =>
  (e: { method: string; path: string }): boolean =>
    reads === 'REST'
      ? e.method === 'GET' && /\/releases$/.test(e.path)
      : e.method === 'POST' && /\/graphql$/.test(e.path);

/**
 * The list reads of `runs` runs, before and after each one's create, answer an empty list, as a replica that has not
 * seen the creates yet would. On the GraphQL path both APIs lag: a GraphQL list that shows no draft is checked on
 * REST's first page before the create, and one that misses the own draft just created is read again through REST.
 */
export function lagList(emu: Emulator, reads: ReadPath, runs: number): void {
  const restReads = 2 * runs;
  emu.faults.respond({ method: 'GET', host: 'api', path: /\/releases$/, status: 200, body: [], times: restReads });
  if (reads === 'REST') return;
  graphqlListsEmpty(emu, 2 * runs);
}

/** Every GraphQL list answers no release at all (a token whose GraphQL reads do not see drafts). */
export function graphqlShowsNoRelease(emu: Emulator): void {
  graphqlListsEmpty(emu, Infinity);
}

/** The next `times` GraphQL queries answer an empty releases list. */
function graphqlListsEmpty(emu: Emulator, times: number): void {
  emu.faults.respond({ method: 'POST', host: 'api', path: /\/graphql$/, status: 200, body: EMPTY_LIST, times });
}

const EMPTY_LIST = {
  data: {
    rateLimit: null,
    repository: {
      release: null,
      releases: { pageInfo: { hasNextPage: false, endCursor: null }, nodes: [] },
    },
  },
};

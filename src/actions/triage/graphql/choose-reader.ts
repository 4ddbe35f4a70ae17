// The reader a triage run uses: GraphQL first (its own budget, so REST's is left for the writes), REST beside it
// for what GraphQL cannot tell and for everything once GraphQL is unavailable.
import type { Client, Logger } from '../../../github/client/types';
import type { TriageConfig } from '../domain/config';
import type { RepoRef, TriageReader } from '../domain/reader';
import { createGraphqlReader } from './reader';
import { createTriageQueries } from './queries';

/** The stale section and its per-kind sections (`issues:`, `pull-requests:`). */
function staleSections(config: Pick<TriageConfig, 'stale'>): Record<string, unknown>[] {
  const stale = config.stale as Record<string, unknown> | undefined;
  if (!stale) return [];
  const nested = [stale.issues, stale['pull-requests']].filter(
    (s): s is Record<string, unknown> => typeof s === 'object' && s !== null,
  );
  return [stale, ...nested];
}

const staleSetting = (config: Pick<TriageConfig, 'stale'>, name: string): unknown[] =>
  staleSections(config).map((section) => section[name]);

/**
 * True when an item's assignees can make it need work (not only spare it from work): include-only-assigned
 * handles only assigned items, so the list (which reads no assignees) cannot tell which items are out. Every
 * other use of assignees only exempts an item or skips an assign, which planning the item without them shows.
 */
export function assigneesWidenWork(config: Pick<TriageConfig, 'stale'>): boolean {
  return staleSections(config).some((section) =>
    Object.entries(section).some(([key, value]) => /^include-only-.*assigned$/.test(key) && value === true),
  );
}

/**
 * Why this configuration is read through REST alone, or undefined: issue types are not in the GraphQL schema the
 * documents are validated against (@octokit/graphql-schema), and sorting by comments needs every item's comment
 * count (a connection per item: a point per page more than the list).
 */
export function restOnlyReason(config: Pick<TriageConfig, 'stale'>): string | undefined {
  if (staleSetting(config, 'only-issue-types').some((types) => Array.isArray(types) && types.length > 0))
    return 'only-issue-types needs issue types, which GraphQL does not give';
  if (staleSetting(config, 'sort-by').includes('comments')) return "sort-by comments needs every item's comment count";
  return undefined;
}

/** A REST reader whose notes say why GraphQL was not used. */
function restWithNote(rest: TriageReader, reason: string): TriageReader {
  return { ...rest, notes: () => [`GraphQL not used (${reason}): read through REST.`] };
}

export function triageReader(
  o: { client: Client; repo: RepoRef; config: TriageConfig; log: Logger },
  rest: TriageReader,
): TriageReader {
  const reason = restOnlyReason(o.config);
  if (reason) return restWithNote(rest, reason);
  return createGraphqlReader(createTriageQueries(o.client), o.repo, rest, {
    detailsOfAll: assigneesWidenWork(o.config),
    log: o.log,
  });
}

// The reader a triage run uses: GraphQL first (its own budget, so REST's is left for the writes), REST beside it
// for what GraphQL cannot tell and for everything once GraphQL is unavailable.
import type { Client, Logger } from '../../client/types';
import type { TriageConfig } from '../config';
import type { RepoRef, TriageReader } from '../reader';
import { createGraphqlReader } from './reader';
import { createTriageQueries } from './queries';

/** True when a stale setting or a rule depends on who is assigned (any setting named for assignees that is on). */
export function assigneesMatter(config: Pick<TriageConfig, 'rules' | 'stale'>): boolean {
  const settings = Object.entries((config.stale ?? {}) as Record<string, unknown>);
  const on = (value: unknown) => value === true || (Array.isArray(value) && value.length > 0);
  if (settings.some(([key, value]) => /assign/i.test(key) && on(value))) return true;
  return config.rules.some((rule) => rule.then.assign.length > 0);
}

/**
 * Why this configuration is read through REST alone, or undefined. Issue types are not in the GraphQL schema
 * the documents are validated against (@octokit/graphql-schema), so `only-issue-types` reads the REST list.
 */
export function restOnlyReason(config: Pick<TriageConfig, 'stale'>): string | undefined {
  const types = (config.stale as Record<string, unknown> | undefined)?.['only-issue-types'];
  if (Array.isArray(types) && types.length > 0)
    return 'only-issue-types needs issue types, which GraphQL does not give';
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
    assignees: assigneesMatter(o.config),
    commentCounts: (o.config.stale as Record<string, unknown> | undefined)?.['sort-by'] === 'comments',
    log: o.log,
  });
}

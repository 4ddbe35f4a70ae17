// A stand-in for the shared client that records every request (its Octokit route and parameters) and answers from a
// small label store.
import { ApiError } from '../../../../src/github/client/errors';
import { GraphqlUnavailableError } from '../../../../src/github/graphql/errors';
import type { Client } from '../../../../src/github/client/types';

export interface FakeLabel {
  name: string;
  color: string;
  description: string | null;
}

export interface Call {
  /** The Octokit route (`PATCH /repos/{owner}/{repo}/labels/{name}`). */
  route: string;
  params: Record<string, any>;
}

/**
 * `carriers`: issue numbers the issue listing returns for a label (as if labelled by someone else meanwhile).
 * `graphql`: true answers the label list through GraphQL from the same store (`POST /graphql (LabelList)` in the
 * calls, a page of `pageSize` labels); by default GraphQL is unavailable (no endpoint) and every read is REST's.
 */
export function fakeClient(
  options: {
    labels?: FakeLabel[];
    fail?: (call: Call) => unknown;
    carriers?: Record<string, number[]>;
    graphql?: boolean;
    pageSize?: number;
    /** The job holds the ETag of each repository's label list: `holdsList` says so, and a list read is a free 304. */
    held?: boolean;
  } = {},
) {
  const labels: FakeLabel[] = options.labels ? options.labels.map((l) => ({ ...l })) : [];
  const issueLabels = new Map<number, string[]>();
  const calls: Call[] = [];
  const find = (name: string) => labels.find((l) => l.name.toLowerCase() === String(name).toLowerCase());
  const error = (status: number, method: string, code?: string) =>
    new ApiError({
      status,
      method,
      url: 'https://api.github.test/x',
      message: status === 404 ? 'Not Found' : 'Validation Failed',
      errors: code ? [{ resource: 'Label', code, field: 'name' }] : [],
    });

  const request = async (route: string, params: Record<string, any> = {}) => {
    const call = { route, params };
    calls.push(call);
    const injected = options.fail?.(call);
    if (injected) throw injected;
    const method = route.split(' ')[0];
    switch (route) {
      case 'GET /repos/{owner}/{repo}/labels':
        return { status: 200, headers: {}, data: labels.map((l) => ({ ...l })) };
      case 'GET /repos/{owner}/{repo}/issues':
        return { status: 200, headers: {}, data: carriersOf(String(params.labels)) };
      case 'POST /repos/{owner}/{repo}/labels':
        if (find(params.name)) throw error(422, method, 'already_exists');
        if (String(params.color).startsWith('#')) throw new Error('fake client: a colour with #');
        labels.push({ name: params.name, color: params.color, description: params.description || null });
        return { status: 201, data: {} };
      case 'GET /repos/{owner}/{repo}/labels/{name}': {
        const l = find(params.name);
        if (!l) throw error(404, method);
        return { status: 200, data: { ...l } };
      }
      case 'PATCH /repos/{owner}/{repo}/labels/{name}': {
        const l = find(params.name);
        if (!l) throw error(404, method);
        if (params.new_name !== undefined) l.name = params.new_name;
        l.color = params.color;
        if (params.description !== undefined) l.description = params.description || null;
        return { status: 200, data: { ...l } };
      }
      case 'DELETE /repos/{owner}/{repo}/labels/{name}': {
        const l = find(params.name);
        if (!l) throw error(404, method);
        labels.splice(labels.indexOf(l), 1);
        return { status: 204, data: undefined };
      }
      case 'POST /repos/{owner}/{repo}/issues/{issue_number}/labels':
        issueLabels.set(params.issue_number, [
          ...new Set([...(issueLabels.get(params.issue_number) ?? []), ...params.labels]),
        ]);
        return { status: 200, data: [] };
      default:
        throw new Error(`fake client: unexpected ${route}`);
    }
  };

  /** Each carrier of a label with the alias and whatever this fake has added to it since. */
  const carriersOf = (label: string) =>
    (options.carriers?.[label] ?? []).map((number) => ({
      number,
      labels: [label, ...(issueLabels.get(number) ?? [])].map((name) => ({ name })),
    }));
  /** `client.paginate`: the list routes answer one page. */
  const paginate = async (route: string, params: Record<string, any> = {}) => {
    if (!route.startsWith('GET ')) throw new Error(`fake client: paginate ${route}`);
    return (await request(route, params)).data;
  };
  const counts = { requests: 0, notModified: 0, graphqlRequests: 0, graphqlPoints: 0 };
  const counted = async (route: string, params: Record<string, any>) => {
    counts.requests++;
    return request(route, params);
  };
  /** `client.graphql(labelList, { owner, name, after })`: pages of the store, the cursor the index of the next. */
  const graphql = async (doc: { name: string }, variables: Record<string, any>) => {
    const call = { route: `POST /graphql (${doc.name})`, params: variables };
    calls.push(call);
    counts.requests++;
    const injected = options.fail?.(call);
    if (injected) throw injected;
    const size = options.pageSize ?? 100;
    const start = variables.after ? Number(variables.after) : 0;
    const page = labels.slice(start, start + size);
    const more = start + size < labels.length;
    counts.graphqlRequests++;
    counts.graphqlPoints++;
    return {
      rateLimit: { cost: 1, limit: 1000, remaining: 999, resetAt: '2030-01-01T00:00:00Z' },
      repository: {
        nameWithOwner: `${variables.owner}/${variables.name}`,
        labels: {
          totalCount: labels.length,
          pageInfo: { hasNextPage: more, endCursor: more ? String(start + size) : null },
          nodes: page.map((l) => ({ ...l })),
        },
      },
    };
  };
  const missing = new GraphqlUnavailableError('missing', 'a document', 'https://api.github.test/graphql answered 404');
  const client = {
    octokit: { request: counted },
    paginate: async (route: string, params: Record<string, any> = {}) => {
      counts.requests++;
      if (options.held && route === 'GET /repos/{owner}/{repo}/labels') counts.notModified++;
      return paginate(route, params);
    },
    holdsList: (route: string) => Boolean(options.held) && route === 'GET /repos/{owner}/{repo}/labels',
    graphql,
    graphqlUnavailable: () => (options.graphql ? undefined : missing),
    telemetry: { snapshot: () => ({ ...counts, writes: 0, retries: 0, waitedMs: 0, byStatus: {} }) },
    options: { concurrency: 4 },
  } as unknown as Client;
  return {
    client,
    labels,
    issueLabels,
    calls,
    routes: () =>
      calls.map((c) =>
        `${c.route.replace(/ \/repos\/\{owner\}\/\{repo\}/, ' ')} ${c.params.name ?? c.params.issue_number ?? ''}`.trim(),
      ),
  };
}

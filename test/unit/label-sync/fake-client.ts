// A stand-in for the shared client that records every request (its Octokit route and parameters) and answers from a
// small label store.
import { ApiError } from '../../../src/client/errors';
import type { Client } from '../../../src/client/types';

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

/** `carriers`: issue numbers the issue listing returns for a label (as if labelled by someone else meanwhile). */
export function fakeClient(
  options: { labels?: FakeLabel[]; fail?: (call: Call) => unknown; carriers?: Record<string, number[]> } = {},
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
  const client = { octokit: { request }, paginate, options: { concurrency: 4 } } as unknown as Client;
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

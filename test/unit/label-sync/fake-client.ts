// A stand-in for the shared client that records every request and answers from a small label store.
import { ApiError } from '../../../src/client/errors';
import type { Client } from '../../../src/client/types';

export interface FakeLabel {
  name: string;
  color: string;
  description: string | null;
}

export interface Call {
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
      case 'POST /repos/{owner}/{repo}/labels':
        if (find(params.name)) throw error(422, method, 'already_exists');
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
        l.description = params.description || null;
        return { status: 200, data: { ...l } };
      }
      case 'DELETE /repos/{owner}/{repo}/labels/{name}': {
        const l = find(params.name);
        if (!l) throw error(404, method);
        labels.splice(labels.indexOf(l), 1);
        return { status: 204, data: undefined };
      }
      case 'POST /repos/{owner}/{repo}/issues/{issue_number}/labels':
        issueLabels.set(params.issue_number, [...(issueLabels.get(params.issue_number) ?? []), ...params.labels]);
        return { status: 200, data: [] };
      default:
        throw new Error(`fake client: unexpected ${route}`);
    }
  };

  const paginate = async (route: string, params: Record<string, any> = {}) => {
    calls.push({ route, params });
    if (route !== 'GET /repos/{owner}/{repo}/issues') throw new Error(`fake client: unexpected ${route}`);
    return (options.carriers?.[params.labels] ?? []).map((number) => ({ number }));
  };
  const client = { octokit: { request }, paginate } as unknown as Client;
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

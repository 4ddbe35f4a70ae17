// An exchange and an Octokit endpoint for stage tests, without Octokit's request.
import { endpoint } from '@octokit/endpoint';
import type { Attempt, Exchange, RequestFn } from '../../../../../src/github/client/stages/exchange';

export const API = 'https://api.example.test';

const defaults = endpoint.defaults({ baseUrl: API, headers: { 'user-agent': 'stage-test' } });

export const testEndpoint: RequestFn['endpoint'] = {
  // The hook receives merged options; a rewritten `url` or `headers` is merged again, as Octokit does.
  parse: (options: any) => defaults.parse(defaults.merge(options)),
};

export function exchange(route: string, params: Record<string, unknown> = {}, policy = {}): Exchange {
  const [method, url] = route.split(' ');
  const options: any = { ...defaults.merge({ method, url, ...params }), request: policy };
  const parsed = testEndpoint.parse(options);
  return {
    options,
    parsed,
    method,
    route: url,
    write: !['GET', 'HEAD'].includes(method),
    free: url === '/rate_limit',
    graphql: url === '/graphql',
    policy,
    counts: { server: 0, rate: 0, redirects: 0 },
  };
}

export function attempt(status: number | undefined, extra: Partial<Attempt> = {}): Attempt {
  return { status, headers: {}, startedAt: Date.now(), ...extra };
}

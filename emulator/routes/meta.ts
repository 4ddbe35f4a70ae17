// GET /, /meta, /rate_limit, /zen.
import { error, HttpError, ok, type Route } from '../http';
import { userJson } from '../serialize';

export const metaRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/',
    public: true,
    handler: (ctx) =>
      ok({
        current_user_url: `${ctx.env.apiUrl}/user`,
        repository_url: `${ctx.env.apiUrl}/repos/{owner}/{repo}`,
        rate_limit_url: `${ctx.env.apiUrl}/rate_limit`,
        issue_search_url: `${ctx.env.apiUrl}/search/issues?q={query}{&page,per_page,sort,order}`,
        repository_search_url: `${ctx.env.apiUrl}/search/repositories?q={query}{&page,per_page,sort,order}`,
      }),
  },
  {
    method: 'GET',
    pattern: '/meta',
    public: true,
    handler: () =>
      ok({
        verifiable_password_authentication: false,
        ssh_key_fingerprints: {
          SHA256_ECDSA: 'p2QAMXNIC1TJYWeIOttrVc98/R1BUFWu3/LiyKgUfQM',
          SHA256_ED25519: '+DiY3wvvV6TuJJhbpZisF/zLDA0zPMSvHdkr4UvCOqU',
          SHA256_RSA: 'uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s',
        },
        hooks: ['192.30.252.0/22', '185.199.108.0/22', '140.82.112.0/20', '143.55.64.0/20'],
        web: ['192.30.252.0/22', '185.199.108.0/22'],
        api: ['192.30.252.0/22', '185.199.108.0/22', '140.82.112.0/20'],
        git: ['192.30.252.0/22'],
        actions: ['4.148.0.0/16', '13.64.0.0/16'],
        domains: { website: ['*.github.com'], actions: ['*.actions.githubusercontent.com'] },
      }),
  },
  {
    method: 'GET',
    pattern: '/rate_limit',
    free: true,
    handler: (ctx) => {
      // GHES with rate limiting disabled (its default) answers 404 with this message (ghes.ts: actions/stale#1227,
      // janeklb/gh-search#61 quote the body).
      if (!ctx.limits.primary)
        throw new HttpError({
          status: 404,
          body: {
            message: 'Rate limiting is not enabled.',
            documentation_url:
              'https://docs.github.com/enterprise-server@3.15/rest/rate-limit/rate-limit#get-rate-limit-status-for-the-authenticated-user',
          },
        });
      const resources = ctx.limits.snapshot(ctx.identity);
      return ok({ resources, rate: resources.core });
    },
  },
  {
    method: 'GET',
    pattern: '/user',
    handler: (ctx) => {
      if (!ctx.token) throw error(401, 'Requires authentication');
      // Integration tokens (GITHUB_TOKEN, installations) are not a user.
      if (ctx.token.kind !== 'user') throw error(403, 'Resource not accessible by integration');
      return ok({ ...userJson(ctx.env.state, ctx.token.login), name: ctx.token.login });
    },
  },
  {
    method: 'GET',
    pattern: '/zen',
    public: true,
    handler: () => ({ status: 200, raw: 'Keep it logically awesome.', contentType: 'text/plain;charset=utf-8' }),
  },
];

// A GitHub App's installations: `GET /app/installations` and `POST /app/installations/{id}/access_tokens` with the
// App's JWT (emulator/app-hook-routes.ts checks it), and `GET /installation/repositories` with an installation
// token. An installation is a seeded installation token with `appId` and `installationId`; its access token is that
// seeded token. Evidence: GitHub's REST docs and OpenAPI description (operations "apps/list-installations": 200
// installation[]; "apps/create-installation-access-token": 201 {token, expires_at, permissions,
// repository_selection}, 404 for an installation of another App; "apps/list-repos-accessible-to-installation":
// 200 {total_count, repository_selection, repositories[]}, paginated with per_page/page and a Link header; only
// installation access tokens may call it, other credentials get 403 (the message here is ours).
import { appOfJwt } from './app-hook-routes';
import { error, linkHeader, perPage, type Ctx, type Route } from './http';
import { repoJson } from './serialize';
import type { State, Token } from './state';

function requireApp(ctx: Ctx): number {
  const m = /^bearer\s+(\S+)$/i.exec(ctx.headers.authorization ?? '');
  const app = m ? appOfJwt(ctx.env.state, m[1]) : undefined;
  if (app === undefined) throw error(401, 'A JSON web token could not be decoded');
  return app;
}

function installationsOf(state: State, app: number): [string, Token][] {
  return [...state.tokens].filter(
    ([, t]) => t.kind === 'installation' && t.appId === app && t.installationId !== undefined,
  );
}

function installationJson(ctx: Ctx, app: number, token: Token) {
  const owner = token.repositories?.[0]?.split('/')[0] ?? token.login;
  return {
    id: token.installationId,
    app_id: app,
    account: { login: owner, type: 'Organization' },
    target_type: 'Organization',
    repository_selection: 'selected',
    permissions: token.permissions ?? {},
    access_tokens_url: `${ctx.env.apiUrl}/app/installations/${token.installationId}/access_tokens`,
  };
}

/**
 * The App itself (`GET /app`, JWT only): its id and slug; the slug is the login of its installation tokens without
 * `[bot]` (an App's bot user is `<slug>[bot]`). Evidence: the OpenAPI description ("apps/get-authenticated": 200
 * integration {id, slug, node_id, owner, name, permissions, events, installations_count}; "You must use a JWT to
 * access this endpoint"); an installation token gets 401 (fullsend-ai/fullsend#1953: "`gh api /app`, which needs
 * App JWT auth — installation tokens can't use it. This broke … with `HTTP 401`").
 */
function appJson(ctx: Ctx, app: number) {
  const installations = installationsOf(ctx.env.state, app);
  const login = installations.map(([, t]) => t.login).find((l) => l !== undefined && l.endsWith('[bot]'));
  const slug = login ? login.slice(0, -'[bot]'.length) : `app-${app}`;
  const owner = installations[0]?.[1].repositories?.[0]?.split('/')[0] ?? 'octo';
  return {
    id: app,
    slug,
    node_id: `A_${app}`,
    owner: { login: owner, type: 'Organization' },
    name: slug,
    description: '',
    external_url: `https://example.com/${slug}`,
    html_url: `https://github.com/apps/${slug}`,
    permissions: installations[0]?.[1].permissions ?? {},
    events: [],
    installations_count: installations.length,
  };
}

export function appInstallationRoutes(): Route[] {
  return [
    {
      method: 'GET',
      pattern: '/app',
      public: true,
      handler: (ctx) => ({ status: 200, body: appJson(ctx, requireApp(ctx)) }),
    },
    {
      method: 'GET',
      pattern: '/app/installations',
      public: true,
      handler: (ctx) => {
        const app = requireApp(ctx);
        return { status: 200, body: installationsOf(ctx.env.state, app).map(([, t]) => installationJson(ctx, app, t)) };
      },
    },
    {
      method: 'POST',
      pattern: '/app/installations/:installation_id/access_tokens',
      public: true,
      handler: (ctx) => {
        const app = requireApp(ctx);
        const found = installationsOf(ctx.env.state, app).find(
          ([, t]) => String(t.installationId) === ctx.params.installation_id,
        );
        if (!found) throw error(404, 'Not Found');
        const [token, seed] = found;
        const expires = new Date(ctx.env.state.clock.now().getTime() + 3_600_000)
          .toISOString()
          .replace(/\.\d{3}Z$/, 'Z');
        return {
          status: 201,
          body: { token, expires_at: expires, permissions: seed.permissions ?? {}, repository_selection: 'selected' },
        };
      },
    },
    {
      method: 'GET',
      pattern: '/installation/repositories',
      public: true,
      handler: (ctx) => {
        if (!ctx.token) throw error(401, 'Requires authentication');
        if (ctx.token.kind !== 'installation')
          throw error(
            403,
            'You must authenticate with an installation access token in order to list repositories for an installation.',
          );
        const state = ctx.env.state;
        const repos = (ctx.token.repositories ?? []).map((name) => state.repo(name)).filter((r) => r !== undefined);
        const { perPage: per, page } = perPage(ctx.query);
        const pages = Math.max(1, Math.ceil(repos.length / per));
        const link = linkHeader(ctx.env.apiUrl, ctx.path, ctx.query, page, pages);
        return {
          status: 200,
          body: {
            total_count: repos.length,
            repository_selection: 'selected',
            repositories: repos.slice((page - 1) * per, page * per).map((r) => repoJson(ctx.env, r)),
          },
          headers: link ? { link } : ({} as Record<string, string>),
        };
      },
    },
  ];
}

// GitHub Enterprise Server's layout of one host, and its default of no primary rate limit.
//
// Evidence:
// - "REST API endpoints … GitHub Enterprise Server": the REST API lives at `http(s)://HOSTNAME/api/v3`, GraphQL at
//   `http(s)://HOSTNAME/api/graphql` (docs.github.com/en/enterprise-server@3.15/graphql/guides/forming-calls-with-graphql,
//   "The GraphQL endpoint"); `/api/v3/graphql` is not an endpoint. Octokit's own GHES logic
//   (`@octokit/graphql`: a `baseUrl` ending in `/api/v3` becomes `/api/graphql`) agrees.
// - Release assets upload to `http(s)://HOSTNAME/api/uploads/repos/{owner}/{repo}/releases/{id}/assets` (the
//   `upload_url` a GHES release returns; the Actions runner sets no uploads variable, the API names it).
// - Every answer carries `X-GitHub-Enterprise-Version` (the REST docs for GHES, "Getting started with the REST API",
//   response headers; `@octokit/request` reads it to tell GHES apart).
// - "Configuring rate limits" (GHES admin docs): rate limiting is disabled by default; then no response carries
//   `x-ratelimit-*` and `GET /rate_limit` answers 404 `{"message":"Rate limiting is not enabled.", …}`
//   (reported in actions/stale#1227 and #1156 and janeklb/gh-search#61 from GHES 3.x).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EmulatorOptions } from './types';

export const DEFAULT_GHES_VERSION = '3.15.2';

type Handle = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

/** The GHES version the emulator plays, or undefined for github.com (the option, else `EMULATOR_MODE=ghes`). */
export function ghesVersionOf(options: EmulatorOptions): string | undefined {
  const ghes = options.ghes ?? process.env.EMULATOR_MODE === 'ghes';
  if (!ghes) return undefined;
  return typeof ghes === 'object' ? (ghes.version ?? DEFAULT_GHES_VERSION) : DEFAULT_GHES_VERSION;
}

/** Whether the primary limit applies: the option, else on for github.com and off for GHES (its default). */
export function rateLimitingOf(options: EmulatorOptions): boolean {
  return options.rateLimiting ?? ghesVersionOf(options) === undefined;
}

export const API_PREFIX = '/api/v3';
export const GRAPHQL_PATH = '/api/graphql';
export const UPLOADS_PREFIX = '/api/uploads';

function notFound(res: ServerResponse): void {
  const body = JSON.stringify({
    message: 'Not Found',
    documentation_url: 'https://docs.github.com/enterprise-server@3.15/rest',
  });
  res.writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) });
  res.end(body);
}

/**
 * One listener for the whole GHES host: strips `/api/v3` (API routes), maps `/api/graphql` onto the API's GraphQL
 * route and `/api/uploads` onto the uploads routes; anything else, `/api/v3/graphql` included, is a 404.
 */
export function ghesFront(version: string, api: Handle, uploads: Handle): Handle {
  return (req, res) => {
    res.setHeader('x-github-enterprise-version', version);
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    const path = q < 0 ? raw : raw.slice(0, q);
    const query = q < 0 ? '' : raw.slice(q);
    const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
    if (path === GRAPHQL_PATH || path === `${GRAPHQL_PATH}/`) {
      req.url = `/graphql${query}`;
      return api(req, res);
    }
    if (under(API_PREFIX)) {
      const rest = path.slice(API_PREFIX.length) || '/';
      if (/^\/graphql\/?$/.test(rest)) {
        req.resume();
        return notFound(res);
      }
      req.url = `${rest}${query}`;
      return api(req, res);
    }
    if (under(UPLOADS_PREFIX)) {
      req.url = `${path.slice(UPLOADS_PREFIX.length) || '/'}${query}`;
      return uploads(req, res);
    }
    req.resume();
    return notFound(res);
  };
}

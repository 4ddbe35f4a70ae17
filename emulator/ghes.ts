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
// - The default version is a supported one: GitHub supports the four newest feature releases ("GitHub Enterprise
//   Server releases", docs.github.com/en/enterprise-server@latest/admin/all-releases); 3.19 is among them.
// - API versions per release: github/rest-api-description publishes `api.github.com.2022-11-28` and
//   `api.github.com.2026-03-10`, but for every GHES release (descriptions/ghes-3.19/, ghes-3.20/) only
//   `ghes-3.x.2022-11-28`: a GHES answers any other `X-GitHub-Api-Version` 400 as github.com answers an unknown one.
// - `discussion_category_name` on create/update release: the API audit of issue 39 against the GHES 3.17–3.19
//   descriptions found it absent there, and GitHub ignores a body parameter an endpoint does not have, so the
//   release is written without a discussion. Releases before 3.17 are past support and taken to lack it as well;
//   3.20 and later are taken to have it (as github.com).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EmulatorOptions } from './types';

export const DEFAULT_GHES_VERSION = '3.19.2';

/** The `X-GitHub-Api-Version` values every GHES release accepts (its descriptions: only `2022-11-28`). */
export const GHES_API_VERSIONS = ['2022-11-28'];

/** `[major, minor]` of a version such as `3.19.2` (undefined when it does not read as one). */
function featureRelease(version: string): [number, number] | undefined {
  const m = /^(\d{1,4})\.(\d{1,4})(?:\.|$)/.exec(version);
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

/** Whether the server's create/update release takes `discussion_category_name` (github.com: undefined version). */
export function takesDiscussionCategory(ghesVersion: string | undefined): boolean {
  if (ghesVersion === undefined) return true;
  const release = featureRelease(ghesVersion);
  if (!release) return true;
  const [major, minor] = release;
  return major > 3 || (major === 3 && minor >= 20);
}

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
    documentation_url: 'https://docs.github.com/enterprise-server@3.19/rest',
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

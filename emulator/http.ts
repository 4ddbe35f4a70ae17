// Request context, replies, GitHub's error bodies, pagination with Link headers, and the route table type.
import type { IncomingMessage } from 'node:http';
import type { RateLimits } from './limits';
import type { Repo, State, Token } from './state';
import type { EmulatorOptions } from './types';

export const DOCS = 'https://docs.github.com/rest';

export interface Reply {
  status: number;
  /** JSON body (serialised by the server). */
  body?: unknown;
  /** Raw body instead of JSON. */
  raw?: Buffer | string;
  contentType?: string;
  headers?: Record<string, string>;
  /** ISO time the resource last changed: sent as `Last-Modified`, and `If-Modified-Since` is honoured. */
  lastModified?: string;
  /** The connection is gone (a cut upload): log, send nothing. */
  aborted?: boolean;
  /** A GraphQL answer: the points it cost against the `graphql` budget (logged beside REST requests). */
  graphqlPoints?: number;
}

/** What the route handlers see of the emulator. */
export interface Env {
  state: State;
  options: EmulatorOptions;
  apiUrl: string;
  uploadUrl: string;
  /** Where uploaded assets are stored (removed on close). */
  tempDir: string;
  /** Runs just before a ref update of a branch (the concurrent-push fault). */
  beforeRefUpdate(repo: Repo, ref: string): void;
}

export interface Ctx {
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  headers: IncomingMessage['headers'];
  req: IncomingMessage;
  /** Parsed JSON body (API host). */
  body: any;
  token?: Token;
  /** The login acting (anonymous: undefined). */
  login?: string;
  repo: Repo;
  env: Env;
  requestId: string;
  identity: { key: string; kind: string };
  limits: RateLimits;
  /** Fault injection: destroy the connection after this many body bytes (uploads). */
  resetAfterBytes?: number;
  /** Fault injection: a scripted answer replaces this request's (an upload then leaves a `starter` asset). */
  failsAfterHandler?: boolean;
}

export type Handler = (ctx: Ctx) => Reply | Promise<Reply>;

export interface Route {
  method: string;
  /** '/repos/:owner/:repo/labels/:name' — ':x*' takes the rest of the path. */
  pattern: string;
  /** Permission scope checked for repository routes (read for GET, write otherwise). */
  scope?: string;
  /** Level required (default: read for GET/HEAD, write otherwise). */
  level?: 'read' | 'write' | 'admin';
  /** Rate-limit resource (default core). */
  resource?: 'core' | 'search' | 'graphql';
  /** No credentials needed or checked against repositories (e.g. /meta). */
  public?: boolean;
  /** Costs nothing (GET /rate_limit). */
  free?: boolean;
  host?: 'api' | 'uploads';
  handler: Handler;
}

export class HttpError extends Error {
  constructor(readonly reply: Reply) {
    super(`HTTP ${reply.status}`);
  }
}

export function error(status: number, message: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError({ status, body: { message, documentation_url: DOCS, status: String(status), ...extra } });
}

export function notFound(message = 'Not Found'): HttpError {
  return error(404, message);
}

export interface FieldError {
  resource: string;
  code: 'missing_field' | 'invalid' | 'already_exists' | 'unprocessable' | 'missing' | 'custom';
  field?: string;
  message?: string;
  value?: unknown;
}

export function validation(errors: FieldError[], message = 'Validation Failed'): HttpError {
  return error(422, message, { errors });
}

export function ok(body: unknown, status = 200): Reply {
  return { status, body };
}

export const noContent: Reply = { status: 204 };

export function requireString(body: any, field: string, resource: string): string {
  const v = body?.[field];
  if (v === undefined || v === null) throw validation([{ resource, code: 'missing_field', field }]);
  if (typeof v !== 'string')
    throw error(422, `Invalid request.\n\nFor '${field}', ${JSON.stringify(v)} is not a string.`);
  return v;
}

export function perPage(query: URLSearchParams): { perPage: number; page: number } {
  const per = Math.min(100, Math.max(1, Number(query.get('per_page') ?? 30) || 30));
  const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
  return { perPage: per, page };
}

/** The `Link` header of a list with `pages` pages (absolute URLs keeping the other query parameters). */
export function linkHeader(
  base: string,
  path: string,
  query: URLSearchParams,
  page: number,
  pages: number,
): string | undefined {
  const url = (p: number) => {
    const q = new URLSearchParams(query);
    q.set('page', String(p));
    return `<${base}${path}?${q.toString()}>`;
  };
  const links: string[] = [];
  if (page > 1) links.push(`${url(page - 1)}; rel="prev"`);
  if (page < pages) links.push(`${url(page + 1)}; rel="next"`, `${url(pages)}; rel="last"`);
  if (page > 1) links.push(`${url(1)}; rel="first"`);
  return links.length ? links.join(', ') : undefined;
}

/**
 * The path a list's `Link` names: GitHub names a repository by its id there, whatever path was asked
 * (`<https://api.github.com/repositories/1000/issues?per_page=3&page=2>; rel="next"`, recorded in
 * `@octokit/fixtures` `paginate-issues`).
 */
export function linkPath(ctx: Pick<Ctx, 'path' | 'repo'>): string {
  const repo = ctx.repo as Repo | undefined;
  if (!repo) return ctx.path;
  const prefix = `/repos/${repo.fullName}`;
  if (ctx.path.toLowerCase() !== prefix.toLowerCase() && !ctx.path.toLowerCase().startsWith(`${prefix.toLowerCase()}/`))
    return ctx.path;
  return `/repositories/${repo.id}${ctx.path.slice(prefix.length)}`;
}

/** One page of `items`, with the Link header GitHub sends. */
export function paginate<T>(ctx: Ctx, items: T[], map: (t: T) => unknown = (t) => t): Reply {
  const { perPage: per, page } = perPage(ctx.query);
  const pages = Math.max(1, Math.ceil(items.length / per));
  const slice = items.slice((page - 1) * per, page * per).map(map);
  const link = linkHeader(ctx.env.apiUrl, linkPath(ctx), ctx.query, page, pages);
  return { status: 200, body: slice, headers: link ? { link } : {} };
}

export function compileRoute(pattern: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const src = pattern
    .split('/')
    .map((seg) => {
      const m = /^:(\w+)(\*)?$/.exec(seg);
      if (!m) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(m[1]);
      return m[2] ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { regex: new RegExp(`^${src}/?$`), names };
}

export function isWrite(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method);
}

// The request pipeline shared by the API and uploads listeners: faults, User-Agent, credentials, routing,
// primary and secondary limits, repository resolution (301/404), permissions, handler, ETag/304, headers, log.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { canSee, checkPermission, findRepo, readCredentials } from './auth';
import type { Faults } from './faults';
import { compileRoute, DOCS, HttpError, isWrite, type Ctx, type Env, type Reply, type Route } from './http';
import { acceptedPermissionsHeader, scopeForItem } from './item-permissions';
import { identityOf, isContentCreating, pointsOf, type RateLimits } from './limits';
import type { LogEntry, RequestLog } from './log';
import type { Repo } from './state';
import { GHES_API_VERSIONS, ghesVersionOf } from './ghes';

/** github.com's API versions (rest-api-description: `api.github.com.2022-11-28`, `.2026-03-10`); GHES: ghes.ts. */
export const API_VERSIONS = ['2022-11-28', '2026-03-10'];

interface Compiled extends Route {
  regex: RegExp;
  names: string[];
}

export interface Pipeline {
  env: Env;
  routes: Route[];
  limits: RateLimits;
  faults: Faults;
  log: RequestLog;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// A 100 MB blob (GitHub's limit) is about 134 MiB once base64-encoded in its JSON body.
async function readBody(req: IncomingMessage, max = 140 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += c.length;
    if (size > max)
      throw new HttpError({ status: 413, body: { message: 'Request body too large', documentation_url: DOCS } });
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks);
}

async function drain(req: IncomingMessage): Promise<void> {
  if (req.readableEnded) return;
  req.resume();
  await new Promise<void>((r) => {
    req.on('end', r);
    req.on('error', () => r());
    req.on('close', r);
  });
}

/**
 * Sends the head (with the full content-length) and part of the body (`mid-response`) or all of it
 * (`after-response`), then resets the connection: a proxy or load balancer dropping a connection mid-answer.
 */
function cut(res: ServerResponse, body: Buffer | undefined, when: 'mid-response' | 'after-response'): void {
  const part = body && when === 'mid-response' ? body.subarray(0, Math.floor(body.length / 2)) : body;
  const reset = () => res.socket?.resetAndDestroy();
  if (part?.length) {
    res.write(part, () => setTimeout(reset, 20));
  } else {
    res.flushHeaders();
    setTimeout(reset, 20);
  }
}

export function etagOf(body: Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('hex')}"`;
}

export function createHandler(p: Pipeline, host: 'api' | 'uploads') {
  const compiled: Compiled[] = p.routes
    .filter((r) => (r.host ?? 'api') === host)
    .map((r) => ({ ...r, ...compileRoute(r.pattern) }));

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const startedAt = Date.now();
    const requestId = randomBytes(8).toString('hex').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = (req.method ?? 'GET').toUpperCase();
    // GitHub's docs (secondary rate limits): a GraphQL request without a mutation costs 1 point and creates no
    // content; the emulator's GraphQL endpoint answers queries only, so it counts like a read.
    const limitMethod =
      method === 'POST' && /^\/(api\/)?graphql\/?$/.test((req.url ?? '').split('?')[0] ?? '') ? 'GET' : method;
    let path = url.pathname;
    // GitHub serves every repository route under /repositories/{id} too (where a 301 for a renamed repository points).
    const byId = /^\/repositories\/(\d+)(\/.*)?$/.exec(path);
    const target = byId && p.env.state.repos.find((r) => r.id === Number(byId[1]));
    if (target) path = `/repos/${target.fullName}${byId![2] ?? ''}`;
    const entry: LogEntry = {
      id: requestId,
      method,
      path,
      query: url.search.replace(/^\?/, ''),
      status: 0,
      counted: false,
      notModified: false,
      points: 0,
      contentCreating: isContentCreating(limitMethod),
      tokenKind: 'anonymous',
      host,
      startedAt,
      durationMs: 0,
    };
    const headers: Record<string, string> = {
      // The server's time, on the emulator's clock (GitHub sends Date too; triage measures inactivity by it).
      date: p.env.state.clock.now().toUTCString(),
      'x-github-request-id': requestId,
      'x-github-media-type': 'github.v3; format=json',
      'x-github-api-version-selected': API_VERSIONS[0],
    };
    // A connection reset while (or right after) the answer goes out: the request has run.
    let cutResponse: 'mid-response' | 'after-response' | undefined;
    const finish = (reply: Reply, bodyBuf?: Buffer) => {
      if (cutResponse) entry.injected = `reset-${cutResponse}`;
      entry.status = reply.status;
      entry.durationMs = Date.now() - startedAt;
      p.log.add(entry);
      if (entry.counted && !entry.limited) p.limits.record(identityKey, limitMethod);
      const all: Record<string, string> = {
        ...headers,
        ...(reply.headers ?? {}),
        ...(entry.injected ? {} : p.faults.headersFor(method, path, host)),
      };
      if (all['x-ratelimit-remaining'] !== undefined) entry.rateRemaining = Number(all['x-ratelimit-remaining']);
      if (bodyBuf && reply.status !== 204 && reply.status !== 304) all['content-length'] = String(bodyBuf.length);
      if (!res.headersSent) res.writeHead(reply.status, all);
      const body = reply.status === 204 || reply.status === 304 ? undefined : bodyBuf;
      if (cutResponse) return cut(res, body, cutResponse);
      res.end(body);
    };
    const serialise = (reply: Reply): Buffer => {
      if (reply.raw !== undefined) {
        headers['content-type'] = reply.contentType ?? 'application/octet-stream';
        return Buffer.from(reply.raw);
      }
      headers['content-type'] = 'application/json; charset=utf-8';
      return reply.body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(reply.body));
    };

    const creds = readCredentials(req, p.env.state);
    entry.tokenKind = creds.invalid ? 'invalid' : (creds.token?.kind ?? 'anonymous');
    const identity = identityOf(creds.token, creds.tokenString);
    // In flight from arrival (injected latency included) until the response is written.
    const identityKey = identity.key;
    const inFlight = p.limits.enter(identityKey, limitMethod);
    try {
      const latency = (p.env.options.latencyMs ?? 0) + p.faults.latencyFor(method, path, host);
      if (latency > 0) await sleep(latency);

      const reset = p.faults.takeReset(method, path, host);
      const when = reset?.when ?? 'before-body';
      if (reset && (when === 'mid-response' || when === 'after-response')) cutResponse = when;
      if (reset && when === 'before-body') {
        entry.injected = 'reset';
        entry.durationMs = Date.now() - startedAt;
        p.log.add(entry);
        req.socket?.destroy();
        return;
      }
      const scripted = p.faults.takeScript(method, path, host);
      const random = scripted ? undefined : p.faults.random(method, path, host);
      const injectedReply = (): Reply => {
        const status = scripted?.status ?? random!;
        const body = scripted?.body ?? {
          message: status >= 500 ? 'Server Error' : `Injected ${status}`,
          documentation_url: DOCS,
        };
        const reply: Reply =
          scripted?.rawJson !== undefined
            ? { status, raw: scripted.rawJson, contentType: 'application/json; charset=utf-8' }
            : typeof body === 'string'
              ? { status, raw: body, contentType: 'text/plain' }
              : { status, body };
        reply.headers = scripted?.headers;
        return reply;
      };
      // `afterHandler`: the request runs (the write happens), then the scripted answer replaces the real one.
      const replaceAfter = scripted?.afterHandler === true;
      if ((scripted && !replaceAfter) || random) {
        await drain(req);
        entry.injected = scripted ? 'scripted' : 'random5xx';
        const reply = injectedReply();
        return finish(reply, serialise(reply));
      }

      if (!req.headers['user-agent']) {
        await drain(req);
        const reply: Reply = {
          status: 403,
          raw: 'Request forbidden by administrative rules. Please make sure your request has a User-Agent header (https://docs.github.com/en/rest/overview/resources-in-the-rest-api#user-agent-required). Check https://developer.github.com for other possible causes.\n',
          contentType: 'text/plain; charset=utf-8',
        };
        return finish(reply, serialise(reply));
      }
      const version = req.headers['x-github-api-version'];
      if (typeof version === 'string') {
        const accepted = ghesVersionOf(p.env.options) === undefined ? API_VERSIONS : GHES_API_VERSIONS;
        if (!accepted.includes(version))
          throw new HttpError({
            status: 400,
            body: { message: `Unsupported 'X-GitHub-Api-Version' of '${version}'`, documentation_url: DOCS },
          });
        headers['x-github-api-version-selected'] = version;
      }

      const pathMatches = compiled.filter((r) => r.regex.test(path));
      const route = pathMatches.find((r) => r.method === method || (method === 'HEAD' && r.method === 'GET'));
      const bucket = p.limits.bucket(identity, route?.resource ?? 'core');
      const rateHeaders = () => p.limits.headers(bucket);
      // GraphQL's requests are logged with their points (0 until the query is priced).
      if (route?.resource === 'graphql') entry.graphqlPoints = 0;

      if (creds.invalid) {
        await drain(req);
        Object.assign(headers, rateHeaders());
        throw new HttpError({
          status: 401,
          body: { message: 'Bad credentials', documentation_url: DOCS, status: '401' },
        });
      }

      const countIt = () => {
        entry.counted = true;
        entry.points = pointsOf(limitMethod);
        bucket.used++;
      };

      if (!route?.free) {
        if (bucket.used >= bucket.limit) {
          await drain(req);
          entry.limited = 'primary';
          Object.assign(headers, rateHeaders());
          const who = creds.token
            ? `${creds.token.kind === 'user' ? 'user' : 'installation'} ID ${p.env.state.userId(creds.token.login)}`
            : '127.0.0.1';
          // GraphQL's spent budget: HTTP 200 with a RATE_LIMITED error and `x-ratelimit-remaining: 0` ("Rate limits
          // and query limits for the GraphQL API", exceeding the rate limit).
          if (route?.resource === 'graphql')
            throw new HttpError({
              status: 200,
              body: { errors: [{ type: 'RATE_LIMITED', message: `API rate limit exceeded for ${who}.` }] },
            });
          throw new HttpError({
            status: p.env.options.primaryLimitStatus ?? 403,
            body: {
              message: `API rate limit exceeded for ${who}.`,
              documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
            },
          });
        }
        const secondary = p.limits.checkSecondary(identity.key, limitMethod, inFlight);
        if (secondary) {
          await drain(req);
          entry.limited = 'secondary';
          entry.limitReason = secondary.reason;
          countIt();
          const shape = p.env.options.secondaryLimit ?? {};
          Object.assign(
            headers,
            rateHeaders(),
            shape.retryAfter === false ? {} : { 'retry-after': String(secondary.retryAfterSec) },
          );
          throw new HttpError({
            status: shape.status ?? 403,
            body: {
              message: `You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID ${requestId}.`,
              documentation_url:
                'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
            },
          });
        }
      }

      // A renamed repository answers 301 (GET) / 307 (others, so the method and body are repeated) on every path;
      // GitHub's body says "Moved Permanently" for both (recorded in @octokit/fixtures rename-repository).
      const redirect = (id: number, rest: string) => {
        const location = `${p.env.apiUrl}/repositories/${id}${rest}${url.search}`;
        const status = method === 'GET' || method === 'HEAD' ? 301 : 307;
        return new HttpError({
          status,
          headers: { location },
          body: {
            message: 'Moved Permanently',
            url: location,
            documentation_url:
              'https://docs.github.com/rest/guides/best-practices-for-using-the-rest-api#follow-redirects',
          },
        });
      };
      if (!route) {
        await drain(req);
        countIt();
        Object.assign(headers, rateHeaders());
        const repoPath = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(path);
        const moved =
          repoPath && !p.env.state.repo(`${repoPath[1]}/${repoPath[2]}`)
            ? p.env.state.renamed.get(`${repoPath[1]}/${repoPath[2]}`.toLowerCase())
            : undefined;
        if (moved && canSee(creds.token, moved)) throw redirect(moved.id, repoPath![3] ?? '');
        throw new HttpError({ status: 404, body: { message: 'Not Found', documentation_url: DOCS, status: '404' } });
      }

      let body: unknown;
      if (host === 'api') {
        const raw = await readBody(req);
        if (raw.length) {
          try {
            body = JSON.parse(raw.toString('utf8'));
          } catch {
            if (!route.free) countIt();
            Object.assign(headers, rateHeaders());
            throw new HttpError({
              status: 400,
              body: { message: 'Problems parsing JSON', documentation_url: DOCS, status: '400' },
            });
          }
        }
      }
      const params: Record<string, string> = {};
      const m = route.regex.exec(path)!;
      route.names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1])));

      if (!route.free) countIt();
      let repo: Repo | undefined;
      if (params.owner && params.repo) {
        try {
          const found = findRepo(p.env.state, creds.token, params.owner, params.repo);
          if (found.movedTo) {
            throw redirect(found.movedTo.id, path.slice(`/repos/${params.owner}/${params.repo}`.length));
          }
          repo = found.repo!;
          if (route.scope) {
            const level = route.level ?? (isWrite(method) ? 'write' : 'read');
            const scope = scopeForItem(route.scope, repo, params, path);
            try {
              checkPermission(creds.token, repo, scope, level);
            } catch (e) {
              if (e instanceof HttpError && e.reply.status === 403)
                e.reply.headers = { 'x-accepted-github-permissions': acceptedPermissionsHeader(scope, level) };
              throw e;
            }
          }
        } catch (e) {
          Object.assign(headers, rateHeaders());
          throw e;
        }
      }

      const ctx: Ctx = {
        method,
        path,
        query: url.searchParams,
        params,
        headers: req.headers,
        req,
        body,
        token: creds.token,
        login: creds.token?.login,
        repo: repo as Repo,
        env: p.env,
        requestId,
        identity,
        limits: p.limits,
        resetAfterBytes: typeof when === 'object' && reset ? when.afterBytes : undefined,
        failsAfterHandler: replaceAfter,
      };
      let reply: Reply;
      try {
        reply = await route.handler(ctx);
      } catch (e) {
        if (!(e instanceof HttpError)) throw e;
        reply = e.reply;
      }
      if (reply.graphqlPoints !== undefined) entry.graphqlPoints = reply.graphqlPoints;
      if (replaceAfter) {
        entry.injected = 'scripted-after-handler';
        reply = injectedReply();
      }
      if (reply.aborted) {
        entry.injected = entry.injected ?? (typeof when === 'object' && reset ? 'reset-mid-body' : 'client-aborted');
        entry.durationMs = Date.now() - startedAt;
        p.log.add(entry);
        if (entry.counted) p.limits.record(identity.key, limitMethod);
        req.socket?.destroy();
        return;
      }
      if (reset && when === 'after-body') {
        entry.injected = 'reset-after-body';
        entry.status = reply.status;
        entry.durationMs = Date.now() - startedAt;
        p.log.add(entry);
        req.socket?.destroy();
        return;
      }
      const buf = serialise(reply);
      if (method === 'GET' && reply.status === 200) {
        const tag = etagOf(buf);
        headers.etag = tag;
        const inm = req.headers['if-none-match'];
        const ims = req.headers['if-modified-since'];
        const modified = reply.lastModified ? Math.floor(Date.parse(reply.lastModified) / 1000) : undefined;
        if (modified !== undefined) headers['last-modified'] = new Date(modified * 1000).toUTCString();
        const etagMatch =
          typeof inm === 'string' &&
          inm.split(',').some((t) => t.trim().replace(/^W\//, '') === tag.replace(/^W\//, ''));
        // If-None-Match wins; If-Modified-Since only counts without it, on resources that give Last-Modified.
        const notModifiedSince =
          inm === undefined && typeof ims === 'string' && modified !== undefined && modified <= Date.parse(ims) / 1000;
        if (etagMatch || notModifiedSince) {
          entry.notModified = true;
          if (entry.counted) {
            entry.counted = false;
            entry.points = 0;
            bucket.used--;
          }
          Object.assign(headers, rateHeaders());
          return finish({ status: 304, headers: reply.headers });
        }
      }
      Object.assign(headers, rateHeaders());
      if (!headers.etag) headers.etag = etagOf(buf);
      return finish(reply, buf);
    } catch (e) {
      if (e instanceof HttpError) {
        const buf = serialise(e.reply);
        if (!headers.etag) headers.etag = etagOf(buf);
        return finish(e.reply, buf);
      }
      const reply: Reply = {
        status: 500,
        body: { message: `emulator error: ${(e as Error).message}`, documentation_url: DOCS },
      };
      console.error('[emulator]', e);
      return finish(reply, serialise(reply));
    } finally {
      p.limits.leave(identityKey, limitMethod);
    }
  };
}

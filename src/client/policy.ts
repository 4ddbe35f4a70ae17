// The request pipeline every Octokit call goes through: headers, conditional requests, budget, pacing,
// retries, redirects, deprecation warnings and error conversion. Installed as an Octokit request hook.
import type { BudgetTracker } from './budget';
import { ApiError, type ApiErrorDetail } from './errors';
import { cacheKey, keepHeaders, type EtagCache } from './etag-cache';
import { WaitTooLongError, isWrite, type Pacer } from './pacer';
import { decideRetry, type RetrySettings } from './retry';
import { isStreamBody, streamingFetch } from './streaming-fetch';
import type { TelemetryRecorder } from './telemetry';
import type { Logger, RequestPolicy } from './types';

export interface PolicyDeps {
  token: string;
  apiVersion: string;
  maxWaitMs: number;
  cache: EtagCache;
  budget: BudgetTracker;
  pacer: Pacer;
  telemetry: TelemetryRecorder;
  retry: RetrySettings;
  /** The fetch the Octokit was built with (a call passing another one keeps it). */
  defaultFetch: unknown;
  /** An attempt that has not answered after this long is abandoned and retried (not for streamed bodies). */
  requestTimeoutMs: number;
  log: Logger;
  sleep(ms: number): Promise<void>;
}

type Headers = Record<string, string | undefined>;
interface OctoResponse {
  status: number;
  url: string;
  headers: Record<string, any>;
  data: any;
}
type RequestFn = ((options: any) => Promise<OctoResponse>) & { endpoint: { parse(options: any): any } };

const MAX_REDIRECTS = 3;
const FREE_PATHS = /\/rate_limit$/;

function lower(headers: Record<string, unknown> | undefined): Headers {
  const out: Headers = {};
  for (const [k, v] of Object.entries(headers ?? {})) out[k.toLowerCase()] = v === undefined ? undefined : String(v);
  return out;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url.split('?')[0];
  }
}

function bodyMessage(data: unknown): { message?: string; errors?: ApiErrorDetail[]; documentationUrl?: string } {
  if (data && typeof data === 'object') {
    const d = data as { message?: unknown; errors?: unknown; documentation_url?: unknown };
    const errors = Array.isArray(d.errors)
      ? d.errors.map((e) => (typeof e === 'string' ? { message: e } : (e as ApiErrorDetail)))
      : undefined;
    return {
      message: typeof d.message === 'string' ? d.message : undefined,
      errors,
      documentationUrl: typeof d.documentation_url === 'string' ? d.documentation_url : undefined,
    };
  }
  if (typeof data === 'string' && data.trim()) return { message: data.trim().slice(0, 500) };
  return {};
}

/** One attempt's options with a time-out signal (joined with the caller's own signal, if any). */
function withTimeout(options: any, timeoutMs: number): any {
  if (!(timeoutMs > 0) || isStreamBody(options.data)) return options;
  const timer = AbortSignal.timeout(timeoutMs);
  const own: AbortSignal | undefined = options.request?.signal;
  return { ...options, request: { ...options.request, signal: own ? AbortSignal.any([own, timer]) : timer } };
}

export function createPolicy(deps: PolicyDeps) {
  const warned = new Set<string>();
  const warnOnce = (key: string, message: string) => {
    if (warned.has(key)) return;
    warned.add(key);
    deps.log.warning(message);
  };

  function noteDeprecation(method: string, route: string, headers: Headers): void {
    const deprecation = headers['deprecation'];
    const sunset = headers['sunset'];
    if (!deprecation && !sunset) return;
    const link = /<([^>]+)>;\s*rel="deprecation"/.exec(headers['link'] ?? '')?.[1];
    const parts = [`${method} ${route} is deprecated${deprecation ? ` (Deprecation: ${deprecation})` : ''}`];
    if (sunset) parts.push(`it stops working on ${sunset}`);
    if (link) parts.push(`see ${link}`);
    warnOnce(`deprecation ${method} ${route}`, parts.join('; '));
  }

  return async function policy(request: RequestFn, options: any): Promise<OctoResponse> {
    const policy: RequestPolicy = options.request ?? {};
    options.headers = { ...options.headers };
    if (deps.token) options.headers.authorization = `Bearer ${deps.token}`;
    if (!options.headers['x-github-api-version']) options.headers['x-github-api-version'] = deps.apiVersion;
    if (options.headers.accept === 'application/vnd.github.v3+json')
      options.headers.accept = 'application/vnd.github+json';
    options.request = { ...options.request, redirect: 'manual' };
    // A streamed body (an upload from disk) goes through a fetch that keeps memory flat.
    // (The client's default `request.fetch` is globalThis.fetch, merged into every call: that one is replaced too.)
    if (isStreamBody(options.data) && (!policy.fetch || policy.fetch === deps.defaultFetch))
      options.request.fetch = streamingFetch;

    let parsed = request.endpoint.parse(options);
    const method: string = parsed.method.toUpperCase();
    const route: string = typeof options.url === 'string' ? options.url : pathOf(parsed.url);
    const free = FREE_PATHS.test(pathOf(parsed.url));
    const write = isWrite(method);

    let key: string | undefined;
    if (method === 'GET' && !policy.noCache && !free) {
      key = cacheKey({
        method,
        url: parsed.url,
        accept: String(parsed.headers.accept ?? ''),
        apiVersion: deps.apiVersion,
        token: deps.token,
      });
      const cached = deps.cache.get(key);
      if (cached?.etag) options.headers['if-none-match'] = cached.etag;
      else if (cached?.lastModified) options.headers['if-modified-since'] = cached.lastModified;
    }

    const maxRetries = policy.retries ?? deps.retry.maxRetries;
    let serverAttempts = 0;
    let rateAttempts = 0;
    let redirects = 0;

    for (;;) {
      if (!free) await deps.budget.beforeRequest();
      const slot = free ? undefined : await deps.pacer.acquire(method);
      if (slot) deps.telemetry.waitedMs += slot.waitedMs;
      const started = Date.now();
      let status: number | undefined;
      let headers: Headers = {};
      let data: unknown;
      let response: OctoResponse | undefined;
      let networkError: unknown;
      try {
        response = await request(withTimeout(options, deps.requestTimeoutMs));
        status = response.status;
        headers = lower(response.headers);
      } catch (err: any) {
        if (err?.response) {
          status = err.status;
          headers = lower(err.response.headers);
          data = err.response.data;
        } else if (typeof err?.status === 'number' && err.status !== 500) {
          status = err.status;
        } else if (options.request?.signal?.aborted) {
          throw err; // the caller gave up: no retry
        } else {
          networkError = err;
        }
      } finally {
        slot?.release();
      }
      if (!free) deps.telemetry.record(status, write);
      deps.budget.update(headers);
      deps.telemetry.budget(deps.budget.state());
      deps.log.debug(
        `${method} ${pathOf(parsed.url)} → ${status ?? 'network error'} in ${Date.now() - started} ms` +
          (headers['x-ratelimit-remaining'] ? ` (remaining ${headers['x-ratelimit-remaining']})` : ''),
      );
      noteDeprecation(method, route, headers);

      // 304: the cached body, free.
      if (status === 304 && key) {
        const cached = deps.cache.get(key);
        if (cached) {
          return {
            status: 200,
            url: parsed.url,
            headers: { ...cached.headers, ...headers, 'x-repo-actions-cache': 'hit' },
            data: cached.data,
          };
        }
      }

      // 301/302/307/308: a renamed or transferred repository. Follow with the same method and body.
      if (
        response &&
        status &&
        [301, 302, 307, 308].includes(status) &&
        headers['location'] &&
        redirects < MAX_REDIRECTS
      ) {
        redirects++;
        const to = new URL(headers['location'], parsed.url).toString();
        warnOnce(
          `moved ${pathOf(parsed.url).split('/').slice(0, 4).join('/')}`,
          `${pathOf(parsed.url)} moved permanently to ${pathOf(to)}: the repository was renamed or transferred; update the workflow to the new name.`,
        );
        // Same method, headers and body at the new address; the route's parameters are already in `to`.
        options = {
          method,
          url: to,
          baseUrl: options.baseUrl,
          mediaType: options.mediaType,
          headers: options.headers,
          request: options.request,
          ...(parsed.body !== undefined ? { data: parsed.body } : {}),
        };
        parsed = request.endpoint.parse(options);
        continue;
      }

      if (response && status !== undefined && status < 400) {
        if (key && headers['etag'] && status === 200) {
          deps.cache.set(key, {
            etag: headers['etag'],
            lastModified: headers['last-modified'],
            headers: keepHeaders(headers),
            data: response.data,
          });
        }
        return response;
      }

      const body = bodyMessage(data);
      const decision = decideRetry({ status, headers, message: body.message }, serverAttempts, rateAttempts, {
        ...deps.retry,
        maxRetries,
        // A call that cannot be replayed (a streamed body) opts out of every retry.
        maxRateLimitRetries: policy.retries === 0 ? 0 : deps.retry.maxRateLimitRetries,
      });
      const fail = (extra?: string) =>
        new ApiError({
          status: status ?? 0,
          method,
          url: parsed.url,
          message:
            (body.message ?? (networkError instanceof Error ? networkError.message : undefined) ?? `HTTP ${status}`) +
            (extra ? ` (${extra})` : ''),
          errors: body.errors,
          documentationUrl: body.documentationUrl,
          headers,
          cause: networkError,
        });
      if (!decision.retry) throw fail(serverAttempts || rateAttempts ? decision.reason : undefined);
      if (decision.waitMs > deps.maxWaitMs) {
        throw fail(
          `${decision.reason}: would have to wait ${Math.ceil(decision.waitMs / 1000)} s, more than the ${Math.ceil(deps.maxWaitMs / 1000)} s allowed`,
        );
      }
      if (decision.rateLimited) rateAttempts++;
      else serverAttempts++;
      deps.telemetry.retries++;
      deps.telemetry.waitedMs += decision.waitMs;
      deps.log.info(
        `${method} ${pathOf(parsed.url)}: ${decision.reason}; retrying in ${(decision.waitMs / 1000).toFixed(1)} s`,
      );
      await deps.sleep(decision.waitMs);
    }
  };
}

export { WaitTooLongError };

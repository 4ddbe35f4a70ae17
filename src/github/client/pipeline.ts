// The request pipeline every Octokit call goes through, installed as Octokit's request hook. One visible order:
//   headers → cache → budget → pacer → send → integrity → retry → redirect → errors → telemetry
// Each stage lives in `stages/` and is tested alone; this file only sequences them, once per attempt.
import type { BudgetTracker } from './budget';
import type { EtagCache } from './etag-cache';
import type { TrustedOrigins } from './origins';
import { isWrite, limitMethod, type Pacer } from './pacer';
import type { RetrySettings } from './retry';
import { beforeSend, noteBudget, noteGraphqlRateLimit } from './stages/budget';
import { addValidators, answerFromCache, remember } from './stages/cache';
import { failureOf } from './stages/errors';
import {
  isGraphqlUrl,
  pathOf,
  type Exchange,
  type HookOptions,
  type OctoResponse,
  type RequestFn,
  type Verdict,
} from './stages/exchange';
import { applyHeaders } from './stages/headers';
import { checkShape } from './stages/integrity';
import { notePacing, withSlot } from './stages/pacer';
import { follow, redirectVerdict } from './stages/redirect';
import { retryStage } from './stages/retry';
import { send } from './stages/send';
import { AttemptObserver } from './stages/telemetry';
import type { TelemetryRecorder } from './telemetry';
import type { ApiEvent, Logger, RequestPolicy, WriteHistory } from './types';

export interface PipelineDeps {
  token: string;
  apiVersion: string;
  maxWaitMs: number;
  origins: TrustedOrigins;
  cache: EtagCache;
  budget: BudgetTracker;
  /** GraphQL's own primary budget (points). */
  graphqlBudget?: BudgetTracker;
  /** The GraphQL endpoint: its requests go to GraphQL's budget and telemetry column (default: a path ending `/graphql`). */
  graphqlUrl?: string;
  pacer: Pacer;
  /** Writes of the identity shared beyond this client (`ClientOptions.writeHistory`). */
  writeHistory?: WriteHistory;
  /** The ambient signal of the caller's work (`ClientOptions.abortSignal`), joined to each request's own. */
  abortSignal?: () => AbortSignal | undefined;
  /** `ClientOptions.observe`. */
  observe?: (event: ApiEvent) => void;
  telemetry: TelemetryRecorder;
  retry: RetrySettings;
  /** The fetch the Octokit was built with. */
  defaultFetch: (input: string | URL, init?: RequestInit) => Promise<Response>;
  /** An attempt that has not answered after this long is abandoned and retried (not for streamed bodies). */
  requestTimeoutMs: number;
  log: Logger;
  /** Every wait of the pipeline (real milliseconds). */
  sleep(ms: number): Promise<void>;
}

const FREE_PATHS = /\/rate_limit$/;

export function createPipeline(deps: PipelineDeps) {
  const headerSettings = { token: deps.token, apiVersion: deps.apiVersion, origins: deps.origins };
  const cacheSettings = { cache: deps.cache, apiVersion: deps.apiVersion, token: deps.token, origins: deps.origins };
  const sendSettings = { defaultFetch: deps.defaultFetch, requestTimeoutMs: deps.requestTimeoutMs };
  const retrySettings = { retry: deps.retry, maxWaitMs: deps.maxWaitMs };
  const pacing = {
    pacer: deps.pacer,
    onWait: (ms: number) => (deps.telemetry.waitedMs += ms),
    shared: deps.writeHistory && {
      history: deps.writeHistory,
      sleep: (ms: number) => deps.sleep(ms),
      maxWaitMs: deps.maxWaitMs,
    },
  };
  const observer = new AttemptObserver(deps.telemetry, deps.budget, deps.log, deps.graphqlBudget);

  return async function pipeline(request: RequestFn, options: HookOptions): Promise<OctoResponse> {
    const ambient = deps.abortSignal?.();
    ambient?.throwIfAborted();
    const own = options.request?.signal;
    if (ambient)
      options = {
        ...options,
        request: { ...options.request, signal: own ? AbortSignal.any([own, ambient]) : ambient },
      };
    const policy: RequestPolicy = options.request ?? {};
    const url = options.url;
    const ex: Exchange = {
      options: { ...options, headers: { ...options.headers } },
      parsed: request.endpoint.parse(options),
      method: '',
      route: typeof url === 'string' && url.startsWith('/') ? url : '',
      write: false,
      free: false,
      graphql: false,
      policy,
      counts: { server: 0, rate: 0, redirects: 0 },
    };
    try {
      return await exchange(request, ex);
    } finally {
      ex.writeTurn?.();
    }
  };

  async function exchange(request: RequestFn, ex: Exchange): Promise<OctoResponse> {
    for (;;) {
      // Aborted while waiting (a retry's back-off, the pacer): no further attempt.
      ex.options.request?.signal?.throwIfAborted();
      applyHeaders(ex, request.endpoint, headerSettings);
      ex.method = ex.parsed.method.toUpperCase();
      ex.route ||= pathOf(ex.parsed.url);
      ex.write = isWrite(limitMethod(ex.method, pathOf(ex.parsed.url), ex.policy.graphqlOperation));
      ex.free = FREE_PATHS.test(pathOf(ex.parsed.url));
      ex.graphql = isGraphqlUrl(ex.parsed.url, deps.graphqlUrl);
      addValidators(ex, cacheSettings);
      await beforeSend(ex, deps.budget, deps.graphqlBudget);
      const attempt = await withSlot(ex, pacing, () => send(request, ex, sendSettings));
      noteBudget(attempt, deps.budget, deps.graphqlBudget, ex);
      checkShape(ex, attempt);
      noteGraphqlRateLimit(ex, attempt, deps.graphqlBudget);

      let verdict: Verdict;
      const cached = answerFromCache(ex, attempt, cacheSettings);
      if (cached) verdict = { kind: 'return', response: cached };
      else if (attempt.response && attempt.status !== undefined && attempt.status < 300) {
        remember(ex, attempt, cacheSettings);
        verdict = { kind: 'return', response: attempt.response };
      } else {
        const retry = retryStage(ex, attempt, retrySettings);
        verdict =
          'verdict' in retry
            ? retry.verdict
            : (redirectVerdict(ex, attempt, deps.origins) ??
              (attempt.response
                ? { kind: 'return', response: attempt.response }
                : { kind: 'fail', error: failureOf(ex, attempt, retry.gaveUp) }));
      }
      observer.observe(ex, attempt, verdict);
      notePacing(deps.pacer, ex, attempt, verdict);
      if (!cached && (attempt.status === undefined || attempt.status >= 400))
        deps.observe?.({ kind: 'error', status: attempt.status ?? 0 });
      if (verdict.kind === 'retry') {
        const primary = attempt.headers['x-ratelimit-remaining'] === '0';
        const cause = !verdict.rateLimited ? 'server' : primary ? 'rate_limit' : 'secondary_limit';
        deps.observe?.({ kind: 'wait', cause, ms: verdict.waitMs });
      }

      switch (verdict.kind) {
        case 'return':
          // An `upload_url` in a release (fresh or from the cache) makes its host a place for uploads, when the
          // answer's final URL (after redirects) is the API's own.
          deps.origins.learn(verdict.response.data, ex.parsed.url);
          return verdict.response;
        case 'fail':
          throw verdict.error;
        case 'follow':
          follow(ex, verdict.to, request.endpoint);
          ex.route = '';
          break;
        case 'retry':
          if (verdict.rateLimited) ex.counts.rate++;
          else ex.counts.server++;
          await deps.sleep(verdict.waitMs);
      }
    }
  }
}

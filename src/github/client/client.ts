// The one factory every action uses: @actions/github's Octokit with the API's conventions built in.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GitHub, defaults as actionsDefaults } from '@actions/github/lib/utils';
import packageJson from '../../../package.json' with { type: 'json' };
import { BudgetTracker } from './budget';
import { realClock } from './clock';
import { EtagCache } from './etag-cache';
import { ApiError } from './errors';
import { atExit } from './exit-tasks';
import { TrustedOrigins } from './origins';
import { DEFAULT_LIMITS, Pacer } from './pacer';
import { createPipeline } from './pipeline';
import { holdsPages } from './stages/cache';
import { acceptSent } from './stages/headers';
import { createRetry } from './retry-runner';
import type { GraphqlDocument, GraphqlRunOptions } from '../graphql/document';
import { GraphqlRunner } from '../graphql/run';
import { TelemetryRecorder } from './telemetry';
import type { HookOptions, RequestFn } from './stages/exchange';
import type { Client, ClientOptions, Logger, Octokit } from './types';
import { z } from 'zod';
import { declared, defineReads } from './declared';
import type { EndpointDefaults, RequestParameters } from '@octokit/types';

export const PROJECT = packageJson.name;
/** The one version: package.json's. */
export const VERSION = packageJson.version;
export const DEFAULT_API_VERSION = '2022-11-28';
export const DEFAULT_API_URL = 'https://api.github.com';

/**
 * Where GraphQL lives for an API base URL, when the runner does not say (`GITHUB_GRAPHQL_URL`): GitHub Enterprise
 * Server serves it at `https://HOST/api/graphql` beside `https://HOST/api/v3` (its GraphQL docs, "The GraphQL
 * endpoint"; `@octokit/graphql` derives it the same way), github.com at `https://api.github.com/graphql`.
 */
export function defaultGraphqlUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return /\/api\/v3$/.test(base) ? base.replace(/\/v3$/, '/graphql') : `${base}/graphql`;
}

/** The client's own read: its budgets' state (the core resource is what every caller of it needs). */
export const reads = defineReads({
  rateLimit: {
    route: 'GET /rate_limit',
    shape: z.looseObject({
      resources: z.looseObject({
        core: z.looseObject({ limit: z.number(), remaining: z.number(), reset: z.number() }),
      }),
    }),
  },
});

/**
 * Octokit's page iterator with the call's `request` options on every page: its paginator sends each page (the first
 * too) with only its method, URL and headers, so the options (the declared answer, `noCache`) ride in the request
 * function's defaults instead, and every page is shape-checked and fresh as the call asked.
 */
function pageIterator(octokit: Octokit, route: string, params: RequestParameters) {
  const { request: policy, ...rest } = params;
  const send = policy ? octokit.request.defaults({ request: policy }) : octokit.request;
  const first = octokit.request.endpoint.merge(route, rest) as unknown as Parameters<typeof send>[0];
  return octokit.paginate.iterator(send, first);
}

const silent: Logger = { debug() {}, info() {}, warning() {} };

function readHistory(file: string | null): number[] {
  if (!file) return [];
  try {
    const v: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(v) ? v.filter((n): n is number => typeof n === 'number') : [];
  } catch {
    return [];
  }
}

export function createClient(opts: ClientOptions): Client {
  const log = opts.log ?? silent;
  const clock = opts.clock ?? realClock(opts.timeScale ?? 1);
  const timeScale = clock.scale;
  const options = {
    token: opts.token,
    action: opts.action,
    baseUrl: (opts.baseUrl ?? DEFAULT_API_URL).replace(/\/+$/, ''),
    graphqlUrl: (opts.graphqlUrl || defaultGraphqlUrl(opts.baseUrl ?? DEFAULT_API_URL)).replace(/\/+$/, ''),
    apiVersion: opts.apiVersion ?? DEFAULT_API_VERSION,
    reserve: opts.reserve ?? 50,
    graphqlReserve: opts.graphqlReserve ?? 50,
    maxWaitMs: opts.maxWaitMs ?? 120_000,
    retries: opts.retries ?? 4,
    concurrency: opts.concurrency ?? 8,
    timeScale,
    cacheDir: opts.cacheDir ?? null,
  };
  // The internals reckon in real milliseconds (already scaled); the clock waits in API time.
  const sleep = (ms: number) => clock.sleep(ms / timeScale);
  const now = () => clock.now();

  const telemetry = new TelemetryRecorder({ now, minuteMs: 60_000 * timeScale });
  /** A wait of the budgets or of a caller's retry, counted in the telemetry's time waited. */
  const waitCounted = async (ms: number) => {
    telemetry.waitedMs += ms;
    await sleep(ms);
  };
  const cache = new EtagCache(options.cacheDir, opts.cacheMaxBytes);
  if (cache.refused) log.warning(`The ETag cache stays in memory: ${cache.refused}`);
  const cacheDir = cache.refused ? null : options.cacheDir;
  options.cacheDir = cacheDir;
  // Content-creating requests of earlier steps of this job still count in the secondary-limit windows.
  const historyFile = cacheDir ? join(cacheDir, 'writes.json') : null;
  const pacer = new Pacer(
    { ...DEFAULT_LIMITS, concurrency: options.concurrency, timeScale },
    { now, sleep },
    options.maxWaitMs,
    readHistory(historyFile),
  );
  const saveHistory = () => {
    if (!historyFile) return;
    try {
      writeFileSync(historyFile, JSON.stringify(pacer.history()), { mode: 0o600 });
    } catch {
      // Only pacing across steps is lost.
    }
  };
  // Saved at the process's exit (one listener for every client), or when the client is closed before.
  const cancelExitTask = historyFile ? atExit(saveHistory) : () => {};
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    cancelExitTask();
    saveHistory();
  };

  // Octokit's own warnings (deprecations) are replaced by the pipeline's, so they only reach the debug log.
  const octokitLog = {
    debug: () => {},
    info: () => {},
    warn: (m: string) => log.debug(m),
    error: (m: string) => log.debug(m),
  };
  // Behind a proxy, @actions/github's proxy-aware fetch; otherwise the runtime's own.
  const defaultFetch: typeof fetch = opts.proxied
    ? ((actionsDefaults.request as { fetch?: typeof fetch } | undefined)?.fetch ?? globalThis.fetch)
    : globalThis.fetch;
  const octokit: Octokit = new GitHub({
    baseUrl: options.baseUrl,
    userAgent: `${PROJECT}/${VERSION} (${options.action})`,
    log: octokitLog,
    request: { fetch: defaultFetch, log: octokitLog },
  });

  // One free `GET /rate_limit` read per budget that needs it; GHES with rate limiting off answers 404 (budget.ts).
  const rateLimitResource = async (resource: 'core' | 'graphql') => {
    try {
      const { data } = await octokit.request('GET /rate_limit', { request: declared(reads.rateLimit) });
      const resources = data.resources as Record<string, typeof data.resources.core | undefined>;
      return resources[resource] ?? (resource === 'graphql' ? undefined : data.resources.core);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return undefined;
      throw err;
    }
  };
  // Both budgets wait on the same clock and bound, and their waits count as time waited.
  const budgetTime = { maxWaitMs: options.maxWaitMs, timeScale, now, sleep: waitCounted };
  const graphqlBudget = new BudgetTracker({
    resource: 'graphql',
    reserve: options.graphqlReserve,
    ...budgetTime,
    onWait: (ms, why) => log.info(`Waiting ${(ms / 1000).toFixed(1)} s for the GraphQL ${why}`),
    fetchRateLimit: () => rateLimitResource('graphql'),
  });
  const budget = new BudgetTracker({
    graphql: graphqlBudget,
    reserve: options.reserve,
    ...budgetTime,
    onWait: (ms, why) => log.info(`Waiting ${(ms / 1000).toFixed(1)} s for the ${why}`),
    onUnlimited: () =>
      log.info('The API reports no primary rate limit (rate limiting is not enabled): every plan fits the budget.'),
    fetchRateLimit: () => rateLimitResource('core'),
    writes: {
      planFit: (writes) => pacer.planFit(writes),
      expectWrites: (writes) => pacer.expectWrites(writes),
      onPlan: (fit, what) => {
        if (fit.writes <= (DEFAULT_LIMITS.writeBurst ?? 0)) return;
        log.info(
          `${what}: ${fit.writes} writes go one at a time, at least ${(pacer.writeSpacingMs / 1000).toFixed(0)} s apart ` +
            `(GitHub allows ${fit.perMinute} a minute and ${fit.perHour} an hour; ${fit.inHour} in the last hour): ` +
            `${Math.ceil(fit.minMs / 1000)} s at least.`,
        );
      },
    },
  });

  const retry = createRetry(
    {
      maxRetries: options.retries,
      maxRateLimitRetries: 3,
      baseDelayMs: 1000 * timeScale,
      maxDelayMs: 30_000 * timeScale,
      secondaryFallbackMs: 60_000 * timeScale,
      timeScale,
      now,
      random: Math.random,
    },
    options.maxWaitMs,
    waitCounted,
  );

  const origins = new TrustedOrigins(options.baseUrl, [options.graphqlUrl]);
  const pipeline = createPipeline({
    token: options.token,
    apiVersion: options.apiVersion,
    maxWaitMs: options.maxWaitMs,
    origins,
    cache,
    budget,
    graphqlBudget,
    graphqlUrl: options.graphqlUrl,
    pacer,
    writeHistory: opts.writeHistory,
    abortSignal: opts.abortSignal,
    observe: opts.observe,
    telemetry,
    log,
    sleep,
    defaultFetch,
    requestTimeoutMs: opts.requestTimeoutMs ?? 120_000,
    retry: retry.settings,
  });
  // The pipeline resolves options to a URL with Octokit's endpoint (defaults are already merged into them).
  const endpoint: RequestFn['endpoint'] = { parse: (o) => octokit.request.endpoint.parse(o as EndpointDefaults) };
  octokit.hook.wrap('request', (request, options) =>
    pipeline(
      Object.assign(async (o: HookOptions) => request(o as Required<EndpointDefaults>), { endpoint }),
      options,
    ),
  );

  // The answers' types come from the route (Client's overloads); here every page is an array the schemas checked.
  function pages<T>(route: string, params: Record<string, unknown> = {}): AsyncIterable<T[]> {
    return {
      async *[Symbol.asyncIterator]() {
        for await (const page of pageIterator(octokit, route, { per_page: 100, ...params })) {
          const data: unknown = page.data;
          yield data as T[];
        }
      },
    };
  }
  function pageAnswers(route: string, params: Record<string, unknown> = {}) {
    return pageIterator(octokit, route, { per_page: 100, ...params });
  }
  async function paginate<T>(route: string, params: Record<string, unknown> = {}): Promise<T[]> {
    const all: T[] = [];
    for await (const page of pages<T>(route, params)) all.push(...page);
    return all;
  }
  async function find<T>(
    route: string,
    params: Record<string, unknown>,
    predicate: (item: T) => boolean,
  ): Promise<T | undefined> {
    for await (const page of pages<T>(route, params)) {
      const hit = page.find(predicate);
      if (hit !== undefined) return hit;
    }
    return undefined;
  }

  function holdsList(route: string, params: Record<string, unknown> = {}): boolean {
    // The URL and media type exactly as `pages` sends the first page (pagination plugin: endpoint(route, params)).
    const first = octokit.request.endpoint(route, { per_page: 100, ...params });
    if (first.method !== 'GET') return false;
    const settings = { cache, apiVersion: options.apiVersion, token: options.token, origins };
    return holdsPages(settings, first.url, acceptSent(first.headers.accept));
  }

  const graphqlRunner = new GraphqlRunner({
    octokit,
    url: options.graphqlUrl,
    budget: graphqlBudget,
    retry,
  });
  // Documents only: every query the actions send is a generated document, priced and shape-checked.
  const graphql = <D, V>(document: GraphqlDocument<D, V>, variables: V, runOptions?: GraphqlRunOptions) =>
    graphqlRunner.run(document, variables, runOptions);

  return {
    octokit,
    budget,
    graphqlBudget,
    telemetry,
    retry,
    options,
    pages,
    pageAnswers,
    graphqlUrl: options.graphqlUrl,
    graphql,
    graphqlUnavailable: (points?: number) => graphqlRunner.unavailable(points),
    paginate,
    find,
    holdsList,
    close,
  };
}

// The one factory every action uses: @actions/github's Octokit with the seed's policies built in.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GitHub, defaults as actionsDefaults } from '@actions/github/lib/utils';
import { BudgetTracker } from './budget';
import { EtagCache } from './etag-cache';
import { DEFAULT_LIMITS, Pacer } from './pacer';
import { createPolicy } from './policy';
import { TelemetryRecorder } from './telemetry';
import type { Client, ClientOptions, Logger, Octokit } from './types';

export const PROJECT = 'repo-actions';
export const VERSION = '0.1.0';
export const DEFAULT_API_VERSION = '2022-11-28';

const silent: Logger = { debug() {}, info() {}, warning() {} };

function scaleFromEnv(): number {
  const v = Number(process.env.REPO_ACTIONS_TIME_SCALE);
  return Number.isFinite(v) && v > 0 ? v : 1;
}

function defaultCacheDir(): string | null {
  const temp = process.env.RUNNER_TEMP;
  return temp ? join(temp, `${PROJECT}-cache`) : null;
}

function proxied(url: string): boolean {
  const host = new URL(url).hostname;
  const noProxy = (process.env.no_proxy ?? process.env.NO_PROXY ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (noProxy.some((n) => n === '*' || host === n || host.endsWith(n.startsWith('.') ? n : `.${n}`))) return false;
  return Boolean(
    process.env.https_proxy ?? process.env.HTTPS_PROXY ?? process.env.http_proxy ?? process.env.HTTP_PROXY,
  );
}

function readHistory(file: string | null): number[] {
  if (!file) return [];
  try {
    const v = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(v) ? v.filter((n): n is number => typeof n === 'number') : [];
  } catch {
    return [];
  }
}

export function createClient(opts: ClientOptions): Client {
  const log = opts.log ?? silent;
  const timeScale = opts.timeScale ?? scaleFromEnv();
  const options = {
    token: opts.token,
    action: opts.action,
    baseUrl: (opts.baseUrl ?? process.env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, ''),
    apiVersion: opts.apiVersion ?? DEFAULT_API_VERSION,
    reserve: opts.reserve ?? 50,
    maxWaitMs: opts.maxWaitMs ?? 120_000,
    retries: opts.retries ?? 4,
    concurrency: opts.concurrency ?? 8,
    timeScale,
    cacheDir: opts.cacheDir === undefined ? defaultCacheDir() : opts.cacheDir,
  };
  const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
  const now = () => Date.now();

  const telemetry = new TelemetryRecorder();
  const cache = new EtagCache(options.cacheDir);
  // Content-creating requests of earlier steps of this job still count in the secondary-limit windows.
  const historyFile = options.cacheDir ? join(options.cacheDir, 'writes.json') : null;
  const pacer = new Pacer(
    { ...DEFAULT_LIMITS, concurrency: options.concurrency, timeScale },
    { now, sleep },
    options.maxWaitMs,
    readHistory(historyFile),
  );
  if (historyFile) {
    process.once('exit', () => {
      try {
        writeFileSync(historyFile, JSON.stringify(pacer.history()));
      } catch {
        // Only pacing across steps is lost.
      }
    });
  }

  // Octokit's own warnings (deprecations) are replaced by the policy's, so they only reach the debug log.
  const octokitLog = {
    debug: () => {},
    info: () => {},
    warn: (m: string) => log.debug(m),
    error: (m: string) => log.debug(m),
  };
  // Behind a proxy, @actions/github's proxy-aware fetch; otherwise the runtime's own.
  const defaultFetch = proxied(options.baseUrl)
    ? ((actionsDefaults.request as any)?.fetch ?? globalThis.fetch)
    : globalThis.fetch;
  const octokit: Octokit = new GitHub({
    baseUrl: options.baseUrl,
    userAgent: `${PROJECT}/${VERSION} (${options.action})`,
    log: octokitLog,
    request: { fetch: defaultFetch, log: octokitLog },
  });

  const budget = new BudgetTracker({
    reserve: options.reserve,
    maxWaitMs: options.maxWaitMs,
    timeScale,
    now,
    sleep: async (ms) => {
      telemetry.waitedMs += ms;
      await sleep(ms);
    },
    onWait: (ms, why) => log.info(`Waiting ${(ms / 1000).toFixed(1)} s for the ${why}`),
    fetchRateLimit: async () => {
      const { data } = await octokit.request('GET /rate_limit');
      return data.resources.core;
    },
  });

  octokit.hook.wrap(
    'request',
    createPolicy({
      token: options.token,
      apiVersion: options.apiVersion,
      maxWaitMs: options.maxWaitMs,
      cache,
      budget,
      pacer,
      telemetry,
      log,
      sleep,
      defaultFetch,
      requestTimeoutMs: opts.requestTimeoutMs ?? 120_000,
      retry: {
        maxRetries: options.retries,
        maxRateLimitRetries: 3,
        baseDelayMs: 1000 * timeScale,
        maxDelayMs: 30_000 * timeScale,
        secondaryFallbackMs: 60_000 * timeScale,
        timeScale,
        now,
        random: Math.random,
      },
    }) as any,
  );

  const pages = <T>(route: string, params: Record<string, unknown> = {}): AsyncIterable<T[]> => ({
    async *[Symbol.asyncIterator]() {
      for await (const page of octokit.paginate.iterator(route as any, { per_page: 100, ...params } as any)) {
        yield page.data as T[];
      }
    },
  });

  return {
    octokit,
    budget,
    telemetry,
    options,
    pages,
    async paginate<T>(route: string, params: Record<string, unknown> = {}): Promise<T[]> {
      const all: T[] = [];
      for await (const page of pages<T>(route, params)) all.push(...page);
      return all;
    },
    async find<T>(
      route: string,
      params: Record<string, unknown>,
      predicate: (item: T) => boolean,
    ): Promise<T | undefined> {
      for await (const page of pages<T>(route, params)) {
        const hit = page.find(predicate);
        if (hit !== undefined) return hit;
      }
      return undefined;
    },
  };
}

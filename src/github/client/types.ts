// Public types of the shared API client. Every action talks to GitHub only through a `Client`.
import type { GitHub } from '@actions/github/lib/utils';
import type { Endpoints, RequestParameters } from '@octokit/types';
import type { z } from 'zod';
import type { Clock } from './clock';
import type { GraphqlDocument, GraphqlRunOptions } from '../graphql/document';
import type { GraphqlUnavailableError } from '../graphql/errors';
import type { ClientRetry } from './retry-runner';

/** The Octokit class @actions/github exports, with the REST endpoint methods and pagination. */
export type Octokit = InstanceType<typeof GitHub>;

/** GitHub's list routes: a GET whose answer is an array (`GET /repos/{owner}/{repo}/labels`). */
export type ListRoute = {
  [R in keyof Endpoints]: R extends `GET ${string}`
    ? Endpoints[R]['response']['data'] extends readonly unknown[]
      ? R
      : never
    : never;
}[keyof Endpoints];

/** One item of a list route's answer, as GitHub's OpenAPI description types it. */
export type ListItem<R extends ListRoute> = Endpoints[R]['response']['data'] extends readonly (infer T)[] ? T : never;

/** A list route's parameters (path and query), plus Octokit's request options. */
export type ListParams<R extends ListRoute> = Endpoints[R]['parameters'] & RequestParameters;

/** What an operation or a plan costs against the limits. */
export interface Cost {
  /** Requests that count against the primary (hourly) limit. A 304 is free and is not counted. */
  requests: number;
  /** Of those, the content-creating ones (POST, PATCH, PUT, DELETE) that the secondary limits pace. */
  writes: number;
  /**
   * GraphQL points (GraphQL's own primary budget, `x-ratelimit-resource: graphql`): the sum of the documents'
   * `points`. A plan is refused when either budget cannot pay.
   */
  points?: number;
}

export interface BudgetState {
  /** False until a response (or `GET /rate_limit`) has told the client the numbers. */
  known: boolean;
  /**
   * True when the server has no primary limit (GitHub Enterprise Server with rate limiting off: no x-ratelimit-*
   * headers, `GET /rate_limit` 404); `limit` and `remaining` are then Infinity.
   */
  unlimited?: boolean;
  limit: number;
  remaining: number;
  used: number;
  /** Epoch seconds when the window resets. */
  reset: number;
  resource: string;
}

export interface Budget {
  /** Requests kept back for the rest of the workflow. */
  readonly reserve: number;
  state(): BudgetState;
  /** Reads `GET /rate_limit` (free). */
  refresh(): Promise<BudgetState>;
  /**
   * True when `remaining - reserve >= cost.requests` and, for a `cost.points`, GraphQL's budget can pay them too
   * (refresh first if unknown).
   */
  canAfford(cost: Cost | number): boolean;
  /**
   * Refreshes the numbers when unknown, then resolves when the plan can be paid for. When it cannot
   * but the reset comes within the client's wait bound, it waits for the reset; otherwise it throws
   * a `BudgetError` whose message names the requests needed, remaining, reserve and reset time. `cost.points` are
   * checked the same way against GraphQL's budget (a `BudgetError` in GraphQL points).
   */
  ensure(cost: Cost | number, what?: string): Promise<void>;
}

/**
 * What the client spent, REST and GraphQL apart: they are two primary budgets ("Rate limits for the REST API": the
 * GraphQL API "has a separate primary rate limit"), so a GraphQL query is never one of the REST `requests`.
 */
export interface TelemetrySnapshot {
  /** REST requests sent over the network (every attempt, retries included; the free `GET /rate_limit` aside). */
  requests: number;
  /** Of those, answered 304 from the ETag cache (free). */
  notModified: number;
  /** Content-creating REST requests sent. */
  writes: number;
  /** REST attempts repeated. */
  retries: number;
  /** Milliseconds spent waiting on pacing, retry back-off and rate-limit resets (REST and GraphQL together). */
  waitedMs: number;
  /** REST's budget (`x-ratelimit-resource: core`) after the first and after the last answer, when known. */
  budgetBefore?: BudgetState;
  budgetAfter?: BudgetState;
  /** REST requests per status code (`network` when no answer arrived). */
  byStatus: Record<string, number>;
  /** GraphQL requests sent (every attempt, retries and mutations included). */
  graphqlRequests?: number;
  /** Of those, mutations (content-creating). */
  graphqlWrites?: number;
  /** GraphQL attempts repeated. */
  graphqlRetries?: number;
  /** GraphQL points the answered requests cost (their `rateLimit.cost`, else the document's computed cost). */
  graphqlPoints?: number;
  /** GraphQL requests per status code. */
  graphqlByStatus?: Record<string, number>;
  /** GraphQL's own budget (`x-ratelimit-resource: graphql`) after the first and after the last answer, when known. */
  graphqlBudgetBefore?: BudgetState;
  graphqlBudgetAfter?: BudgetState;
  /** Writes (REST and GraphQL) sent in each minute since the run's first request, when the client kept the times. */
  writesPerMinute?: number[];
  /** The GitHub Enterprise Server version the server's answers named (`x-github-enterprise-version`), if any. */
  enterpriseVersion?: string;
}

export interface Telemetry {
  snapshot(): TelemetrySnapshot;
  /** A markdown section (heading + table) for the job summary. */
  markdown(): string;
}

/** The schema of the 2xx JSON answer a caller reads, or `unread` when it reads none (declared.ts). */
export type DeclaredShape = z.ZodType | 'unread';

/** Per-request options, passed as `request: { ... }` in any Octokit call. */
export interface RequestPolicy {
  /** Maximum retries of 5xx/network failures for this call (default: the client's). 0 disables retries. */
  retries?: number;
  /** Skip the ETag cache for this GET. */
  noCache?: boolean;
  /** A fetch for this call only (a streamed body gets the client's streaming fetch without asking). */
  fetch?: unknown;
  /** A `POST /graphql` carrying a mutation counts as a write in the secondary limits (5 points); a query as a read. */
  graphqlOperation?: 'query' | 'mutation';
  /** A GraphQL document's computed point cost: what telemetry counts when the answer does not state `rateLimit.cost`. */
  graphqlPoints?: number;
  /**
   * A write's rule after a lost answer (a 5xx or a broken connection): `repeat` lets the client retry it, `caller`
   * does not (the caller reads the state first). Pass it with `declared(write)`; a write without one is not repeated.
   */
  afterLostAnswer?: 'repeat' | 'caller';
  /**
   * The route the caller declared and the shape of the 2xx JSON answer it reads (declared.ts), checked by the
   * integrity stage on every page. Pass it with `declared(read)` or `declared(write)`.
   */
  answer?: {
    route: string;
    shape: DeclaredShape;
    /** A cap above the default for this request's answers (answer-limits.ts), for a route that carries files. */
    maxBytes?: number;
  };
}

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warning(message: string): void;
}

export interface ClientOptions {
  token: string;
  /** Names the action in the User-Agent (`repo-actions/<version> (<action>)`). */
  action: string;
  /** The API's base URL (core passes `GITHUB_API_URL`); default https://api.github.com. */
  baseUrl?: string;
  /**
   * GraphQL's URL (core passes `GITHUB_GRAPHQL_URL`); default derived from `baseUrl`: `…/graphql`, or
   * `https://HOST/api/graphql` for a GitHub Enterprise Server `https://HOST/api/v3`.
   */
  graphqlUrl?: string;
  /** Default 2022-11-28. */
  apiVersion?: string;
  /** Requests kept back for the rest of the workflow (default 50). */
  reserve?: number;
  /** GraphQL points kept back for the rest of the workflow (default 50). */
  graphqlReserve?: number;
  /** Upper bound of any single wait (retry-after, rate-limit reset, pacing). Default 120 000 ms. */
  maxWaitMs?: number;
  /** Retries of 5xx and network failures (default 4). */
  retries?: number;
  /** An attempt with no answer after this long is abandoned and retried (default 120 000 ms; not for streamed uploads). */
  requestTimeoutMs?: number;
  /** Requests in flight at once (default 8; the secondary limit is 100). */
  concurrency?: number;
  /** Where the ETag cache lives on disk (core passes `$RUNNER_TEMP/repo-actions-cache`); null or absent: memory only. */
  cacheDir?: string | null;
  /** The in-memory ETag cache's bound in bytes (default 32 MiB). */
  cacheMaxBytes?: number;
  /** Time: every wait goes through it (default the real clock). */
  clock?: Clock;
  /**
   * Scales every time window and wait when no clock is given (tests against the emulator; prefer `clock`).
   */
  timeScale?: number;
  /** True when the runner routes the API through a proxy (core reads `https_proxy`/`no_proxy`). */
  proxied?: boolean;
  /** The identity's content-creating requests beyond this client (the service's replicas and earlier tokens). */
  writeHistory?: WriteHistory;
  /**
   * The signal of whatever the current request is made for (the service's job, read through its async context as the
   * client is shared): asked at each request, and an aborted one ends the request at once, without a retry.
   */
  abortSignal?: () => AbortSignal | undefined;
  /** Told of each error answer (status 0: no answer) and each wait before a retry (the service's metrics). */
  observe?: (event: ApiEvent) => void;
  log?: Logger;
}

/** What `ClientOptions.observe` is told. */
export type ApiEvent =
  { kind: 'error'; status: number } | { kind: 'wait'; cause: 'rate_limit' | 'secondary_limit' | 'server'; ms: number };

/**
 * Writes of one identity counted where every client acting as it sees them: GitHub's secondary limits belong to the
 * identity, not to a token or a process. Asked before each content-creating request, after the client's own pacer.
 */
export interface WriteHistory {
  /** Records a write about to be sent and resolves 0, or resolves the real ms to wait before asking again. */
  admit(): Promise<number>;
}

export interface Client {
  readonly octokit: Octokit;
  /** REST's primary budget; a plan's `points` are checked against `graphqlBudget` by the same calls. */
  readonly budget: Budget;
  /** GraphQL's own primary budget, in points (`x-ratelimit-resource: graphql`, `rateLimit { remaining resetAt }`). */
  readonly graphqlBudget: Budget;
  readonly telemetry: Telemetry;
  /** The retry matrix for callers that repeat a step themselves (same rules, clock and bounds as the pipeline). */
  readonly retry: ClientRetry;
  readonly options: Readonly<
    Required<
      Omit<
        ClientOptions,
        | 'log'
        | 'cacheDir'
        | 'requestTimeoutMs'
        | 'clock'
        | 'cacheMaxBytes'
        | 'proxied'
        | 'writeHistory'
        | 'abortSignal'
        | 'observe'
      >
    >
  > & {
    cacheDir: string | null;
  };
  /** Where GraphQL requests go (`GITHUB_GRAPHQL_URL`, or derived from the API URL). */
  readonly graphqlUrl: string;
  /**
   * One GraphQL document (generated from a `.graphql` file) through the pipeline: its typed `data`, checked against
   * the document's shape. Throws `GraphqlError` for an answer with `errors` (partial data included: never data),
   * `GraphqlUnavailableError` when GraphQL cannot serve it (no endpoint, GraphQL's budget spent, an older schema):
   * the caller then reads through REST. A mutation is paced as a write (5 points) and not repeated after a lost
   * answer unless `repeatable`.
   */
  graphql<D, V>(document: GraphqlDocument<D, V>, variables: V, options?: GraphqlRunOptions): Promise<D>;
  /**
   * Why GraphQL cannot serve a document of `points` now (no endpoint seen, or its budget minus the reserve is too
   * small), or undefined: a plan's choice between GraphQL and REST reads, without a request.
   */
  graphqlUnavailable(points?: number): GraphqlUnavailableError | undefined;
  /**
   * All items of a list endpoint: `per_page=100`, following `rel="next"` until it is absent. A route of GitHub's
   * REST API gives typed items; any other path (or an explicit item type) what the caller says.
   */
  paginate<R extends ListRoute>(route: R, params?: ListParams<R>): Promise<ListItem<R>[]>;
  paginate<T = unknown>(route: string, params?: Record<string, unknown>): Promise<T[]>;
  /** Pages of a list endpoint, lazily: stop early by breaking out of the loop. */
  pages<R extends ListRoute>(route: R, params?: ListParams<R>): AsyncIterable<ListItem<R>[]>;
  pages<T = unknown>(route: string, params?: Record<string, unknown>): AsyncIterable<T[]>;
  /** Pages of a list endpoint as answered (each page's body and headers, such as its `link`), lazily. */
  pageAnswers(
    route: string,
    params?: Record<string, unknown>,
  ): AsyncIterable<{ data: unknown; headers: Record<string, unknown> }>;
  /** The first item a predicate accepts, reading no page after the one it is on. */
  find<R extends ListRoute>(
    route: R,
    params: ListParams<R>,
    predicate: (item: ListItem<R>) => boolean,
  ): Promise<ListItem<R> | undefined>;
  find<T = unknown>(
    route: string,
    params: Record<string, unknown>,
    predicate: (item: T) => boolean,
  ): Promise<T | undefined>;
  /**
   * True when the ETag cache holds every page of this list with validators (an earlier read of this job, this step
   * or one before it with the same cache directory): reading it again through `paginate`/`pages` is conditional, a
   * 304 per unchanged page, free. Sends no request; says nothing of whether the list changed since.
   */
  holdsList(route: string, params?: Record<string, unknown>): boolean;
  /**
   * Done with this client: saves its pacing history now (with a cache directory) instead of at the process's exit,
   * and drops its exit task, so nothing keeps a closed client reachable. Idempotent.
   */
  close(): void;
}

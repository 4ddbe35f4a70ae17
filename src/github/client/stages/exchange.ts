// What flows through the stages: one API call (`Exchange`), what one attempt brought back (`Attempt`), and
// what the stages decided about it (`Verdict`).
import type {
  EndpointDefaults,
  OctokitResponse,
  RequestHeaders,
  RequestOptions,
  RequestParameters,
} from '@octokit/types';
import type { RequestPolicy } from '../types';

export type HeaderMap = Record<string, string | undefined>;

/** An answer as Octokit returns it; the body is unknown until a caller's types or the route's schema say more. */
export type OctoResponse = OctokitResponse<unknown>;

/**
 * The request options Octokit's hook receives (route resolved, defaults merged): Octokit's `EndpointDefaults`,
 * with headers the stages rewrite (so `accept` and `user-agent` are not required of them).
 */
export interface HookOptions extends RequestParameters {
  baseUrl: EndpointDefaults['baseUrl'];
  method: string;
  url?: string;
  headers: RequestHeaders;
  mediaType: EndpointDefaults['mediaType'];
}

/** Octokit's `request` as a hook receives it, with the endpoint that resolves options to a URL. */
export type RequestFn = ((options: HookOptions) => Promise<OctoResponse>) & {
  endpoint: { parse(options: HookOptions): RequestOptions };
};

export interface Exchange {
  /** Octokit's request options, rewritten by the headers and redirect stages. */
  options: HookOptions;
  /** The options resolved by Octokit's endpoint (absolute URL, headers, body). */
  parsed: { method: string; url: string; headers: Record<string, unknown>; body?: unknown };
  method: string;
  /** The route as the caller named it (`/repos/{owner}/{repo}/labels`) or the path of an absolute URL. */
  route: string;
  write: boolean;
  /** `GET /rate_limit`: no budget, no pacing, not counted. */
  free: boolean;
  /** Sent to the GraphQL endpoint: GraphQL's budget and telemetry column, never REST's. */
  graphql: boolean;
  policy: RequestPolicy;
  cacheKey?: string;
  /** Retries made so far: of 5xx and network failures, of rate-limit answers; redirects followed. */
  counts: { server: number; rate: number; redirects: number };
  /** A write holds the client's write turn through its retries; this hands it on (pacer.ts). */
  writeTurn?: () => void;
}

export interface Attempt {
  /** Undefined when no HTTP answer arrived (network failure or an unreadable answer). */
  status?: number;
  /** Lower-cased response headers. */
  headers: HeaderMap;
  /** The answer of a status below 400. */
  response?: OctoResponse;
  /** The body of a status of 400 or more. */
  data?: unknown;
  /** The network or integrity failure. */
  failure?: unknown;
  startedAt: number;
}

export type Verdict =
  | { kind: 'return'; response: OctoResponse }
  | { kind: 'retry'; waitMs: number; reason: string; rateLimited: boolean }
  | { kind: 'follow'; to: string }
  | { kind: 'fail'; error: Error };

export function lowerHeaders(headers: Record<string, unknown> | undefined): HeaderMap {
  const out: HeaderMap = {};
  for (const [k, v] of Object.entries(headers ?? {})) out[k.toLowerCase()] = headerText(v);
  return out;
}

/** A header's value as text (Octokit gives strings and numbers; anything else is not a header value). */
export function headerText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((v) => headerText(v) ?? '').join(', ');
  return undefined;
}

export function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url.split('?')[0];
  }
}

/**
 * Whether `url` is the GraphQL endpoint: the configured GraphQL URL (same origin and path), or, without one, a path
 * ending in `/graphql` (`https://api.github.com/graphql`, GHES's `https://HOST/api/graphql`).
 */
export function isGraphqlUrl(url: string, graphqlUrl?: string): boolean {
  if (!graphqlUrl) return /\/graphql\/?$/.test(pathOf(url));
  try {
    const a = new URL(url);
    const b = new URL(graphqlUrl);
    const trim = (p: string) => p.replace(/\/+$/, '');
    return a.origin === b.origin && trim(a.pathname) === trim(b.pathname);
  } catch {
    return false;
  }
}

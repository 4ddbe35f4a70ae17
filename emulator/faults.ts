// Fault injection: scripted responses, connection resets, seeded random 5xx, latency, and a concurrent push
// that moves a branch just before the next ref update of that branch.
import type { FileSeed } from './types';

export interface FaultMatch {
  /** HTTP method, or several as `POST|PATCH` (any when omitted). */
  method?: string;
  /** Tested against the path without query (a string is compiled as a regular expression). */
  path?: RegExp | string;
  host?: 'api' | 'uploads';
}

export interface ScriptedResponse extends FaultMatch {
  status: number;
  headers?: Record<string, string>;
  /** JSON body (a string is sent as is). Default: `{ message }` from the status. */
  body?: unknown;
  /** Sent as is with `content-type: application/json` (a 2xx whose JSON does not parse). */
  rawJson?: string;
  /** How many matching requests get it (default 1; Infinity for all). */
  times?: number;
  /**
   * Run the request first (its write happens), then answer this instead: a 502 after the commit was made. An
   * upload answered this way leaves its asset in the `starter` state, as GitHub's upstream failures do.
   */
  afterHandler?: boolean;
}

export interface ConnectionReset extends FaultMatch {
  /**
   * Destroy the socket before reading the request body (default), after reading it (the request ran), after N
   * request body bytes, in the middle of the answer (head with the full content-length and half the body sent:
   * the request ran), or right after the whole answer was sent.
   */
  when?: 'before-body' | 'after-body' | { afterBytes: number } | 'mid-response' | 'after-response';
  times?: number;
}

export interface Random5xx extends FaultMatch {
  /** Probability 0..1 for each matching request. */
  rate: number;
  seed?: number;
  statuses?: number[];
}

export interface ConcurrentPush {
  repo: string;
  branch: string;
  files: Record<string, FileSeed | null>;
  message?: string;
  login?: string;
}

function matches(f: FaultMatch, method: string, path: string, host: string): boolean {
  if (f.method && !f.method.toUpperCase().split('|').includes(method)) return false;
  if (f.host && f.host !== host) return false;
  if (f.path !== undefined) {
    const re = typeof f.path === 'string' ? new RegExp(f.path) : f.path;
    if (!re.test(path)) return false;
  }
  return true;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Faults {
  private scripts: (ScriptedResponse & { left: number })[] = [];
  private resets: (ConnectionReset & { left: number })[] = [];
  private randoms: (Random5xx & { next: () => number })[] = [];
  private latencies: { match: FaultMatch; ms: number }[] = [];
  private pushes: ConcurrentPush[] = [];
  private extraHeaders: (FaultMatch & { headers: Record<string, string>; left: number })[] = [];

  /** Answer the next `times` matching requests with this response (before auth and limits, not counted; with `afterHandler`, after the request ran, counted). */
  respond(r: ScriptedResponse): this {
    this.scripts.push({ ...r, left: r.times ?? 1 });
    return this;
  }

  /**
   * A secondary rate limit (GitHub docs, "Rate limits for the REST API" → "Exceeding the secondary rate limit":
   * a 403 or a 429, `x-ratelimit-remaining` not 0, with or without `retry-after`; the body's message names it).
   */
  secondaryLimit(r: FaultMatch & { status: 403 | 429; retryAfterSeconds?: number; times?: number }): this {
    const { status, retryAfterSeconds, ...rest } = r;
    return this.respond({
      ...rest,
      status,
      headers: retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) },
      body: {
        message:
          'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID.',
        documentation_url:
          'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
        status: String(status),
      },
    });
  }

  /**
   * GitHub's content-creation limit as some endpoints answer it: 422 "was submitted too quickly" (cli/cli#4801 on
   * issue creation, derberg/manage-files#5 on pull-request creation), with or without `retry-after`.
   */
  submittedTooQuickly(r: FaultMatch & { resource?: string; retryAfterSeconds?: number; times?: number }): this {
    const { resource, retryAfterSeconds, ...rest } = r;
    return this.respond({
      ...rest,
      status: 422,
      headers: retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) },
      body: {
        message: 'Validation Failed',
        errors: [{ resource: resource ?? 'Issue', code: 'custom', message: 'was submitted too quickly' }],
        documentation_url: 'https://docs.github.com/rest',
        status: '422',
      },
    });
  }

  /**
   * Read-after-write lag: right after a ref is created or moved, the next `times` pull-request creations answer 422
   * "No commits between …" (or `head` invalid), and ref creations/updates 422 "Reference update failed"
   * (octokit.rb#622, dotnet/buildtools#1140, gitbutler#4904, rest-api-description#4887). Counted as the requests
   * that meet the lag, not as a duration, so a test is deterministic.
   */
  readAfterWriteLag(r: { on: 'pulls' | 'head-invalid' | 'refs'; times?: number; base?: string; head?: string }): this {
    const times = r.times ?? 1;
    if (r.on === 'refs')
      return this.respond({
        method: 'POST|PATCH',
        path: /\/git\/refs(\/|$)/,
        status: 422,
        times,
        body: {
          message: 'Reference update failed',
          documentation_url: 'https://docs.github.com/rest/git/refs',
          status: '422',
        },
      });
    const errors =
      r.on === 'pulls'
        ? [
            {
              resource: 'PullRequest',
              code: 'custom',
              message: `No commits between ${r.base ?? 'main'} and ${r.head ?? 'topic'}`,
            },
          ]
        : [{ resource: 'PullRequest', code: 'invalid', field: 'head' }];
    return this.respond({
      method: 'POST',
      path: /\/pulls$/,
      status: 422,
      times,
      body: {
        message: 'Validation Failed',
        errors,
        documentation_url: 'https://docs.github.com/rest/pulls/pulls#create-a-pull-request',
        status: '422',
      },
    });
  }

  /** Destroy the connection of the next `times` matching requests. */
  reset(r: ConnectionReset = {}): this {
    this.resets.push({ ...r, left: r.times ?? 1 });
    return this;
  }

  /** Answer a seeded-random share of matching requests with a 5xx. */
  random5xx(r: Random5xx): this {
    this.randoms.push({ ...r, next: mulberry32(r.seed ?? 1) });
    return this;
  }

  /** Add headers (e.g. `Deprecation`, `Sunset`) to the real responses of matching requests (default: every time). */
  addHeaders(r: FaultMatch & { headers: Record<string, string>; times?: number }): this {
    this.extraHeaders.push({ ...r, left: r.times ?? Infinity });
    return this;
  }

  /** Add latency to matching requests (all when `match` is omitted). */
  latency(ms: number, match: FaultMatch = {}): this {
    this.latencies.push({ match, ms });
    return this;
  }

  /** Commit `files` to `branch` just before the next ref update of that branch (a push racing the action). */
  concurrentPush(p: ConcurrentPush): this {
    this.pushes.push(p);
    return this;
  }

  clear(): void {
    this.scripts = [];
    this.resets = [];
    this.randoms = [];
    this.latencies = [];
    this.pushes = [];
    this.extraHeaders = [];
  }

  /** Pending faults (scripted responses and resets not yet used, pushes not yet made). */
  get pending(): number {
    return (
      this.scripts.filter((s) => s.left > 0).length + this.resets.filter((r) => r.left > 0).length + this.pushes.length
    );
  }

  takeScript(method: string, path: string, host: string): ScriptedResponse | undefined {
    const s = this.scripts.find((f) => f.left > 0 && matches(f, method, path, host));
    if (!s) return undefined;
    s.left--;
    return s;
  }

  headersFor(method: string, path: string, host: string): Record<string, string> {
    const out: Record<string, string> = {};
    for (const h of this.extraHeaders) {
      if (h.left > 0 && matches(h, method, path, host)) {
        h.left--;
        Object.assign(out, h.headers);
      }
    }
    return out;
  }

  takeReset(method: string, path: string, host: string): ConnectionReset | undefined {
    const r = this.resets.find((f) => f.left > 0 && matches(f, method, path, host));
    if (!r) return undefined;
    r.left--;
    return r;
  }

  random(method: string, path: string, host: string): number | undefined {
    for (const r of this.randoms) {
      if (!matches(r, method, path, host)) continue;
      if (r.next() < r.rate) {
        const statuses = r.statuses ?? [500, 502, 503];
        return statuses[Math.floor(r.next() * statuses.length)];
      }
    }
    return undefined;
  }

  latencyFor(method: string, path: string, host: string): number {
    return this.latencies.filter((l) => matches(l.match, method, path, host)).reduce((s, l) => s + l.ms, 0);
  }

  takePushes(repo: string, branch: string): ConcurrentPush[] {
    const hit = this.pushes.filter((p) => p.repo.toLowerCase() === repo.toLowerCase() && p.branch === branch);
    this.pushes = this.pushes.filter((p) => !hit.includes(p));
    return hit;
  }
}

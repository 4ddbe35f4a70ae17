// Primary (hourly, per identity and resource) and secondary (writes per minute/hour, points per minute,
// concurrency) rate limits. Every window lasts its real length × timeScale. Headers report GitHub time:
// `retry-after` and `x-ratelimit-reset` are what GitHub would say unscaled, so a client that scales its waits
// by the same timeScale waits the scaled real time.
//
// The strict mode adds the limits GitHub enforces without printing them. GitHub's "Best practices for using the REST
// API": "make requests for a single user or client ID serially. Do not make requests for a single user or client
// ID concurrently", and "If you are making a large number of POST, PATCH, PUT, or DELETE requests for a single user
// or client ID, wait at least one second between each request"; "Rate limits for the REST API": secondary limits
// may be hit "for undisclosed reasons". Peers met them well below the published 80 a minute creating labels
// (EndBug/label-sync#232, label-bot#54) or bursting writes (gofri/go-github-ratelimit#38). So, per identity: a
// mutative request while another is in flight is refused, writes closer than the spacing are refused once a small
// burst is spent (a token bucket), and the per-minute allowance is lower.
import type { Token } from './state';
import { STRICT_SECONDARY, type Limits, type StrictSecondary } from './types';

const HOUR = 3_600_000;
const MINUTE = 60_000;

export interface Bucket {
  limit: number;
  used: number;
  /** Real epoch ms the window ends. */
  resetAt: number;
  resource: string;
}

export interface SecondaryRejection {
  retryAfterSec: number;
  reason: 'concurrency' | 'points' | 'writes-minute' | 'writes-hour' | 'concurrent-writes' | 'write-spacing';
}

interface Windows {
  writes: number[];
  points: { at: number; points: number }[];
  inFlight: number;
  writesInFlight: number;
  /** The strict mode's token bucket of closely spaced writes: tokens left at `at`. */
  bucket: { tokens: number; at: number };
}

/** The strict mode's numbers from the option (`true`: the defaults; an object: the defaults overridden). */
export function strictOf(option: boolean | Partial<StrictSecondary> | undefined): StrictSecondary | undefined {
  if (!option) return undefined;
  return { ...STRICT_SECONDARY, ...(option === true ? {} : option) };
}

export function identityOf(
  token: Token | undefined,
  tokenString: string | undefined,
): { key: string; kind: 'workflow' | 'user' | 'installation' | 'anonymous' } {
  if (!token) return { key: 'anonymous', kind: 'anonymous' };
  if (token.kind === 'workflow') return { key: `workflow:${token.repositories?.[0] ?? tokenString}`, kind: 'workflow' };
  if (token.kind === 'installation') return { key: `installation:${token.login}`, kind: 'installation' };
  return { key: `user:${token.login}`, kind: 'user' };
}

export class RateLimits {
  private readonly buckets = new Map<string, Bucket>();
  private readonly windows = new Map<string, Windows>();

  /**
   * @param primary whether the primary limit applies; off (GHES's default, `ghes.ts`) no request is ever refused for
   * it and no answer carries `x-ratelimit-*`. Secondary limits stay: GHES can enforce them on its own.
   */
  constructor(
    readonly limits: Limits,
    readonly timeScale: number,
    readonly primary = true,
    readonly strict?: StrictSecondary,
  ) {}

  /** Content-creating requests a minute: the strict allowance when it is the lower. */
  private get writesPerMinute(): number {
    return Math.min(this.limits.writesPerMinute, this.strict?.writesPerMinute ?? Number.POSITIVE_INFINITY);
  }

  /** Tokens of the strict bucket at `now` (refilled one per spacing, up to the burst). */
  private tokens(w: Windows, now: number): number {
    const s = this.strict!;
    if (s.spacingMs <= 0) return s.burst;
    return Math.min(s.burst, w.bucket.tokens + (now - w.bucket.at) / this.scaled(s.spacingMs));
  }

  private scaled(ms: number): number {
    return ms * this.timeScale;
  }

  limitFor(kind: string, resource: string): number {
    if (resource === 'search') return kind === 'anonymous' ? this.limits.searchAnonymous : this.limits.search;
    return (this.limits as unknown as Record<string, number>)[kind] ?? this.limits.anonymous;
  }

  bucket(identity: { key: string; kind: string }, resource: string): Bucket {
    const key = `${identity.key}|${resource}`;
    const now = Date.now();
    let b = this.buckets.get(key);
    if (!b || now >= b.resetAt) {
      const span = resource === 'search' ? MINUTE : HOUR;
      const limit = this.primary ? this.limitFor(identity.kind, resource) : Number.POSITIVE_INFINITY;
      b = { limit, used: 0, resetAt: now + this.scaled(span), resource };
      this.buckets.set(key, b);
    }
    return b;
  }

  /** Seconds of GitHub time until `realAt`. */
  gitHubSecondsUntil(realAt: number): number {
    return Math.max(1, Math.ceil((realAt - Date.now()) / this.timeScale / 1000));
  }

  headers(b: Bucket): Record<string, string> {
    if (!this.primary) return {};
    return {
      'x-ratelimit-limit': String(b.limit),
      'x-ratelimit-remaining': String(Math.max(0, b.limit - b.used)),
      'x-ratelimit-used': String(b.used),
      'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + this.gitHubSecondsUntil(b.resetAt)),
      'x-ratelimit-resource': b.resource,
    };
  }

  /** `GET /rate_limit`'s `resources` for an identity. */
  snapshot(identity: { key: string; kind: string }) {
    const view = (b: Bucket) => ({
      limit: b.limit,
      used: b.used,
      remaining: Math.max(0, b.limit - b.used),
      reset: Number(this.headers(b)['x-ratelimit-reset']),
    });
    const core = view(this.bucket(identity, 'core'));
    const search = view(this.bucket(identity, 'search'));
    const graphql = view(this.bucket(identity, 'graphql'));
    return { core, search, graphql, integration_manifest: { ...core }, code_search: { ...search } };
  }

  private win(key: string): Windows {
    let w = this.windows.get(key);
    if (!w)
      this.windows.set(
        key,
        (w = {
          writes: [],
          points: [],
          inFlight: 0,
          writesInFlight: 0,
          bucket: { tokens: this.strict?.burst ?? 0, at: Date.now() },
        }),
      );
    return w;
  }

  /** A request arrives (`method` as the limits count it); answers the identity's requests in flight, this one too. */
  enter(key: string, method = 'GET'): number {
    const w = this.win(key);
    if (isContentCreating(method)) w.writesInFlight++;
    return ++w.inFlight;
  }

  leave(key: string, method = 'GET'): void {
    const w = this.win(key);
    if (isContentCreating(method)) w.writesInFlight--;
    w.inFlight--;
  }

  /** Whether a request would break a secondary limit (checked before it runs). */
  checkSecondary(key: string, method: string, inFlight: number): SecondaryRejection | undefined {
    const w = this.win(key);
    const now = Date.now();
    const minute = this.scaled(MINUTE);
    const hour = this.scaled(HOUR);
    w.writes = w.writes.filter((t) => now - t < hour);
    w.points = w.points.filter((p) => now - p.at < minute);
    if (inFlight > this.limits.concurrent) return { retryAfterSec: 1, reason: 'concurrency' };
    if (this.strict && isContentCreating(method)) {
      if (w.writesInFlight > this.strict.writesInFlight) return { retryAfterSec: 1, reason: 'concurrent-writes' };
      const tokens = this.tokens(w, now);
      if (tokens < 1) {
        const until = now + (1 - tokens) * this.scaled(this.strict.spacingMs);
        return { retryAfterSec: this.gitHubSecondsUntil(until), reason: 'write-spacing' };
      }
    }
    const points = pointsOf(method);
    const used = w.points.reduce((s, p) => s + p.points, 0);
    if (used + points > this.limits.pointsPerMinute) {
      let sum = used;
      let until = now + minute;
      for (const p of w.points) {
        sum -= p.points;
        if (sum + points <= this.limits.pointsPerMinute) {
          until = p.at + minute;
          break;
        }
      }
      return { retryAfterSec: this.gitHubSecondsUntil(until), reason: 'points' };
    }
    if (isContentCreating(method)) {
      const lastMinute = w.writes.filter((t) => now - t < minute);
      if (lastMinute.length >= this.writesPerMinute) {
        return {
          retryAfterSec: this.gitHubSecondsUntil(lastMinute[lastMinute.length - this.writesPerMinute] + minute),
          reason: 'writes-minute',
        };
      }
      if (w.writes.length >= this.limits.writesPerHour) {
        return {
          retryAfterSec: this.gitHubSecondsUntil(w.writes[w.writes.length - this.limits.writesPerHour] + hour),
          reason: 'writes-hour',
        };
      }
    }
    return undefined;
  }

  /** Records a request that ran (after the secondary check passed). */
  record(key: string, method: string): void {
    const w = this.win(key);
    const now = Date.now();
    w.points.push({ at: now, points: pointsOf(method) });
    if (isContentCreating(method)) {
      w.writes.push(now);
      // The strict spacing counts from the write's end: a later write must come a spacing after it.
      if (this.strict) w.bucket = { tokens: Math.max(0, this.tokens(w, now) - 1), at: now };
    }
  }
}

export function isContentCreating(method: string): boolean {
  return ['POST', 'PATCH', 'PUT', 'DELETE'].includes(method);
}

export function pointsOf(method: string): number {
  return ['GET', 'HEAD', 'OPTIONS'].includes(method) ? 1 : 5;
}

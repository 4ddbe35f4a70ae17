// Installation tokens of a GitHub App: a JWT (RS256, signed with the App's private key, valid 10 minutes)
// exchanges for an installation token (`POST /app/installations/{id}/access_tokens`, valid an hour). Tokens
// are cached per installation until 5 minutes before they expire; concurrent deliveries share one request.
// A delivery without `installation.id` finds its installation through `GET /repos/{owner}/{repo}/installation`.
// `GET /app` (JWT) names the App itself: its slug gives the login its installation tokens write as.
// Several keys of the App during a rotation: when GitHub refuses the JWT (401) the others are tried, and the one it
// accepts is used from then on. When it refuses every key (revoked, or the wrong App), the provider says so
// (`credentialProblem`: /readyz is 503 and a metric is 1) and asks again at most every `recheckMs`; the jobs wait on
// their installation's circuit meanwhile (`item-job.ts`), spending no attempt, and run once a key is accepted.
import { declared } from '../../github/client/declared';
import { AppAnswer, reads } from './reads';
import { writes } from './writes';
import { createPrivateKey, createSign, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { createClient } from '../../github/client';
import type { Client, ClientOptions } from '../../github/client/types';
import type { TokenProvider } from './token-provider';

export interface AppTokenOptions {
  appId: string | number;
  /** PEM (PKCS#1 or PKCS#8), as GitHub hands it out. */
  privateKey: string;
  /** Other keys of the App accepted during a rotation (PEM), tried in order when GitHub refuses the one in use. */
  previousPrivateKeys?: readonly string[];
  /** After every key was refused, `recheckCredentials` asks GitHub again at most this often (default 30 s). */
  recheckMs?: number;
  /** Default GITHUB_API_URL or https://api.github.com. */
  apiUrl?: string;
  now?: () => number;
  /** Told each secret as it is obtained (the App's JWTs, each installation token), before it is used. */
  onSecret?: (secret: string) => void;
  /** Other client options (timeScale for tests). */
  client?: Omit<ClientOptions, 'token' | 'action' | 'baseUrl' | 'cacheDir'>;
}

const AccessToken = z.object({ token: z.string().min(1), expires_at: z.string() });
const Installation = z.looseObject({ id: z.number().int().positive() });
// A slug is a login without `[bot]`: letters, digits and hyphens (GitHub's login rule).
/** The App itself as `GET /app` names it: its id and the login its installation tokens write as. */
export interface AppIdentity {
  appId: number;
  /** `<slug>[bot]`: the bot user of the App (as Probot derives it), the author of its comments and reactions. */
  login: string;
}

/** GitHub refused the App's own credentials (401): no retry helps until the App id or the key is fixed. */
export class AppCredentialsError extends Error {
  constructor(appId: string | number, detail: string) {
    super(
      `GitHub refused the JWT of App ${appId} (401: ${detail}): check --app-id / GITHUB_APP_ID and the private key ` +
        '(--private-key-file or --private-key-env): it must be the key of that App, not revoked',
    );
    this.name = 'AppCredentialsError';
  }
}

function statusOf(err: unknown): number | undefined {
  const status = (err as { status?: unknown })?.status;
  return typeof status === 'number' ? status : undefined;
}

const REFRESH_BEFORE_MS = 5 * 60_000;
const JWT_LIFETIME_S = 9 * 60; // GitHub allows 10 minutes; leave room for clock drift
const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** A GitHub App JWT: issued a minute in the past (clock drift), expiring within ten minutes. */
export function appJwt(appId: string | number, key: KeyObject, nowMs: number): string {
  const now = Math.floor(nowMs / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ iat: now - 60, exp: now + JWT_LIFETIME_S, iss: String(appId) }));
  const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(key);
  return `${header}.${payload}.${base64url(signature)}`;
}

export type AppTokenProvider = TokenProvider & {
  /** `GET /app` with the App's JWT: who the App is (401 with every key: AppCredentialsError). */
  identity(): Promise<AppIdentity>;
  /** Which of the keys (0: `privateKey`, then the previous ones) GitHub accepted last. */
  keyInUse(): number;
};

const RECHECK_MS = 30_000;

export function appTokenProvider(options: AppTokenOptions): AppTokenProvider {
  const keys = [options.privateKey, ...(options.previousPrivateKeys ?? [])]
    .filter((k, i, all) => k && all.indexOf(k) === i)
    .map((k) => createPrivateKey(k));
  const now = options.now ?? Date.now;
  const tokens = new Map<number, Promise<{ token: string; expiresAt: number }>>();
  const installations = new Map<string, number>();
  let app: { client: Client; until: number } | undefined;
  let active = 0;
  /** Set while GitHub refuses every key. */
  let refused: { detail: string; checkedAt: number } | undefined;

  /** A client authenticated as the App (a new JWT before the previous one expires). */
  function appClient(): Client {
    const at = now();
    if (!app || app.until <= at) {
      const token = appJwt(options.appId, keys[active], at);
      options.onSecret?.(token);
      app = {
        client: createClient({ ...options.client, token, action: 'webhooks', baseUrl: options.apiUrl, cacheDir: null }),
        until: at + (JWT_LIFETIME_S - 60) * 1000,
      };
    }
    return app.client;
  }

  /**
   * Runs `call` as the App: on a 401 with the key in use the other keys are tried, and the one GitHub accepts stays
   * in use; a 401 with every key is an AppCredentialsError (remembered for `credentialProblem`).
   */
  async function asApp<T>(call: (client: Client) => Promise<T>): Promise<T> {
    let last: unknown;
    for (let tried = 0; tried < keys.length; tried++) {
      const index = (active + tried) % keys.length;
      if (index !== active) {
        active = index;
        app = undefined;
      }
      try {
        const result = await call(appClient());
        refused = undefined;
        return result;
      } catch (err) {
        if (statusOf(err) !== 401) throw err;
        last = err;
      }
    }
    const detail = (last as Error).message.slice(0, 200);
    refused = { detail, checkedAt: now() };
    throw new AppCredentialsError(options.appId, detail);
  }

  async function installationOf(repository: string): Promise<number> {
    const known = installations.get(repository.toLowerCase());
    if (known) return known;
    const [owner, repo] = repository.split('/');
    const { data } = await asApp((c) =>
      c.octokit.request('GET /repos/{owner}/{repo}/installation', {
        request: declared(reads.installation),
        owner,
        repo,
      }),
    );
    const id = Installation.parse(data).id;
    installations.set(repository.toLowerCase(), id);
    return id;
  }

  async function exchange(installationId: number) {
    const { data } = await asApp((c) =>
      c.octokit.request('POST /app/installations/{installation_id}/access_tokens', {
        installation_id: installationId,
        request: declared(writes.installationToken),
      }),
    );
    const parsed = AccessToken.parse(data);
    options.onSecret?.(parsed.token);
    return { token: parsed.token, expiresAt: Date.parse(parsed.expires_at) };
  }

  return {
    keyInUse: () => active,
    credentialProblem() {
      return (
        refused &&
        `private key refused: GitHub answered 401 to the JWT of every key of App ${options.appId} (${refused.detail})`
      );
    },
    async recheckCredentials() {
      if (!refused || now() - refused.checkedAt < (options.recheckMs ?? RECHECK_MS)) return;
      refused.checkedAt = now();
      await asApp((c) => c.octokit.request('GET /app', { request: declared(reads.app) })).catch(() => {});
    },
    async identity() {
      const { data } = await asApp((c) => c.octokit.request('GET /app', { request: declared(reads.app) }));
      const app = AppAnswer.parse(data);
      if (String(app.id) !== String(options.appId))
        throw new Error(`GET /app names App ${app.id}, not ${options.appId}: the JWT is not this App's`);
      return { appId: app.id, login: `${app.slug}[bot]` };
    },
    async installations() {
      const listed = await asApp((c) =>
        c.paginate<{ id: number }>('GET /app/installations', { request: declared(reads.installations) }),
      );
      return listed.map((i) => i.id).filter((id) => Number.isInteger(id) && id > 0);
    },
    async tokenFor(installationId, repository) {
      const id = installationId ?? (await installationOf(repository));
      const cached = tokens.get(id);
      if (cached) {
        const t = await cached.catch(() => undefined);
        if (t && t.expiresAt - REFRESH_BEFORE_MS > now()) return t.token;
        if (tokens.get(id) !== cached) return (await tokens.get(id)!).token; // someone refreshed meanwhile
      }
      const pending = exchange(id);
      tokens.set(id, pending);
      pending.catch(() => {
        if (tokens.get(id) === pending) tokens.delete(id);
      });
      return (await pending).token;
    },
  };
}

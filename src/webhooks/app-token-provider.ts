// Installation tokens of a GitHub App: a JWT (RS256, signed with the App's private key, valid 10 minutes)
// exchanges for an installation token (`POST /app/installations/{id}/access_tokens`, valid an hour). Tokens
// are cached per installation until 5 minutes before they expire; concurrent deliveries share one request.
// A delivery without `installation.id` finds its installation through `GET /repos/{owner}/{repo}/installation`.
// `GET /app` (JWT) names the App itself: its slug gives the login its installation tokens write as.
import { createPrivateKey, createSign, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { createClient } from '../client';
import { AppAnswer } from '../client/schemas';
import type { Client, ClientOptions } from '../client/types';
import type { TokenProvider } from './token-provider';

export interface AppTokenOptions {
  appId: string | number;
  /** PEM (PKCS#1 or PKCS#8), as GitHub hands it out. */
  privateKey: string;
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
  /** `GET /app` with the App's JWT: who the App is (401: AppCredentialsError). */
  identity(): Promise<AppIdentity>;
};

export function appTokenProvider(options: AppTokenOptions): AppTokenProvider {
  const key = createPrivateKey(options.privateKey);
  const now = options.now ?? Date.now;
  const tokens = new Map<number, Promise<{ token: string; expiresAt: number }>>();
  const installations = new Map<string, number>();
  let app: { client: Client; until: number } | undefined;

  /** A client authenticated as the App (a new JWT before the previous one expires). */
  function appClient(): Client {
    const at = now();
    if (!app || app.until <= at) {
      const token = appJwt(options.appId, key, at);
      options.onSecret?.(token);
      app = {
        client: createClient({ ...options.client, token, action: 'webhooks', baseUrl: options.apiUrl, cacheDir: null }),
        until: at + (JWT_LIFETIME_S - 60) * 1000,
      };
    }
    return app.client;
  }

  async function installationOf(repository: string): Promise<number> {
    const known = installations.get(repository.toLowerCase());
    if (known) return known;
    const [owner, repo] = repository.split('/');
    const { data } = await appClient().octokit.request('GET /repos/{owner}/{repo}/installation', { owner, repo });
    const id = Installation.parse(data).id;
    installations.set(repository.toLowerCase(), id);
    return id;
  }

  async function exchange(installationId: number) {
    const { data } = await appClient()
      .octokit.request('POST /app/installations/{installation_id}/access_tokens', { installation_id: installationId })
      .catch((err: unknown) => {
        if (statusOf(err) === 401) throw new AppCredentialsError(options.appId, (err as Error).message.slice(0, 200));
        throw err;
      });
    const parsed = AccessToken.parse(data);
    options.onSecret?.(parsed.token);
    return { token: parsed.token, expiresAt: Date.parse(parsed.expires_at) };
  }

  return {
    async identity() {
      const { data } = await appClient()
        .octokit.request('GET /app')
        .catch((err: unknown) => {
          if (statusOf(err) === 401) throw new AppCredentialsError(options.appId, (err as Error).message.slice(0, 200));
          throw err;
        });
      const app = AppAnswer.parse(data);
      if (String(app.id) !== String(options.appId))
        throw new Error(`GET /app names App ${app.id}, not ${options.appId}: the JWT is not this App's`);
      return { appId: app.id, login: `${app.slug}[bot]` };
    },
    async installations() {
      const listed = (await appClient().octokit.paginate('GET /app/installations', { per_page: 100 })) as {
        id: number;
      }[];
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

// The GitHub App's webhook delivery log: `GET /app/hook/deliveries` and `POST /app/hook/deliveries/{id}/attempts`,
// authenticated with the App's JWT (RS256, `iss` = the App id, `exp` at most 10 minutes after `iat`).
// Evidence: GitHub's OpenAPI description as typed in @octokit/openapi-types (operations
// "apps/list-webhook-deliveries": query per_page, cursor, status=success|failure, 200 hook-delivery-item[];
// "apps/redeliver-webhook-delivery": 202 accepted), and the docs "Authenticating as a GitHub App" (a JWT in
// `Authorization: Bearer`, "A JSON web token could not be decoded" for a bad one). The App's hook here is
// every emulator hook registered with an `installationId` (an App delivers with `installation.id`).
// An App holds several keys at once and a deleted one authenticates nothing any more — the docs "Managing private
// keys for GitHub Apps": "You can create up to 25 private keys for an app. You should use multiple keys in order to
// rotate keys without downtime", "Private keys do not expire and instead need to be manually revoked" (deleted);
// a JWT signed with a deleted key gets the same 401 as any JWT GitHub cannot verify.
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { error, type Ctx, type Route } from './http';
import type { State } from './state';
import type { DeliveryRecord, Webhooks } from './webhooks';

const apps = new WeakMap<State, Map<string, KeyObject[]>>();
/** GitHub's limit of keys per App. */
const MAX_KEYS = 25;

/** Registers an App (its id and a public key, PEM) whose JWTs the emulator accepts; again: one more key of it. */
export function registerApp(state: State, appId: number, publicKeyPem: string): void {
  const known = apps.get(state) ?? new Map<string, KeyObject[]>();
  const keys = known.get(String(appId)) ?? [];
  const key = createPublicKey(publicKeyPem);
  if (keys.some((k) => k.equals(key))) return;
  if (keys.length >= MAX_KEYS) throw new Error(`App ${appId} has ${MAX_KEYS} keys: delete some first`);
  known.set(String(appId), [...keys, key]);
  apps.set(state, known);
}

/** Deletes (revokes) one of an App's keys: JWTs it signs are refused from now on. True when the App had it. */
export function revokeAppKey(state: State, appId: number, publicKeyPem: string): boolean {
  const known = apps.get(state);
  const keys = known?.get(String(appId)) ?? [];
  const key = createPublicKey(publicKeyPem);
  const kept = keys.filter((k) => !k.equals(key));
  known?.set(String(appId), kept);
  return kept.length < keys.length;
}

/** The App id of a valid, unexpired App JWT, else undefined. */
export function appOfJwt(state: State, jwt: string, nowMs = Date.now()): number | undefined {
  const parts = jwt.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    if (header?.alg !== 'RS256') return undefined;
    const keys = apps.get(state)?.get(String(claims?.iss)) ?? [];
    const signed = Buffer.from(`${parts[0]}.${parts[1]}`);
    const signature = Buffer.from(parts[2], 'base64url');
    if (!keys.some((key) => verify('RSA-SHA256', signed, key, signature))) return undefined;
    const now = Math.floor(nowMs / 1000);
    // GitHub refuses an `exp` more than 10 minutes ahead and an expired token.
    if (typeof claims.exp !== 'number' || claims.exp < now || claims.exp - now > 600) return undefined;
    if (typeof claims.iat !== 'number' || claims.iat > now + 60) return undefined;
    return Number(claims.iss);
  } catch {
    return undefined;
  }
}

function requireApp(ctx: Ctx): number {
  const m = /^bearer\s+(\S+)$/i.exec(ctx.headers.authorization ?? '');
  const app = m ? appOfJwt(ctx.env.state, m[1]) : undefined;
  if (app === undefined) throw error(401, 'A JSON web token could not be decoded');
  return app;
}

function itemOf(webhooks: Webhooks, d: DeliveryRecord) {
  const hook = webhooks.hooks.find((h) => h.id === d.hookId);
  return {
    id: d.id,
    guid: d.guid,
    delivered_at: new Date(d.sentAt ?? Date.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    redelivery: d.redelivery,
    duration: (d.durationMs ?? 0) / 1000,
    // GitHub's strings: "OK", "Invalid HTTP Response: 503", "failed to connect", "timed out".
    status:
      d.status === undefined
        ? d.error
          ? /no answer/.test(d.error)
            ? 'timed out'
            : 'failed to connect'
          : 'pending'
        : d.status < 300
          ? 'OK'
          : `Invalid HTTP Response: ${d.status}`,
    status_code: d.status ?? 0,
    event: d.event,
    action: d.action ?? null,
    installation_id: hook?.installationId ?? null,
    repository_id: null,
    throttled_at: null,
  };
}

export function appHookRoutes(webhooks: Webhooks): Route[] {
  const appDeliveries = () =>
    webhooks.deliveries.filter(
      (d) => d.sentAt !== undefined && webhooks.hooks.find((h) => h.id === d.hookId)?.installationId !== undefined,
    );
  return [
    {
      method: 'GET',
      pattern: '/app/hook/deliveries',
      public: true,
      handler: (ctx) => {
        requireApp(ctx);
        const perPage = Math.min(100, Math.max(1, Number(ctx.query.get('per_page') ?? 30) || 30));
        const status = ctx.query.get('status');
        if (status !== null && status !== 'success' && status !== 'failure')
          throw error(422, 'Validation Failed', { errors: [{ resource: 'Hook', field: 'status', code: 'invalid' }] });
        // Newest first; the cursor is the id to continue below.
        let list = appDeliveries().reverse();
        if (status) list = list.filter((d) => (d.status !== undefined && d.status < 300) === (status === 'success'));
        const cursor = Number(ctx.query.get('cursor') ?? NaN);
        if (Number.isFinite(cursor)) list = list.filter((d) => d.id < cursor);
        const page = list.slice(0, perPage);
        const headers: Record<string, string> = {};
        if (list.length > perPage) {
          const next = new URL(`${ctx.env.apiUrl}/app/hook/deliveries`);
          next.searchParams.set('per_page', String(perPage));
          next.searchParams.set('cursor', String(page[page.length - 1].id));
          if (status) next.searchParams.set('status', status);
          headers.link = `<${next}>; rel="next"`;
        }
        return { status: 200, body: page.map((d) => itemOf(webhooks, d)), headers };
      },
    },
    {
      method: 'POST',
      pattern: '/app/hook/deliveries/:delivery_id/attempts',
      public: true,
      handler: (ctx) => {
        requireApp(ctx);
        const rec = appDeliveries().find((d) => d.id === Number(ctx.params.delivery_id));
        if (!rec) throw error(404, 'Not Found');
        webhooks.redeliver(rec.id);
        return { status: 202, body: {} };
      },
    },
  ];
}

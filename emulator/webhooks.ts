// Webhook deliveries of the emulator, as GitHub's "Webhook events and payloads" docs describe them: hooks registered on a repository, signed
// POSTs to their URL with the delivery headers, `ping` on creation and on `POST …/hooks/{id}/pings`, and
// `issues` / `issue_comment` / `pull_request` deliveries when the state changes through the API (or through
// `openIssue` / `comment`). Switches send each delivery more than once (same delivery id) and hold some back
// so that later ones overtake them. Every attempt is recorded with the receiver's status.
import { createHmac, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Ctx, Env, Reply, Route } from './http';
import { pullJson } from './routes/pulls';
import { appHookRoutes } from './app-hook-routes';
import { appInstallationRoutes } from './app-installation-routes';
import { hookRoutes } from './webhook-routes';
import { commentJson, issueJson, labelJson, repoJson, userJson } from './serialize';
import type { Comment, Issue, Repo } from './state';

export interface HookOptions {
  url: string;
  /** Signs deliveries (X-Hub-Signature-256) when set. */
  secret?: string;
  /** Event names ('*' = all). Default ['push'] as GitHub's API, or every event for `register`. */
  events?: string[];
  active?: boolean;
  /** A GitHub App's installation: deliveries carry `installation: { id }`. */
  installationId?: number;
  /**
   * `json`, or `form` (`payload=<url-encoded JSON>` as application/x-www-form-urlencoded, signed over those bytes).
   * OpenAPI "webhook-config-content-type": "The default is `form`" (the API route applies that default).
   */
  contentType?: 'json' | 'form';
}

export interface Hook {
  id: number;
  repo: string;
  url: string;
  secret?: string;
  events: string[];
  active: boolean;
  installationId?: number;
  contentType: 'json' | 'form';
  createdAt: string;
  updatedAt: string;
  lastResponse: { code: number | null; status: string; message: string | null };
}

export interface DeliveryRecord {
  /** Numeric id of this attempt (the deliveries API's `id`). */
  id: number;
  /** X-GitHub-Delivery: shared by the copies of one delivery and by redeliveries. */
  guid: string;
  hookId: number;
  repo: string;
  event: string;
  action?: string;
  /** 1 for the first send; 2, 3… for the duplicate copies. */
  copy: number;
  redelivery: boolean;
  /** How long this attempt was held back (reordering). */
  delayedMs: number;
  headers: Record<string, string>;
  /** The bytes sent. */
  body: string;
  /** The receiver's status; undefined while in flight or when the connection failed (see `error`). */
  status?: number;
  responseBody?: string;
  error?: string;
  /** From sending to the end of the response (ms, 0.1 precision). */
  durationMs?: number;
  sentAt?: number;
}

export interface DeliverySwitches {
  /** Copies sent of each delivery, same X-GitHub-Delivery (default 1). */
  copies: number;
  /** Hold back every `every`-th delivery (the 1st, the (every+1)th, …) by `delayMs`, so later ones overtake it. */
  reorder?: { every: number; delayMs: number };
  /** Escape non-ASCII and <, >, & as \uXXXX like GitHub's encoder: the bytes differ from re-encoded JSON (default true). */
  escapeUnicode: boolean;
  timeoutMs: number;
  /** Deliveries sent at once at most (the rest wait their turn; default no limit). */
  concurrency: number;
}

const ZEN = [
  'Design for failure.',
  'Keep it logically awesome.',
  'Approachable is better than simple.',
  'Responsive is better than fast.',
];

function escapedJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff<>&]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export class Webhooks {
  readonly hooks: Hook[] = [];
  readonly deliveries: DeliveryRecord[] = [];
  readonly switches: DeliverySwitches = { copies: 1, escapeUnicode: true, timeoutMs: 10_000, concurrency: Infinity };
  private sending = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly abort = new AbortController();
  private sequence = 0;
  private nextAttempt = 1;

  constructor(private readonly env: Env) {}

  /** Registers a hook on a repository (no ping unless asked: the receiver may not be listening yet). */
  register(repo: string, options: HookOptions & { ping?: boolean }): Hook {
    const r = this.env.state.mustRepo(repo);
    const now = this.env.state.clock.iso();
    const hook: Hook = {
      id: this.env.state.id(),
      repo: r.fullName,
      url: options.url,
      secret: options.secret,
      events: options.events ?? ['*'],
      active: options.active ?? true,
      installationId: options.installationId,
      contentType: options.contentType ?? 'json',
      createdAt: now,
      updatedAt: now,
      lastResponse: { code: null, status: 'unused', message: null },
    };
    this.hooks.push(hook);
    if (options.ping) this.ping(hook.id);
    return hook;
  }

  /** Sends a signed `ping` to the hook. */
  ping(hookId: number): void {
    const hook = this.hooks.find((h) => h.id === hookId);
    if (!hook) throw new Error(`emulator: no hook ${hookId}`);
    const repo = this.env.state.mustRepo(hook.repo);
    const payload = {
      zen: ZEN[hookId % ZEN.length],
      hook_id: hook.id,
      hook: this.hookJson(hook),
      repository: repoJson(this.env, repo),
      sender: userJson(this.env.state, repo.owner),
    };
    this.send(hook, 'ping', payload, randomUUID(), false);
  }

  /** Delivers `event` to every active hook of the repository subscribed to it. */
  emit(repo: Repo, event: string, payload: Record<string, unknown>): void {
    for (const hook of this.hooks) {
      if (hook.repo !== repo.fullName || !hook.active) continue;
      if (!hook.events.includes('*') && !hook.events.includes(event)) continue;
      this.send(hook, event, payload, randomUUID(), false);
    }
  }

  /** Sends a recorded delivery again (same X-GitHub-Delivery), as "Redeliver" does. */
  redeliver(attemptId: number): void {
    const rec = this.deliveries.find((d) => d.id === attemptId);
    const hook = rec && this.hooks.find((h) => h.id === rec.hookId);
    if (!rec || !hook) throw new Error(`emulator: no delivery ${attemptId}`);
    const json = rec.body.startsWith('payload=') ? new URLSearchParams(rec.body).get('payload')! : rec.body;
    const payload = JSON.parse(json);
    // The stored payload carries the installation already; send() adds it again identically.
    this.send(hook, rec.event, payload, rec.guid, true);
  }

  /** Opens an issue as `user` (outside the API) and delivers `issues.opened`. */
  openIssue(repo: string, seed: { title: string; body?: string | null; user?: string }): Issue {
    const r = this.env.state.mustRepo(repo);
    const issue = r.newIssue({
      id: this.env.state.id(),
      title: seed.title,
      body: seed.body ?? null,
      user: seed.user ?? 'octocat',
      now: this.env.state.clock.iso(),
    });
    this.emit(r, 'issues', this.payload(r, issue.user, { action: 'opened', issue: issueJson(this.env, r, issue) }));
    return issue;
  }

  /** Comments on an issue as `user` (outside the API) and delivers `issue_comment.created`. */
  comment(repo: string, number: number, seed: { body: string; user?: string }): Comment {
    const r = this.env.state.mustRepo(repo);
    const issue = r.issues.get(number);
    if (!issue) throw new Error(`emulator: no issue ${repo}#${number}`);
    const now = this.env.state.clock.iso();
    const c: Comment = {
      id: this.env.state.id(),
      issueNumber: number,
      body: seed.body,
      user: seed.user ?? 'octocat',
      createdAt: now,
      updatedAt: now,
      reactions: [],
    };
    r.comments.set(c.id, c);
    issue.updatedAt = now;
    this.emit(
      r,
      'issue_comment',
      this.payload(r, c.user, {
        action: 'created',
        issue: issueJson(this.env, r, issue),
        comment: commentJson(this.env, r, c),
      }),
    );
    return c;
  }

  /** Resolves when no delivery is in flight (deliveries caused meanwhile included). */
  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  /** Delivery attempts in flight (held back ones included). */
  get pending(): number {
    return this.inFlight.size;
  }

  /** Aborts deliveries in flight (emulator close). */
  close(): void {
    this.abort.abort();
  }

  hookJson(hook: Hook) {
    const url = `${this.env.apiUrl}/repos/${hook.repo}/hooks/${hook.id}`;
    return {
      type: 'Repository',
      id: hook.id,
      name: 'web',
      active: hook.active,
      events: hook.events,
      config: {
        url: hook.url,
        content_type: hook.contentType,
        insecure_ssl: '0',
        ...(hook.secret ? { secret: '********' } : {}),
      },
      updated_at: hook.updatedAt,
      created_at: hook.createdAt,
      url,
      test_url: `${url}/test`,
      ping_url: `${url}/pings`,
      deliveries_url: `${url}/deliveries`,
      last_response: hook.lastResponse,
    };
  }

  payload(repo: Repo, login: string, fields: Record<string, unknown>): Record<string, unknown> {
    return { ...fields, repository: repoJson(this.env, repo), sender: userJson(this.env.state, login) };
  }

  private send(hook: Hook, event: string, payload: Record<string, unknown>, guid: string, redelivery: boolean): void {
    const withInstallation = hook.installationId
      ? { ...payload, installation: { id: hook.installationId, node_id: `MDIz${hook.installationId}` } }
      : payload;
    const json = this.switches.escapeUnicode ? escapedJson(withInstallation) : JSON.stringify(withInstallation);
    const form = hook.contentType === 'form';
    const body = form ? `payload=${encodeURIComponent(json)}` : json;
    const headers: Record<string, string> = {
      'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
      'user-agent': 'GitHub-Hookshot/emulator',
      'x-github-event': event,
      'x-github-delivery': guid,
      'x-github-hook-id': String(hook.id),
      'x-github-hook-installation-target-type': 'repository',
      'x-github-hook-installation-target-id': String(this.env.state.mustRepo(hook.repo).id),
    };
    if (hook.secret) {
      headers['x-hub-signature'] = `sha1=${createHmac('sha1', hook.secret).update(body).digest('hex')}`;
      headers['x-hub-signature-256'] = `sha256=${createHmac('sha256', hook.secret).update(body).digest('hex')}`;
    }
    const reorder = this.switches.reorder;
    const delayedMs = reorder && this.sequence++ % Math.max(1, reorder.every) === 0 ? reorder.delayMs : 0;
    const action = typeof payload.action === 'string' ? payload.action : undefined;
    const copies = redelivery ? 1 : Math.max(1, this.switches.copies);
    for (let copy = 1; copy <= copies; copy++) {
      const rec: DeliveryRecord = {
        id: this.nextAttempt++,
        guid,
        hookId: hook.id,
        repo: hook.repo,
        event,
        action,
        copy,
        redelivery,
        delayedMs,
        headers,
        body,
      };
      this.deliveries.push(rec);
      const p = this.attempt(hook, rec).finally(() => this.inFlight.delete(p));
      this.inFlight.add(p);
    }
  }

  private async attempt(hook: Hook, rec: DeliveryRecord): Promise<void> {
    // Never start inside the caller's synchronous work (a loop emitting a burst): the clock starts at the send.
    await new Promise((r) => (rec.delayedMs ? setTimeout(r, rec.delayedMs) : setImmediate(r)));
    // A finishing attempt hands its slot straight to the next waiting one.
    if (this.sending >= this.switches.concurrency) await new Promise<void>((r) => this.waiting.push(r));
    else this.sending++;
    try {
      await this.attemptNow(hook, rec);
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.sending--;
    }
  }

  private async attemptNow(hook: Hook, rec: DeliveryRecord): Promise<void> {
    const started = performance.now();
    rec.sentAt = Date.now();
    try {
      const res = await this.post(hook.url, rec.headers, rec.body);
      rec.responseBody = res.body;
      rec.status = res.status;
      const ok = res.status >= 200 && res.status < 300;
      hook.lastResponse = {
        code: res.status,
        status: ok ? 'active' : 'failed',
        message: ok ? 'OK' : `Invalid HTTP Response: ${res.status}`,
      };
    } catch (e) {
      rec.error = (e as Error).message;
      hook.lastResponse = { code: null, status: 'failed', message: rec.error };
    }
    rec.durationMs = Math.round((performance.now() - started) * 10) / 10;
  }

  /** A plain node:http POST (lighter than fetch for a burst of hundreds at once). */
  private post(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
    const bytes = Buffer.from(body);
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const req = send(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(bytes.length) },
          agent: false,
          signal: this.abort.signal,
          timeout: this.switches.timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${this.switches.timeoutMs} ms`)));
      req.on('error', reject);
      req.end(bytes);
    });
  }

  /** The hook routes, and the state-changing routes wrapped to deliver their events. */
  wrap(routes: Route[]): Route[] {
    return [
      ...routes.map((r) => this.withEvents(r)),
      ...hookRoutes(this),
      ...appHookRoutes(this),
      ...appInstallationRoutes(),
    ];
  }

  private withEvents(route: Route): Route {
    const R = '/repos/:owner/:repo';
    const key = `${route.method} ${route.pattern}`;
    const handler = route.handler;
    const after = (fn: (ctx: Ctx, reply: Reply, before?: Issue) => void): Route => ({
      ...route,
      handler: async (ctx) => {
        const existing = ctx.params.number ? ctx.repo?.issues.get(Number(ctx.params.number)) : undefined;
        const before = existing ? { ...existing, labels: [...existing.labels] } : undefined;
        const reply = await handler(ctx);
        if (reply.status < 300 && ctx.repo) fn(ctx, reply, before);
        return reply;
      },
    });
    const sender = (ctx: Ctx) => ctx.login ?? 'ghost';
    switch (key) {
      case `POST ${R}/issues`:
        return after((ctx, reply) =>
          this.emit(ctx.repo, 'issues', this.payload(ctx.repo, sender(ctx), { action: 'opened', issue: reply.body })),
        );
      case `POST ${R}/pulls`:
        return after((ctx, reply) => {
          const pr = reply.body as { number: number };
          this.emit(
            ctx.repo,
            'pull_request',
            this.payload(ctx.repo, sender(ctx), { action: 'opened', number: pr.number, pull_request: pr }),
          );
        });
      case `POST ${R}/issues/:number/comments`:
        return after((ctx, reply) => {
          const issue = ctx.repo.issues.get(Number(ctx.params.number))!;
          this.emit(
            ctx.repo,
            'issue_comment',
            this.payload(ctx.repo, sender(ctx), {
              action: 'created',
              issue: issueJson(ctx.env, ctx.repo, issue),
              comment: reply.body,
            }),
          );
        });
      case `POST ${R}/issues/:number/labels`:
        return after((ctx, _reply, before) => {
          const issue = ctx.repo.issues.get(Number(ctx.params.number))!;
          for (const label of issue.labels.filter((l) => !before?.labels.includes(l)))
            this.emit(
              ctx.repo,
              'issues',
              this.payload(ctx.repo, sender(ctx), {
                action: 'labeled',
                issue: issueJson(ctx.env, ctx.repo, issue),
                label: labelJson(ctx.env, ctx.repo, label),
              }),
            );
        });
      case `PATCH ${R}/issues/:number`:
        return after((ctx, _reply, before) => {
          const issue = ctx.repo.issues.get(Number(ctx.params.number))!;
          if (!before) return;
          const actions: { action: string; changes?: Record<string, unknown> }[] = [];
          const changes: Record<string, unknown> = {};
          if (before.title !== issue.title) changes.title = { from: before.title };
          if (before.body !== issue.body) changes.body = { from: before.body };
          if (Object.keys(changes).length) actions.push({ action: 'edited', changes });
          if (before.state !== issue.state) actions.push({ action: issue.state === 'closed' ? 'closed' : 'reopened' });
          for (const a of actions) {
            const fields = issue.pull
              ? { number: issue.number, pull_request: pullJson(ctx, issue, true) }
              : { issue: issueJson(ctx.env, ctx.repo, issue) };
            this.emit(
              ctx.repo,
              issue.pull ? 'pull_request' : 'issues',
              this.payload(ctx.repo, sender(ctx), { ...a, ...fields }),
            );
          }
        });
      default:
        return route;
    }
  }
}

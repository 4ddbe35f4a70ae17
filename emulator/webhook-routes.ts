// The repository webhook endpoints of the emulator: create (pings the new hook), list, get, delete, ping,
// the recent deliveries with the receiver's status, and redelivery (same X-GitHub-Delivery).
import { error, noContent, notFound, ok, validation, type Ctx, type Route } from './http';
import type { Webhooks } from './webhooks';

export function hookRoutes(webhooks: Webhooks): Route[] {
  const R = '/repos/:owner/:repo/hooks';
  const scope = 'repository_hooks';
  const hookOf = (ctx: Ctx) => {
    const hook = webhooks.hooks.find((h) => h.id === Number(ctx.params.hook_id) && h.repo === ctx.repo.fullName);
    if (!hook) throw notFound();
    return hook;
  };
  return [
    {
      method: 'GET',
      pattern: R,
      scope,
      handler: (ctx) => ok(webhooks.hooks.filter((h) => h.repo === ctx.repo.fullName).map((h) => webhooks.hookJson(h))),
    },
    {
      method: 'POST',
      pattern: R,
      scope,
      handler: (ctx) => {
        const url = ctx.body?.config?.url;
        if (typeof url !== 'string' || !/^https?:\/\//.test(url))
          throw validation([{ resource: 'Hook', code: 'custom', message: 'Config must contain URL for webhooks' }]);
        const events = ctx.body?.events ?? ['push'];
        if (!Array.isArray(events) || !events.every((e) => typeof e === 'string'))
          throw validation([{ resource: 'Hook', code: 'invalid', field: 'events' }]);
        const secret = ctx.body?.config?.secret;
        const contentType = ctx.body?.config?.content_type ?? 'form'; // OpenAPI: "The default is `form`."
        if (contentType !== 'json' && contentType !== 'form')
          throw validation([{ resource: 'Hook', code: 'invalid', field: 'content_type' }]);
        const hook = webhooks.register(ctx.repo.fullName, {
          url,
          secret: typeof secret === 'string' && secret ? secret : undefined,
          events,
          active: ctx.body?.active !== false,
          contentType,
        });
        if (hook.active) webhooks.ping(hook.id); // GitHub pings a new hook
        return ok(webhooks.hookJson(hook), 201);
      },
    },
    { method: 'GET', pattern: `${R}/:hook_id`, scope, handler: (ctx) => ok(webhooks.hookJson(hookOf(ctx))) },
    {
      method: 'DELETE',
      pattern: `${R}/:hook_id`,
      scope,
      handler: (ctx) => {
        webhooks.hooks.splice(webhooks.hooks.indexOf(hookOf(ctx)), 1);
        return noContent;
      },
    },
    {
      method: 'POST',
      pattern: `${R}/:hook_id/pings`,
      scope,
      handler: (ctx) => {
        webhooks.ping(hookOf(ctx).id);
        return noContent;
      },
    },
    {
      method: 'GET',
      pattern: `${R}/:hook_id/deliveries`,
      scope,
      handler: (ctx) => {
        const hook = hookOf(ctx);
        const list = webhooks.deliveries.filter((d) => d.hookId === hook.id).reverse();
        return ok(
          list.map((d) => ({
            id: d.id,
            guid: d.guid,
            delivered_at: d.sentAt ? new Date(d.sentAt).toISOString() : null,
            redelivery: d.redelivery,
            duration: (d.durationMs ?? 0) / 1000,
            status:
              d.status === undefined
                ? (d.error ?? 'pending')
                : d.status < 300
                  ? 'OK'
                  : `Invalid HTTP Response: ${d.status}`,
            status_code: d.status ?? 0,
            event: d.event,
            action: d.action ?? null,
            installation_id: hook.installationId ?? null,
            repository_id: ctx.repo.id,
          })),
        );
      },
    },
    {
      method: 'POST',
      pattern: `${R}/:hook_id/deliveries/:delivery_id/attempts`,
      scope,
      handler: (ctx) => {
        const hook = hookOf(ctx);
        const rec = webhooks.deliveries.find((d) => d.id === Number(ctx.params.delivery_id) && d.hookId === hook.id);
        if (!rec) throw notFound();
        if (rec.event === 'ping') throw error(422, 'Ping deliveries cannot be redelivered');
        webhooks.redeliver(rec.id);
        return { status: 202, body: {} };
      },
    },
  ];
}

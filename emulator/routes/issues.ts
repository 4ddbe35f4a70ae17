// Issues (pull requests included in the listing, with a `pull_request` key) and assignees.
// There is no DELETE: an issue cannot be deleted through the API (404).
import { ok, paginate, requireString, validation, type Ctx, type Route } from '../http';
import { issueJson } from '../serialize';
import type { Issue } from '../state';
import { ISSUES, issueOf, labelsFor } from './labels';

const R = '/repos/:owner/:repo';

export function sortIssues(ctx: Ctx, items: Issue[]): Issue[] {
  const sort = ctx.query.get('sort') ?? 'created';
  const asc = ctx.query.get('direction') === 'asc';
  const comments = (i: Issue) => [...ctx.repo.comments.values()].filter((c) => c.issueNumber === i.number).length;
  const key = (i: Issue): number | string =>
    sort === 'updated' ? i.updatedAt : sort === 'comments' ? comments(i) : i.createdAt;
  return [...items].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const c = ka < kb ? -1 : ka > kb ? 1 : a.number - b.number;
    return asc ? c : -c;
  });
}

function listIssues(ctx: Ctx) {
  const q = ctx.query;
  const state = q.get('state') ?? 'open';
  if (!['open', 'closed', 'all'].includes(state))
    throw validation([{ resource: 'Issue', code: 'invalid', field: 'state' }]);
  const labels = (q.get('labels') ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const since = q.get('since');
  const assignee = q.get('assignee');
  const creator = q.get('creator');
  let items = [...ctx.repo.issues.values()].filter((i) => state === 'all' || i.state === state);
  if (labels.length) items = items.filter((i) => labels.every((l) => i.labels.some((x) => x.name.toLowerCase() === l)));
  if (since) items = items.filter((i) => i.updatedAt >= new Date(since).toISOString().replace(/\.\d{3}Z$/, 'Z'));
  if (assignee === 'none') items = items.filter((i) => i.assignees.length === 0);
  else if (assignee === '*') items = items.filter((i) => i.assignees.length > 0);
  else if (assignee) items = items.filter((i) => i.assignees.some((a) => a.toLowerCase() === assignee.toLowerCase()));
  if (creator) items = items.filter((i) => i.user.toLowerCase() === creator.toLowerCase());
  return paginate(ctx, sortIssues(ctx, items), (i) => issueJson(ctx.env, ctx.repo, i, ctx.token));
}

/** Assignable logins: collaborators (and the owner). Others are silently dropped, as GitHub does. */
function assignable(ctx: Ctx, logins: unknown): string[] {
  if (!Array.isArray(logins)) throw validation([{ resource: 'Issue', code: 'invalid', field: 'assignees' }]);
  return logins.filter((l): l is string => typeof l === 'string' && !!ctx.repo.role(l));
}

function applyUpdate(ctx: Ctx, issue: Issue, b: any) {
  const now = ctx.env.state.clock.iso();
  if (b.title !== undefined) {
    if (typeof b.title !== 'string' || !b.title)
      throw validation([{ resource: 'Issue', code: 'missing_field', field: 'title' }]);
    issue.title = b.title;
  }
  if (b.body !== undefined) issue.body = b.body;
  if (b.state !== undefined) {
    if (!['open', 'closed'].includes(b.state))
      throw validation([{ resource: 'Issue', code: 'invalid', field: 'state' }]);
    if (b.state !== issue.state) {
      issue.state = b.state;
      issue.closedAt = b.state === 'closed' ? now : null;
      issue.stateReason = b.state === 'closed' ? (b.state_reason ?? 'completed') : 'reopened';
    }
  }
  if (b.state_reason !== undefined && issue.state === 'closed') issue.stateReason = b.state_reason;
  if (b.labels !== undefined) issue.labels = labelsFor(ctx, b.labels);
  if (b.assignees !== undefined) issue.assignees = assignable(ctx, b.assignees);
  else if (b.assignee !== undefined) issue.assignees = b.assignee ? assignable(ctx, [b.assignee]) : [];
  if (b.milestone !== undefined) {
    // OpenAPI issues/update: `milestone` is a number or null; an unknown number is 422 invalid.
    if (b.milestone !== null && !ctx.repo.milestones.some((m) => m.number === b.milestone))
      throw validation([{ resource: 'Issue', code: 'invalid', field: 'milestone' }]);
    issue.milestone = b.milestone;
  }
  issue.updatedAt = now;
}

export const issueRoutes: Route[] = [
  { method: 'GET', pattern: `${R}/issues`, scope: ISSUES, handler: listIssues },
  {
    method: 'POST',
    pattern: `${R}/issues`,
    scope: 'issues',
    handler: (ctx) => {
      const title = requireString(ctx.body, 'title', 'Issue');
      if (!title) throw validation([{ resource: 'Issue', code: 'missing_field', field: 'title' }]);
      const issue = ctx.repo.newIssue({
        id: ctx.env.state.id(),
        title,
        body: ctx.body.body ?? null,
        user: ctx.login ?? 'ghost',
        now: ctx.env.state.clock.iso(),
      });
      applyUpdate(ctx, issue, { labels: ctx.body.labels, assignees: ctx.body.assignees });
      return ok(issueJson(ctx.env, ctx.repo, issue, ctx.token), 201);
    },
  },
  {
    method: 'GET',
    pattern: `${R}/issues/:number`,
    scope: ISSUES,
    handler: (ctx) => {
      const issue = issueOf(ctx);
      return { ...ok(issueJson(ctx.env, ctx.repo, issue, ctx.token)), lastModified: issue.updatedAt };
    },
  },
  {
    method: 'PATCH',
    pattern: `${R}/issues/:number`,
    scope: ISSUES,
    handler: (ctx) => {
      const issue = issueOf(ctx);
      applyUpdate(ctx, issue, ctx.body ?? {});
      return ok(issueJson(ctx.env, ctx.repo, issue, ctx.token));
    },
  },
  {
    method: 'POST',
    pattern: `${R}/issues/:number/assignees`,
    scope: ISSUES,
    handler: (ctx) => {
      const issue = issueOf(ctx);
      for (const a of assignable(ctx, ctx.body?.assignees ?? []))
        if (!issue.assignees.some((x) => x.toLowerCase() === a.toLowerCase())) issue.assignees.push(a);
      issue.assignees = issue.assignees.slice(0, 10);
      issue.updatedAt = ctx.env.state.clock.iso();
      return ok(issueJson(ctx.env, ctx.repo, issue, ctx.token), 201);
    },
  },
  {
    method: 'DELETE',
    pattern: `${R}/issues/:number/assignees`,
    scope: ISSUES,
    handler: (ctx) => {
      const issue = issueOf(ctx);
      const drop = new Set(((ctx.body?.assignees ?? []) as string[]).map((a) => a.toLowerCase()));
      issue.assignees = issue.assignees.filter((a) => !drop.has(a.toLowerCase()));
      issue.updatedAt = ctx.env.state.clock.iso();
      return ok(issueJson(ctx.env, ctx.repo, issue, ctx.token));
    },
  },
  {
    method: 'GET',
    pattern: `${R}/assignees`,
    scope: ISSUES,
    handler: (ctx) => {
      const logins = [
        ctx.repo.owner,
        ...[...ctx.repo.collaborators.keys()].filter((l) => l !== ctx.repo.owner.toLowerCase()),
      ];
      return paginate(ctx, logins, (l) => ({ login: l, id: ctx.env.state.userId(l), type: 'User' }));
    },
  },
  {
    method: 'GET',
    pattern: `${R}/assignees/:login`,
    scope: ISSUES,
    handler: (ctx) =>
      ctx.repo.role(ctx.params.login)
        ? { status: 204 }
        : { status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' } },
  },
];

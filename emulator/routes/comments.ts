// Issue comments (delete answers 204) and reactions on comments and issues (201 new, 200 when it exists).
import { noContent, notFound, ok, paginate, requireString, validation, type Ctx, type Route } from '../http';
import { commentJson, reactionJson } from '../serialize';
import type { Comment, Reaction } from '../state';
import { ISSUES, issueOf } from './labels';

const R = '/repos/:owner/:repo';
const CONTENTS = ['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes'];

/** GitHub Actions' App id: comments made with the workflow token carry it in `performed_via_github_app`. */
export const GITHUB_ACTIONS_APP_ID = 15368;

/**
 * The App an integration token acts for: GitHub sets `performed_via_github_app` on comments made with an
 * installation or workflow token (OpenAPI issue-comment schema; recorded workflow-token comments show
 * `{ id: 15368, slug: "github-actions" }`). A user token's comments have null.
 */
function viaAppOf(ctx: Ctx): { viaApp?: number } {
  if (ctx.token?.kind === 'workflow') return { viaApp: GITHUB_ACTIONS_APP_ID };
  if (ctx.token?.kind === 'installation') return { viaApp: ctx.token.appId ?? 1 };
  return {};
}

function commentOf(ctx: Ctx): Comment {
  const c = ctx.repo.comments.get(Number(ctx.params.id));
  if (!c) throw notFound();
  return c;
}

function sinceFilter(ctx: Ctx, items: Comment[]): Comment[] {
  const since = ctx.query.get('since');
  if (!since) return items;
  const at = new Date(since).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return items.filter((c) => c.updatedAt >= at);
}

function addReaction(ctx: Ctx, list: Reaction[]) {
  const content = requireString(ctx.body, 'content', 'Reaction');
  if (!CONTENTS.includes(content)) throw validation([{ resource: 'Reaction', code: 'invalid', field: 'content' }]);
  const user = ctx.login ?? 'ghost';
  const existing = list.find((r) => r.content === content && r.user === user);
  if (existing) return ok(reactionJson(ctx.env, existing), 200);
  const r: Reaction = { id: ctx.env.state.id(), content, user, createdAt: ctx.env.state.clock.iso() };
  list.push(r);
  return ok(reactionJson(ctx.env, r), 201);
}

function listReactions(ctx: Ctx, list: Reaction[]) {
  const content = ctx.query.get('content');
  return paginate(ctx, content ? list.filter((r) => r.content === content) : list, (r) => reactionJson(ctx.env, r));
}

function deleteReaction(ctx: Ctx, list: Reaction[]) {
  const at = list.findIndex((r) => r.id === Number(ctx.params.reaction));
  if (at < 0) throw notFound();
  list.splice(at, 1);
  return noContent;
}

export const commentRoutes: Route[] = [
  {
    method: 'GET',
    pattern: `${R}/issues/comments`,
    scope: ISSUES,
    handler: (ctx) => {
      const all = sinceFilter(ctx, [...ctx.repo.comments.values()]);
      if (ctx.query.get('direction') === 'desc') all.reverse();
      return paginate(ctx, all, (c) => commentJson(ctx.env, ctx.repo, c, ctx.token));
    },
  },
  {
    method: 'GET',
    pattern: `${R}/issues/:number/comments`,
    scope: ISSUES,
    handler: (ctx) => {
      const issue = issueOf(ctx);
      const list = [...ctx.repo.comments.values()].filter((c) => c.issueNumber === issue.number);
      return paginate(ctx, sinceFilter(ctx, list), (c) => commentJson(ctx.env, ctx.repo, c, ctx.token));
    },
  },
  {
    method: 'POST',
    pattern: `${R}/issues/:number/comments`,
    scope: ISSUES,
    handler: (ctx) => {
      const issue = issueOf(ctx);
      const body = requireString(ctx.body, 'body', 'IssueComment');
      if (body.length > 65536)
        throw validation([
          {
            resource: 'IssueComment',
            code: 'unprocessable',
            field: 'data',
            message: 'Body is too long (maximum is 65536 characters)',
          },
        ]);
      const now = ctx.env.state.clock.iso();
      const c: Comment = {
        id: ctx.env.state.id(),
        issueNumber: issue.number,
        body,
        user: ctx.login ?? 'ghost',
        createdAt: now,
        updatedAt: now,
        reactions: [],
        ...viaAppOf(ctx),
      };
      ctx.repo.comments.set(c.id, c);
      issue.updatedAt = now;
      return ok(commentJson(ctx.env, ctx.repo, c, ctx.token), 201);
    },
  },
  {
    method: 'GET',
    pattern: `${R}/issues/comments/:id`,
    scope: ISSUES,
    handler: (ctx) => {
      const c = commentOf(ctx);
      return { ...ok(commentJson(ctx.env, ctx.repo, c, ctx.token)), lastModified: c.updatedAt };
    },
  },
  {
    method: 'PATCH',
    pattern: `${R}/issues/comments/:id`,
    scope: ISSUES,
    handler: (ctx) => {
      const c = commentOf(ctx);
      c.body = requireString(ctx.body, 'body', 'IssueComment');
      c.updatedAt = ctx.env.state.clock.iso();
      return ok(commentJson(ctx.env, ctx.repo, c, ctx.token));
    },
  },
  {
    method: 'DELETE',
    pattern: `${R}/issues/comments/:id`,
    scope: ISSUES,
    handler: (ctx) => {
      ctx.repo.comments.delete(commentOf(ctx).id);
      return noContent;
    },
  },
  {
    method: 'GET',
    pattern: `${R}/issues/comments/:id/reactions`,
    scope: ISSUES,
    handler: (ctx) => listReactions(ctx, commentOf(ctx).reactions),
  },
  {
    method: 'POST',
    pattern: `${R}/issues/comments/:id/reactions`,
    scope: ISSUES,
    handler: (ctx) => addReaction(ctx, commentOf(ctx).reactions),
  },
  {
    method: 'DELETE',
    pattern: `${R}/issues/comments/:id/reactions/:reaction`,
    scope: ISSUES,
    handler: (ctx) => deleteReaction(ctx, commentOf(ctx).reactions),
  },
  {
    method: 'GET',
    pattern: `${R}/issues/:number/reactions`,
    scope: ISSUES,
    handler: (ctx) => listReactions(ctx, issueOf(ctx).reactions),
  },
  {
    method: 'POST',
    pattern: `${R}/issues/:number/reactions`,
    scope: ISSUES,
    handler: (ctx) => addReaction(ctx, issueOf(ctx).reactions),
  },
  {
    method: 'DELETE',
    pattern: `${R}/issues/:number/reactions/:reaction`,
    scope: ISSUES,
    handler: (ctx) => deleteReaction(ctx, issueOf(ctx).reactions),
  },
];

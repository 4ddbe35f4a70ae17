// Repositories (301 for renamed ones and /repositories/{id} are handled by the pipeline), collaborators and
// their permission, branches.
import { error, noContent, ok, paginate, type Ctx, type Route } from '../http';
import { repoJson, userJson } from '../serialize';
import type { Role } from '../types';

const R = '/repos/:owner/:repo';
const ROLES: Role[] = ['read', 'triage', 'write', 'maintain', 'admin'];
const PERMISSION: Record<Role, string> = {
  read: 'read',
  triage: 'read',
  write: 'write',
  maintain: 'write',
  admin: 'admin',
};
const API_ROLE: Record<string, Role> = {
  pull: 'read',
  triage: 'triage',
  push: 'write',
  maintain: 'maintain',
  admin: 'admin',
};

function collaboratorJson(ctx: Ctx, login: string, role: Role) {
  const at = ROLES.indexOf(role);
  return {
    ...userJson(ctx.env.state, login),
    permissions: { pull: at >= 0, triage: at >= 1, push: at >= 2, maintain: at >= 3, admin: at >= 4 },
    role_name: role,
  };
}

export function branchJson(ctx: Ctx, name: string, sha: string) {
  const c = ctx.repo.objects.commit(sha)!;
  const url = `${ctx.env.apiUrl}/repos/${ctx.repo.fullName}`;
  return {
    name,
    commit: {
      sha,
      node_id: `C_${sha}`,
      url: `${url}/commits/${sha}`,
      commit: {
        author: c.author,
        committer: c.committer,
        message: c.message,
        tree: { sha: c.tree, url: `${url}/git/trees/${c.tree}` },
      },
      parents: c.parents.map((p) => ({ sha: p, url: `${url}/commits/${p}` })),
    },
    _links: { self: `${url}/branches/${name}`, html: `https://github.com/${ctx.repo.fullName}/tree/${name}` },
    protected: false,
  };
}

export const repoRoutes: Route[] = [
  {
    method: 'GET',
    pattern: R,
    scope: 'metadata',
    handler: (ctx) => ({ ...ok(repoJson(ctx.env, ctx.repo)), lastModified: ctx.repo.pushedAt }),
  },
  {
    method: 'GET',
    pattern: `${R}/collaborators`,
    scope: 'metadata',
    handler: (ctx) => {
      const all: [string, Role][] = [
        [ctx.repo.owner, 'admin'],
        ...[...ctx.repo.collaborators].filter(([l]) => l !== ctx.repo.owner.toLowerCase()),
      ];
      return paginate(ctx, all, ([l, r]) => collaboratorJson(ctx, l, r));
    },
  },
  {
    method: 'GET',
    pattern: `${R}/collaborators/:login`,
    scope: 'metadata',
    handler: (ctx) =>
      ctx.repo.role(ctx.params.login)
        ? noContent
        : { status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' } },
  },
  {
    method: 'GET',
    pattern: `${R}/collaborators/:login/permission`,
    scope: 'metadata',
    handler: (ctx) => {
      const login = ctx.params.login;
      const role = ctx.repo.role(login);
      const user = role ? collaboratorJson(ctx, login, role) : userJson(ctx.env.state, login);
      return ok({
        permission: role ? PERMISSION[role] : ctx.repo.private ? 'none' : 'read',
        role_name: role ?? (ctx.repo.private ? 'none' : 'read'),
        user,
      });
    },
  },
  {
    method: 'PUT',
    pattern: `${R}/collaborators/:login`,
    scope: 'administration',
    handler: (ctx) => {
      const wanted = ctx.body?.permission ?? 'push';
      const role = API_ROLE[wanted] ?? (ROLES.includes(wanted) ? (wanted as Role) : undefined);
      if (!role)
        throw error(422, `Validation Failed`, {
          errors: [{ resource: 'Repository', code: 'invalid', field: 'permission' }],
        });
      const login = ctx.params.login;
      const had = ctx.repo.role(login);
      ctx.repo.collaborators.set(login.toLowerCase(), role);
      if (had) return noContent;
      const id = ctx.env.state.id();
      return ok(
        {
          id,
          node_id: `RI_${id}`,
          repository: { full_name: ctx.repo.fullName },
          invitee: userJson(ctx.env.state, login),
          inviter: userJson(ctx.env.state, ctx.login ?? 'ghost'),
          permissions: wanted,
          created_at: ctx.env.state.clock.iso(),
        },
        201,
      );
    },
  },
  {
    method: 'DELETE',
    pattern: `${R}/collaborators/:login`,
    scope: 'administration',
    handler: (ctx) => {
      ctx.repo.collaborators.delete(ctx.params.login.toLowerCase());
      return noContent;
    },
  },
  {
    method: 'GET',
    pattern: `${R}/branches`,
    scope: 'contents',
    handler: (ctx) => {
      const branches = [...ctx.repo.refs]
        .filter(([r]) => r.startsWith('refs/heads/'))
        .map(([r, sha]) => ({ name: r.slice(11), sha }));
      branches.sort((a, b) => (a.name < b.name ? -1 : 1));
      const url = `${ctx.env.apiUrl}/repos/${ctx.repo.fullName}/commits`;
      return paginate(ctx, branches, (b) => ({
        name: b.name,
        commit: { sha: b.sha, url: `${url}/${b.sha}` },
        protected: false,
      }));
    },
  },
  {
    method: 'GET',
    pattern: `${R}/branches/:branch*`,
    scope: 'contents',
    handler: (ctx) => {
      const sha = ctx.repo.branch(ctx.params.branch);
      if (!sha) throw error(404, 'Branch not found');
      return ok(branchJson(ctx, ctx.params.branch, sha));
    },
  },
];

// JSON of git objects and the shared commit-creation rules (author defaults, verification).
import type { Person } from '../git-objects';
import { validation, type Ctx } from '../http';
import type { Repo } from '../state';

export function base64Lines(buf: Buffer): string {
  return (buf.toString('base64').match(/.{1,60}/g) ?? ['']).join('\n') + '\n';
}

export function gitCommitJson(ctx: Ctx, repo: Repo, sha: string) {
  const c = repo.objects.commit(sha)!;
  const url = `${ctx.env.apiUrl}/repos/${repo.fullName}/git/commits/${sha}`;
  const meta = repo.commitMeta.get(sha) ?? { verified: false, reason: 'unsigned' };
  return {
    sha,
    node_id: `C_${sha}`,
    url,
    html_url: `https://github.com/${repo.fullName}/commit/${sha}`,
    author: c.author,
    committer: c.committer,
    tree: { sha: c.tree, url: `${ctx.env.apiUrl}/repos/${repo.fullName}/git/trees/${c.tree}` },
    message: c.message,
    parents: c.parents.map((p) => ({
      sha: p,
      url: `${ctx.env.apiUrl}/repos/${repo.fullName}/git/commits/${p}`,
      html_url: `https://github.com/${repo.fullName}/commit/${p}`,
    })),
    verification: {
      verified: meta.verified,
      reason: meta.reason,
      signature: null,
      payload: null,
      verified_at: meta.verified ? c.committer.date : null,
    },
  };
}

function person(v: unknown, field: string, now: string): Person | undefined {
  if (v === undefined || v === null) return undefined;
  const p = v as { name?: unknown; email?: unknown; date?: unknown };
  if (typeof p.name !== 'string' || typeof p.email !== 'string')
    throw validation([
      { resource: 'Commit', code: 'missing_field', field: `${field}.${typeof p.name !== 'string' ? 'name' : 'email'}` },
    ]);
  const date = typeof p.date === 'string' ? new Date(p.date).toISOString().replace(/\.\d{3}Z$/, 'Z') : now;
  return { name: p.name, email: p.email, date };
}

/**
 * Writes a commit as the API does: without a custom author, an integration token (workflow, installation)
 * commits as its bot with GitHub as committer, and the commit is signed (verified). A custom author or
 * committer, or a user token, gives an unsigned commit.
 */
export function createCommit(
  ctx: Ctx,
  repo: Repo,
  tree: string,
  parents: string[],
  message: string,
  author?: unknown,
  committer?: unknown,
): string {
  const now = ctx.env.state.clock.iso();
  const a = person(author, 'author', now);
  const c = person(committer, 'committer', now);
  const login = ctx.login ?? 'ghost';
  const integration = ctx.token?.kind === 'workflow' || ctx.token?.kind === 'installation';
  const verified = integration && !a && !c;
  const defaultAuthor = ctx.env.state.person(login, now);
  const commitAuthor = a ?? c ?? defaultAuthor;
  const commitCommitter = c ?? (verified ? { name: 'GitHub', email: 'noreply@github.com', date: now } : commitAuthor);
  const sha = repo.objects.putCommit({ tree, parents, author: commitAuthor, committer: commitCommitter, message });
  repo.commitMeta.set(sha, { verified, reason: verified ? 'valid' : 'unsigned' });
  return sha;
}

/** Moves a branch (after the concurrent-push fault had its chance). */
export function updateBranch(ctx: Ctx, repo: Repo, branch: string, sha: string): void {
  repo.refs.set(`refs/heads/${branch}`, sha);
  repo.pushedAt = ctx.env.state.clock.iso();
}

// Git references (fast-forward check, `force`, the concurrent-push fault), REST commits and compare.
import { error, noContent, notFound, ok, paginate, validation, type Ctx, type Route } from '../http';
import type { Repo } from '../state';
import { diffCommits, mergeBase } from './diff';
import { gitCommitJson } from './git-json';

const R = '/repos/:owner/:repo';

function refJson(ctx: Ctx, ref: string, sha: string) {
  const type = ctx.repo.objects.get(sha)?.type ?? 'commit';
  const url = `${ctx.env.apiUrl}/repos/${ctx.repo.fullName}/git`;
  return {
    ref,
    node_id: `REF_${Buffer.from(ref).toString('base64url')}`,
    url: `${url}/${ref}`,
    object: { sha, type, url: `${url}/${type}s/${sha}` },
  };
}

function fullRef(param: string): string {
  return `refs/${param.replace(/^refs\//, '')}`;
}

/**
 * Workflow files need the `workflows` permission. GitHub refuses a branch update whose new commits add, change or
 * delete anything under `.github/workflows/` for a token without it: "refusing to allow a GitHub App to create or
 * update workflow `.github/workflows/x.yml` without `workflows` permission" (peter-evans/create-pull-request#1713,
 * stefanzweifel/git-auto-commit-action#322; through the REST API: KeisukeYamashita/auto-pull-request-merge#481).
 * The workflow token never has it; an App or fine-grained token has it when granted `workflows: write`; a classic
 * token (no permission map here) is taken to carry the `workflow` scope. The status of the REST refusal is not
 * recorded in the evidence; 422 (GitHub's answer to every other refused ref update) is assumed.
 */
function checkWorkflowFiles(ctx: Ctx, ref: string, from: string | undefined, to: string): void {
  const token = ctx.token;
  if (!ref.startsWith('refs/heads/') || !token) return;
  const allowed =
    token.kind === 'user' && !token.permissions
      ? true
      : token.kind !== 'workflow' && token.permissions?.workflows === 'write';
  if (allowed) return;
  const base = from ?? ctx.repo.objects.commit(to)?.parents[0];
  if (base === to) return;
  const before = base ? ctx.repo.filesAt(base) : new Map();
  const after = ctx.repo.filesAt(to);
  const paths = new Set([...before.keys(), ...after.keys()].filter((p) => p.startsWith('.github/workflows/')));
  const changed = [...paths]
    .sort()
    .find((p) => before.get(p)?.sha !== after.get(p)?.sha || before.get(p)?.mode !== after.get(p)?.mode);
  if (changed)
    throw error(
      422,
      `refusing to allow a GitHub App to create or update workflow \`${changed}\` without \`workflows\` permission`,
    );
}

/**
 * git cannot hold `feature` and `feature/x` at once (a ref is a file, and a folder of others): creating either
 * when the other exists fails with 422 "Reference update failed" (GitHub's answer, github/docs#2370 and
 * create-pull-request's users' reports).
 */
function checkNesting(ctx: Ctx, ref: string): void {
  for (const existing of ctx.repo.refs.keys()) {
    if (existing.startsWith(`${ref}/`) || ref.startsWith(`${existing}/`)) throw error(422, 'Reference update failed');
  }
}

function sortedRefs(repo: Repo, prefix: string): [string, string][] {
  return [...repo.refs].filter(([r]) => r.startsWith(prefix)).sort(([a], [b]) => (a < b ? -1 : 1));
}

function restCommitJson(ctx: Ctx, sha: string, withFiles: boolean) {
  const repo = ctx.repo;
  const g = gitCommitJson(ctx, repo, sha);
  const c = repo.objects.commit(sha)!;
  const url = `${ctx.env.apiUrl}/repos/${repo.fullName}/commits/${sha}`;
  const out: Record<string, unknown> = {
    sha,
    node_id: g.node_id,
    url,
    html_url: g.html_url,
    comments_url: `${url}/comments`,
    commit: {
      author: g.author,
      committer: g.committer,
      message: g.message,
      tree: g.tree,
      url: g.url,
      comment_count: 0,
      verification: g.verification,
    },
    author: null,
    committer: null,
    parents: c.parents.map((p) => ({
      sha: p,
      url: `${ctx.env.apiUrl}/repos/${repo.fullName}/commits/${p}`,
      html_url: `https://github.com/${repo.fullName}/commit/${p}`,
    })),
  };
  if (withFiles) {
    const before = c.parents[0] ? repo.filesAt(c.parents[0]) : new Map();
    const after = repo.filesAt(sha);
    const files = [...new Set([...before.keys(), ...after.keys()])]
      .sort()
      .filter((p) => before.get(p)?.sha !== after.get(p)?.sha)
      .map((p) => ({
        filename: p,
        sha: (after.get(p) ?? before.get(p))!.sha,
        status: !before.has(p) ? 'added' : !after.has(p) ? 'removed' : 'modified',
      }));
    out.files = files;
    out.stats = { total: files.length, additions: 0, deletions: 0 };
  }
  return out;
}

/** Files that differ between the merge base of `base...head` and `head`, as compare lists them (at most 300). */
function compareFiles(ctx: Ctx, base: string, head: string) {
  const mb = mergeBase(ctx.repo, base, head) ?? base;
  const url = (f: { filename: string }) => `https://github.com/${ctx.repo.fullName}/blob/${head}/${f.filename}`;
  return diffCommits(ctx.repo, mb, head)
    .slice(0, 300)
    .map((f) => ({ ...f, blob_url: url(f), raw_url: url(f).replace('/blob/', '/raw/') }));
}

export const refRoutes: Route[] = [
  {
    method: 'GET',
    pattern: `${R}/git/ref/:ref*`,
    scope: 'contents',
    handler: (ctx) => {
      const ref = fullRef(ctx.params.ref);
      const sha = ctx.repo.refs.get(ref);
      if (!sha) throw notFound();
      return ok(refJson(ctx, ref, sha));
    },
  },
  {
    method: 'GET',
    pattern: `${R}/git/refs/:ref*`,
    scope: 'contents',
    handler: (ctx) => {
      const ref = fullRef(ctx.params.ref);
      const sha = ctx.repo.refs.get(ref);
      if (sha) return ok(refJson(ctx, ref, sha));
      const matching = sortedRefs(ctx.repo, ref);
      if (!matching.length) throw notFound();
      return ok(matching.map(([r, s]) => refJson(ctx, r, s)));
    },
  },
  {
    method: 'GET',
    pattern: `${R}/git/refs`,
    scope: 'contents',
    handler: (ctx) => paginate(ctx, sortedRefs(ctx.repo, 'refs/'), ([r, s]) => refJson(ctx, r, s)),
  },
  {
    method: 'GET',
    pattern: `${R}/tags`,
    scope: 'contents',
    handler: (ctx) => {
      const api = `${ctx.env.apiUrl}/repos/${ctx.repo.fullName}`;
      const tags = sortedRefs(ctx.repo, 'refs/tags/').reverse();
      return paginate(ctx, tags, ([r, sha]) => {
        const name = r.slice('refs/tags/'.length);
        return {
          name,
          commit: { sha, url: `${api}/commits/${sha}` },
          zipball_url: `${api}/zipball/refs/tags/${name}`,
          tarball_url: `${api}/tarball/refs/tags/${name}`,
          node_id: `REF_${name}`,
        };
      });
    },
  },
  {
    method: 'GET',
    pattern: `${R}/git/matching-refs/:ref*`,
    scope: 'contents',
    handler: (ctx) => paginate(ctx, sortedRefs(ctx.repo, fullRef(ctx.params.ref)), ([r, s]) => refJson(ctx, r, s)),
  },
  {
    method: 'POST',
    pattern: `${R}/git/refs`,
    scope: 'contents',
    handler: (ctx) => {
      const b = ctx.body ?? {};
      if (typeof b.ref !== 'string') throw validation([{ resource: 'Reference', code: 'missing_field', field: 'ref' }]);
      if (typeof b.sha !== 'string') throw validation([{ resource: 'Reference', code: 'missing_field', field: 'sha' }]);
      if (!/^refs\/[^/]+\/.+/.test(b.ref))
        throw error(422, "Reference name must start with 'refs/' and have at least two slashes.");
      if (ctx.repo.refs.has(b.ref)) throw error(422, 'Reference already exists');
      const sha = ctx.repo.objects.resolve(b.sha);
      if (!sha) throw error(422, 'Object does not exist');
      checkNesting(ctx, b.ref);
      if (ctx.repo.objects.has(sha, 'commit')) checkWorkflowFiles(ctx, b.ref, undefined, sha);
      ctx.repo.refs.set(b.ref, sha);
      return ok(refJson(ctx, b.ref, sha), 201);
    },
  },
  {
    method: 'PATCH',
    pattern: `${R}/git/refs/:ref*`,
    scope: 'contents',
    handler: (ctx) => {
      const ref = fullRef(ctx.params.ref);
      const b = ctx.body ?? {};
      if (typeof b.sha !== 'string') throw validation([{ resource: 'Reference', code: 'missing_field', field: 'sha' }]);
      ctx.env.beforeRefUpdate(ctx.repo, ref);
      const current = ctx.repo.refs.get(ref);
      if (!current) throw error(422, 'Reference does not exist');
      const sha = ctx.repo.objects.resolve(b.sha);
      if (!sha || !ctx.repo.objects.has(sha)) throw error(422, 'Object does not exist');
      if (!b.force && sha !== current && !ctx.repo.objects.isAncestor(current, sha))
        throw error(422, 'Update is not a fast forward');
      checkWorkflowFiles(ctx, ref, current, sha);
      ctx.repo.refs.set(ref, sha);
      if (ref.startsWith('refs/heads/')) ctx.repo.pushedAt = ctx.env.state.clock.iso();
      return ok(refJson(ctx, ref, sha));
    },
  },
  {
    method: 'DELETE',
    pattern: `${R}/git/refs/:ref*`,
    scope: 'contents',
    handler: (ctx) => {
      const ref = fullRef(ctx.params.ref);
      if (!ctx.repo.refs.delete(ref)) throw error(422, 'Reference does not exist');
      return noContent;
    },
  },
  {
    method: 'GET',
    pattern: `${R}/commits`,
    scope: 'contents',
    handler: (ctx) => {
      const head = ctx.repo.resolveRef(ctx.query.get('sha') ?? undefined);
      if (!head) throw notFound();
      let shas = ctx.repo.objects.commitsBetween(undefined, head);
      const path = ctx.query.get('path');
      if (path) {
        shas = shas.filter((s) => {
          const c = ctx.repo.objects.commit(s)!;
          const now = ctx.repo.filesAt(s).get(path)?.sha;
          const before = c.parents[0] ? ctx.repo.filesAt(c.parents[0]).get(path)?.sha : undefined;
          return now !== before;
        });
      }
      return paginate(ctx, shas, (s) => restCommitJson(ctx, s, false));
    },
  },
  {
    method: 'GET',
    pattern: `${R}/commits/:ref*`,
    scope: 'contents',
    handler: (ctx) => {
      const sha = ctx.repo.resolveRef(ctx.params.ref);
      if (!sha) throw error(422, `No commit found for SHA: ${ctx.params.ref}`);
      return ok(restCommitJson(ctx, sha, true));
    },
  },
  {
    method: 'GET',
    pattern: `${R}/compare/:basehead*`,
    scope: 'contents',
    handler: (ctx) => {
      const [baseRef, headRef] = ctx.params.basehead.split('...');
      const base = ctx.repo.resolveRef(baseRef);
      const head = headRef ? ctx.repo.resolveRef(headRef) : undefined;
      if (!base || !head) throw notFound();
      const ahead = ctx.repo.objects.commitsBetween(base, head);
      const behind = ctx.repo.objects.commitsBetween(head, base);
      const mb = mergeBase(ctx.repo, base, head) ?? base;
      const status =
        ahead.length && behind.length ? 'diverged' : ahead.length ? 'ahead' : behind.length ? 'behind' : 'identical';
      return ok({
        url: `${ctx.env.apiUrl}/repos/${ctx.repo.fullName}/compare/${ctx.params.basehead}`,
        html_url: `https://github.com/${ctx.repo.fullName}/compare/${ctx.params.basehead}`,
        status,
        ahead_by: ahead.length,
        behind_by: behind.length,
        total_commits: ahead.length,
        base_commit: restCommitJson(ctx, base, false),
        merge_base_commit: restCommitJson(ctx, mb, false),
        commits: ahead
          .reverse()
          .slice(0, 250)
          .map((s) => restCommitJson(ctx, s, false)),
        files: compareFiles(ctx, base, head),
      });
    },
  },
];

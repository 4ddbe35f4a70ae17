// Contents: GET (base64 JSON, raw media type, directory listing), PUT (create/update with the `sha` guard → 409),
// DELETE. Each write is one commit on the branch.
import type { TreeEntry } from '../git-objects';
import { error, notFound, ok, validation, type Ctx, type Route } from '../http';
import { base64Lines, createCommit, gitCommitJson, updateBranch } from './git-json';

const R = '/repos/:owner/:repo';

function wantsRaw(ctx: Ctx): boolean {
  return /application\/vnd\.github(\.v3)?\.raw/.test(String(ctx.headers.accept ?? ''));
}

function entryJson(ctx: Ctx, path: string, e: TreeEntry, ref: string | null, withContent: boolean) {
  const repo = ctx.repo;
  const api = `${ctx.env.apiUrl}/repos/${repo.fullName}`;
  const q = ref ? `?ref=${encodeURIComponent(ref)}` : '';
  const type = e.type === 'tree' ? 'dir' : e.type === 'commit' ? 'submodule' : e.mode === '120000' ? 'symlink' : 'file';
  const blob = e.type === 'blob' ? repo.objects.blob(e.sha) : undefined;
  const gitUrl = e.type === 'commit' ? null : `${api}/git/${e.type === 'tree' ? 'trees' : 'blobs'}/${e.sha}`;
  const htmlUrl = `https://github.com/${repo.fullName}/${e.type === 'tree' ? 'tree' : 'blob'}/${ref ?? repo.defaultBranch}/${path}`;
  const out: Record<string, unknown> = {
    type,
    size: blob?.length ?? 0,
    name: path.split('/').pop(),
    path,
    sha: e.sha,
    url: `${api}/contents/${path}${q}`,
    git_url: gitUrl,
    html_url: htmlUrl,
    download_url:
      type === 'file'
        ? `https://raw.githubusercontent.com/${repo.fullName}/${ref ?? repo.defaultBranch}/${path}`
        : null,
    _links: { self: `${api}/contents/${path}${q}`, git: gitUrl, html: htmlUrl },
  };
  if (type === 'symlink' && blob) out.target = blob.toString();
  if (withContent && type === 'file' && blob) {
    const max = ctx.env.options.contentsInlineMax ?? 1024 * 1024;
    if (blob.length > max) {
      out.content = '';
      out.encoding = 'none';
    } else {
      out.content = base64Lines(blob);
      out.encoding = 'base64';
    }
  }
  return out;
}

function getContents(ctx: Ctx) {
  const repo = ctx.repo;
  const refParam = ctx.query.get('ref');
  const commit = repo.resolveRef(refParam ?? undefined);
  if (!commit) throw error(404, `No commit found for the ref ${refParam ?? repo.defaultBranch}`);
  const path = (ctx.params.path ?? '').replace(/^\/+|\/+$/g, '');
  const entry = repo.objects.lookup(repo.objects.commit(commit)!.tree, path);
  if (!entry) throw notFound();
  if (entry.type === 'tree') {
    const list = (repo.objects.tree(entry.sha) ?? []).map((e) =>
      entryJson(ctx, path ? `${path}/${e.name}` : e.name, e, refParam, false),
    );
    list.sort((a, b) => (String(a.name) < String(b.name) ? -1 : 1));
    return ok(list);
  }
  if (wantsRaw(ctx) && entry.type === 'blob')
    return {
      status: 200,
      raw: repo.objects.blob(entry.sha)!,
      contentType: 'application/vnd.github.raw; charset=utf-8',
    };
  return ok(entryJson(ctx, path, entry, refParam, true));
}

function writeContents(ctx: Ctx, remove: boolean) {
  const repo = ctx.repo;
  const b = ctx.body ?? {};
  const path = (ctx.params.path ?? '').replace(/^\/+|\/+$/g, '');
  if (typeof b.message !== 'string')
    throw validation([{ resource: 'Commit', code: 'missing_field', field: 'message' }]);
  if (!remove && typeof b.content !== 'string')
    throw validation([{ resource: 'Commit', code: 'missing_field', field: 'content' }]);
  const branch = typeof b.branch === 'string' ? b.branch : repo.defaultBranch;
  ctx.env.beforeRefUpdate(repo, `refs/heads/${branch}`);
  const tip = repo.branch(branch);
  if (!tip) throw error(404, `Branch ${branch} not found`);
  const flat = repo.filesAt(tip);
  const current = flat.get(path);
  if (remove) {
    if (typeof b.sha !== 'string') throw validation([{ resource: 'Commit', code: 'missing_field', field: 'sha' }]);
    if (!current) throw notFound();
    if (current.sha !== b.sha) throw error(409, `${path} does not match ${b.sha}`);
    flat.delete(path);
  } else {
    if (current && b.sha === undefined) throw error(422, 'Invalid request.\n\n"sha" wasn\'t supplied.');
    if (b.sha !== undefined && current?.sha !== b.sha) throw error(409, `${path} does not match ${b.sha}`);
    if (!/^[A-Za-z0-9+/=\s]*$/.test(b.content))
      throw validation([{ resource: 'Commit', code: 'invalid', field: 'content' }]);
    const blob = repo.objects.putBlob(Buffer.from(b.content, 'base64'));
    flat.set(path, { mode: current?.mode ?? '100644', sha: blob });
  }
  const tree = repo.objects.buildTree(flat);
  const sha = createCommit(ctx, repo, tree, [tip], b.message, b.author, b.committer);
  updateBranch(ctx, repo, branch, sha);
  const entry = repo.objects.lookup(tree, path);
  const content = remove || !entry ? null : entryJson(ctx, path, entry, branch, false);
  return ok({ content, commit: gitCommitJson(ctx, repo, sha) }, remove || current ? 200 : 201);
}

export const contentRoutes: Route[] = [
  { method: 'GET', pattern: `${R}/contents`, scope: 'contents', handler: getContents },
  { method: 'GET', pattern: `${R}/contents/:path*`, scope: 'contents', handler: getContents },
  { method: 'PUT', pattern: `${R}/contents/:path*`, scope: 'contents', handler: (ctx) => writeContents(ctx, false) },
  { method: 'DELETE', pattern: `${R}/contents/:path*`, scope: 'contents', handler: (ctx) => writeContents(ctx, true) },
  {
    method: 'GET',
    pattern: `${R}/readme`,
    scope: 'contents',
    handler: (ctx) => {
      const commit = ctx.repo.resolveRef(ctx.query.get('ref') ?? undefined);
      const files = commit ? [...ctx.repo.filesAt(commit).keys()] : [];
      const readme = files.find((f) => /^readme(\.\w+)?$/i.test(f));
      if (!readme) throw notFound();
      ctx.params.path = readme;
      return getContents(ctx);
    },
  },
];

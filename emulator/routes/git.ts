// The git database: blobs, trees (base_tree, nested paths, inline content, sha: null deletion, recursive
// listing with `truncated`), commits. Object ids are real git's.
import type { FlatTree, TreeMode } from '../git-objects';
import { error, notFound, ok, validation, type Ctx, type Route } from '../http';
import { base64Lines, createCommit, gitCommitJson } from './git-json';

const R = '/repos/:owner/:repo';
const MODES: TreeMode[] = ['100644', '100755', '040000', '160000', '120000'];

function treeJson(ctx: Ctx, sha: string, recursive: boolean) {
  const repo = ctx.repo;
  const base = `${ctx.env.apiUrl}/repos/${repo.fullName}/git`;
  const entries: { path: string; mode: string; type: string; sha: string; size?: number; url?: string }[] = [];
  const walk = (treeSha: string, prefix: string) => {
    for (const e of repo.objects.tree(treeSha) ?? []) {
      const path = prefix + e.name;
      const entry: (typeof entries)[number] = { path, mode: e.mode, type: e.type, sha: e.sha };
      if (e.type === 'blob') entry.size = repo.objects.blob(e.sha)?.length ?? 0;
      if (e.type !== 'commit') entry.url = `${base}/${e.type === 'tree' ? 'trees' : 'blobs'}/${e.sha}`;
      entries.push(entry);
      if (recursive && e.type === 'tree') walk(e.sha, `${path}/`);
    }
  };
  walk(sha, '');
  const max = ctx.env.options.truncateTreesAbove ?? 100_000;
  const truncated = entries.length > max;
  return { sha, url: `${base}/trees/${sha}`, tree: truncated ? entries.slice(0, max) : entries, truncated };
}

function resolveTree(ctx: Ctx, ref: string): string | undefined {
  const repo = ctx.repo;
  const sha = repo.objects.resolve(ref);
  if (sha && repo.objects.has(sha, 'tree')) return sha;
  const commit = repo.resolveRef(ref);
  return commit ? repo.objects.commit(commit)?.tree : undefined;
}

function createTree(ctx: Ctx) {
  const repo = ctx.repo;
  const b = ctx.body ?? {};
  if (!Array.isArray(b.tree)) throw validation([{ resource: 'Tree', code: 'missing_field', field: 'tree' }]);
  let flat: FlatTree = new Map();
  if (b.base_tree !== undefined && b.base_tree !== null) {
    if (typeof b.base_tree !== 'string' || !repo.objects.has(b.base_tree, 'tree'))
      throw validation([{ resource: 'Tree', code: 'invalid', field: 'base_tree' }], 'Invalid tree info');
    flat = repo.objects.flatten(b.base_tree);
  }
  const dropUnder = (path: string) => {
    for (const k of [...flat.keys()]) if (k === path || k.startsWith(`${path}/`)) flat.delete(k);
  };
  for (const [i, e] of (b.tree as any[]).entries()) {
    const path = typeof e?.path === 'string' ? e.path.replace(/^\/+|\/+$/g, '') : '';
    if (!path || path.split('/').some((p: string) => p === '' || p === '.' || p === '..' || p === '.git')) {
      throw validation([{ resource: 'Tree', code: 'invalid', field: `tree[${i}].path` }], 'Invalid tree info');
    }
    if (!MODES.includes(e.mode))
      throw validation([{ resource: 'Tree', code: 'invalid', field: `tree[${i}].mode` }], 'Invalid tree info');
    const type = e.type ?? (e.mode === '040000' ? 'tree' : e.mode === '160000' ? 'commit' : 'blob');
    const expected = e.mode === '040000' ? 'tree' : e.mode === '160000' ? 'commit' : 'blob';
    if (type !== expected)
      throw validation([{ resource: 'Tree', code: 'invalid', field: `tree[${i}].type` }], 'Invalid tree info');
    const hasSha = 'sha' in e;
    const hasContent = typeof e.content === 'string';
    if (hasSha && hasContent)
      throw validation(
        [{ resource: 'Tree', code: 'invalid', field: `tree[${i}]` }],
        'Must supply either tree.sha or tree.content, not both',
      );
    if (!hasSha && !hasContent)
      throw validation(
        [{ resource: 'Tree', code: 'missing_field', field: `tree[${i}].sha` }],
        'Must supply either tree.sha or tree.content',
      );
    if (hasSha && e.sha === null) {
      // OpenAPI create-a-tree: `sha: null` deletes *a file*. For a path that is not a file of the tree (missing,
      // or a directory) the request is refused with 422 (what is not a file cannot be deleted as one).
      if (!flat.has(path))
        throw validation(
          [{ resource: 'Tree', code: 'invalid', field: `tree[${i}].path` }],
          `GitRPC::BadObjectState: ${path} is not a file of the base tree`,
        );
      flat.delete(path);
      continue;
    }
    if (hasContent) {
      if (type !== 'blob')
        throw validation([{ resource: 'Tree', code: 'invalid', field: `tree[${i}].content` }], 'Invalid tree info');
      dropUnder(path);
      flat.set(path, { mode: e.mode, sha: repo.objects.putBlob(Buffer.from(e.content, 'utf8')) });
      continue;
    }
    const sha = typeof e.sha === 'string' ? (repo.objects.resolve(e.sha) ?? e.sha) : '';
    if (type === 'commit') {
      if (!/^[0-9a-f]{40}$/.test(sha))
        throw validation([{ resource: 'Tree', code: 'invalid', field: `tree[${i}].sha` }], 'Invalid tree info');
    } else if (!repo.objects.has(sha, type)) {
      throw error(422, `tree.sha ${e.sha} is not a valid ${type}`);
    }
    dropUnder(path);
    if (type === 'tree') for (const [p, entry] of repo.objects.flatten(sha, `${path}/`)) flat.set(p, entry);
    else flat.set(path, { mode: e.mode, sha });
  }
  for (const k of flat.keys()) {
    // A file where a directory is needed (or the reverse) is a conflict.
    const parts = k.split('/');
    for (let j = 1; j < parts.length; j++)
      if (flat.has(parts.slice(0, j).join('/')))
        throw error(422, `GitRPC::BadObjectState: ${parts.slice(0, j).join('/')} is both a file and a directory`);
  }
  const sha = repo.objects.buildTree(flat);
  return ok(treeJson(ctx, sha, false), 201);
}

function tagJson(ctx: Ctx, sha: string) {
  const text = ctx.repo.objects.get(sha)!.body.toString('utf8');
  const [head = '', message = ''] = text.split('\n\n', 2);
  const fields = new Map(head.split('\n').map((l) => [l.slice(0, l.indexOf(' ')), l.slice(l.indexOf(' ') + 1)]));
  const object = fields.get('object') ?? '';
  const type = fields.get('type') ?? 'commit';
  const url = `${ctx.env.apiUrl}/repos/${ctx.repo.fullName}/git`;
  return {
    node_id: `TAG_${sha.slice(0, 12)}`,
    tag: fields.get('tag'),
    sha,
    url: `${url}/tags/${sha}`,
    message,
    tagger: { name: ctx.login ?? 'github-actions[bot]', email: 'noreply@github.com', date: ctx.env.state.clock.iso() },
    object: { type, sha: object, url: `${url}/${type}s/${object}` },
    verification: { verified: false, reason: 'unsigned', signature: null, payload: null },
  };
}

export const gitRoutes: Route[] = [
  {
    method: 'POST',
    pattern: `${R}/git/blobs`,
    scope: 'contents',
    handler: (ctx) => {
      const b = ctx.body ?? {};
      if (typeof b.content !== 'string')
        throw validation([{ resource: 'Blob', code: 'missing_field', field: 'content' }]);
      const encoding = b.encoding ?? 'utf-8';
      if (!['utf-8', 'utf8', 'base64'].includes(encoding))
        throw validation([{ resource: 'Blob', code: 'invalid', field: 'encoding' }]);
      const sha = ctx.repo.objects.putBlob(Buffer.from(b.content, encoding === 'base64' ? 'base64' : 'utf8'));
      return ok({ url: `${ctx.env.apiUrl}/repos/${ctx.repo.fullName}/git/blobs/${sha}`, sha }, 201);
    },
  },
  {
    method: 'GET',
    pattern: `${R}/git/blobs/:sha`,
    scope: 'contents',
    handler: (ctx) => {
      const sha = ctx.repo.objects.resolve(ctx.params.sha);
      const blob = sha ? ctx.repo.objects.blob(sha) : undefined;
      if (!blob) throw notFound();
      if (/application\/vnd\.github(\.v3)?\.raw/.test(String(ctx.headers.accept ?? '')))
        return { status: 200, raw: blob, contentType: 'application/vnd.github.raw' };
      return ok({
        sha,
        node_id: `B_${sha}`,
        size: blob.length,
        url: `${ctx.env.apiUrl}/repos/${ctx.repo.fullName}/git/blobs/${sha}`,
        content: base64Lines(blob),
        encoding: 'base64',
      });
    },
  },
  { method: 'POST', pattern: `${R}/git/trees`, scope: 'contents', handler: createTree },
  {
    method: 'GET',
    pattern: `${R}/git/trees/:sha*`,
    scope: 'contents',
    handler: (ctx) => {
      const sha = resolveTree(ctx, ctx.params.sha);
      if (!sha) throw notFound();
      const r = ctx.query.get('recursive');
      return ok(treeJson(ctx, sha, !!r && r !== '0' && r !== 'false'));
    },
  },
  {
    method: 'POST',
    pattern: `${R}/git/commits`,
    scope: 'contents',
    handler: (ctx) => {
      const b = ctx.body ?? {};
      if (typeof b.message !== 'string')
        throw validation([{ resource: 'Commit', code: 'missing_field', field: 'message' }]);
      if (typeof b.tree !== 'string') throw validation([{ resource: 'Commit', code: 'missing_field', field: 'tree' }]);
      const tree = ctx.repo.objects.resolve(b.tree);
      if (!tree || !ctx.repo.objects.has(tree, 'tree')) throw error(422, 'Tree SHA does not exist');
      const parents: string[] = [];
      for (const p of b.parents ?? []) {
        const sha = typeof p === 'string' ? ctx.repo.objects.resolve(p) : undefined;
        if (!sha || !ctx.repo.objects.has(sha, 'commit'))
          throw error(422, 'Parent SHA does not exist or is not a commit object');
        parents.push(sha);
      }
      const sha = createCommit(ctx, ctx.repo, tree, parents, b.message, b.author, b.committer);
      return ok(gitCommitJson(ctx, ctx.repo, sha), 201);
    },
  },
  {
    // OpenAPI git/create-tag: an annotated tag object (the ref is made separately); the object is content-
    // addressed like any git object. The answer carries `verification` as for commits.
    method: 'POST',
    pattern: `${R}/git/tags`,
    scope: 'contents',
    handler: (ctx) => {
      const b = ctx.body ?? {};
      for (const field of ['tag', 'message', 'object', 'type'])
        if (typeof b[field] !== 'string') throw validation([{ resource: 'Tag', code: 'missing_field', field }]);
      const object = ctx.repo.objects.resolve(b.object);
      if (!object || !ctx.repo.objects.has(object, b.type)) throw error(422, 'Object does not exist');
      const tagger = `${ctx.login ?? 'github-actions[bot]'} <${ctx.login ?? 'github-actions[bot]'}@users.noreply.github.com> ${Math.floor(ctx.env.state.clock.now().getTime() / 1000)} +0000`;
      const body = Buffer.from(`object ${object}\ntype ${b.type}\ntag ${b.tag}\ntagger ${tagger}\n\n${b.message}`);
      const sha = ctx.repo.objects.put('tag', body);
      return ok(tagJson(ctx, sha), 201);
    },
  },
  {
    method: 'GET',
    pattern: `${R}/git/tags/:sha`,
    scope: 'contents',
    handler: (ctx) => {
      const sha = ctx.repo.objects.resolve(ctx.params.sha);
      if (!sha || !ctx.repo.objects.has(sha, 'tag')) throw notFound();
      return ok(tagJson(ctx, sha));
    },
  },
  {
    method: 'GET',
    pattern: `${R}/git/commits/:sha`,
    scope: 'contents',
    handler: (ctx) => {
      const sha = ctx.repo.objects.resolve(ctx.params.sha);
      if (!sha || !ctx.repo.objects.has(sha, 'commit')) throw notFound();
      return ok(gitCommitJson(ctx, ctx.repo, sha));
    },
  },
];

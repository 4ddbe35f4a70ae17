// Search (issues and pull requests, repositories): its own per-minute limit (30, anonymous 10), `total_count` +
// `items`, and only the first 1000 results reachable.
import { canSee } from '../auth';
import { error, linkHeader, perPage, validation, type Ctx, type Reply, type Route } from '../http';
import { issueJson, repoJson } from '../serialize';
import type { Issue, Repo } from '../state';

const CAP = 1000;

interface Term {
  key?: string;
  value: string;
  negated: boolean;
}

export function parseQuery(q: string): Term[] {
  const terms: Term[] = [];
  const re = /(-?)(?:(\w+):)?("([^"]*)"|\S+)/g;
  for (const m of q.matchAll(re)) {
    const value = m[4] ?? m[3];
    terms.push({ key: m[2]?.toLowerCase(), value, negated: m[1] === '-' });
  }
  return terms;
}

function compare(actual: number | string, spec: string): boolean {
  const range = /^(.+)\.\.(.+)$/.exec(spec);
  const num = (s: string) => (typeof actual === 'number' ? Number(s) : s);
  if (range) return (range[1] === '*' || actual >= num(range[1])) && (range[2] === '*' || actual <= num(range[2]));
  const m = /^(>=|<=|>|<)?(.+)$/.exec(spec)!;
  const v = num(m[2]);
  switch (m[1]) {
    case '>':
      return actual > v;
    case '>=':
      return actual >= v;
    case '<':
      return actual < v;
    case '<=':
      return actual <= v;
    default:
      return typeof actual === 'number' ? actual === v : String(actual).startsWith(String(v));
  }
}

function searchPage<T>(ctx: Ctx, items: T[], map: (t: T) => unknown): Reply {
  const { perPage: per, page } = perPage(ctx.query);
  if ((page - 1) * per >= CAP && items.length > 0) throw error(422, 'Only the first 1000 search results are available');
  const reachable = Math.min(items.length, CAP);
  const pages = Math.max(1, Math.ceil(reachable / per));
  const slice = items
    .slice((page - 1) * per, Math.min(page * per, CAP))
    .map((t) => ({ ...(map(t) as object), score: 1 }));
  const link = linkHeader(ctx.env.apiUrl, ctx.path, ctx.query, page, pages);
  return {
    status: 200,
    body: { total_count: items.length, incomplete_results: false, items: slice },
    headers: link ? { link } : {},
  };
}

function visibleRepos(ctx: Ctx): Repo[] {
  return ctx.env.state.repos.filter((r) => canSee(ctx.token, r));
}

function matchIssue(repo: Repo, i: Issue, t: Term): boolean {
  const v = t.value.toLowerCase();
  switch (t.key) {
    case 'repo':
      return repo.fullName.toLowerCase() === v;
    case 'user':
    case 'org':
      return repo.owner.toLowerCase() === v;
    case 'is':
    case 'type':
      if (v === 'issue') return !i.pull;
      if (v === 'pr' || v === 'pull-request') return !!i.pull;
      if (v === 'open' || v === 'closed') return i.state === v;
      if (v === 'merged') return !!i.pull?.merged;
      if (v === 'unmerged') return !!i.pull && !i.pull.merged;
      if (v === 'draft') return !!i.pull?.draft;
      return true;
    case 'state':
      return i.state === v;
    case 'label':
      return v.split(',').some((n) => i.labels.some((l) => l.name.toLowerCase() === n));
    case 'no':
      if (v === 'label') return i.labels.length === 0;
      if (v === 'assignee') return i.assignees.length === 0;
      return true;
    case 'author':
      return i.user.toLowerCase() === v;
    case 'assignee':
      return i.assignees.some((a) => a.toLowerCase() === v);
    case 'head':
      return i.pull?.head === t.value;
    case 'base':
      return i.pull?.base === t.value;
    case 'created':
      return compare(i.createdAt, t.value);
    case 'updated':
      return compare(i.updatedAt, t.value);
    case 'closed':
      return !!i.closedAt && compare(i.closedAt, t.value);
    case 'comments':
      return compare([...repo.comments.values()].filter((c) => c.issueNumber === i.number).length, t.value);
    case 'in':
    case 'sort':
      return true;
    case undefined:
      return `${i.title}\n${i.body ?? ''}`.toLowerCase().includes(v);
    default:
      return true;
  }
}

function matchRepo(repo: Repo, t: Term): boolean {
  const v = t.value.toLowerCase();
  switch (t.key) {
    case 'user':
    case 'org':
      return repo.owner.toLowerCase() === v;
    case 'repo':
      return repo.fullName.toLowerCase() === v;
    case 'language':
      return (repo.language ?? '').toLowerCase() === v;
    case 'stars':
      return compare(repo.stars, t.value);
    case 'pushed':
      return compare(repo.pushedAt, t.value);
    case 'created':
      return compare(repo.createdAt, t.value);
    case 'topic':
      return repo.topics.map((x) => x.toLowerCase()).includes(v);
    case 'is':
      return v === 'public' ? !repo.private : v === 'private' ? repo.private : true;
    case 'archived':
      return v === 'false';
    case 'in':
    case 'fork':
    case 'sort':
      return true;
    case undefined:
      return `${repo.name}\n${repo.description ?? ''}`.toLowerCase().includes(v);
    default:
      return true;
  }
}

function queryOf(ctx: Ctx): Term[] {
  const q = ctx.query.get('q');
  if (!q || !q.trim()) throw validation([{ resource: 'Search', code: 'missing', field: 'q' }]);
  if (q.length > 256)
    throw validation([
      { resource: 'Search', code: 'invalid', field: 'q', message: 'The search is longer than 256 characters.' },
    ]);
  return parseQuery(q);
}

export const searchRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/search/issues',
    resource: 'search',
    handler: (ctx) => {
      const terms = queryOf(ctx);
      const hits: [Repo, Issue][] = [];
      for (const repo of visibleRepos(ctx)) {
        for (const i of repo.issues.values())
          if (terms.every((t) => matchIssue(repo, i, t) !== t.negated)) hits.push([repo, i]);
      }
      const sort = ctx.query.get('sort');
      const asc = ctx.query.get('order') === 'asc';
      const key = ([repo, i]: [Repo, Issue]) =>
        sort === 'updated'
          ? i.updatedAt
          : sort === 'comments'
            ? String([...repo.comments.values()].filter((c) => c.issueNumber === i.number).length).padStart(8, '0')
            : i.createdAt;
      hits.sort((a, b) => (key(a) < key(b) ? 1 : key(a) > key(b) ? -1 : b[1].number - a[1].number) * (asc ? -1 : 1));
      return searchPage(ctx, hits, ([repo, i]) => issueJson(ctx.env, repo, i, ctx.token));
    },
  },
  {
    method: 'GET',
    pattern: '/search/repositories',
    resource: 'search',
    handler: (ctx) => {
      const terms = queryOf(ctx);
      const hits = visibleRepos(ctx).filter((r) => terms.every((t) => matchRepo(r, t) !== t.negated));
      const sort = ctx.query.get('sort');
      const asc = ctx.query.get('order') === 'asc';
      const key = (r: Repo) => (sort === 'updated' ? r.pushedAt : String(r.stars).padStart(12, '0'));
      hits.sort((a, b) => (key(a) < key(b) ? 1 : key(a) > key(b) ? -1 : 0) * (asc ? -1 : 1));
      return searchPage(ctx, hits, (r) => repoJson(ctx.env, r));
    },
  },
];

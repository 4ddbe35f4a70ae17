// Pull requests: list, get, create (422 when one exists for head→base), update, files (diffed from git objects).
import { checkBodyLength, ISSUE_BODY_MAX } from '../body-limits';
import { error, notFound, ok, paginate, requireString, validation, type Ctx, type Route } from '../http';
import { labelJson, milestoneJson, repoJson, userJson } from '../serialize';
import type { Issue, Repo } from '../state';
import { diffCommits, mergeBase, type FileChange } from './diff';
import { sortIssues } from './issues';

const R = '/repos/:owner/:repo';

function pullOf(ctx: Ctx): Issue {
  const i = ctx.repo.issues.get(Number(ctx.params.number));
  if (!i?.pull) throw notFound();
  return i;
}

export function headSha(repo: Repo, i: Issue): string {
  return i.pull!.headSha ?? repo.branch(i.pull!.head) ?? '0'.repeat(40);
}

export function pullFiles(
  repo: Repo,
  i: Issue,
): (Omit<FileChange, 'status'> & { status: string; previous_filename?: string })[] {
  if (i.pull!.files) {
    return i.pull!.files.map((f) => {
      const additions = f.additions ?? 1;
      const deletions = f.deletions ?? 0;
      return {
        sha: '0'.repeat(40),
        filename: f.filename,
        status: f.status ?? 'modified',
        additions,
        deletions,
        changes: additions + deletions,
        previous_filename: f.previous_filename,
      };
    });
  }
  const head = headSha(repo, i);
  const baseTip = repo.branch(i.pull!.base);
  return diffCommits(repo, baseTip ? (mergeBase(repo, baseTip, head) ?? baseTip) : undefined, head);
}

function refJson(ctx: Ctx, ref: string, sha: string) {
  return {
    label: `${ctx.repo.owner}:${ref}`,
    ref,
    sha,
    user: userJson(ctx.env.state, ctx.repo.owner),
    repo: repoJson(ctx.env, ctx.repo),
  };
}

export function pullJson(ctx: Ctx, i: Issue, full: boolean) {
  const p = i.pull!;
  const url = `${ctx.env.apiUrl}/repos/${ctx.repo.fullName}/pulls/${i.number}`;
  const html = `https://github.com/${ctx.repo.fullName}/pull/${i.number}`;
  const base: Record<string, unknown> = {
    url,
    id: i.id,
    node_id: `PR_${i.id}`,
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: `${ctx.env.apiUrl}/repos/${ctx.repo.fullName}/issues/${i.number}`,
    number: i.number,
    state: i.state,
    locked: i.locked,
    title: i.title,
    user: userJson(ctx.env.state, i.user),
    body: i.body,
    labels: i.labels.map((l) => labelJson(ctx.env, ctx.repo, l)),
    milestone: milestoneJson(ctx.repo, i.milestone),
    created_at: i.createdAt,
    updated_at: i.updatedAt,
    closed_at: i.closedAt,
    merged_at: p.mergedAt,
    merge_commit_sha: null,
    assignee: i.assignees[0] ? userJson(ctx.env.state, i.assignees[0]) : null,
    assignees: i.assignees.map((a) => userJson(ctx.env.state, a)),
    requested_reviewers: (p.requestedReviewers ?? []).map((r) => userJson(ctx.env.state, r)),
    requested_teams: (p.requestedTeams ?? []).map((slug) => ({ slug, name: slug, id: 0 })),
    head: refJson(ctx, p.head, headSha(ctx.repo, i)),
    base: refJson(ctx, p.base, ctx.repo.branch(p.base) ?? '0'.repeat(40)),
    author_association: i.user === ctx.repo.owner ? 'OWNER' : 'CONTRIBUTOR',
    draft: p.draft,
  };
  if (!full) return base;
  const files = pullFiles(ctx.repo, i);
  return {
    ...base,
    merged: p.merged,
    mergeable: p.merged ? null : true,
    mergeable_state: p.merged ? 'unknown' : 'clean',
    merged_by: null,
    comments: [...ctx.repo.comments.values()].filter((c) => c.issueNumber === i.number).length,
    review_comments: 0,
    maintainer_can_modify: false,
    commits: p.headSha
      ? 1
      : Math.max(1, ctx.repo.objects.commitsBetween(ctx.repo.branch(p.base), headSha(ctx.repo, i)).length),
    additions: files.reduce((s, f) => s + f.additions, 0),
    deletions: files.reduce((s, f) => s + f.deletions, 0),
    changed_files: files.length,
  };
}

function branchName(ctx: Ctx, ref: string): string {
  const at = ref.indexOf(':');
  return at >= 0 ? ref.slice(at + 1) : ref;
}

export const pullRoutes: Route[] = [
  {
    method: 'GET',
    pattern: `${R}/pulls`,
    scope: 'pull-requests',
    handler: (ctx) => {
      const state = ctx.query.get('state') ?? 'open';
      const head = ctx.query.get('head');
      const base = ctx.query.get('base');
      let items = [...ctx.repo.issues.values()].filter((i) => i.pull && (state === 'all' || i.state === state));
      if (head)
        items = items.filter(
          (i) =>
            i.pull!.head === branchName(ctx, head) &&
            (!head.includes(':') || head.split(':')[0].toLowerCase() === ctx.repo.owner.toLowerCase()),
        );
      if (base) items = items.filter((i) => i.pull!.base === base);
      const sort = ctx.query.get('sort') ?? 'created';
      if (sort === 'popularity' || sort === 'long-running') ctx.query.set('sort', 'comments');
      return paginate(ctx, sortIssues(ctx, items), (i) => pullJson(ctx, i, false));
    },
  },
  {
    method: 'GET',
    pattern: `${R}/pulls/:number`,
    scope: 'pull-requests',
    handler: (ctx) => ok(pullJson(ctx, pullOf(ctx), true)),
  },
  {
    method: 'POST',
    pattern: `${R}/pulls`,
    scope: 'pull-requests',
    handler: (ctx) => {
      // "Allow GitHub Actions to create and approve pull requests" off: the workflow token may not open one
      // (docs: "Preventing GitHub Actions from creating or approving pull requests"; the 403 text as users
      // report it, peter-evans/create-pull-request#2131 and others).
      if (ctx.token?.kind === 'workflow' && !ctx.repo.actionsCanCreatePullRequests)
        throw error(403, 'GitHub Actions is not permitted to create or approve pull requests.');
      const title = requireString(ctx.body, 'title', 'PullRequest');
      const head = branchName(ctx, requireString(ctx.body, 'head', 'PullRequest'));
      const base = requireString(ctx.body, 'base', 'PullRequest');
      checkBodyLength(ctx.body.body, ISSUE_BODY_MAX, 'Issue');
      const headTip = ctx.repo.branch(head);
      const baseTip = ctx.repo.branch(base);
      if (!headTip) throw validation([{ resource: 'PullRequest', code: 'invalid', field: 'head' }]);
      if (!baseTip) throw validation([{ resource: 'PullRequest', code: 'invalid', field: 'base' }]);
      const open = [...ctx.repo.issues.values()].find(
        (i) => i.pull && i.state === 'open' && i.pull.head === head && i.pull.base === base,
      );
      if (open)
        throw validation([
          {
            resource: 'PullRequest',
            code: 'custom',
            message: `A pull request already exists for ${ctx.repo.owner}:${head}.`,
          },
        ]);
      if (ctx.repo.objects.isAncestor(headTip, baseTip))
        throw validation([
          { resource: 'PullRequest', code: 'custom', message: `No commits between ${base} and ${head}` },
        ]);
      const issue = ctx.repo.newIssue(
        {
          id: ctx.env.state.id(),
          title,
          body: ctx.body.body ?? null,
          user: ctx.login ?? 'ghost',
          now: ctx.env.state.clock.iso(),
        },
        { head, base, draft: !!ctx.body.draft, merged: false, mergedAt: null },
      );
      return ok(pullJson(ctx, issue, true), 201);
    },
  },
  {
    method: 'PATCH',
    pattern: `${R}/pulls/:number`,
    scope: 'pull-requests',
    handler: (ctx) => {
      const i = pullOf(ctx);
      const b = ctx.body ?? {};
      if (b.title !== undefined) i.title = String(b.title);
      checkBodyLength(b.body, ISSUE_BODY_MAX, 'Issue');
      if (b.body !== undefined) i.body = b.body;
      if (b.base !== undefined) {
        if (!ctx.repo.branch(b.base)) throw validation([{ resource: 'PullRequest', code: 'invalid', field: 'base' }]);
        i.pull!.base = b.base;
      }
      if (b.state !== undefined) {
        if (!['open', 'closed'].includes(b.state))
          throw validation([{ resource: 'PullRequest', code: 'invalid', field: 'state' }]);
        if (i.pull!.merged && b.state === 'open')
          throw error(422, 'Validation Failed', {
            errors: [{ resource: 'PullRequest', code: 'custom', message: 'Cannot reopen a merged pull request' }],
          });
        i.state = b.state;
        i.closedAt = b.state === 'closed' ? ctx.env.state.clock.iso() : null;
      }
      i.updatedAt = ctx.env.state.clock.iso();
      return ok(pullJson(ctx, i, true));
    },
  },
  {
    // OpenAPI pulls/request-reviewers: adds to the requested reviewers; the author cannot be requested (422).
    method: 'POST',
    pattern: `${R}/pulls/:number/requested_reviewers`,
    scope: 'pull-requests',
    handler: (ctx) => {
      const i = pullOf(ctx);
      const b = ctx.body ?? {};
      const reviewers: unknown[] = Array.isArray(b.reviewers) ? b.reviewers : [];
      const teams: unknown[] = Array.isArray(b.team_reviewers) ? b.team_reviewers : [];
      if (reviewers.some((r) => typeof r !== 'string') || teams.some((t) => typeof t !== 'string'))
        throw validation([{ resource: 'PullRequest', code: 'invalid', field: 'reviewers' }]);
      if (reviewers.some((r) => String(r).toLowerCase() === i.user.toLowerCase()))
        throw error(422, 'Review cannot be requested from pull request author.');
      const p = i.pull!;
      const add = (list: string[] | undefined, more: string[]) => [
        ...(list ?? []),
        ...more.filter((m) => !(list ?? []).some((x) => x.toLowerCase() === m.toLowerCase())),
      ];
      p.requestedReviewers = add(p.requestedReviewers, reviewers as string[]);
      p.requestedTeams = add(p.requestedTeams, teams as string[]);
      i.updatedAt = ctx.env.state.clock.iso();
      return ok(pullJson(ctx, i, false), 201);
    },
  },
  {
    method: 'GET',
    pattern: `${R}/pulls/:number/reviews`,
    scope: 'pull-requests',
    handler: (ctx) => {
      const i = pullOf(ctx);
      const reviews = (i.pull!.reviewedBy ?? []).map((login, n) => ({
        id: i.id * 100 + n,
        user: userJson(ctx.env.state, login),
        state: 'COMMENTED',
        body: '',
      }));
      return paginate(ctx, reviews, (r) => r);
    },
  },
  {
    method: 'GET',
    pattern: `${R}/pulls/:number/files`,
    scope: 'pull-requests',
    handler: (ctx) => {
      const i = pullOf(ctx);
      const url = `https://github.com/${ctx.repo.fullName}`;
      return paginate(ctx, pullFiles(ctx.repo, i).slice(0, 3000), (f) => ({
        ...f,
        blob_url: `${url}/blob/${headSha(ctx.repo, i)}/${f.filename}`,
        raw_url: `${url}/raw/${headSha(ctx.repo, i)}/${f.filename}`,
        contents_url: `${ctx.env.apiUrl}/repos/${ctx.repo.fullName}/contents/${f.filename}?ref=${headSha(ctx.repo, i)}`,
      }));
    },
  },
];

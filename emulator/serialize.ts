// JSON representations of the state, shaped like GitHub's REST responses.
import type { Env } from './http';
import { authorAssociation } from './associations';
import type { Asset, Comment, Issue, Label, Reaction, Release, Repo, State, Token } from './state';

const WEB = 'https://github.com';

export function userJson(state: State, login: string) {
  const id = state.userId(login);
  return {
    login,
    id,
    node_id: `U_${id}`,
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    url: `https://api.github.com/users/${login}`,
    html_url: `${WEB}/${login}`,
    type: login.endsWith('[bot]') ? 'Bot' : 'User',
    site_admin: false,
  };
}

export function repoUrl(env: Env, repo: Repo): string {
  return `${env.apiUrl}/repos/${repo.fullName}`;
}

export function labelJson(env: Env, repo: Repo, l: Label) {
  return {
    id: l.id,
    node_id: `LA_${l.id}`,
    url: `${repoUrl(env, repo)}/labels/${encodeURIComponent(l.name)}`,
    name: l.name,
    color: l.color,
    default: l.default,
    description: l.description,
  };
}

export function reactionSummary(url: string, reactions: Reaction[]) {
  const count = (c: string) => reactions.filter((r) => r.content === c).length;
  return {
    url,
    total_count: reactions.length,
    '+1': count('+1'),
    '-1': count('-1'),
    laugh: count('laugh'),
    hooray: count('hooray'),
    confused: count('confused'),
    heart: count('heart'),
    rocket: count('rocket'),
    eyes: count('eyes'),
  };
}

/** `viewer`: the token reading (what it may see of private org memberships). */
/** A stable id of an issue type's name. */
function typeId(name: string): number {
  let id = 0;
  for (const c of name) id = (id * 31 + c.charCodeAt(0)) % 1_000_000;
  return id;
}

export function issueJson(env: Env, repo: Repo, i: Issue, viewer?: Token) {
  const url = `${repoUrl(env, repo)}/issues/${i.number}`;
  const comments = [...repo.comments.values()].filter((c) => c.issueNumber === i.number).length;
  const out: Record<string, unknown> = {
    id: i.id,
    node_id: `${i.pull ? 'PR' : 'I'}_${i.id}`,
    url,
    repository_url: repoUrl(env, repo),
    labels_url: `${url}/labels{/name}`,
    comments_url: `${url}/comments`,
    events_url: `${url}/events`,
    html_url: `${WEB}/${repo.fullName}/${i.pull ? 'pull' : 'issues'}/${i.number}`,
    number: i.number,
    title: i.title,
    user: userJson(env.state, i.user),
    labels: i.labels.map((l) => labelJson(env, repo, l)),
    state: i.state,
    state_reason: i.stateReason,
    locked: i.locked,
    assignee: i.assignees[0] ? userJson(env.state, i.assignees[0]) : null,
    assignees: i.assignees.map((a) => userJson(env.state, a)),
    milestone: milestoneJson(repo, i.milestone, env),
    // Issue types: `type` is an object with the type's name, or null (GitHub REST "Issues" docs, issue types).
    type: i.type ? { id: typeId(i.type), name: i.type, description: null, color: 'gray' } : null,
    comments,
    created_at: i.createdAt,
    updated_at: i.updatedAt,
    closed_at: i.closedAt,
    author_association: authorAssociation(env.state, repo, i.user, viewer),
    active_lock_reason: null,
    body: i.body,
    timeline_url: `${url}/timeline`,
    performed_via_github_app: null,
    reactions: reactionSummary(`${url}/reactions`, i.reactions),
  };
  if (i.pull) {
    const pullUrl = `${repoUrl(env, repo)}/pulls/${i.number}`;
    out.draft = i.pull.draft;
    out.pull_request = {
      url: pullUrl,
      html_url: `${WEB}/${repo.fullName}/pull/${i.number}`,
      diff_url: `${WEB}/${repo.fullName}/pull/${i.number}.diff`,
      patch_url: `${WEB}/${repo.fullName}/pull/${i.number}.patch`,
      merged_at: i.pull.mergedAt,
    };
  }
  return out;
}

export function commentJson(env: Env, repo: Repo, c: Comment, viewer?: Token) {
  const url = `${repoUrl(env, repo)}/issues/comments/${c.id}`;
  return {
    id: c.id,
    node_id: `IC_${c.id}`,
    url,
    html_url: `${WEB}/${repo.fullName}/issues/${c.issueNumber}#issuecomment-${c.id}`,
    issue_url: `${repoUrl(env, repo)}/issues/${c.issueNumber}`,
    body: c.body,
    user: userJson(env.state, c.user),
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    author_association: authorAssociation(env.state, repo, c.user, viewer),
    reactions: reactionSummary(`${url}/reactions`, c.reactions),
    // GitHub sets it on comments made with an integration's token (OpenAPI issue-comment schema, nullable-integration).
    performed_via_github_app: c.viaApp !== undefined ? appJson(c.viaApp) : null,
  };
}

/** The App of `performed_via_github_app` (15368 is GitHub Actions, the workflow token's App). */
function appJson(id: number) {
  const actions = id === 15368;
  return {
    id,
    slug: actions ? 'github-actions' : `app-${id}`,
    node_id: `A_${id}`,
    name: actions ? 'GitHub Actions' : `App ${id}`,
  };
}

export function reactionJson(env: Env, r: Reaction) {
  return {
    id: r.id,
    node_id: `REA_${r.id}`,
    user: userJson(env.state, r.user),
    content: r.content,
    created_at: r.createdAt,
  };
}

export function repoJson(env: Env, repo: Repo) {
  const url = repoUrl(env, repo);
  return {
    id: repo.id,
    node_id: `R_${repo.id}`,
    name: repo.name,
    full_name: repo.fullName,
    private: repo.private,
    owner: userJson(env.state, repo.owner),
    html_url: `${WEB}/${repo.fullName}`,
    description: repo.description,
    fork: false,
    url,
    ...repoUrls(url),
    git_url: `git://github.com/${repo.fullName}.git`,
    ssh_url: `git@github.com:${repo.fullName}.git`,
    clone_url: `https://github.com/${repo.fullName}.git`,
    svn_url: `https://github.com/${repo.fullName}`,
    mirror_url: null,
    license: null,
    allow_forking: true,
    is_template: false,
    web_commit_signoff_required: false,
    has_downloads: true,
    has_pages: false,
    network_count: 0,
    subscribers_count: 0,
    created_at: repo.createdAt,
    updated_at: repo.pushedAt,
    pushed_at: repo.pushedAt,
    homepage: null,
    size: 0,
    stargazers_count: repo.stars,
    watchers_count: repo.stars,
    language: repo.language,
    has_issues: true,
    has_projects: true,
    has_wiki: true,
    archived: false,
    disabled: false,
    visibility: repo.private ? 'private' : 'public',
    forks_count: 0,
    open_issues_count: repo.openIssuesCount,
    open_issues: repo.openIssuesCount,
    watchers: repo.stars,
    forks: 0,
    topics: repo.topics,
    default_branch: repo.defaultBranch,
  };
}

/** The hypermedia URL templates of a repository. */
function repoUrls(url: string): Record<string, string> {
  const templates: Record<string, string> = {
    forks: '/forks',
    keys: '/keys{/key_id}',
    collaborators: '/collaborators{/collaborator}',
    teams: '/teams',
    hooks: '/hooks',
    issue_events: '/issues/events{/number}',
    events: '/events',
    assignees: '/assignees{/user}',
    branches: '/branches{/branch}',
    tags: '/tags',
    blobs: '/git/blobs{/sha}',
    git_tags: '/git/tags{/sha}',
    git_refs: '/git/refs{/sha}',
    trees: '/git/trees{/sha}',
    statuses: '/statuses/{sha}',
    languages: '/languages',
    stargazers: '/stargazers',
    contributors: '/contributors',
    subscribers: '/subscribers',
    subscription: '/subscription',
    commits: '/commits{/sha}',
    git_commits: '/git/commits{/sha}',
    comments: '/comments{/number}',
    issue_comment: '/issues/comments{/number}',
    contents: '/contents/{+path}',
    compare: '/compare/{base}...{head}',
    merges: '/merges',
    archive: '/{archive_format}{/ref}',
    downloads: '/downloads',
    issues: '/issues{/number}',
    pulls: '/pulls{/number}',
    milestones: '/milestones{/number}',
    notifications: '/notifications{?since,all,participating}',
    labels: '/labels{/name}',
    releases: '/releases{/id}',
    deployments: '/deployments',
  };
  return Object.fromEntries(Object.entries(templates).map(([k, v]) => [`${k}_url`, url + v]));
}

export function assetJson(env: Env, repo: Repo, release: Release, a: Asset) {
  return {
    url: `${repoUrl(env, repo)}/releases/assets/${a.id}`,
    browser_download_url: `${WEB}/${repo.fullName}/releases/download/${encodeURIComponent(release.tag)}/${encodeURIComponent(a.name)}`,
    id: a.id,
    node_id: `RA_${a.id}`,
    name: a.name,
    label: a.label,
    state: a.state,
    content_type: a.contentType,
    size: a.size,
    digest: a.digest,
    download_count: a.downloadCount,
    created_at: a.createdAt,
    updated_at: a.updatedAt,
    uploader: userJson(env.state, a.uploader),
  };
}

/**
 * The web path segment of a draft: GitHub shows drafts at /releases/tag/untagged-<hex> (softprops/action-gh-release
 * issue #14: "creating a draft release, creates a release named `untagged-xxx`"), a hex string, not the id.
 */
export function untaggedSlug(id: number): string {
  return `untagged-${id.toString(16).padStart(20, '0')}`;
}

export function releaseJson(env: Env, repo: Repo, r: Release) {
  const url = `${repoUrl(env, repo)}/releases/${r.id}`;
  return {
    url,
    assets_url: `${url}/assets`,
    upload_url: `${env.uploadUrl}/repos/${repo.fullName}/releases/${r.id}/assets{?name,label}`,
    html_url: `${WEB}/${repo.fullName}/releases/${r.draft ? `tag/${untaggedSlug(r.id)}` : `tag/${encodeURIComponent(r.tag)}`}`,
    id: r.id,
    node_id: `RE_${r.id}`,
    tag_name: r.tag,
    target_commitish: r.target,
    name: r.name,
    draft: r.draft,
    immutable: r.immutable,
    prerelease: r.prerelease,
    created_at: r.createdAt,
    published_at: r.publishedAt,
    author: userJson(env.state, r.author),
    assets: r.assets.map((a) => assetJson(env, repo, r, a)),
    tarball_url: `${repoUrl(env, repo)}/tarball/${r.tag}`,
    zipball_url: `${repoUrl(env, repo)}/zipball/${r.tag}`,
    body: r.body,
    // OpenAPI "release": `discussion_url`, present when publishing opened a discussion.
    ...(r.discussion !== undefined ? { discussion_url: `${WEB}/${repo.fullName}/discussions/${r.discussion}` } : {}),
  };
}

/** An issue's milestone (OpenAPI `milestone` schema, the fields clients read). */
export function milestoneJson(repo: Repo, number: number | null | undefined, env?: Env) {
  const m = number == null ? undefined : repo.milestones.find((x) => x.number === number);
  if (!m) return null;
  return {
    number: m.number,
    title: m.title,
    state: 'open',
    ...(env ? { url: `${repoUrl(env, repo)}/milestones/${m.number}` } : {}),
  };
}

// `author_association` as GitHub computes it for the author of an issue, pull request or comment.
// Evidence: GitHub's OpenAPI description (`author-association` schema in @octokit/openapi: OWNER, MEMBER,
// COLLABORATOR, CONTRIBUTOR, FIRST_TIMER, FIRST_TIME_CONTRIBUTOR, MANNEQUIN, NONE) and the GraphQL docs of
// `CommentAuthorAssociation` ("FIRST_TIMER: Author has not previously committed to GitHub";
// "FIRST_TIME_CONTRIBUTOR: Author has not previously committed to the repository"; "MANNEQUIN: Author is a
// placeholder for an unclaimed user"). A member whose organisation membership is private is seen as a member
// only by viewers who may see private memberships: integration tokens (GITHUB_TOKEN, App installations) see
// CONTRIBUTOR or NONE instead (github.com/actions/github-script issues and community reports; the docs of
// "publicizing or hiding organization membership").
import type { Repo, State, Token } from './state';

export const AUTHOR_ASSOCIATIONS = [
  'OWNER',
  'MEMBER',
  'COLLABORATOR',
  'CONTRIBUTOR',
  'FIRST_TIMER',
  'FIRST_TIME_CONTRIBUTOR',
  'MANNEQUIN',
  'NONE',
] as const;
export type AuthorAssociation = (typeof AUTHOR_ASSOCIATIONS)[number];

/** True when the user has a merged pull request in the repository (a commit on its default branch). */
function contributedTo(repo: Repo, login: string): boolean {
  const lower = login.toLowerCase();
  return [...repo.issues.values()].some((i) => i.pull?.merged && i.user.toLowerCase() === lower);
}

function hasPullIn(repo: Repo, login: string): boolean {
  const lower = login.toLowerCase();
  return [...repo.issues.values()].some((i) => i.pull && i.user.toLowerCase() === lower);
}

/** Whether the viewer sees the org's private memberships: only a user token of a member does. */
function seesPrivateMembers(repo: Repo, viewer: Token | undefined): boolean {
  return viewer?.kind === 'user' && repo.members.has(viewer.login.toLowerCase());
}

export function authorAssociation(state: State, repo: Repo, login: string, viewer?: Token): AuthorAssociation {
  const lower = login.toLowerCase();
  if (lower === repo.owner.toLowerCase()) return 'OWNER';
  if (repo.mannequins.has(lower)) return 'MANNEQUIN';
  const membership = repo.members.get(lower);
  if (membership === 'public' || (membership === 'private' && seesPrivateMembers(repo, viewer))) return 'MEMBER';
  if (repo.collaborators.has(lower)) return 'COLLABORATOR';
  if (contributedTo(repo, login)) return 'CONTRIBUTOR';
  if (hasPullIn(repo, login))
    return state.repos.some((other) => other !== repo && contributedTo(other, login))
      ? 'FIRST_TIME_CONTRIBUTOR'
      : 'FIRST_TIMER';
  return 'NONE';
}

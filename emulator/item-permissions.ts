// Which fine-grained permission an issue route needs, decided by the item it names, and the
// `x-accepted-github-permissions` header of a refusal.
//
// Evidence:
// - Pull requests are issues, but writing to one through the issues API (labels, comments, assignees) needs the
//   `pull_requests` permission: a workflow with `issues: write` alone gets "Resource not accessible by integration"
//   when it labels or comments on a pull request (BedrockStreaming/pr-size-labeler#7, actions/labeler's and
//   actions/stale's documented `pull-requests: write`; docs.github.com "Permissions required for fine-grained
//   personal access tokens" lists Issues or Pull requests for these routes: the item decides which one counts).
// - The header names every accepted permission set, sets separated by `; `, permissions within a set by `, `, with
//   GitHub's permission names (`pull_requests`, not the workflow key `pull-requests`): github.blog changelog
//   2023-08-10 "X-Accepted-GitHub-Permissions header for fine-grained permission actors" (example
//   `repository_projects=write; organization_projects=admin`) and "Troubleshooting … insufficient permission errors".
import type { Repo } from './state';

/** The scope an issue-route request needs: `pull-requests` on a pull request, `issues` on an issue. */
export function scopeForItem(scope: string, repo: Repo, params: Record<string, string>, path: string): string {
  if (scope !== 'issues|pull-requests') return scope;
  let number = params.number !== undefined ? Number(params.number) : undefined;
  if (number === undefined && params.id !== undefined && /\/issues\/comments\//.test(path)) {
    number = repo.comments.get(Number(params.id))?.issueNumber;
  }
  if (number === undefined) return scope;
  const item = repo.issues.get(number);
  if (!item) return scope;
  return item.pull ? 'pull-requests' : 'issues';
}

/** GitHub's name of a permission in the header (`pull-requests` → `pull_requests`). */
function headerName(scope: string): string {
  return scope.replace(/-/g, '_');
}

/** `x-accepted-github-permissions` for a scope that may list alternatives (`a|b`: either set is accepted). */
export function acceptedPermissionsHeader(scope: string, level: string): string {
  return scope
    .split('|')
    .map((s) => `${headerName(s)}=${level}`)
    .join('; ');
}

// Issues that left their repository: transferred to another one, or deleted. GitHub's REST "Get an issue"
// (OpenAPI issues/get) documents "301 Moved permanently" for a transferred issue and "410 Gone" for a deleted one
// (a 404 when the token cannot read where it went). Observed: mcp-workspace#256 and MeshWeaver#4629 followed
// `GET /repos/…/issues/2950` to an answer with `number: 1139` of another repository, so the Location names the
// new repository by id, `/repositories/<id>/issues/<n>`, as a renamed repository's 301 does (emulator/server.ts).
// Writes get 307 (method and body repeated), as for a renamed repository. GraphQL's `repository.issue(number)`
// answers NOT_FOUND: the issue is no longer in the old repository's map.
import { canSee } from './auth';
import { error, HttpError, type Ctx } from './http';
import type { Repo } from './state';

export type IssueMove = { kind: 'transferred'; repoId: number; number: number } | { kind: 'deleted' };

/** Moves issue `number` of `from` into `to` under its next number; the old number answers 301 from now on. */
export function transferIssue(from: Repo, number: number, to: Repo): number {
  const issue = from.issues.get(number);
  if (!issue) throw new Error(`${from.fullName}#${number} does not exist`);
  from.issues.delete(number);
  issue.number = to.nextNumber++;
  to.issues.set(issue.number, issue);
  from.movedIssues.set(number, { kind: 'transferred', repoId: to.id, number: issue.number });
  return issue.number;
}

/** Deletes issue `number`: its number answers 410 from now on. */
export function deleteIssue(repo: Repo, number: number): void {
  if (!repo.issues.delete(number)) throw new Error(`${repo.fullName}#${number} does not exist`);
  repo.movedIssues.set(number, { kind: 'deleted' });
}

/** The answer for a number that left the repository (301/307, 410, or 404 when its new home is invisible). */
export function movedIssueAnswer(ctx: Ctx, number: number): HttpError | undefined {
  const move = ctx.repo.movedIssues.get(number);
  if (!move) return undefined;
  if (move.kind === 'deleted') return error(410, 'This issue was deleted');
  const target = ctx.env.state.repos.find((r) => r.id === move.repoId);
  if (!target || !canSee(ctx.token, target)) return undefined;
  const rest = ctx.path.replace(/^\/repos\/[^/]+\/[^/]+\/issues\/\d+/, '');
  const location = `${ctx.env.apiUrl}/repositories/${target.id}/issues/${move.number}${rest}`;
  const status = ctx.method === 'GET' || ctx.method === 'HEAD' ? 301 : 307;
  return new HttpError({
    status,
    headers: { location },
    body: {
      message: 'Moved Permanently',
      url: location,
      documentation_url: 'https://docs.github.com/rest/guides/best-practices-for-using-the-rest-api#follow-redirects',
    },
  });
}

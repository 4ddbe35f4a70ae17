// Issue events (GET /repos/{owner}/{repo}/issues/{issue_number}/events), label events only: `labeled` and
// `unlabeled`, each with its `actor`, `label` ({ name, color }) and `created_at`, oldest first, paginated.
// Evidence: GitHub REST docs "Issue events" (List issue events) and "Issue event types" (labeled: "A label was
// added to an issue or pull request", with the `label` object); actions/stale reads the newest `labeled` event of
// its stale label from this list (src/classes/issues-processor.ts, getLabelCreationDate).
import { notFound, paginate, type Ctx, type Route } from '../http';
import { userJson } from '../serialize';
import type { Issue } from '../state';

const R = '/repos/:owner/:repo';

/** Records a label event on the item, by the acting login. */
export function recordLabelEvent(ctx: Ctx, issue: Issue, event: 'labeled' | 'unlabeled', label: string): void {
  (issue.events ??= []).push({
    id: ctx.env.state.id(),
    event,
    label,
    actor: ctx.login ?? 'ghost',
    createdAt: ctx.env.state.clock.iso(),
  });
}

export const issueEventRoutes: Route[] = [
  {
    method: 'GET',
    pattern: `${R}/issues/:number/events`,
    scope: 'issues|pull-requests',
    handler: (ctx) => {
      const issue = ctx.repo.issues.get(Number(ctx.params.number));
      if (!issue) throw notFound();
      const base = `${ctx.env.apiUrl}/repos/${ctx.repo.fullName}`;
      return paginate(ctx, issue.events ?? [], (e) => ({
        id: e.id,
        node_id: `LE_${e.id}`,
        url: `${base}/issues/events/${e.id}`,
        actor: userJson(ctx.env.state, e.actor),
        event: e.event,
        commit_id: null,
        commit_url: null,
        created_at: e.createdAt,
        label: { name: e.label, color: ctx.repo.label(e.label)?.color ?? 'ededed' },
        performed_via_github_app: null,
      }));
    },
  },
];

// What a triage run tells the log, the job summary and the step outputs.
import type { OutputValue } from '../core/outputs';
import { formatPlan } from '../core/plan';
import type { Mode } from './dispatch';
import type { TriageResult } from './engine';

export function triageOutputs(result: TriageResult): Record<string, OutputValue> {
  return {
    processed: result.processed,
    operations: result.counts.operations,
    labeled: result.counts.labeled,
    commented: result.counts.commented,
    closed: result.counts.closed,
    remaining: result.remaining,
    'open-issues': result.openIssues,
    'open-pull-requests': result.openPullRequests,
  };
}

export function modeLine(m: Mode): string {
  switch (m.kind) {
    case 'item':
      return `${m.isPullRequest ? 'Pull request' : 'Issue'} #${m.number} (${m.action}): rules`;
    case 'command':
      return `Comment ${m.comment.id} by @${m.comment.user} on #${m.number}: slash commands`;
    case 'workflow':
      return `Workflow run "${m.run.name}" (${m.run.conclusion ?? 'no conclusion'}): workflow rules on ${m.pullRequests.map((n) => `#${n}`).join(', ') || 'no pull request'}`;
    case 'sweep':
      return `Sweep (${m.trigger}) over the open issues and pull requests`;
    case 'ignore':
      return `Ignored: ${m.reason}`;
  }
}

/** The plan (markdown) and the counts, for the job summary. */
export function summaryMarkdown(result: TriageResult, dryRun: boolean): string {
  const lines = [`## Triage${dryRun ? ' (dry run)' : ''}`, '', modeLine(result.mode), ''];
  for (const note of result.notes) lines.push(`- ${note}`);
  if (result.notes.length) lines.push('');
  const c = result.counts;
  const counts = [
    `Processed ${result.processed} item(s)`,
    `${c.operations} operation(s)${dryRun ? ' planned' : ''}: ${c.labeled} label change(s), ${c.commented} comment(s), ${c.closed} close(s)`,
  ];
  if (result.openIssues !== undefined)
    counts.push(`open: ${result.openIssues} issue(s), ${result.openPullRequests} pull request(s)`);
  if (result.remaining > 0) counts.push(`${result.remaining} item(s) left for the next run`);
  lines.push(`${counts.join('; ')}.`, '', formatPlan(result.plan, { markdown: true }));
  return lines.join('\n');
}

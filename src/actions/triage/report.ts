// What a triage run tells the log, the job summary and the step outputs: `triageReport` returns it as a value
// (kernel/report.ts) that the host renders (the runner: outputs, summary and log; the service: log lines only).
import type { Logger } from '../../github/client/types';
import { formatPlan, planFailure, summarizeResults } from '../../kernel/plan';
import { info, runReport, type OutputValue, type RunReport } from '../../kernel/report';
import { runnerLog } from '../../kernel/runner-log';
import { markdownText } from '../../kernel/external-text';
import { plural } from '../../kernel/words';
import type { Mode } from './domain/dispatch';
import type { TriageResult } from './domain/engine';
import type { TriageOperation } from './operations';

/**
 * actions/stale's outputs `staled-issues-prs` / `closed-issues-prs`: the items marked or closed as stale by this run,
 * as JSON (actions/stale's src/main.ts writes its Issue objects; their `number` and `isPullRequest` are kept here).
 */
function staleItems(result: TriageResult, staleOperation: (op: TriageOperation) => boolean): unknown[] {
  const seen = new Map<number, { number: number; isPullRequest: boolean }>();
  for (const op of result.plan)
    if (staleOperation(op) && !seen.has(op.number))
      seen.set(op.number, { number: op.number, isPullRequest: op.isPullRequest });
  return [...seen.values()];
}

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
    'staled-issues-prs': staleItems(result, (op) => op.kind === 'add-label' && op.detail === 'stale'),
    'closed-issues-prs': staleItems(result, (op) => op.kind === 'close' && op.detail === 'stale: no activity'),
    // actions/labeler's outputs, comma-separated as it writes them (empty when no labeler file judged a pull request).
    'new-labels': (result.labeler?.newLabels ?? []).join(','),
    'all-labels': (result.labeler?.allLabels ?? []).join(','),
  };
}

/** The run's mode in one line; `quote` shows an external name (the workflow run's) in the line's medium. */
export function modeLine(m: Mode, quote: (name: string) => string = (name) => `"${name}"`): string {
  switch (m.kind) {
    case 'item':
      return `${m.isPullRequest ? 'Pull request' : 'Issue'} #${m.number} (${m.action}): rules`;
    case 'command':
      // The event's author is not shown: the comment's author is read from the API (and logged when they differ).
      return `Comment ${m.comment.id} on #${m.number}: slash commands`;
    case 'workflow':
      return `Workflow run ${quote(m.run.name)} (${m.run.conclusion ?? 'no conclusion'}): workflow rules on ${m.pullRequests.map((n) => `#${n}`).join(', ') || 'no pull request'}`;
    case 'sweep':
      return `Sweep (${m.trigger}) over the open issues and pull requests`;
    case 'ignore':
      return `Ignored: ${m.reason}`;
  }
}

/** The plan (markdown) and the counts, for the job summary. */
export function summaryMarkdown(result: TriageResult, dryRun: boolean): string {
  // External text (a workflow run's name, a note quoting an item) is escaped: kernel/external-text.ts.
  const lines = [
    `## Triage${dryRun ? ' (dry run)' : ''}`,
    '',
    modeLine(result.mode, (name) => `"${markdownText(name)}"`),
    '',
  ];
  for (const note of result.notes) lines.push(`- ${markdownText(note)}`);
  if (result.notes.length) lines.push('');
  const c = result.counts;
  const counts = [
    `Processed ${plural(result.processed, 'item')}`,
    `${plural(c.operations, 'operation')}${dryRun ? ' planned' : ''}: ${plural(c.labeled, 'label change')}, ${plural(c.commented, 'comment')}, ${plural(c.closed, 'close')}`,
  ];
  if (result.openIssues !== undefined)
    counts.push(`open: ${plural(result.openIssues, 'issue')}, ${plural(result.openPullRequests ?? 0, 'pull request')}`);
  if (result.remaining > 0) counts.push(`${plural(result.remaining, 'item')} left for the next run`);
  lines.push(`${counts.join('; ')}.`, '', formatPlan(result.plan, { markdown: true }));
  return lines.join('\n');
}

/**
 * The mode and the plan, to the log, before anything is written. An ignored event's line is a `notice` (the runner's
 * annotation by default; the service passes its log's info).
 */
export function printPlan(
  result: TriageResult,
  dryRun: boolean,
  log: Logger,
  notice: (line: string) => void = (line) => runnerLog.notice(line),
): void {
  if (result.mode.kind === 'ignore') notice(modeLine(result.mode));
  else log.info(modeLine(result.mode));
  log.info(`${dryRun ? 'Plan (dry run, nothing written)' : 'Plan'}:\n${formatPlan(result.plan)}`);
}

/** Pure: the outputs, the summary section and the log line of the results (after a real run). */
export function triageReport(result: TriageResult, dryRun: boolean): RunReport {
  return runReport({
    outputs: triageOutputs(result),
    summary: [summaryMarkdown(result, dryRun)],
    log: result.report ? [info(summarizeResults(result.report))] : [],
  });
}

/** The error that fails the run after the report: every failed operation (none for a plan not applied). */
export function triageFailure(result: TriageResult): Error | undefined {
  return result.report ? planFailure(result.report) : undefined;
}

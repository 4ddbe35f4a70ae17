// Job summary helpers over core.summary: markdown headings, tables and text. Writing never throws; when
// GITHUB_STEP_SUMMARY is unset (a local run) the content is dropped with a debug line.
import * as core from '@actions/core';
import type { TelemetrySnapshot } from '../client/types';
import { plural } from './words';
import { escapeMarkdownText, markdownTable, type Cell } from './table';
import { runnerLog } from './runner-log';

export { escapeMarkdownCell, escapeMarkdownText, markdownTable, type Cell } from './table';

/** Appends a markdown heading (level 1–6). */
export function addHeading(text: string, level = 2): void {
  const hashes = '#'.repeat(Math.min(6, Math.max(1, Math.floor(level))));
  core.summary.addRaw(`${hashes} ${text.replace(/\r?\n|\r/g, ' ')}\n\n`);
}

/** Appends a markdown table (cells escaped). */
export function addTable(headers: readonly string[], rows: readonly (readonly Cell[])[]): void {
  core.summary.addRaw(`${markdownTable(headers, rows)}\n\n`);
}

/** Appends markdown as is (a paragraph). */
export function addMarkdown(markdown: string): void {
  if (markdown.trim() === '') return;
  core.summary.addRaw(`${markdown.replace(/\s+$/, '')}\n\n`);
}

/** Appends a bullet list; each item is one line of plain text (escaped: it may quote names from anywhere). */
export function addList(items: readonly string[]): void {
  if (items.length === 0) return;
  addMarkdown(items.map((item) => `- ${escapeMarkdownText(item)}`).join('\n'));
}

/** The `### API usage` section: what the client spent, as a table with a header row. */
export function apiUsageMarkdown(s: TelemetrySnapshot): string {
  const rows: Cell[][] = [
    ['Requests sent', s.requests],
    ['Answered 304 (free)', s.notModified],
    ['Counted against the limit', s.requests - s.notModified],
    ['Content-creating (writes)', s.writes],
    ['Retries', s.retries],
    ['Time waited', `${(s.waitedMs / 1000).toFixed(1)} s`],
  ];
  if (s.budgetAfter?.unlimited) {
    rows.push(['Budget', 'no primary rate limit (rate limiting is not enabled on this server)']);
  } else if (s.budgetAfter?.known) {
    const limit = s.budgetAfter.limit;
    if (s.budgetBefore?.known) rows.push(['Budget before', `${s.budgetBefore.remaining} of ${limit}`]);
    const reset = new Date(s.budgetAfter.reset * 1000).toISOString();
    rows.push(['Budget after', `${s.budgetAfter.remaining} of ${limit} (resets ${reset})`]);
  }
  if (s.graphqlRequests) {
    const after = s.graphqlBudgetAfter?.known
      ? ` (GraphQL budget after: ${s.graphqlBudgetAfter.remaining} of ${s.graphqlBudgetAfter.limit})`
      : '';
    rows.push(['GraphQL queries', `${s.graphqlRequests}, ${plural(s.graphqlPoints ?? 0, 'point')}${after}`]);
  }
  const statuses = Object.entries(s.byStatus ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status}: ${plural(count, 'request')}`)
    .join(', ');
  if (statuses) rows.push(['By status', statuses]);
  return `### API usage\n\n${markdownTable(['measure', 'value'], rows)}`;
}

/** Takes the markdown appended so far out of the buffer (to put a heading before it). */
export function takeSummary(): string {
  const markdown = core.summary.stringify();
  core.summary.emptyBuffer();
  return markdown;
}

/** Appends a collapsed section whose body is markdown. */
export function addDetails(label: string, markdown: string): void {
  core.summary.addRaw(
    `<details><summary>${label.replace(/</g, '&lt;')}</summary>\n\n${markdown.replace(/\s+$/, '')}\n\n</details>\n\n`,
  );
}

/** The markdown appended so far and not yet written. */
export function pendingSummary(): string {
  return core.summary.stringify();
}

/**
 * Appends the buffer to the job summary file. Returns false (and drops the buffer) when there is no
 * summary file or it cannot be written; never throws.
 */
export async function writeSummary(): Promise<boolean> {
  if (!process.env.GITHUB_STEP_SUMMARY) {
    runnerLog.debug('GITHUB_STEP_SUMMARY is not set: the job summary is not written.');
    core.summary.emptyBuffer();
    return false;
  }
  try {
    await core.summary.write();
    return true;
  } catch (err) {
    runnerLog.warning(`Could not write the job summary: ${(err as Error).message}`);
    core.summary.emptyBuffer();
    return false;
  }
}

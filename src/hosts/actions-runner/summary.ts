// Job summary helpers over core.summary: markdown headings, tables and text. Writing never throws; when
// GITHUB_STEP_SUMMARY is unset (a local run) the content is dropped with a debug line.
import * as core from '@actions/core';
import { usageRows, USAGE_COLUMNS } from '../../github/client';
import type { TelemetrySnapshot } from '../../github/client/types';
import { escapeMarkdownText, markdownTable } from '../../kernel/table';
import { runnerLog } from '../../kernel/runner-log';
import { headingMarkdown } from '../../kernel/report';

export { escapeMarkdownCell, escapeMarkdownText, markdownTable, type Cell } from '../../kernel/table';

/** Appends a markdown heading (level 1–6). */
export function addHeading(text: string, level = 2): void {
  core.summary.addRaw(`${headingMarkdown(text, level)}\n\n`);
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

/** The `### API usage` section: what the client spent, REST and GraphQL side by side, a table with a header row. */
export function apiUsageMarkdown(s: TelemetrySnapshot): string {
  return `### API usage\n\n${markdownTable(USAGE_COLUMNS, usageRows(s))}`;
}

/** Takes the markdown appended so far out of the buffer (to put a heading before it). */
export function takeSummary(): string {
  const markdown = core.summary.stringify();
  core.summary.emptyBuffer();
  return markdown;
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

// A run's report as a value. An action's `report` step returns a `RunReport` from its outcome (the plan, the result)
// and its state, and writes nothing: the host renders it. The Actions runner (`runner-host.ts`) sets the outputs,
// appends the summary sections to the job summary and prints the log lines; the service renders the log lines only
// (`logReport`). Because the report is a value, a test asserts what a run says without any global, and the two
// hosts cannot disagree about what it is. Builders here are pure (no @actions/core import).
import { outputJson, outputString } from './external-text';

/** The level a report's log line is printed at (`notice` is an annotation on the runner, an info line elsewhere). */
export type ReportLevel = 'info' | 'warning' | 'error' | 'notice';

export interface ReportLine {
  level: ReportLevel;
  text: string;
}

export interface RunReport {
  /** Step outputs, keys as named in action.yml, each already the string the runner writes. */
  outputs: Record<string, string>;
  /** Markdown sections of the job summary, in order (the host's heading and API usage go around them). */
  summary: string[];
  /** Log lines, in order. */
  log: ReportLine[];
}

/** What an output may be given as: numbers and booleans become text, objects and arrays JSON. */
export type OutputValue = string | number | boolean | null | undefined | readonly unknown[] | Record<string, unknown>;

/**
 * The string an output value is written as; `undefined` and `null` become the empty string. Outputs carry external
 * text (branch, tag, label and asset names), so a string follows the log's rule and an object or array is JSON
 * escaped to read back the same: echoed by the next step, neither issues a workflow command (external-text.ts).
 */
export function outputText(value: OutputValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return outputString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return outputJson(value);
}

/** A report from outputs given as any `OutputValue`, summary sections and log lines (each part optional). */
export function runReport(parts: {
  outputs?: Record<string, OutputValue>;
  summary?: readonly string[];
  log?: readonly ReportLine[];
}): RunReport {
  const outputs: Record<string, string> = {};
  for (const [name, value] of Object.entries(parts.outputs ?? {})) outputs[name] = outputText(value);
  return { outputs, summary: [...(parts.summary ?? [])], log: [...(parts.log ?? [])] };
}

export const info = (text: string): ReportLine => ({ level: 'info', text });

/** A markdown heading section (level 1–6; line breaks in the text become spaces). */
export function headingMarkdown(text: string, level = 2): string {
  const hashes = '#'.repeat(Math.min(6, Math.max(1, Math.floor(level))));
  return `${hashes} ${text.replace(/\r?\n|\r/g, ' ')}`;
}

/** A collapsed section whose body is markdown (the label is escaped against `<`). */
export function detailsMarkdown(label: string, markdown: string): string {
  return `<details><summary>${label.replace(/</g, '&lt;')}</summary>\n\n${markdown.replace(/\s+$/, '')}\n\n</details>`;
}

/** Where a host prints log lines (a logger; `error` and `notice` fall back to `warning` and `info`). */
export interface ReportLog {
  info(message: string): void;
  warning(message: string): void;
  error?(message: string): void;
  notice?(message: string): void;
}

/** Prints the report's log lines (the service's rendering: no outputs, no summary). */
export function logReport(report: RunReport, log: ReportLog): void {
  for (const line of report.log) {
    if (line.level === 'error' && log.error) log.error(line.text);
    else if (line.level === 'error' || line.level === 'warning') log.warning(line.text);
    else if (line.level === 'notice' && log.notice) log.notice(line.text);
    else log.info(line.text);
  }
}

// The one place that writes to the runner's log: every line, annotation, group and failure of an action goes
// through here, so text from files, issues, comments, labels and configs can never act as a workflow command
// (the scheme and its evidence are in `log-escape.ts`). A lint rule forbids `core.info|debug|warning|error|notice`
// and `console.*` everywhere else in src/ (the command line prints through `src/hosts/cli/terminal.ts`).
import * as core from '@actions/core';
import type { AnnotationProperties } from '@actions/core';
import { breakLegacyCommands, neutralizeLogText, visibleControls } from './log-escape';

export type { AnnotationProperties } from '@actions/core';

/**
 * Annotation properties with their controls made visible; `@actions/core` then encodes each value as command
 * property (`%`, `\r`, `\n`, `:`, `,`), so a file name or title can neither end the property nor add one.
 */
function safeProperties(properties: AnnotationProperties | undefined): AnnotationProperties | undefined {
  if (!properties) return undefined;
  const out: AnnotationProperties = { ...properties };
  if (out.title !== undefined) out.title = data(out.title);
  if (out.file !== undefined) out.file = data(out.file);
  return out;
}

/**
 * Annotation and debug messages are command data: `@actions/core` encodes `%`, `\r` and `\n`, so a message of
 * several lines stays one command; controls are made visible before, and a `##[` inside is broken too (the runner
 * tries the `::` syntax first, so it could not act; this keeps it so if that order ever changes).
 */
const data = (text: string) => breakLegacyCommands(visibleControls(text, '\n'));

export const runnerLog = {
  /** Plain lines: each line of `message` is shown, none can begin a workflow command. */
  info(message: string): void {
    core.info(neutralizeLogText(message));
  },
  debug(message: string): void {
    core.debug(data(message));
  },
  warning(message: string, properties?: AnnotationProperties): void {
    core.warning(data(message), safeProperties(properties));
  },
  error(message: string, properties?: AnnotationProperties): void {
    core.error(data(message), safeProperties(properties));
  },
  notice(message: string, properties?: AnnotationProperties): void {
    core.notice(data(message), safeProperties(properties));
  },
  /** A foldable section of the log; the name is command data. */
  startGroup(name: string): void {
    core.startGroup(data(name));
  },
  endGroup(): void {
    core.endGroup();
  },
  /** An error annotation and a failing exit code (`core.setFailed`). */
  fail(message: string): void {
    core.setFailed(data(message));
  },
};

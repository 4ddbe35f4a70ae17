// The service's log: one JSON object per line with the time, the level, the message and the delivery's fields
// (delivery, event, installation, repository). Every secret value is masked wherever it appears (kernel/redaction.ts,
// installation tokens included as soon as they are obtained), and every control
// or line-separating character is an escape (`jsonText`), so a hostile name can neither split a line nor reach a
// terminal as a control. Four levels (debug, info, warning, error: a failure that needs an operator); lines below
// the configured level are not written.
import type { Logger } from '../../github/client/types';
import { Redactor } from '../../kernel/redaction';
import { jsonText } from './json-text';

export interface LogFields {
  delivery?: string;
  event?: string;
  installation?: number;
  repository?: string;
  [field: string]: string | number | boolean | undefined;
}

export type LogLevel = 'debug' | 'info' | 'warning' | 'error';
const RANK: Record<LogLevel, number> = { debug: 0, info: 1, warning: 2, error: 3 };

export interface FieldLogger extends Logger {
  /** A failure that needs an operator (the store cannot be opened or kept, the port cannot be taken). */
  error(message: string): void;
  child(fields: LogFields): FieldLogger;
  /** The text with every secret known so far redacted: for what is persisted (a delivery's recorded error). */
  redact?(text: string): string;
}

export interface JsonLoggerOptions {
  /** The secrets to mask: a live Redactor learns the installation tokens as they are obtained. */
  secrets: string[] | Redactor;
  /** The lowest level written (default info; `verbose` is the older spelling of debug). */
  level?: LogLevel;
  verbose?: boolean;
  write?: (level: LogLevel, line: string) => void;
}

const defaultWrite = (level: LogLevel, line: string) =>
  (RANK[level] >= RANK.warning ? process.stderr : process.stdout).write(line);

export function jsonLogger(options: JsonLoggerOptions, fields: LogFields = {}): FieldLogger {
  const redactor = options.secrets instanceof Redactor ? options.secrets : new Redactor(options.secrets);
  const mask = (text: string) => redactor.redact(text);
  const write = options.write ?? defaultWrite;
  // Masked before encoding: a secret with characters JSON escapes (a PEM key's newlines) is still found.
  const masked = Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? mask(v) : v]),
  ) as LogFields;
  const lowest = RANK[options.level ?? (options.verbose ? 'debug' : 'info')];
  const line = (level: LogLevel, message: string) => {
    if (RANK[level] >= lowest)
      write(level, `${jsonText({ time: new Date().toISOString(), level, message: mask(message), ...masked })}\n`);
  };
  return {
    debug: (m) => line('debug', m),
    info: (m) => line('info', m),
    warning: (m) => line('warning', m),
    error: (m) => line('error', m),
    child: (more) => jsonLogger({ ...options, secrets: redactor }, { ...fields, ...more }),
    redact: mask,
  };
}

// Configuration files (YAML, or JSON which is YAML) validated by a zod schema, with every problem
// located at the line and column of the offending node so it can be shown as an annotation.
import { readFile } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';
import {
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  type Document,
  type Node as YamlNode,
} from 'yaml';
import type { z } from 'zod';
import { runnerLog } from './runner-log';

export interface ConfigIssue {
  /** Where in the document, e.g. `labels[2].color`; empty for the whole document. */
  path: string;
  message: string;
  /** 1-based; 0 when the problem has no position (e.g. the file is missing). */
  line: number;
  column: number;
  /**
   * What kind of problem, in the parser's fixed words (a YAML error code such as `BAD_INDENT`, a zod issue code,
   * `missing_key`): what a message may say of a file whose text must not be quoted (kernel/workspace-paths.ts).
   */
  kind?: string;
}

/** A configuration file that cannot be read, parsed or validated. */
export class ConfigError extends Error {
  readonly file: string;
  /** Position of the first issue (1-based; 0 when unknown). */
  readonly line: number;
  readonly column: number;
  readonly issues: ConfigIssue[];

  constructor(file: string, issues: ConfigIssue[]) {
    const first = issues[0] ?? { path: '', message: 'invalid configuration', line: 0, column: 0 };
    const lines = issues.map((i) => `${where(file, i)}: ${i.path ? `${i.path}: ` : ''}${i.message}`);
    super(
      issues.length > 1
        ? `${issues.length} problems in ${file}:\n${lines.join('\n')}`
        : (lines[0] ?? `${file}: invalid`),
    );
    this.name = 'ConfigError';
    this.file = file;
    this.line = first.line;
    this.column = first.column;
    this.issues = issues;
  }

  /** A problem with the file as a whole (missing, unreadable), not with a line of it. */
  static forFile(file: string, message: string): ConfigError {
    return new ConfigError(file, [{ path: '', message, line: 0, column: 0 }]);
  }
}

function where(file: string, issue: ConfigIssue): string {
  return issue.line > 0 ? `${file}:${issue.line}:${issue.column}` : file;
}

/** `labels[2].color` from `['labels', 2, 'color']`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out;
}

interface Position {
  line: number;
  column: number;
}

function positionOf(offset: number | undefined, counter: LineCounter): Position {
  if (offset === undefined) return { line: 1, column: 1 };
  const { line, col } = counter.linePos(offset);
  return { line, column: col };
}

function resolveNode(doc: Document, node: unknown): unknown {
  return isAlias(node) ? node.resolve(doc) : node;
}

function isEmptyScalar(node: unknown): boolean {
  return isScalar(node) && node.value === null && !node.source;
}

/**
 * The node a zod path points at; when the path goes past what exists (a missing key), the nearest existing
 * ancestor. `wantKey` points at the map key instead of its value (for unknown keys).
 */
function locate(doc: Document, path: readonly PropertyKey[], wantKey = false): YamlNode | undefined {
  let node: unknown = resolveNode(doc, doc.contents);
  let found = node as YamlNode | undefined;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i];
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find(
        (item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(segment),
      );
      if (!pair) return found;
      const key = pair.key as YamlNode;
      if ((last && wantKey) || pair.value === null || isEmptyScalar(pair.value)) return key;
      node = resolveNode(doc, pair.value);
    } else if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment];
      if (item === undefined) return found;
      node = resolveNode(doc, item);
    } else {
      return found;
    }
    found = node as YamlNode;
  }
  return found;
}

function issuesFromZod(doc: Document, counter: LineCounter, error: z.ZodError): ConfigIssue[] {
  const out: ConfigIssue[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const path = [...issue.path, key];
        const node = locate(doc, path, true);
        const at = positionOf(node?.range?.[0], counter);
        out.push({ path: formatPath(path), message: `unknown key "${key}"`, ...at, kind: issue.code });
      }
      continue;
    }
    const node = locate(doc, issue.path);
    const last = issue.path.at(-1);
    const missing = issue.code === 'invalid_type' && typeof last === 'string' && !doc.hasIn(issue.path);
    const message = missing ? `required key "${last}" is missing (expected ${issue.expected})` : issue.message;
    const kind = missing ? 'missing_key' : issue.code;
    out.push({ path: formatPath(issue.path), message, ...positionOf(node?.range?.[0], counter), kind });
  }
  return out.sort((a, b) => a.line - b.line || a.column - b.column);
}

export interface ParseConfigOptions {
  /** Changes the parsed document before it becomes a value (positions stay those of the text). */
  prepare?: (doc: Document) => void;
}

/**
 * Parses YAML or JSON text and validates it with the schema. Throws `ConfigError` for syntax errors,
 * duplicate keys and schema violations, each with its line and column. An empty document is `null`.
 */
export function parseConfig<S extends z.ZodType>(
  text: string,
  file: string,
  schema: S,
  options: ParseConfigOptions = {},
): z.output<S> {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: true, prettyErrors: true });
  if (doc.errors.length > 0) {
    throw new ConfigError(
      file,
      doc.errors.map((e) => ({
        path: '',
        message: e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, ''),
        line: e.linePos?.[0]?.line ?? 1,
        column: e.linePos?.[0]?.col ?? 1,
        kind: e.code,
      })),
    );
  }
  options.prepare?.(doc);
  const value: unknown = doc.toJS({ maxAliasCount: 100 }) ?? null;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ConfigError(file, issuesFromZod(doc, counter, result.error));
}

/** Reads and parses a configuration file; a missing or unreadable file is a `ConfigError` without position. */
export async function readConfigFile<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    const reason =
      (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : `cannot read: ${(err as Error).message}`;
    throw new ConfigError(path, [{ path: '', message: reason, line: 0, column: 0 }]);
  }
  return parseConfig(text, path, schema);
}

/** Annotations attach to files by their path in the repository: relative to the runner's workspace, with `/`. */
function annotationFile(file: string, workspace: string | undefined): string {
  if (!workspace || !isAbsolute(file)) return file;
  const rel = relative(workspace, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : file;
}

/**
 * One error annotation per issue, placed on the file's line and column; `workspace` is the runner's
 * `GITHUB_WORKSPACE` as the host read it (undefined: paths as they are).
 */
export function annotate(error: ConfigError, workspace: string | undefined, title = 'Invalid configuration'): void {
  const file = annotationFile(error.file, workspace);
  for (const issue of error.issues) {
    const message = issue.path ? `${issue.path}: ${issue.message}` : issue.message;
    if (issue.line > 0) runnerLog.error(message, { file, startLine: issue.line, startColumn: issue.column, title });
    else runnerLog.error(`${error.file}: ${message}`, { title });
  }
}

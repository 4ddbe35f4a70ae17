// Reading action inputs: every input is declared as a zod schema keyed by its action.yml name (kebab-case).
// An empty string means "not given", so the schema's default applies; a bad value fails with an error
// naming the input and what was expected.
import * as core from '@actions/core';
import { z } from 'zod';

export interface InputProblem {
  /** The input's name as in action.yml. */
  input: string;
  /** What was wrong, e.g. `Input "prune" must be true or false, got "yes please"`. */
  message: string;
}

/** One or more inputs are missing or invalid. */
export class InputError extends Error {
  /** The first offending input. */
  readonly input: string;
  readonly problems: InputProblem[];

  constructor(problems: InputProblem[]) {
    super(problems.map((p) => p.message).join('\n'));
    this.name = 'InputError';
    this.problems = problems;
    this.input = problems[0]?.input ?? '';
  }
}

/** What parses one input: the raw string (or `undefined` when not given) to its typed value. */
export type InputField = z.ZodType<unknown, string | undefined>;

/** A zod object whose keys are input names; each value parses the raw string (or `undefined` when not given). */
export type InputSchema = z.ZodObject<Record<string, InputField>>;

/** `budget-reserve` → `budgetReserve`. */
export type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** An object with its kebab-case keys in camelCase. */
export type CamelCased<T> = { [K in keyof T as K extends string ? CamelCase<K> : K]: T[K] };

/** `budget-reserve` → `budgetReserve`. */
export function camelCase(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * An action's inputs: an object keyed by the `action.yml` names, transformed to camelCase keys. Export it as
 * `inputSchema` and derive the type from it: `export type Inputs = z.output<typeof inputSchema>`.
 */
export function actionInputs<Shape extends Record<string, InputField>>(shape: Shape) {
  return z
    .object(shape)
    .transform(
      (raw) =>
        Object.fromEntries(Object.entries(raw).map(([name, value]) => [camelCase(name), value])) as CamelCased<
          z.output<z.ZodObject<Shape>>
        >,
    );
}

/** A schema built by `actionInputs`. */
export type ActionInputSchema = z.ZodPipe<InputSchema, z.ZodType>;

/** The `action.yml` names a schema reads, with the parser of each. */
export function inputFields(schema: InputSchema | ActionInputSchema): Record<string, InputField> {
  return schema instanceof z.ZodPipe ? schema.in.shape : schema.shape;
}

/** Reads one raw input; empty (after trimming) means not given. */
export type InputReader = (name: string) => string | undefined;

const readActionInput: InputReader = (name) => {
  const value = core.getInput(name);
  return value === '' ? undefined : value;
};

/**
 * Reads and validates every input of the schema. Throws `InputError` listing every bad input.
 * `read` is injectable for tests; by default it is `core.getInput` (which reads `INPUT_<NAME>`).
 */
export function getInputs<S extends InputSchema | ActionInputSchema>(
  schema: S,
  read: InputReader = readActionInput,
): z.output<S> {
  const raw: Record<string, string | undefined> = {};
  for (const name of Object.keys(inputFields(schema))) raw[name] = read(name);
  const result = (schema as z.ZodType<z.output<S>>).safeParse(raw);
  if (result.success) return result.data;
  const problems: InputProblem[] = [];
  const seen = new Set<string>();
  for (const issue of result.error.issues) {
    const input = String(issue.path[0] ?? '');
    if (seen.has(input)) continue;
    seen.add(input);
    problems.push({ input, message: describeProblem(input, raw[input], issue.message) });
  }
  throw new InputError(problems);
}

function describeProblem(input: string, value: string | undefined, message: string): string {
  if (value === undefined) return `Input "${input}" is required${/^must /.test(message) ? ` and ${message}` : ''}`;
  const shown = value.length > 80 ? `${value.slice(0, 77)}...` : value;
  if (/^must |^is /.test(message)) return `Input "${input}" ${message}, got "${shown}"`;
  return `Input "${input}" is invalid: ${message} (got "${shown}")`;
}

// ---- helpers: each returns a schema from the raw string (or undefined) to the typed value ----

const TRUE_VALUES = ['true', 'True', 'TRUE'];
const FALSE_VALUES = ['false', 'False', 'FALSE'];

/** A required string input (use `.optional()` or `stringInput(default)` when it may be omitted). */
export function stringInput(defaultValue?: string) {
  const base = z.string({ error: 'is required' });
  return defaultValue === undefined ? base : base.default(defaultValue);
}

/** `true`/`True`/`TRUE` or `false`/`False`/`FALSE`, as `core.getBooleanInput` (YAML 1.2 core schema booleans). */
export function booleanInput(defaultValue?: boolean) {
  const base = z
    .string({ error: 'must be true or false' })
    .trim()
    .refine((v) => TRUE_VALUES.includes(v) || FALSE_VALUES.includes(v), { message: 'must be true or false' })
    .transform((v) => TRUE_VALUES.includes(v));
  return defaultValue === undefined ? base : base.default(defaultValue);
}

/** Lines of the raw text, trimmed, without blank lines and `#` comment lines. */
function meaningfulLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** Splits a list given one per line or comma separated; items trimmed, blanks and `#` comment lines dropped. */
export function parseList(text: string): string[] {
  return meaningfulLines(text)
    .flatMap((line) => line.split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Splits one item per line (for globs and paths, which may contain commas). */
export function parseMultiline(text: string): string[] {
  return meaningfulLines(text);
}

/** A newline- or comma-separated list (default: empty). */
export function listInput(defaultValue: string[] = []) {
  return z.string().transform(parseList).default(defaultValue);
}

/** One item per line (default: empty); commas are kept inside items. */
export function multilineInput(defaultValue: string[] = []) {
  return z.string().transform(parseMultiline).default(defaultValue);
}

export interface IntInputOptions {
  min?: number;
  max?: number;
  default?: number;
}

function intExpectation({ min, max }: IntInputOptions): string {
  if (min !== undefined && max !== undefined) return `must be a whole number from ${min} to ${max}`;
  if (min !== undefined) return `must be a whole number ≥ ${min}`;
  if (max !== undefined) return `must be a whole number ≤ ${max}`;
  return 'must be a whole number';
}

/** A whole number within optional bounds. */
export function intInput(options: IntInputOptions = {}) {
  const expected = intExpectation(options);
  const base = z
    .string({ error: expected })
    .trim()
    .refine((v) => /^[-+]?\d+$/.test(v), { message: expected })
    .transform((v) => Number(v))
    .refine(
      (n) =>
        Number.isSafeInteger(n) &&
        (options.min === undefined || n >= options.min) &&
        (options.max === undefined || n <= options.max),
      { message: expected },
    );
  return options.default === undefined ? base : base.default(options.default);
}

/** One of the listed values (matched case-insensitively, returned as listed). */
export function enumInput<const V extends string>(values: readonly [V, ...V[]], defaultValue?: V) {
  const expected = `must be one of ${values.join(', ')}`;
  const base = z
    .string({ error: expected })
    .trim()
    .transform((v, ctx): V => {
      const match = values.find((allowed) => allowed.toLowerCase() === v.toLowerCase());
      if (match === undefined) {
        ctx.issues.push({ code: 'custom', message: expected, input: v });
        return z.NEVER;
      }
      return match;
    });
  return defaultValue === undefined ? base : base.default(() => defaultValue as never);
}

// The label file: a list of `{name, color, description?, aliases?}` (or the same list under a top-level `labels:` key),
// validated with zod. Every problem (duplicate names or aliases, a name over 50 characters, `.` or `..`, a description
// over 100, an invalid colour, an unknown key) is reported by src/kernel/config-file with the file and line it is on.
// GitHub's own label export (`gh label list --json …`, or the REST list saved as is: `#`-less colours, `id`,
// `node_id`, `url`, `default`) and ghaction-github-labeler's files (`from_name`) are read unchanged.
import { z } from 'zod';
import { ConfigError, formatPath, parseConfig } from '../../../kernel/config-file';
import { labelNameProblem } from '../../../github/names';
import { messageOf } from '../../../kernel/words';
import { isColor, normaliseColor } from './color';
import { keepTypedScalarsAsText } from './typed-scalars';

export const MAX_NAME = 50;
export const MAX_DESCRIPTION = 100;

/**
 * One label as the file wants it, normalised: colour `rrggbb`, aliases [] when omitted. `description` is undefined
 * when the file omits it (the repository's description is left as it is); `''` (or `null`, as GitHub's export
 * writes a label without one) clears it.
 */
export interface LabelSpec {
  name: string;
  color: string;
  description?: string;
  aliases: string[];
}

/** Characters as GitHub counts them (code points: an emoji is one, not two UTF-16 units). */
const characters = (text: string) => [...text].length;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

const nameSchema = (what: string) =>
  z
    .string({ error: `${what} must be a string` })
    .trim()
    .min(1, { error: `${what} must not be empty` })
    .refine((v) => characters(v) <= MAX_NAME, {
      error: (issue) => `${what} is longer than ${MAX_NAME} characters (${characters(String(issue.input))})`,
    })
    // (a line break in a name would also let it start a line of the log, where the runner reads `::` commands)
    .refine((v) => !CONTROL.test(v), { error: `${what} must not contain line breaks or other control characters` })
    // `.` and `..` would be removed from the URL path by normalisation (`DELETE …/labels/..` is the repository).
    .refine((v) => v !== '.' && v !== '..', { error: (issue) => `${what}: ${labelNameProblem(String(issue.input))}` });

// An unquoted colour that YAML reads as a number is given its text back before validation (typed-scalars.ts); a number
// that still arrives here (from an alias or a tag) is taken when it spells six digits, else refused.
const colorSchema = z
  .union([z.string(), z.number()], { error: 'color must be a hex colour such as "d73a4a" or "#d73a4a"' })
  .transform((value, ctx) => {
    if (typeof value === 'number') {
      if (Number.isInteger(value) && value >= 100000 && value <= 999999) return String(value);
      ctx.issues.push({
        code: 'custom',
        input: value,
        message: `color ${value} was read as a number: quote the colour as written in the file`,
      });
      return z.NEVER;
    }
    if (!isColor(value)) {
      ctx.issues.push({
        code: 'custom',
        input: value,
        message: `color ${JSON.stringify(value)} is not a hex colour such as "d73a4a", "#d73a4a" or "#d3a"`,
      });
      return z.NEVER;
    }
    return normaliseColor(value);
  });

const labelSchema = z.strictObject(
  {
    name: nameSchema('name'),
    color: colorSchema,
    // Trimmed: surrounding blanks (or the newline a `>` block adds) are never meant, and a description that differs
    // from what the repository stores only by them would be rewritten on every run.
    description: z
      .string({ error: 'description must be a string' })
      .trim()
      .refine((v) => characters(v) <= MAX_DESCRIPTION, {
        error: (issue) =>
          `description is longer than ${MAX_DESCRIPTION} characters (${characters(String(issue.input))})`,
      })
      .nullish()
      .transform((d) => (d === undefined ? undefined : (d ?? ''))),
    aliases: z
      .array(nameSchema('alias'), { error: 'aliases must be a list of label names' })
      .nullish()
      .transform((a) => a ?? []),
    /** ghaction-github-labeler's spelling of one alias, accepted so that its files work unchanged. */
    from_name: nameSchema('from_name').nullish(),
    // Keys of GitHub's own label objects (an export of `GET /repos/{owner}/{repo}/labels` saved as is): ignored.
    id: z.unknown().optional(),
    node_id: z.unknown().optional(),
    url: z.unknown().optional(),
    default: z.unknown().optional(),
  },
  {
    error: (issue) => (issue.code === 'invalid_type' ? 'each label must be a mapping with name and color' : undefined),
  },
);

/**
 * The label as the planner wants it: `from_name` joins the aliases, and an alias equal to the label's own name (in
 * another case: `Bug` aliased `bug`) is dropped, as it asks for what a case change does anyway and as an alias it
 * would be merged into itself.
 */
function normaliseLabel(label: z.output<typeof labelSchema>): LabelSpec {
  const own = label.name.toLowerCase();
  const aliases = [...label.aliases, ...(label.from_name ? [label.from_name] : [])].filter(
    (a) => a.toLowerCase() !== own,
  );
  return {
    name: label.name,
    color: label.color,
    ...(label.description !== undefined ? { description: label.description } : {}),
    aliases,
  };
}

/**
 * The list, refusing any name or alias that appears twice (case-insensitively, names and aliases together). `at` is
 * where the list is in the file (`labels` under a `labels:` key), so that a message names the first occurrence by the
 * same 0-based path (`labels[4].aliases[0]`) as the problem's own location.
 */
const labelListSchema = (at: readonly PropertyKey[]) =>
  z
    .array(labelSchema, { error: 'the label file must be a list of labels, or a mapping with a `labels:` list' })
    .superRefine(
      (labels, ctx) => {
        const seen = new Map<string, string>();
        const check = (value: unknown, path: (string | number)[], what: string) => {
          if (typeof value !== 'string' || value.trim() === '') return;
          const key = value.trim().toLowerCase();
          const first = seen.get(key);
          if (first !== undefined)
            ctx.addIssue({
              code: 'custom',
              path,
              message: `${what} "${value.trim()}" duplicates ${first} (names match case-insensitively)`,
            });
          else seen.set(key, `${what} "${value.trim()}" at ${formatPath([...at, ...path])}`);
        };
        // Runs even when some labels are invalid (`when`), so that every problem is reported at once: the items may
        // then be raw input, hence the defensive reads.
        (labels as unknown[]).forEach((label, i) => {
          if (label === null || typeof label !== 'object') return;
          const { name, aliases, from_name } = label as { name?: unknown; aliases?: unknown; from_name?: unknown };
          check(name, [i, 'name'], 'name');
          const own = typeof name === 'string' ? name.trim().toLowerCase() : undefined;
          const other = (alias: unknown) => typeof alias !== 'string' || alias.trim().toLowerCase() !== own;
          if (Array.isArray(aliases))
            aliases.forEach((alias, j) => other(alias) && check(alias, [i, 'aliases', j], 'alias'));
          if (other(from_name)) check(from_name, [i, 'from_name'], 'from_name');
        });
      },
      { when: (payload) => Array.isArray(payload.value) },
    );

const bareListSchema = labelListSchema([]);
const wrappedListSchema = z.strictObject({ labels: labelListSchema(['labels']) });

/** A list, or a mapping with a `labels:` list (dispatched by shape so that each problem keeps its own path and line). */
export const labelFileSchema = z.unknown().transform((value, ctx): LabelSpec[] => {
  const mapping = value !== null && typeof value === 'object' && !Array.isArray(value);
  const result = mapping ? wrappedListSchema.safeParse(value) : bareListSchema.safeParse(value);
  if (result.success) return (Array.isArray(result.data) ? result.data : result.data.labels).map(normaliseLabel);
  for (const issue of result.error.issues) ctx.issues.push({ ...issue, input: undefined });
  return z.NEVER;
});

/**
 * Parses and validates the label file's text; throws `ConfigError` (file, line, column) for every problem. A file
 * built to exhaust the parser (an alias bomb, nesting too deep) is a ConfigError too, never a crash.
 */
export function parseLabelFile(text: string, file: string): LabelSpec[] {
  try {
    return parseConfig(text, file, labelFileSchema, { prepare: keepTypedScalarsAsText });
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    throw ConfigError.forFile(file, `cannot be read as YAML: ${messageOf(err)}`);
  }
}

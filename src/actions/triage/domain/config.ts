// The triage configuration (`.github/triage.yml`): rules, slash commands and stale sweeps, validated
// with zod. Problems are reported with the file, line and column of the offending node.
import { z } from 'zod';
import { ConfigError, parseConfig } from '../../../kernel/config-file';
import { labelNameProblem } from '../../../github/names';
import { parseExactPattern, parsePattern, type TextPattern } from './pattern';
import { triageLabelOrigins, type LabelOrigins } from './label-origins';
import { ACTIONS_STALE_INPUTS, fromActionsStaleNames } from './stale-names';
import { closestName } from './suggest';

import { AUTHOR_COMMANDS, CLOSE_REASONS, COMMAND_NAMES, PERMISSIONS } from './vocabulary';

export {
  CLOSE_REASONS,
  COMMAND_NAMES,
  PERMISSIONS,
  type CloseReason,
  type CommandName,
  type Permission,
} from './vocabulary';
export const AUTHOR_ASSOCIATIONS = [
  'OWNER',
  'MEMBER',
  'COLLABORATOR',
  'CONTRIBUTOR',
  'FIRST_TIME_CONTRIBUTOR',
  'FIRST_TIMER',
  'MANNEQUIN',
  'NONE',
] as const;
export const WORKFLOW_CONCLUSIONS = [
  'success',
  'failure',
  'neutral',
  'cancelled',
  'skipped',
  'timed_out',
  'action_required',
  'stale',
  'startup_failure',
] as const;

/** A string or a list of strings, as a list. */
function oneOrMany<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]) : [v]),
    z.array(item).min(1, 'must list at least one value'),
  );
}

/** YAML reads `1.2` or `true` as a number or boolean; as a text to match, it is meant as written. */
const asText = (v: unknown) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v);

function pattern(exact = false) {
  return z.string().transform((text, ctx): TextPattern => {
    try {
      return exact ? parseExactPattern(text) : parsePattern(text);
    } catch (err) {
      ctx.issues.push({ code: 'custom', message: (err as Error).message, input: text });
      return z.NEVER;
    }
  });
}

const name = z.string().trim().min(1, 'must not be empty');
const labelName = z
  .string()
  .superRefine((text, ctx) => {
    const problem = labelNameProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((text) => text.trim());
const login = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\[bot\])?$/, 'must be a user login');

/** A regular expression as actions/labeler writes one (no slashes), run on RE2. */
const bareRegex = z.string().transform((text, ctx): TextPattern => {
  try {
    return parsePattern(`/${text}/`);
  } catch (err) {
    ctx.issues.push({ code: 'custom', message: (err as Error).message, input: text });
    return z.NEVER;
  }
});

/**
 * actions/labeler v5's changed-files options, each a glob or a list of globs; all options of one entry must hold.
 * (actions/labeler src/changedFiles.ts: any-glob-to-any-file, any-glob-to-all-files, all-globs-to-any-file,
 * all-globs-to-all-files.)
 */
const ChangedFilesEntry = z
  .strictObject({
    'any-glob-to-any-file': oneOrMany(name).optional(),
    'any-glob-to-all-files': oneOrMany(name).optional(),
    'all-globs-to-any-file': oneOrMany(name).optional(),
    'all-globs-to-all-files': oneOrMany(name).optional(),
  })
  .refine((entry) => Object.values(entry).some((v) => v !== undefined), {
    message: 'needs any-glob-to-any-file, any-glob-to-all-files, all-globs-to-any-file or all-globs-to-all-files',
  });
export type ChangedFilesEntry = z.output<typeof ChangedFilesEntry>;

const Condition = z.strictObject({
  type: z.enum(['issue', 'pull_request', 'any']).default('any'),
  /** Every label listed is on the item. */
  'labels-present': oneOrMany(labelName).optional(),
  /** Pull requests: actions/labeler's changed-files forms (every entry must hold). */
  'changed-files': oneOrMany(ChangedFilesEntry).optional(),
  /** Pull requests: the head / base branch matches one of these regular expressions (actions/labeler's form). */
  'head-branch': oneOrMany(bareRegex).optional(),
  'base-branch': oneOrMany(bareRegex).optional(),
  /** Pull requests: at most this many files changed (actions/labeler's `max-files-changed`). */
  'changed-files-at-most': z.number().int().min(0).optional(),
  /** The condition does not hold (reads it needs are still made). */
  get not() {
    return Condition.optional();
  },
  /** Every condition listed holds. */
  get all() {
    return z.array(Condition).min(1, 'must list at least one condition').optional();
  },
  /** At least one condition listed holds. */
  get any() {
    return z.array(Condition).min(1, 'must list at least one condition').optional();
  },
  title: pattern().optional(),
  body: pattern().optional(),
  form: z.record(z.string().min(1), oneOrMany(z.preprocess(asText, pattern(true)))).optional(),
  'author-association': oneOrMany(z.enum(AUTHOR_ASSOCIATIONS)).optional(),
  files: oneOrMany(name).optional(),
  workflow: z
    .strictObject({
      name: pattern(true).optional(),
      conclusion: oneOrMany(z.enum(WORKFLOW_CONCLUSIONS)).optional(),
    })
    .optional(),
  'labels-absent': oneOrMany(labelName).optional(),
  /** Pull requests: a pattern on the head branch name (one read of the pull request per item). */
  branch: pattern(true).optional(),
  /** Pull requests: changed lines (additions + deletions) within bounds (one read of the pull request per item). */
  size: z
    .strictObject({
      'min-lines': z.number().int().min(0).optional(),
      'max-lines': z.number().int().min(0).optional(),
    })
    .refine((s) => s['min-lines'] !== undefined || s['max-lines'] !== undefined, {
      message: 'size needs min-lines or max-lines',
    })
    .optional(),
});
export type Condition = z.output<typeof Condition>;

const Actions = z
  .strictObject({
    'add-labels': oneOrMany(labelName).default([]),
    'remove-labels': oneOrMany(labelName).default([]),
    assign: oneOrMany(login).default([]),
    comment: z.string().trim().min(1, 'must not be empty').optional(),
    close: z.enum(CLOSE_REASONS).optional(),
  })
  .refine(
    (a) =>
      a['add-labels'].length + a['remove-labels'].length + a.assign.length > 0 ||
      a.comment !== undefined ||
      a.close !== undefined,
    {
      message: 'a rule must do something: add-labels, remove-labels, assign, comment or close',
    },
  );
export type Actions = z.output<typeof Actions>;

const Rule = z.strictObject({
  id: z
    .string()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
      'must be letters, digits, ".", "_" or "-" (it is written into a hidden comment marker)',
    )
    .max(100),
  if: Condition.default({ type: 'any' }),
  then: Actions,
});
export type Rule = z.output<typeof Rule>;

/** The colour of a created missing label: GitHub's pale blue, unlike the grey it picks when it creates one itself. */
export const DEFAULT_MISSING_LABEL_COLOR = 'c5def5';

const Commands = z.strictObject({
  permission: z.enum(PERMISSIONS).default('write'),
  allow: z.array(z.enum(COMMAND_NAMES)).default([...COMMAND_NAMES]),
  /** Commands an issue's author may run on their own item without the permission. */
  'author-can': z.array(z.enum(AUTHOR_COMMANDS)).default([]),
});
export type CommandsConfig = z.output<typeof Commands>;

const commentText = z.string().trim().min(1, 'must not be empty');

/** Stale settings that the `issues` and `pull-requests` sections may override (each optional; defaults below). */
const staleFields = {
  /** Days (fractions too) without activity before an item is marked stale; 0: at once; -1: never marked. */
  'days-before-stale': z
    .number()
    .min(-1, 'must be -1 (never mark), 0 (mark at once) or more days (fractions too)')
    .refine((d) => d >= 0 || d === -1, 'must be -1 (never mark), 0 (mark at once) or more days (fractions too)'),
  'days-before-close': z
    .number()
    .min(-1, 'must be -1 (never close), 0 (close in the run that marks) or more days (fractions too)')
    .refine((d) => d >= 0 || d === -1, 'must be -1 (never close), 0 (close in the run that marks) or more days'),
  'stale-label': labelName,
  'exempt-labels': oneOrMany(labelName),
  'exempt-milestones': oneOrMany(name),
  'exempt-all-milestones': z.boolean(),
  'exempt-assignees': oneOrMany(login),
  'exempt-all-assignees': z.boolean(),
  'exempt-draft-pr': z.boolean(),
  'only-labels': oneOrMany(labelName),
  'any-of-labels': oneOrMany(labelName),
  'stale-comment': commentText,
  'close-comment': commentText,
  'close-reason': z.enum(CLOSE_REASONS),
  'remove-stale-when-updated': z.boolean(),
  'labels-to-add-when-unstale': oneOrMany(labelName),
  'labels-to-remove-when-stale': oneOrMany(labelName),
  'labels-to-remove-when-unstale': oneOrMany(labelName),
  /** Added when an item is closed as stale. */
  'close-label': labelName,
  /** Idle time counts from creation, not from the last update. */
  'ignore-updates': z.boolean(),
  /** Only items with an assignee are handled. */
  'include-only-assigned': z.boolean(),
  /** Issues only: only issues of these types (GitHub's issue types) are handled. */
  'only-issue-types': oneOrMany(name),
  /** Only items created after this date are handled. */
  'start-date': z
    .string()
    .trim()
    .refine((text) => !Number.isNaN(Date.parse(text)), 'must be a date (ISO 8601, e.g. 2026-01-31T00:00:00Z)'),
  /** Pull requests: delete the head branch (of this repository) when closing as stale. */
  'delete-branch': z.boolean(),
};
const StaleOverrides = z.strictObject(staleFields).partial();

export const STALE_SEMANTICS = ['triage', 'actions-stale'] as const;

export const StaleSchema = z.preprocess(
  fromActionsStaleNames,
  z.strictObject({
    ...StaleOverrides.shape,
    only: z.enum(['issues', 'pull-requests', 'both']).default('both'),
    /** The most writes of a sweep (actions/stale's `operations-per-run`; overrides `max-operations`). */
    'operations-per-run': z.number().int().min(1, 'must be 1 or more').optional(),
    /** The order items are handled in (a sweep stopped by a limit continues there next run). */
    'sort-by': z.enum(['created', 'updated', 'comments']).optional(),
    ascending: z.boolean().optional(),
    /** Plan and print only (as the `dry-run` input). */
    'debug-only': z.boolean().optional(),
    /** `actions-stale`: actions/stale's rules for each item's decision (a person's stale label counts from when it
     *  was put on, no comment when the message is empty); `triage` (default): closed after its own stale comment. */
    semantics: z.enum(STALE_SEMANTICS).default('triage'),
    issues: StaleOverrides.optional(),
    'pull-requests': StaleOverrides.optional(),
  }),
);
export type StaleSection = z.output<typeof StaleSchema> & {
  /** Set by the step inputs, never by a file: actions/stale's inputs are given, so a stale label someone else put
   *  on follows actions/stale's rules (stale-settings.ts). */
  'actions-stale-inputs'?: true;
};

export const TriageConfigSchema = z
  .strictObject({
    rules: z.array(Rule).default([]),
    commands: Commands.optional(),
    stale: StaleSchema.optional(),
    /** Create a label the repository lacks (in `missing-label-color`) instead of skipping its add with a warning. */
    'create-missing-labels': z.boolean().default(false),
    /** The colour of a label created by `create-missing-labels`: six hex digits (a leading `#` is dropped). */
    'missing-label-color': z
      .string()
      .trim()
      .transform((c) => (c.startsWith('#') ? c.slice(1) : c).toLowerCase())
      .refine((c) => /^[0-9a-f]{6}$/.test(c), 'must be a colour of six hex digits, like c5def5')
      .default(DEFAULT_MISSING_LABEL_COLOR),
  })
  .superRefine((config, ctx) => {
    const seen = new Map<string, number>();
    config.rules.forEach((rule, index) => {
      const first = seen.get(rule.id);
      if (first !== undefined)
        ctx.issues.push({
          code: 'custom',
          message: `duplicate rule id "${rule.id}" (also rules[${first}])`,
          path: ['rules', index, 'id'],
          input: rule.id,
        });
      else seen.set(rule.id, index);
    });
  });
export interface LabelerLimits {
  /** `changed-files-labels-limit`: the most new labels that use changed-files one pull request gets. */
  changedFilesLabelsLimit?: number;
  /** `max-files-changed`: beyond this many changed files, labels that use changed-files are not judged. */
  maxFilesChanged?: number;
}

/** What the engine knows of the labeler file the config came with. */
export interface LabelerInfo {
  /** The labels whose rules use changed-files. */
  changedFilesLabels: string[];
  limits: LabelerLimits;
}

export type TriageConfig = Omit<z.output<typeof TriageConfigSchema>, 'stale'> & {
  stale?: StaleSection;
  /** Where each label the config adds was written (`file:line`), for the warnings about missing labels. */
  labelOrigins?: LabelOrigins;
  /** The actions/labeler file the rules came with, when one was asked for (its limits and outputs). */
  labeler?: LabelerInfo;
};

/** An empty file is an empty config (no rules, no commands, no stale sweep). */
const ConfigFile = z.preprocess((value) => value ?? {}, TriageConfigSchema);

/** Every key the config accepts anywhere, and actions/stale's input names (for "did you mean"). */
export const CONFIG_KEYS: ReadonlySet<string> = new Set([
  ...Object.keys(TriageConfigSchema.shape),
  ...Object.keys(Rule.shape),
  ...Object.keys(Condition.shape),
  ...Object.keys(Actions.shape),
  ...Object.keys(Commands.shape),
  ...Object.keys(StaleOverrides.shape),
  ...['only', 'operations-per-run', 'sort-by', 'ascending', 'debug-only', 'semantics', 'issues', 'pull-requests'],
  ...ACTIONS_STALE_INPUTS,
]);

/** The error with a "did you mean" after each unknown key that is close to a known one. */
function withSuggestions(error: ConfigError): ConfigError {
  let changed = false;
  const issues = error.issues.map((issue) => {
    const key = /^unknown key "([^"]*)"$/.exec(issue.message)?.[1];
    const near = key === undefined ? undefined : closestName(key, CONFIG_KEYS);
    if (!near) return issue;
    changed = true;
    return { ...issue, message: `${issue.message} (did you mean "${near}"?)` };
  });
  return changed ? new ConfigError(error.file, issues) : error;
}

/** Parses config text (YAML or JSON); throws `ConfigError` with file, line and column. */
export function parseTriageConfig(text: string, file: string): TriageConfig {
  let config: TriageConfig;
  try {
    config = parseConfig(text, file, ConfigFile);
  } catch (err) {
    throw err instanceof ConfigError ? withSuggestions(err) : err;
  }
  const labelOrigins = triageLabelOrigins(text, file);
  return labelOrigins.size > 0 ? { ...config, labelOrigins } : config;
}

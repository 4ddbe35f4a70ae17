// actions/labeler's `.github/labeler.yml` (v5, v6), read as is and turned into triage rules that decide as labeler
// decides. Its semantics, read from its source (src/api/get-label-configs.ts, src/labeler.ts, src/changedFiles.ts,
// src/branch.ts; v5.0.0 = v6.0.1, v6.2.0's top-level options):
// - a label's list of objects becomes match configs: each `any:` / `all:` list is one config; every top-level
//   `changed-files` / `head-branch` / `base-branch` joins the first `any` config there is (an `any:` list written
//   before it included), or starts one; any other key is logged and ignored. A label with no config is skipped.
// - all configs of a label must hold (checkMatchConfigs); a config with neither list, or whose list has no known
//   key, never holds.
// - `any`: one entry holds, and an entry holds when its base branch, one changed-files option or its head branch
//   does (each option of a changed-files object counts on its own; a branch when one regex matches).
// - `all`: every entry holds, and an entry when its base branch, every changed-files option (with at least one
//   file changed) and its head branch do (a branch when every regex matches).
// - unknown keys inside an entry are ignored; an unknown key under `changed-files` fails the run (labeler throws).
// - `max-files-changed: n`: with more than n changed files, a label that uses changed-files is not judged at all
//   (neither added nor removed). `changed-files-labels-limit: n`: when more than n new labels that use
//   changed-files would be added, none of them is (`labeler-outcome.ts`).
// `sync-labels` adds the rule that removes a label of the file whose configs no longer hold.
import { z } from 'zod';
import { parseConfig } from '../../../kernel/config-file';
import { labelNameProblem } from '../../../github/names';
import { TriageConfigSchema, type LabelerLimits, type Rule } from './config';

const FILE_OPTIONS = [
  'any-glob-to-any-file',
  'any-glob-to-all-files',
  'all-globs-to-any-file',
  'all-globs-to-all-files',
];
const BASE_KEYS = ['changed-files', 'head-branch', 'base-branch'];
/** Top-level options of v6.2.0 (never label names). */
const TOP_LEVEL_OPTIONS = ['changed-files-labels-limit', 'max-files-changed'] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const count = z.union([
  z.number().int().min(0, 'must be a non-negative integer'),
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a non-negative integer')
    .transform((text) => Number(text)),
]);

/** labeler refuses an option it does not know under `changed-files` (toChangedFilesMatchConfig): the path names it. */
function checkChangedFiles(entry: unknown, path: PropertyKey[], ctx: z.RefinementCtx): void {
  if (!isObject(entry)) return;
  for (const [key, value] of Object.entries(entry)) {
    if ((key === 'any' || key === 'all') && Array.isArray(value))
      value.forEach((inner, i) => checkChangedFiles(inner, [...path, key, i], ctx));
    if (key !== 'changed-files' || value === null || value === undefined) continue;
    (Array.isArray(value) ? value : [value]).forEach((option, j) => {
      const at = Array.isArray(value) ? [...path, key, j] : [...path, key];
      if (!isObject(option)) {
        ctx.addIssue({
          code: 'custom',
          path: at,
          message: 'the "changed-files" section must have a valid config structure',
        });
        return;
      }
      const unknown = Object.keys(option).filter((k) => !FILE_OPTIONS.includes(k));
      if (unknown.length > 0)
        ctx.addIssue({
          code: 'custom',
          path: [...at, unknown[0]],
          message: `unknown config options were under "changed-files": ${unknown.join(', ')}`,
        });
    });
  }
}

const LabelerFile = z.preprocess(
  (v) => v ?? {},
  z
    .looseObject({
      'changed-files-labels-limit': count.optional(),
      'max-files-changed': count.optional(),
    })
    .superRefine((file, ctx) => {
      for (const [label, value] of Object.entries(file)) {
        if ((TOP_LEVEL_OPTIONS as readonly string[]).includes(label)) continue;
        const problem = labelNameProblem(label);
        if (problem) ctx.addIssue({ code: 'custom', path: [label], message: problem });
        if (!Array.isArray(value) || !value.every((entry) => typeof entry === 'object'))
          ctx.addIssue({
            code: 'custom',
            path: [label],
            message: `found unexpected type for label '${label}' (should be array of config options)`,
          });
        else value.forEach((entry, i) => checkChangedFiles(entry, [label, i], ctx));
      }
    }),
);

type RawCondition = Record<string, unknown>;

/** One entry of an `any` / `all` list: only its known keys (labeler's toMatchConfig). */
interface BaseMatch {
  changedFiles?: Record<string, string[]>[];
  headBranch?: string[];
  baseBranch?: string[];
}

interface MatchConfig {
  any?: BaseMatch[];
  all?: BaseMatch[];
}

export interface LabelerFileRules {
  rules: Rule[];
  limits: LabelerLimits;
  /** The labels whose rules use changed-files (the ones `changed-files-labels-limit` counts). */
  changedFilesLabels: string[];
}

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : [String(v)]);

function toBaseMatch(raw: unknown, label: string): BaseMatch {
  if (!isObject(raw)) return {};
  const base: BaseMatch = {};
  const files = raw['changed-files'];
  if (files !== undefined && files !== null && !(Array.isArray(files) && files.length === 0)) {
    base.changedFiles = [];
    for (const option of Array.isArray(files) ? files : [files]) {
      if (!isObject(option))
        throw new Error(`label '${label}': the "changed-files" section must have a valid config structure`);
      const unknown = Object.keys(option).filter((key) => !FILE_OPTIONS.includes(key));
      if (unknown.length > 0)
        throw new Error(`label '${label}': unknown config options were under "changed-files": ${unknown.join(', ')}`);
      for (const [key, value] of Object.entries(option)) base.changedFiles.push({ [key]: list(value) });
    }
  }
  if (raw['head-branch']) base.headBranch = list(raw['head-branch']);
  if (raw['base-branch']) base.baseBranch = list(raw['base-branch']);
  return base;
}

const hasKeys = (base: BaseMatch) => Object.keys(base).length > 0;

/** A label's list of objects as labeler's match configs; unknown keys reported through `ignored`. */
function matchConfigs(label: string, entries: unknown[], ignored: (key: string) => void): MatchConfig[] {
  const configs: MatchConfig[] = [];
  for (const entry of entries) {
    if (!isObject(entry)) continue;
    for (const [key, value] of Object.entries(entry)) {
      if (key === 'any' || key === 'all') {
        if (Array.isArray(value)) configs.push({ [key]: value.map((v) => toBaseMatch(v, label)) });
      } else if (BASE_KEYS.includes(key)) {
        const base = toBaseMatch({ [key]: value }, label);
        const first = configs.find((c) => c.any !== undefined);
        if (first) first.any!.push(base);
        else configs.push({ any: [base] });
      } else ignored(key);
    }
  }
  return configs;
}

/** The conditions of an `any` entry (one holds) or of an `all` entry (all hold). */
function baseConditions(base: BaseMatch, mode: 'any' | 'all'): RawCondition[] {
  const out: RawCondition[] = [];
  const branch = (key: 'base-branch' | 'head-branch', regexes: string[] | undefined) => {
    if (regexes) out.push(mode === 'all' ? { all: regexes.map((r) => ({ [key]: r })) } : { [key]: regexes });
  };
  branch('base-branch', base.baseBranch);
  const options = base.changedFiles ?? [];
  if (options.length > 0)
    out.push(
      mode === 'all'
        ? // labeler's checkAll asks for at least one changed file.
          { 'changed-files': options, files: ['**'] }
        : { any: options.map((o) => ({ 'changed-files': [o] })) },
    );
  branch('head-branch', base.headBranch);
  return out;
}

/** One match config as a condition, or undefined when it never holds. */
function configCondition(config: MatchConfig): RawCondition | undefined {
  const mode = config.all ? 'all' : 'any';
  const bases = config.all ?? config.any ?? [];
  if (!bases.some(hasKeys)) return undefined;
  const parts = bases.flatMap((base) => baseConditions(base, mode));
  return { [mode]: parts };
}

const usesChangedFiles = (configs: MatchConfig[]) =>
  configs.some((c) => [...(c.any ?? []), ...(c.all ?? [])].some((b) => (b.changedFiles ?? []).length > 0));

/**
 * Rules from a labeler file's text; `sync` adds the removing rule of each label. Unknown keys are passed to `warn`
 * and ignored (as labeler ignores them). Throws ConfigError with file and line for a file labeler refuses too.
 */
export function labelerFile(
  text: string,
  file: string,
  sync: boolean,
  warn?: (message: string) => void,
): LabelerFileRules {
  const parsed = parseConfig(text, file, LabelerFile);
  const limits: LabelerLimits = {
    ...(parsed['changed-files-labels-limit'] !== undefined
      ? { changedFilesLabelsLimit: parsed['changed-files-labels-limit'] }
      : {}),
    ...(parsed['max-files-changed'] !== undefined ? { maxFilesChanged: parsed['max-files-changed'] } : {}),
  };
  const changedFilesLabels: string[] = [];
  const raw: RawCondition[] = [];
  Object.entries(parsed)
    .filter(([label]) => !(TOP_LEVEL_OPTIONS as readonly string[]).includes(label))
    .forEach(([label, entries], index) => {
      let configs: MatchConfig[];
      try {
        configs = matchConfigs(label, entries as unknown[], (key) =>
          warn?.(`${file}: an unknown config option was under ${label}: ${key} (ignored, as actions/labeler does)`),
        );
      } catch (err) {
        throw new Error(`${file}: ${(err as Error).message}`);
      }
      // A label without a match config is skipped: never added, never removed.
      if (configs.length === 0) return;
      const files = usesChangedFiles(configs);
      if (files) changedFilesLabels.push(label);
      const conditions = configs.map(configCondition);
      const never = conditions.some((c) => c === undefined);
      // Beyond max-files-changed a label that uses changed-files is not judged: neither rule applies.
      const judged =
        files && limits.maxFilesChanged !== undefined ? { 'changed-files-at-most': limits.maxFilesChanged } : {};
      const condition = { type: 'pull_request', ...judged, all: conditions as RawCondition[] };
      const id = `labeler-${index + 1}`;
      if (!never) raw.push({ id, if: condition, then: { 'add-labels': [label] } });
      if (sync)
        raw.push({
          id: `${id}-sync`,
          if: {
            type: 'pull_request',
            ...judged,
            'labels-present': [label],
            ...(never ? {} : { not: { all: conditions } }),
          },
          then: { 'remove-labels': [label] },
        });
    });
  const rules = TriageConfigSchema.safeParse({ rules: raw });
  if (!rules.success) throw new Error(`${file}: ${rules.error.issues.map((i) => i.message).join('; ')}`);
  return { rules: rules.data.rules, limits, changedFilesLabels };
}

/** The rules of a labeler file (see labelerFile). */
export function labelerRules(text: string, file: string, sync: boolean, warn?: (message: string) => void): Rule[] {
  return labelerFile(text, file, sync, warn).rules;
}

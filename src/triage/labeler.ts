// actions/labeler v5's `.github/labeler.yml`, read as is and turned into triage rules: each label's match objects
// become one condition on pull requests, and `sync-labels` adds the rule that removes the label when the condition
// no longer holds. Semantics from actions/labeler v5 (src/api/get-label-configs.ts, src/labeler.ts,
// src/changedFiles.ts, src/branch.ts): the top-level `changed-files` / `head-branch` / `base-branch` objects of a
// label are OR-ed (gathered into one `any`), and each `any` / `all` block is AND-ed with them; inside `any` a
// changed-files object holds when one of its options does and a branch object when one regex matches, inside
// `all` every option and every regex must.
import { z } from 'zod';
import { parseConfig } from '../core/config-file';
import { labelNameProblem } from '../core/names';
import { TriageConfigSchema, type Rule } from './config';

const globs = z.union([z.string(), z.array(z.string())]);
const ChangedFilesOption = z.strictObject({
  'any-glob-to-any-file': globs.optional(),
  'any-glob-to-all-files': globs.optional(),
  'all-globs-to-any-file': globs.optional(),
  'all-globs-to-all-files': globs.optional(),
});
const BaseMatch = z.strictObject({
  'changed-files': z.array(ChangedFilesOption).optional(),
  'head-branch': globs.optional(),
  'base-branch': globs.optional(),
});
type BaseMatch = z.output<typeof BaseMatch>;
const MatchObject = BaseMatch.extend({
  any: z.array(BaseMatch).optional(),
  all: z.array(BaseMatch).optional(),
});
type MatchObject = z.output<typeof MatchObject>;

const LabelerFile = z.preprocess(
  (v) => v ?? {},
  z.record(
    z.string().superRefine((text, ctx) => {
      const problem = labelNameProblem(text);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    z.array(MatchObject),
  ),
);

const list = (v: string | string[]) => (Array.isArray(v) ? v : [v]);
type RawCondition = Record<string, unknown>;

/** The conditions of one base match object inside `any` (one of them must hold) or `all` (all must). */
function baseConditions(match: BaseMatch, mode: 'any' | 'all'): RawCondition[] {
  const out: RawCondition[] = [];
  const options = (match['changed-files'] ?? []).flatMap((option) =>
    Object.entries(option).map(([key, value]) => ({ [key]: list(value) })),
  );
  if (options.length > 0)
    out.push(mode === 'all' ? { 'changed-files': options } : { any: options.map((o) => ({ 'changed-files': [o] })) });
  for (const key of ['head-branch', 'base-branch'] as const) {
    const regexes = match[key];
    if (regexes === undefined) continue;
    out.push(mode === 'all' ? { all: list(regexes).map((r) => ({ [key]: r })) } : { [key]: list(regexes) });
  }
  return out;
}

/** A label's match objects as one condition. */
function conditionOf(matches: MatchObject[]): RawCondition | undefined {
  const topLevel: RawCondition[] = [];
  const blocks: RawCondition[] = [];
  for (const match of matches) {
    topLevel.push(...baseConditions(match, 'any'));
    for (const block of match.any ?? []) blocks.push({ any: baseConditions(block, 'any') });
    for (const block of match.all ?? []) blocks.push({ all: baseConditions(block, 'all') });
  }
  const parts = [...(topLevel.length > 0 ? [{ any: topLevel }] : []), ...blocks].filter(
    (part) => ((part.any ?? part.all) as unknown[]).length > 0,
  );
  return parts.length > 0 ? { type: 'pull_request', all: parts } : undefined;
}

/** Rules from a labeler file's text; `sync` adds the removing rule of each label. Throws ConfigError with file and line. */
export function labelerRules(text: string, file: string, sync: boolean): Rule[] {
  const labels = parseConfig(text, file, LabelerFile);
  const raw = Object.entries(labels).flatMap(([label, matches], index) => {
    const condition = conditionOf(matches);
    // A label without a match object never matches (as in actions/labeler).
    if (!condition) return [];
    return [
      { id: `labeler-${index + 1}`, if: condition, then: { 'add-labels': [label] } },
      ...(sync
        ? [
            {
              id: `labeler-${index + 1}-sync`,
              if: { type: 'pull_request', 'labels-present': [label], not: condition },
              then: { 'remove-labels': [label] },
            },
          ]
        : []),
    ];
  });
  const parsed = TriageConfigSchema.safeParse({ rules: raw });
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  return parsed.data.rules;
}

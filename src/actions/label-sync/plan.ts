// The pure planner: (labels the file wants, labels a repository has) → the fewest writes that make them equal.
// Names match case-insensitively as on GitHub; a change of case alone is an update; a description the file omits is
// left as it is (never compared, never sent), an empty one clears it; a label already in line is never written. An
// alias present while the new name is absent is renamed
// (its issues keep it); an alias present beside the new name is merged (its issues get the new label, then it is
// deleted). Pruning deletes labels the file does not mention; excluded names are never touched, and a label whose only
// form in the repository is an excluded alias is neither renamed nor created.
import type { Cost } from '../../github/client/types';
import type { Operation } from '../../kernel/plan';
import { plural } from '../../kernel/words';
import { normaliseColor } from './domain/color';
import type { LabelSpec } from './domain/config';
import type { LabelFilter } from './domain/exclude';

/** A label as the API lists it. */
export interface CurrentLabel {
  name: string;
  color: string;
  description?: string | null;
}

/** What a label is written with; no `description` leaves the repository's as it is. */
export interface LabelFields {
  name: string;
  color: string;
  description?: string;
}

export type LabelPayload =
  | ({ kind: 'create' } & LabelFields)
  /** `current` is the label's name now; `name` differs from it only in case, or not at all. */
  | ({ kind: 'update'; current: string } & LabelFields)
  | ({ kind: 'rename'; current: string } & LabelFields)
  /** Every issue and pull request in `issues` gets `into`, then `current` is deleted. */
  | { kind: 'merge'; current: string; into: string; issues: number[] }
  | { kind: 'delete'; current: string };

export type LabelKind = LabelPayload['kind'];

export type LabelOperation = Operation<LabelPayload> & { kind: LabelKind };

export interface LabelPlan {
  repository: string;
  /** Writes in the order they may be applied: every merge after every rename (a merge may target a renamed label). */
  operations: LabelOperation[];
  /** Labels already equal to the file. */
  unchanged: string[];
  /** Labels left alone because they match `exclude`. */
  excluded: string[];
  /** Labels the file does not mention, kept because prune is off. */
  unmanaged: string[];
}

export interface PlanOptions {
  repository: string;
  prune: boolean;
  exclude: LabelFilter;
  /**
   * Numbers of the issues and pull requests carrying a label, for every label `mergeSources` names. A merge cannot be
   * planned (nor its cost known) without them.
   */
  issuesWith?: (label: string) => readonly number[] | undefined;
}

const ONE_WRITE: Cost = { requests: 1, writes: 1 };

const key = (name: string) => name.toLowerCase();

/** What a current label carries, normalised for comparison. */
function normalised(label: CurrentLabel): { color: string; description: string } {
  let color = label.color;
  try {
    color = normaliseColor(label.color);
  } catch {
    // an odd colour from the API compares unequal and gets rewritten
  }
  return { color, description: label.description ?? '' };
}

/** Each difference between a current label and the file, in words; empty when the label is in line. */
export function differences(current: CurrentLabel, spec: LabelSpec): string[] {
  const now = normalised(current);
  const out: string[] = [];
  if (current.name !== spec.name) out.push(`name ${current.name} → ${spec.name}`);
  if (now.color !== spec.color) out.push(`color ${now.color} → ${spec.color}`);
  if (spec.description !== undefined && now.description !== spec.description)
    out.push(`description ${JSON.stringify(now.description)} → ${JSON.stringify(spec.description)}`);
  return out;
}

interface Matched {
  spec: LabelSpec;
  existing?: CurrentLabel;
  /** Aliases present in the repository and not excluded, in the file's order. */
  aliases: CurrentLabel[];
  excludedAliases: CurrentLabel[];
}

function match(specs: readonly LabelSpec[], current: readonly CurrentLabel[], exclude: LabelFilter) {
  const byKey = new Map<string, CurrentLabel>();
  for (const label of current) if (!byKey.has(key(label.name))) byKey.set(key(label.name), label);
  const claimed = new Set<string>();
  const matched: Matched[] = specs.map((spec) => {
    const existing = byKey.get(key(spec.name));
    if (existing) claimed.add(key(existing.name));
    // (never the label itself: an alias equal to the name in another case must not merge a label into itself)
    const present = spec.aliases
      .map((a) => byKey.get(key(a)))
      .filter((l): l is CurrentLabel => l !== undefined && l !== existing);
    for (const l of present) claimed.add(key(l.name));
    return {
      spec,
      existing,
      aliases: present.filter((l) => !exclude(l.name)),
      excludedAliases: present.filter((l) => exclude(l.name)),
    };
  });
  const others = current.filter((l) => !claimed.has(key(l.name)));
  return { matched, others };
}

/**
 * A file label left alone: its name is excluded, or it does not exist yet and an old name of it (an alias) is there
 * but excluded. The latter follows crazy-max/ghaction-github-labeler (`computeActionLabels`: a `from_name` source
 * that matches `exclude` makes the label "Excluding ... from rename", neither renamed nor created), so that a
 * migrating repository does not get the new label beside the excluded old one.
 */
function skipped({ spec, existing, excludedAliases }: Matched, exclude: LabelFilter): boolean {
  return exclude(spec.name) || (!existing && excludedAliases.length > 0);
}

/** Labels whose issues must be listed before planning: aliases that will be merged into a label that exists. */
export function mergeSources(
  specs: readonly LabelSpec[],
  current: readonly CurrentLabel[],
  exclude: LabelFilter,
): string[] {
  return match(specs, current, exclude).matched.flatMap((m) =>
    skipped(m, exclude) ? [] : (m.existing ? m.aliases : m.aliases.slice(1)).map((l) => l.name),
  );
}

export function planLabels(
  specs: readonly LabelSpec[],
  current: readonly CurrentLabel[],
  options: PlanOptions,
): LabelPlan {
  const { repository, exclude } = options;
  const { matched, others } = match(specs, current, exclude);
  const renames: LabelOperation[] = [];
  const updates: LabelOperation[] = [];
  const creates: LabelOperation[] = [];
  const merges: LabelOperation[] = [];
  const deletes: LabelOperation[] = [];
  const plan: LabelPlan = { repository, operations: [], unchanged: [], excluded: [], unmanaged: [] };

  const merge = (from: CurrentLabel, into: string) => {
    const issues = options.issuesWith?.(from.name);
    if (!issues) throw new Error(`planLabels: the issues carrying "${from.name}" were not listed (see mergeSources)`);
    const n = issues.length;
    merges.push({
      kind: 'merge',
      target: repository,
      subject: into,
      detail: `merge ${from.name}: ${plural(n, 'issue/pull request', 'issues/pull requests')} get ${into}, then ${from.name} is deleted`,
      // one label per carrier, a second look at the carriers (a page per 100) when there were any, the delete
      cost: { requests: n + Math.ceil(n / 100) + 1, writes: n + 1 },
      payload: { kind: 'merge', current: from.name, into, issues: [...issues] },
    });
  };

  for (const m of matched) {
    const { spec, existing, aliases, excludedAliases } = m;
    if (skipped(m, exclude)) {
      plan.excluded.push(
        ...(exclude(spec.name) ? [existing?.name ?? spec.name] : []),
        ...aliases.map((l) => l.name),
        ...excludedAliases.map((l) => l.name),
      );
      continue;
    }
    plan.excluded.push(...excludedAliases.map((l) => l.name));
    const wanted: LabelFields = {
      name: spec.name,
      color: spec.color,
      ...(spec.description !== undefined ? { description: spec.description } : {}),
    };
    if (existing) {
      const diff = differences(existing, spec);
      if (diff.length === 0) plan.unchanged.push(existing.name);
      else
        updates.push({
          kind: 'update',
          target: repository,
          subject: spec.name,
          detail: diff.join('; '),
          cost: ONE_WRITE,
          payload: { kind: 'update', current: existing.name, ...wanted },
        });
      for (const alias of aliases) merge(alias, spec.name);
    } else if (aliases.length > 0) {
      const [first, ...rest] = aliases;
      const diff = differences({ ...first, name: spec.name }, spec);
      renames.push({
        kind: 'rename',
        target: repository,
        subject: spec.name,
        detail: [`rename ${first.name} → ${spec.name} (its issues keep it)`, ...diff].join('; '),
        cost: ONE_WRITE,
        payload: { kind: 'rename', current: first.name, ...wanted },
      });
      for (const alias of rest) merge(alias, spec.name);
    } else {
      creates.push({
        kind: 'create',
        target: repository,
        subject: spec.name,
        detail: `color ${spec.color}${spec.description ? `; description ${JSON.stringify(spec.description)}` : ''}`,
        cost: ONE_WRITE,
        payload: { kind: 'create', ...wanted },
      });
    }
  }

  for (const label of others) {
    if (!options.prune) plan.unmanaged.push(label.name);
    else if (exclude(label.name)) plan.excluded.push(label.name);
    else
      deletes.push({
        kind: 'delete',
        target: repository,
        subject: label.name,
        detail: 'not in the file (prune)',
        cost: ONE_WRITE,
        payload: { kind: 'delete', current: label.name },
      });
  }

  plan.operations = [...renames, ...updates, ...creates, ...deletes, ...merges];
  return plan;
}

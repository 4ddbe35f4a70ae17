// Where in the config each label an operation adds was asked for, as `file:line`, so a warning about a label the
// repository lacks points at the line to fix. Keyed by what asked (an operation's `detail`: `rule <id>`,
// `stale: close-label`, `stale: labels-to-add-when-unstale`) and the label name (case-insensitive, as GitHub's).
// Positions come from the YAML document (yaml's LineCounter), read once when the config is parsed.
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';

/** `asker` + label → `file:line`. */
export type LabelOrigins = ReadonlyMap<string, string>;

export function labelOriginKey(asker: string, label: string): string {
  return `${asker}\n${label.trim().toLowerCase()}`;
}

/** The place a label asked for by `asker` was written, when known. */
export function labelOrigin(origins: LabelOrigins | undefined, asker: string | undefined, label: string) {
  return asker === undefined ? undefined : origins?.get(labelOriginKey(asker, label));
}

/** The stale settings whose labels are added, by the asker their operations name (actions/stale's names too). */
const STALE_ADDERS: Record<string, string> = {
  'labels-to-add-when-unstale': 'stale: labels-to-add-when-unstale',
  'close-label': 'stale: close-label',
  'close-issue-label': 'stale: close-label',
  'close-pr-label': 'stale: close-label',
};

interface Walk {
  file: string;
  counter: LineCounter;
  out: Map<string, string>;
}

function lineOf(node: YamlNode | null | undefined, walk: Walk): string | undefined {
  const offset = node?.range?.[0];
  return offset === undefined ? undefined : `${walk.file}:${walk.counter.linePos(offset).line}`;
}

function record(walk: Walk, asker: string, label: string, node: YamlNode): void {
  const at = lineOf(node, walk);
  const key = labelOriginKey(asker, label);
  if (at && label.trim() !== '' && !walk.out.has(key)) walk.out.set(key, at);
}

/** Each label of a value written as a list, one name, or actions/stale's comma-separated string. */
function recordLabels(walk: Walk, asker: string, value: unknown, commaSeparated: boolean): void {
  const scalars = isSeq(value) ? value.items : [value];
  for (const item of scalars) {
    if (!isScalar(item) || typeof item.value !== 'string') continue;
    const names = commaSeparated ? item.value.split(',') : [item.value];
    for (const name of names) record(walk, asker, name, item);
  }
}

function mapEntries(node: unknown): [string, unknown, YamlNode][] {
  if (!isMap(node)) return [];
  return node.items.flatMap((pair): [string, unknown, YamlNode][] =>
    isPair(pair) && isScalar(pair.key) ? [[String(pair.key.value), pair.value, pair.key as YamlNode]] : [],
  );
}

function walkStale(walk: Walk, section: unknown): void {
  for (const [key, value] of mapEntries(section)) {
    if (key === 'issues' || key === 'pull-requests') walkStale(walk, value);
    const asker = STALE_ADDERS[key];
    if (asker) recordLabels(walk, asker, value, key === 'labels-to-add-when-unstale');
  }
}

function walkRules(walk: Walk, rules: unknown): void {
  if (!isSeq(rules)) return;
  for (const rule of rules.items) {
    const fields = new Map(mapEntries(rule).map(([key, value]) => [key, value]));
    const id = fields.get('id');
    if (!isScalar(id) || typeof id.value !== 'string') continue;
    for (const [key, value] of mapEntries(fields.get('then')))
      if (key === 'add-labels') recordLabels(walk, `rule ${id.value}`, value, false);
  }
}

function parsed(text: string, file: string): { walk: Walk; root: unknown } {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter });
  return { walk: { file, counter, out: new Map() }, root: doc.contents };
}

/** The origins of a triage config's label adds (its rules' `add-labels`, the stale section's added labels). */
export function triageLabelOrigins(text: string, file: string): LabelOrigins {
  const { walk, root } = parsed(text, file);
  for (const [key, value] of mapEntries(root)) {
    if (key === 'rules') walkRules(walk, value);
    if (key === 'stale') walkStale(walk, value);
  }
  return walk.out;
}

/**
 * The origins of an actions/labeler file's labels: each label's key line, for the rule made of it (the labeler's
 * rules are named by the label's place in the file, `labeler-<n>`).
 */
export function labelerLabelOrigins(text: string, file: string): LabelOrigins {
  const { walk, root } = parsed(text, file);
  // v6's top-level options are not labels (labeler.ts numbers the labels alone).
  mapEntries(root)
    .filter(([label]) => label !== 'changed-files-labels-limit' && label !== 'max-files-changed')
    .forEach(([label, , key], index) => record(walk, `rule labeler-${index + 1}`, label, key));
  return walk.out;
}

/** Both sets of origins (the first wins where both name the same asker and label). */
export function mergedOrigins(first: LabelOrigins | undefined, second: LabelOrigins | undefined): LabelOrigins {
  return new Map([...(second ?? []), ...(first ?? [])]);
}

// Label files and repositories for the label-sync end-to-end tests, the bench and the demo.
import { stringify } from 'yaml';
import type { RepoSeed, Scenario } from '..';

export interface FileLabel {
  name: string;
  color: string;
  description?: string;
  aliases?: string[];
}

export interface SeedLabel {
  name: string;
  color: string;
  description?: string | null;
}

export const WORKFLOW_TOKEN = 'ghs_labelsync_workflow';
export const USER_TOKEN = 'ghp_labelsync_user';

export function labelFile(labels: FileLabel[], wrapped = true): string {
  return stringify(wrapped ? { labels } : labels);
}

/** A scenario with the given repositories (the first is the workflow's own), a workflow token and a user token. */
export function scenarioOf(repositories: RepoSeed[]): Scenario {
  return {
    tokens: {
      [WORKFLOW_TOKEN]: {
        kind: 'workflow',
        repositories: [`${repositories[0].owner}/${repositories[0].name}`],
        // Merging an alias relabels pull requests too, which needs `pull-requests: write` (emulator/item-permissions.ts).
        permissions: { issues: 'write', 'pull-requests': 'write', contents: 'read' },
      },
      [USER_TOKEN]: { kind: 'user', login: 'octo' },
    },
    repositories,
  };
}

/**
 * Scenario A of the issue: 60 labels in the file; the repository has 40 identical, 10 with another colour or description,
 * 3 under an alias, 2 not listed (prune on), 7 missing. Theoretical minimum: 1 list + 10 + 3 + 2 + 7 = 23 requests.
 */
export function scenarioA(): { file: FileLabel[]; labels: SeedLabel[]; minimum: { requests: number; writes: number } } {
  const file: FileLabel[] = [];
  const labels: SeedLabel[] = [];
  for (let i = 0; i < 40; i++) {
    // written in every accepted form: `#ABC`, upper case, with and without description
    const color = ['#D73A4A', 'd73a4a', '#abc', 'AABBCC'][i % 4];
    const stored = ['d73a4a', 'd73a4a', 'aabbcc', 'aabbcc'][i % 4];
    file.push({ name: `area: ${i}`, color, ...(i % 3 ? { description: `Area ${i}` } : {}) });
    labels.push({ name: `area: ${i}`, color: stored, description: i % 3 ? `Area ${i}` : i % 2 ? '' : null });
  }
  for (let i = 0; i < 10; i++) {
    file.push({ name: `kind: ${i}`, color: '0e8a16', description: `Kind ${i}` });
    labels.push({
      name: `kind: ${i}`,
      color: i < 5 ? 'ff0000' : '0e8a16',
      description: i < 5 ? `Kind ${i}` : 'stale text',
    });
  }
  for (let i = 0; i < 3; i++) {
    file.push({ name: `priority: ${i}`, color: 'fbca04', aliases: [`P${i}`, `prio-${i}`] });
    labels.push({ name: `prio-${i}`, color: 'fbca04', description: null });
  }
  labels.push({ name: 'stray one', color: 'ededed' }, { name: 'stray two', color: 'ededed' });
  for (let i = 0; i < 7; i++) file.push({ name: `new: ${i}`, color: '5319e7', description: `New ${i}` });
  return { file, labels, minimum: { requests: 23, writes: 22 } };
}

/**
 * Scenario D: an organisation base file of 40 labels read from `octo/.github` plus the repository's own file, which
 * overrides 5 of them (another colour) and adds 5; the repository has the 40 base labels. Theoretical minimum: 1 file
 * read + 1 list + 5 updates + 5 creates = 12 requests.
 */
export function scenarioD(): {
  base: FileLabel[];
  own: FileLabel[];
  labels: SeedLabel[];
  merged: FileLabel[];
  minimum: { requests: number; writes: number };
} {
  const base = Array.from({ length: 40 }, (_, i) => ({ name: `org: ${i}`, color: '1d76db', description: `Org ${i}` }));
  const own = [
    ...Array.from({ length: 5 }, (_, i) => ({ name: `org: ${i}`, color: 'b60205', description: `Here ${i}` })),
    ...Array.from({ length: 5 }, (_, i) => ({ name: `app: ${i}`, color: '0e8a16' })),
  ];
  const labels = base.map((l) => ({ ...l }));
  const merged = [...own.slice(0, 5), ...base.slice(5), ...own.slice(5)];
  return { base, own, labels, merged, minimum: { requests: 12, writes: 10 } };
}

/** Scenario C: 250 labels to create in an empty repository. */
export function scenarioC(): { file: FileLabel[]; minimum: { requests: number; writes: number } } {
  const file = Array.from({ length: 250 }, (_, i) => ({
    name: `bulk-${String(i).padStart(3, '0')}`,
    color: i % 2 ? 'c5def5' : 'bfd4f2',
  }));
  return { file, minimum: { requests: 251, writes: 250 } };
}

/** The repository's labels as name → `color|description`, for comparing with the file. */
export function labelMap(
  labels: readonly { name: string; color: string; description: string | null }[],
): Record<string, string> {
  // (GitHub keeps the case of a hex colour as sent; the case carries no meaning, so it is compared in lower case)
  return Object.fromEntries(labels.map((l) => [l.name, `${l.color.toLowerCase()}|${l.description ?? ''}`]));
}

export function expectedMap(file: readonly FileLabel[]): Record<string, string> {
  const hex = (c: string) => {
    const h = c.replace('#', '').toLowerCase();
    return h.length === 3 ? [...h].map((x) => x + x).join('') : h;
  };
  return Object.fromEntries(file.map((l) => [l.name, `${hex(l.color)}|${l.description ?? ''}`]));
}

/** A repository needing every kind of write: 2 updates, a case change, a rename, a merge of 2 carriers, 3 creates, 2 prunes. */
export function mixedScenario(): { seed: RepoSeed; file: FileLabel[] } {
  const seed: RepoSeed = {
    owner: 'octo',
    name: 'app',
    labels: [
      { name: 'bug', color: 'd73a4a', description: 'Something is broken' },
      { name: 'docs', color: 'ffffff' },
      { name: 'help', color: '008672', description: 'old text' },
      { name: 'QUESTION', color: 'd876e3' },
      { name: 'enhancement', color: 'a2eeef' },
      { name: 'defect', color: 'ff0000' },
      { name: 'stray', color: 'ededed' },
      { name: 'junk', color: 'ededed' },
    ],
    issues: [
      { title: 'A', labels: ['defect'] },
      { title: 'B', labels: ['bug', 'defect'], state: 'closed' },
      { title: 'C', labels: ['enhancement'] },
    ],
  };
  const file: FileLabel[] = [
    { name: 'bug', color: 'd73a4a', description: 'Something is broken', aliases: ['defect'] },
    { name: 'docs', color: '0075ca', description: 'Documentation' },
    { name: 'help', color: '008672', description: 'Extra attention is needed' },
    { name: 'question', color: 'D876E3' },
    { name: 'feature', color: '#a2eeef', aliases: ['enhancement'] },
    ...['one', 'two', 'three'].map((n) => ({ name: `new: ${n}`, color: '5319e7' })),
  ];
  return { seed, file };
}

import { describe, expect, it } from 'vitest';
import { planCost } from '../../../../src/kernel/plan';
import type { LabelSpec } from '../../../../src/actions/label-sync/domain/config';
import { excludeMatcher } from '../../../../src/actions/label-sync/domain/exclude';
import { type CurrentLabel, mergeSources, planLabels, type PlanOptions } from '../../../../src/actions/label-sync/plan';

const spec = (name: string, color: string, description = '', aliases: string[] = []): LabelSpec => ({
  name,
  color,
  description,
  aliases,
});
const label = (name: string, color: string, description: string | null = null): CurrentLabel => ({
  name,
  color,
  description,
});

function plan(
  specs: LabelSpec[],
  current: CurrentLabel[],
  options: Partial<Omit<PlanOptions, 'exclude'>> & { exclude?: string[] } = {},
) {
  return planLabels(specs, current, {
    repository: 'o/r',
    prune: options.prune ?? false,
    exclude: excludeMatcher(options.exclude ?? []),
    issuesWith: options.issuesWith,
  });
}

/** `kind subject` of each operation, in order. */
const summary = (p: ReturnType<typeof plan>) => p.operations.map((op) => `${op.kind} ${op.subject}`);

describe('planLabels: one label against the repository', () => {
  it.each([
    {
      what: 'identical',
      current: label('bug', 'd73a4a', 'Broken'),
      want: spec('bug', 'd73a4a', 'Broken'),
      ops: [],
      unchanged: ['bug'],
    },
    {
      what: 'matched case-insensitively and equal in case',
      current: label('bug', 'd73a4a'),
      want: spec('bug', 'd73a4a'),
      ops: [],
      unchanged: ['bug'],
    },
    {
      what: 'omitted description vs null',
      current: label('bug', 'd73a4a', null),
      want: spec('bug', 'd73a4a'),
      ops: [],
      unchanged: ['bug'],
    },
    {
      what: 'omitted description vs empty',
      current: label('bug', 'd73a4a', ''),
      want: spec('bug', 'd73a4a'),
      ops: [],
      unchanged: ['bug'],
    },
    {
      what: 'API colour in upper case',
      current: label('bug', 'D73A4A'),
      want: spec('bug', 'd73a4a'),
      ops: [],
      unchanged: ['bug'],
    },
    {
      what: 'change of case alone',
      current: label('bug', 'd73a4a'),
      want: spec('Bug', 'd73a4a'),
      ops: ['update Bug'],
      unchanged: [],
    },
    {
      what: 'another colour',
      current: label('bug', 'd73a4a'),
      want: spec('bug', 'ff0000'),
      ops: ['update bug'],
      unchanged: [],
    },
    {
      what: 'another description',
      current: label('bug', 'd73a4a', 'a'),
      want: spec('bug', 'd73a4a', 'b'),
      ops: ['update bug'],
      unchanged: [],
    },
    {
      what: 'description removed',
      current: label('bug', 'd73a4a', 'a'),
      want: spec('bug', 'd73a4a'),
      ops: ['update bug'],
      unchanged: [],
    },
    {
      what: 'absent',
      current: label('other', 'd73a4a'),
      want: spec('bug', 'd73a4a'),
      ops: ['create bug'],
      unchanged: [],
    },
  ])('$what', ({ current, want, ops, unchanged }) => {
    const p = plan([want], [current]);
    expect(summary(p)).toEqual(ops);
    expect(p.unchanged).toEqual(unchanged);
  });

  it('an update sends the wanted name, colour and description and says what differs', () => {
    const [op] = plan([spec('Bug', 'ff0000', 'Broken')], [label('bug', 'd73a4a', null)]).operations;
    expect(op.payload).toEqual({ kind: 'update', current: 'bug', name: 'Bug', color: 'ff0000', description: 'Broken' });
    expect(op.detail).toBe('name bug → Bug; color d73a4a → ff0000; description "" → "Broken"');
    expect(op.cost).toEqual({ requests: 1, writes: 1 });
    expect(op.target).toBe('o/r');
  });

  it('a create carries the normalised label', () => {
    const [op] = plan([spec('docs', 'aabbcc', 'Docs')], []).operations;
    expect(op.payload).toEqual({ kind: 'create', name: 'docs', color: 'aabbcc', description: 'Docs' });
    expect(op.cost).toEqual({ requests: 1, writes: 1 });
  });
});

describe('planLabels: aliases', () => {
  const issues = (map: Record<string, number[]>) => (name: string) => map[name];

  it('renames an alias when the new name is absent, in one request that also fixes colour and description', () => {
    const p = plan([spec('type: bug', 'ff0000', 'Broken', ['bug', 'defect'])], [label('Defect', 'd73a4a')]);
    expect(summary(p)).toEqual(['rename type: bug']);
    expect(p.operations[0].payload).toEqual({
      kind: 'rename',
      current: 'Defect',
      name: 'type: bug',
      color: 'ff0000',
      description: 'Broken',
    });
    expect(p.operations[0].detail).toMatch(/^rename Defect → type: bug \(its issues keep it\); color d73a4a → ff0000/);
    expect(p.operations[0].cost).toEqual({ requests: 1, writes: 1 });
  });

  it('merges an alias into a label that exists: every carrier gets the new label, then the alias goes; the cost shows it', () => {
    const p = plan([spec('bug', 'd73a4a', '', ['defect'])], [label('bug', 'd73a4a'), label('defect', 'eeeeee')], {
      issuesWith: issues({ defect: [3, 7, 9] }),
    });
    expect(summary(p)).toEqual(['merge bug']);
    expect(p.operations[0].payload).toEqual({ kind: 'merge', current: 'defect', into: 'bug', issues: [3, 7, 9] });
    expect(p.operations[0].cost).toEqual({ requests: 5, writes: 4 });
    expect(p.operations[0].detail).toBe('merge defect: 3 issues/pull requests get bug, then defect is deleted');
    expect(p.unchanged).toEqual(['bug']);
  });

  it('a merge of an alias nobody carries costs only the delete', () => {
    const p = plan([spec('bug', 'd73a4a', '', ['defect'])], [label('bug', 'd73a4a'), label('defect', 'eeeeee')], {
      issuesWith: issues({ defect: [] }),
    });
    expect(p.operations[0].cost).toEqual({ requests: 1, writes: 1 });
  });

  it('renames the first alias present and merges the others into it, after the rename', () => {
    const current = [label('old2', '111111'), label('old1', '222222'), label('unrelated', '333333')];
    const specs = [spec('new', 'ffffff', '', ['old1', 'old2'])];
    expect(mergeSources(specs, current, excludeMatcher([]))).toEqual(['old2']);
    const p = plan(specs, current, { issuesWith: issues({ old2: [1] }) });
    expect(summary(p)).toEqual(['rename new', 'merge new']);
    expect(p.operations[0].payload).toMatchObject({ current: 'old1' });
    expect(p.operations[1].payload).toMatchObject({ current: 'old2', into: 'new' });
    expect(p.unmanaged).toEqual(['unrelated']);
  });

  it('matches aliases case-insensitively', () => {
    const p = plan([spec('bug', 'd73a4a', '', ['Defect'])], [label('DEFECT', 'd73a4a')]);
    expect(p.operations[0].payload).toMatchObject({ kind: 'rename', current: 'DEFECT', name: 'bug' });
  });

  it('never merges a label into itself through an alias equal to its name in another case', () => {
    const p = plan([spec('Bug', 'd73a4a', '', ['bug'])], [label('bug', 'd73a4a')], { prune: true });
    expect(summary(p)).toEqual(['update Bug']);
    expect(mergeSources([spec('Bug', 'd73a4a', '', ['bug'])], [label('bug', 'd73a4a')], excludeMatcher([]))).toEqual(
      [],
    );
  });

  it('creates the label when neither it nor an alias exists', () => {
    expect(summary(plan([spec('bug', 'd73a4a', '', ['defect'])], []))).toEqual(['create bug']);
  });

  it('needs the issues of every merged alias', () => {
    expect(() =>
      plan([spec('bug', 'd73a4a', '', ['defect'])], [label('bug', 'd73a4a'), label('defect', 'eeeeee')]),
    ).toThrow(/defect.*not listed/);
  });

  it('never prunes an alias', () => {
    const p = plan([spec('bug', 'd73a4a', '', ['defect'])], [label('defect', 'd73a4a')], { prune: true });
    expect(summary(p)).toEqual(['rename bug']);
  });
});

describe('planLabels: prune and exclude', () => {
  const current = [
    label('bug', 'd73a4a'),
    label('wontfix', 'ffffff'),
    label('Priority: high', 'ff0000'),
    label('stale', 'eeeeee'),
  ];
  const specs = [spec('bug', 'd73a4a')];

  it('keeps labels the file does not list when prune is off (the default)', () => {
    const p = plan(specs, current);
    expect(p.operations).toEqual([]);
    expect(p.unmanaged).toEqual(['wontfix', 'Priority: high', 'stale']);
  });

  it('deletes them when prune is on', () => {
    const p = plan(specs, current, { prune: true });
    expect(summary(p)).toEqual(['delete wontfix', 'delete Priority: high', 'delete stale']);
    expect(p.operations.every((op) => op.cost.writes === 1)).toBe(true);
  });

  it('never deletes an excluded label (globs match case-insensitively)', () => {
    const p = plan(specs, current, { prune: true, exclude: ['priority*', 'WONTFIX'] });
    expect(summary(p)).toEqual(['delete stale']);
    expect(p.excluded).toEqual(['wontfix', 'Priority: high']);
  });

  it('never updates, creates or renames into an excluded label', () => {
    const p = plan([spec('bug', 'ff0000'), spec('new', 'ffffff'), spec('renamed', 'ffffff', '', ['stale'])], current, {
      exclude: ['bug', 'new', 'renamed'],
    });
    expect(p.operations).toEqual([]);
    expect(p.excluded).toEqual(['bug', 'new', 'renamed', 'stale']);
  });

  it('never renames or merges an excluded alias, and never creates the label beside it (as crazy-max)', () => {
    const p = plan([spec('defect', 'ffffff', '', ['stale'])], current, { exclude: ['stale'], prune: true });
    expect(summary(p)).toEqual(['delete bug', 'delete wontfix', 'delete Priority: high']);
    expect(p.excluded).toEqual(['stale']);
    expect(mergeSources([spec('bug', 'd73a4a', '', ['stale'])], current, excludeMatcher(['stale']))).toEqual([]);
  });

  it('a label that exists keeps its excluded alias beside it and is still brought in line', () => {
    const p = plan([spec('bug', 'ff0000', '', ['stale'])], current, { exclude: ['stale'] });
    expect(summary(p)).toEqual(['update bug']);
    expect(p.excluded).toEqual(['stale']);
  });

  it('an excluded alias holds back the other aliases too: nothing is renamed into the label', () => {
    const p = plan([spec('defect', 'ffffff', '', ['wontfix', 'stale'])], current, { exclude: ['stale'] });
    expect(summary(p)).toEqual([]);
    expect(p.excluded).toEqual(['wontfix', 'stale']);
    expect(
      mergeSources([spec('defect', 'ffffff', '', ['wontfix', 'stale'])], current, excludeMatcher(['stale'])),
    ).toEqual([]);
  });
});

describe('planLabels: scenario A of the issue', () => {
  // 60 labels in the file; the repository has 40 identical, 10 with another colour or description, 3 under an alias,
  // 2 not listed (prune on), 7 missing: 22 writes.
  const specs: LabelSpec[] = [];
  const current: CurrentLabel[] = [];
  for (let i = 0; i < 40; i++) {
    specs.push(spec(`same-${i}`, 'abcdef', i % 2 ? `desc ${i}` : ''));
    current.push(label(`same-${i}`, 'ABCDEF', i % 2 ? `desc ${i}` : null));
  }
  for (let i = 0; i < 10; i++) {
    specs.push(spec(`changed-${i}`, '00ff00', 'new'));
    current.push(label(`changed-${i}`, i < 5 ? 'ff0000' : '00ff00', i < 5 ? 'new' : 'old'));
  }
  for (let i = 0; i < 3; i++) {
    specs.push(spec(`renamed-${i}`, '0000ff', '', [`old-${i}`]));
    current.push(label(`old-${i}`, '0000ff'));
  }
  current.push(label('stray-1', '000000'), label('stray-2', '000000'));
  for (let i = 0; i < 7; i++) specs.push(spec(`missing-${i}`, 'cccccc'));

  it('plans 22 writes: 3 renames, 10 updates, 7 creates, 2 deletes', () => {
    const p = plan(specs, current, { prune: true });
    const kinds = p.operations.map((op) => op.kind);
    expect(kinds.filter((k) => k === 'rename')).toHaveLength(3);
    expect(kinds.filter((k) => k === 'update')).toHaveLength(10);
    expect(kinds.filter((k) => k === 'create')).toHaveLength(7);
    expect(kinds.filter((k) => k === 'delete')).toHaveLength(2);
    expect(planCost(p.operations)).toEqual({ requests: 22, writes: 22 });
    expect(p.unchanged).toHaveLength(40);
  });

  it('plans nothing once applied', () => {
    const after: CurrentLabel[] = specs.map((s) => label(s.name, s.color.toUpperCase(), s.description || null));
    const p = plan(specs, after, { prune: true });
    expect(p.operations).toEqual([]);
    expect(p.unchanged).toHaveLength(60);
  });
});

describe('planLabels: a description the file leaves out', () => {
  const omitted = (name: string, color: string, aliases: string[] = []): LabelSpec => ({ name, color, aliases });

  it('is never compared: a label whose colour is in line is unchanged whatever its description', () => {
    const p = plan([omitted('bug', 'd73a4a')], [label('bug', 'd73a4a', 'Written by hand')]);
    expect(p.operations).toEqual([]);
    expect(p.unchanged).toEqual(['bug']);
  });

  it('is never sent: an update, a rename and a create carry no description', () => {
    const p = plan(
      [omitted('bug', 'd73a4a'), omitted('feature', 'a2eeef', ['enhancement']), omitted('new', 'ffffff')],
      [label('bug', 'ffffff', 'kept'), label('enhancement', 'a2eeef', 'kept too')],
    );
    expect(summary(p)).toEqual(['rename feature', 'update bug', 'create new']);
    for (const op of p.operations) expect(op.payload).not.toHaveProperty('description');
    expect(p.operations.map((op) => op.detail)).toEqual([
      'rename enhancement → feature (its issues keep it)',
      'color ffffff → d73a4a',
      'color ffffff',
    ]);
  });

  it('an empty description clears one that is set', () => {
    const p = plan([spec('bug', 'd73a4a', '')], [label('bug', 'd73a4a', 'old')]);
    expect(p.operations.map((op) => op.detail)).toEqual(['description "old" → ""']);
    expect(p.operations[0]!.payload).toMatchObject({ description: '' });
  });
});

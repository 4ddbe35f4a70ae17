// Fragments in the GraphQL documents: a document is sent with the definitions of the fragments it spreads and
// priced with them expanded; the generated modules build the answer's shape from each fragment's fields, and that
// shape checks an answer exactly as the fully expanded one does; an area spreads only its own and the shared
// (src/github/graphql/queries) fragments.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { publishedSchema } from '../../../../tools/graphql/schema';
import { compileDocument, fragmentsOf, type FragmentSource } from '../../../../tools/graphql/compile';
import { documentFolders, renderFolder, ROOT } from '../../../../tools/graphql/documents';
import type { AnswerShape } from '../../../../src/github/graphql/document';
import { shapeProblem } from '../../../../src/github/graphql/shape';
import { triageDetails, triageItem, triageOpenPulls } from '../../../../src/actions/triage/queries/documents';

const schema = publishedSchema();
const bounds = '# max-points: 2\n# max-nodes: 100000\n';

function scopeOf(text: string): Map<string, FragmentSource> {
  return new Map(fragmentsOf('f.graphql', '/f', text)!.map((f) => [f.name, f]));
}

describe('a document with fragments', () => {
  const scope = scopeOf(`
fragment Who on Actor { __typename login }
fragment Commented on IssueCommentConnection { totalCount nodes { body author { ...Who } } }
`);
  const spread = `${bounds}query A($o: String!, $n: String!) {
  repository(owner: $o, name: $n) { issues(first: 100) { nodes { comments(last: 30) { ...Commented } } } }
}`;
  const inline = `${bounds}query A($o: String!, $n: String!) {
  repository(owner: $o, name: $n) { issues(first: 100) { nodes { comments(last: 30) {
    totalCount nodes { body author { __typename login } } } } } }
}`;

  it('is sent with the definitions of every fragment it spreads, directly or through another', () => {
    const doc = compileDocument(schema, 'a.graphql', spread, scope);
    expect(doc.fragments).toEqual(['Commented', 'Who']);
    expect(doc.text).toContain('fragment Commented on IssueCommentConnection');
    expect(doc.text).toContain('fragment Who on Actor');
    expect(doc.text.startsWith(spread)).toBe(true);
  });

  it('costs what the same selection written in place costs (GitHub counts the expanded query)', () => {
    const withFragments = compileDocument(schema, 'a.graphql', spread, scope);
    const written = compileDocument(schema, 'a.graphql', inline);
    // 1 + 100 requests → 1 point; 100 issues + 100 × 30 comments.
    expect([withFragments.points, withFragments.nodes]).toEqual([1, 3100]);
    expect([withFragments.points, withFragments.nodes]).toEqual([written.points, written.nodes]);
    expect(withFragments.shape).toEqual(written.shape);
  });

  it('names the fragments in its type and shape code instead of repeating them', () => {
    const doc = compileDocument(schema, 'a.graphql', spread, scope);
    expect(doc.dataType).toContain('CommentedFragment');
    expect(doc.shapeCode).toContain('object(commentedFragment.fields)');
  });

  it('merges a key selected twice into one shape, in its code too', () => {
    const doc = compileDocument(schema, 'a.graphql', `${bounds}query A { viewer { login } viewer { name } }`);
    expect(doc.shapeCode).toBe(
      'object({ viewer: object({ login: scalar("string"), name: nullable(scalar("string")) }) })',
    );
  });

  it('is refused when it spreads a fragment not in scope, or defines one itself', () => {
    expect(() => compileDocument(schema, 'a.graphql', spread)).toThrow(/Unknown fragment "Commented"/);
    expect(() => compileDocument(schema, 'a.graphql', `${spread}\nfragment X on Actor { login }`, scope)).toThrow(
      /fragments are written in a file of their own/,
    );
  });
});

/** Every answer that differs from `answer` by one field missing or of the wrong type, rebuilt from the root. */
function* mutations(answer: unknown, path: string[] = []): Generator<{ at: string; value: unknown }> {
  if (answer === null || typeof answer !== 'object') return;
  const entries = Array.isArray(answer) ? answer.map((v, i) => [String(i), v] as const) : Object.entries(answer);
  for (const [key, child] of entries) {
    const at = [...path, key].join('.');
    const replace = (value: unknown) => {
      // An array's copy is indexed by the same string keys.
      const copy = (Array.isArray(answer) ? [...(answer as unknown[])] : { ...answer }) as Record<string, unknown>;
      if (value === undefined) delete copy[key];
      else copy[key] = value;
      return copy;
    };
    if (!Array.isArray(answer)) yield { at: `${at} missing`, value: replace(undefined) };
    if (child === null || typeof child !== 'object') yield { at: `${at} mistyped`, value: replace([]) };
    for (const inner of mutations(child, [...path, key])) yield { at: inner.at, value: replace(inner.value) };
  }
}

const actor = (login: string, type = 'User') => ({ __typename: type, login });
const when = '2026-11-01T00:00:00Z';
const commonFields = {
  id: 'I_1',
  updatedAt: when,
  number: 7,
  body: 'text',
  createdAt: when,
  authorAssociation: 'NONE',
  author: actor('octocat'),
  locked: false,
  labels: { totalCount: 1, nodes: [{ name: 'bug' }] },
  title: 'A title',
  milestone: { title: 'v1' },
  assignees: { totalCount: 1, nodes: [{ login: 'hubot' }] },
  comments: {
    totalCount: 1,
    nodes: [{ body: 'hi', createdAt: when, updatedAt: when, author: actor('triage', 'Bot'), viewerDidAuthor: true }],
  },
  timelineItems: {
    totalCount: 2,
    nodes: [
      { __typename: 'LabeledEvent', createdAt: when, actor: actor('triage', 'Bot'), label: { name: 'stale' } },
      { __typename: 'UnlabeledEvent', createdAt: when, actor: null, label: { name: 'stale' } },
    ],
  },
};
const pullFields = {
  isDraft: false,
  headRefName: 'topic',
  baseRefName: 'main',
  headRepository: { nameWithOwner: 'o/r' },
  additions: 1,
  deletions: 2,
  files: { totalCount: 1, nodes: [{ path: 'a.ts', changeType: 'MODIFIED' }] },
};
const budget = { rateLimit: { cost: 1, limit: 1000, remaining: 999, resetAt: when } };

describe('the generated answer shapes, built from the fragments', () => {
  const compiled = (async () => {
    const triage = documentFolders().find((f) => f.folder.endsWith(join('triage', 'queries')))!;
    const { docs } = await renderFolder(triage.folder, triage.files);
    return new Map(docs.map(({ doc }) => [doc.name, doc.shape]));
  })();

  const cases: { name: string; generated: AnswerShape; answer: Record<string, unknown> }[] = [
    {
      name: 'TriageItem (an issue)',
      generated: triageItem.shape,
      answer: {
        ...budget,
        repository: { issueOrPullRequest: { __typename: 'Issue', ...commonFields, state: 'OPEN' } },
      },
    },
    {
      name: 'TriageItem (a pull request)',
      generated: triageItem.shape,
      answer: {
        ...budget,
        repository: {
          issueOrPullRequest: { __typename: 'PullRequest', ...commonFields, ...pullFields, pullState: 'MERGED' },
        },
      },
    },
    {
      name: 'TriageDetails',
      generated: triageDetails.shape,
      answer: { ...budget, nodes: [{ __typename: 'PullRequest', ...commonFields, ...pullFields }, null] },
    },
    {
      name: 'TriageOpenPulls',
      generated: triageOpenPulls.shape,
      answer: {
        ...budget,
        repository: {
          pullRequests: {
            pageInfo: { hasNextPage: false, endCursor: null },
            nodes: [{ __typename: 'PullRequest', ...commonFields, ...pullFields, state: 'OPEN' }],
          },
        },
      },
    },
  ];

  for (const { name, generated, answer } of cases) {
    it(`${name}: accept a whole answer and refuse every answer with a field missing or mistyped, as the expanded shape does`, async () => {
      const expanded = (await compiled).get(name.split(' ')[0])!;
      expect(shapeProblem(generated, answer)).toBeUndefined();
      expect(shapeProblem(expanded, answer)).toBeUndefined();
      let checked = 0;
      for (const { at, value } of mutations(answer)) {
        const byExpanded = shapeProblem(expanded, value);
        // A field the document does not select (the answer above has a few more than some documents read).
        if (byExpanded === undefined) continue;
        expect(shapeProblem(generated, value), at).toBeDefined();
        checked++;
      }
      expect(checked).toBeGreaterThan(40);
      // And the generated shape refuses nothing the expanded one accepts.
      for (const { at, value } of mutations(answer))
        if (shapeProblem(expanded, value) === undefined) expect(shapeProblem(generated, value), at).toBeUndefined();
    });
  }
});

describe('the fragments under src/*/queries', () => {
  it('are each spread by some document (none written for nothing)', async () => {
    const defined: string[] = [];
    const spread = new Set<string>();
    for (const { folder, files } of documentFolders()) {
      for (const file of files)
        defined.push(...(fragmentsOf(file, folder, readFileSync(join(folder, file), 'utf8')) ?? []).map((f) => f.name));
      const { docs } = await renderFolder(folder, files);
      for (const { doc } of docs) doc.fragments.forEach((name) => spread.add(name));
    }
    expect(defined.length).toBeGreaterThan(0);
    expect(defined.filter((name) => !spread.has(name))).toEqual([]);
  }, 60_000);
});

describe('the fragments an area may spread', () => {
  const root = mkdtempSync(join(tmpdir(), 'graphql-fragments-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('.prettierrc.json', readFileSync(join(ROOT, '.prettierrc.json'), 'utf8'));
  write('src/github/graphql/queries/shared.graphql', 'fragment Who on Actor {\n  __typename\n  login\n}\n');
  write(
    'src/b/queries/events.graphql',
    'fragment Put on LabeledEvent {\n  createdAt\n  actor {\n    ...Who\n  }\n}\n\n' +
      'fragment Taken on UnlabeledEvent {\n  createdAt\n  actor {\n    ...Who\n  }\n}\n',
  );
  write(
    'src/b/queries/events-doc.graphql',
    `${bounds}query Events($id: ID!) {\n  node(id: $id) {\n    __typename\n    ...Put\n    ...Taken\n  }\n}\n`,
  );
  write('src/a/queries/other.graphql', `${bounds}query Other($id: ID!) {\n  node(id: $id) {\n    ...Put\n  }\n}\n`);
  const render = (area: string, files: string[]) =>
    renderFolder(join(root, 'src', area, 'queries'), files, schema, root);

  it('its own and the shared ones: the module imports the shared fragment from src/github/graphql/queries, names equal selections once', async () => {
    const { module, docs } = await render('b', ['events-doc.graphql', 'events.graphql']);
    expect(docs.map(({ doc }) => doc.fragments)).toEqual([['Put', 'Who', 'Taken']]);
    expect(module).toContain("import { whoFragment, type WhoFragment } from '../../github/graphql/queries/documents';");
    // Taken selects what Put selects (on another type): one type and one set of fields for both.
    expect(module).toMatch(/export const takenFragment = \{\s*\.\.\.putFragment,\s*text:/);
    expect(module).not.toContain('export type TakenFragment');
    expect(module).toContain('{ LabeledEvent: { ...putFragment.fields }, UnlabeledEvent: { ...putFragment.fields } }');
  });

  it("never another area's", async () => {
    await expect(render('a', ['other.graphql'])).rejects.toThrow(/Unknown fragment "Put"/);
  });

  it('each name defined once', async () => {
    write('src/c/queries/who.graphql', 'fragment Who on User {\n  login\n}\n');
    await expect(render('c', ['who.graphql'])).rejects.toThrow(/fragment Who is also defined in/);
  });
});

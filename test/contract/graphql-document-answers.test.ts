// The answers of the actions' GraphQL documents, sent as the client sends them (each with its fragments'
// definitions), fit the shapes generated for them: the emulator answers from GitHub's published schema, so a
// document whose generated shape refused a real answer, or whose text lacked a fragment, fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator/index';
import { call } from '../../emulator/request';
import type { GraphqlDocument } from '../../src/github/client';
import { shapeProblem } from '../../src/github/graphql/shape';
import { flattenEntries, type GqlTreeEntry } from '../../src/actions/commit-files/domain/graphql-tree';
import { commitFilesBranch, commitFilesTree } from '../../src/actions/commit-files/queries/documents';
import { labelList } from '../../src/actions/label-sync/queries/documents';
import {
  triageDetails,
  triageItem,
  triageLabels,
  triageOpenIssues,
  triageOpenPulls,
} from '../../src/actions/triage/queries/documents';
import { octoAppScenario } from '../emulator/octo-app-scenario';

let emu: Emulator;
beforeAll(async () => {
  // Files in the root, six folders down (the last level read) and eight down (in a folder read again).
  const deep = { 'top.txt': 'top\n', '1/2/3/4/5/6/six.txt': 'six\n', '1/2/3/4/5/6/7/8/eight.txt': 'eight\n' };
  emu = await createEmulator(octoAppScenario({ deep }), { latencyMs: 0 });
});
afterAll(() => emu.close());

async function answer<D, V>(document: GraphqlDocument<D, V>, variables: V): Promise<Record<string, unknown>> {
  const r = await call(emu.apiUrl, 'POST', '/graphql', { token: 'wf', body: { query: document.text, variables } });
  expect(r.status).toBe(200);
  const body = r.body as { data?: Record<string, unknown>; errors?: unknown };
  expect(body.errors).toBeUndefined();
  expect(shapeProblem(document.shape, body.data)).toBeUndefined();
  return body.data!;
}

const repo = { owner: 'octo', name: 'app' };

describe("the documents' answers fit their generated shapes", () => {
  it('label-sync: the label list (the shared label page)', async () => {
    const data = await answer(labelList, { ...repo, after: null });
    expect(JSON.stringify(data)).toContain('Something is wrong');
  });

  it('commit-files: the branch with its tree seven levels deep, then a folder below them by its oid', async () => {
    const branch = await answer(commitFilesBranch, { ...repo, qualifiedName: 'refs/heads/deep', checkout: 'deep' });
    const tree = (branch as { repository: { ref: { target: { tree: { entries: GqlTreeEntry[] } } } } }).repository.ref
      .target.tree;
    // A blob answers its __typename only: `... on Tree` selects nothing of it.
    expect(tree.entries.find((e) => e.name === 'top.txt')?.object).toEqual({ __typename: 'Blob' });
    const flat = flattenEntries(tree.entries, '');
    // A branch starts from the default branch's files (a.txt).
    expect([...flat.files.keys()].sort()).toEqual(['1/2/3/4/5/6/six.txt', 'a.txt', 'top.txt']);
    expect(flat.unread.map((f) => f.path)).toEqual(['1/2/3/4/5/6/7']);
    const below = await answer(commitFilesTree, { ...repo, oid: flat.unread[0].oid });
    const folder = (below as { repository: { object: { __typename: string; entries: GqlTreeEntry[] } } }).repository
      .object;
    expect(folder.__typename).toBe('Tree');
    expect([...flattenEntries(folder.entries, '1/2/3/4/5/6/7').files.keys()]).toEqual(['1/2/3/4/5/6/7/8/eight.txt']);
  });

  it('triage: the open issues and pull requests, their details, one item of each kind, the label names', async () => {
    const issues = await answer(triageOpenIssues, { ...repo, after: null });
    const pulls = await answer(triageOpenPulls, { ...repo, after: null });
    const ids = [issues, pulls].flatMap((page) => JSON.stringify(page).match(/"id":"[^"]+"/g) ?? []);
    expect(ids).toHaveLength(2);
    const details = await answer(triageDetails, { ids: ids.map((id) => id.slice(6, -1)) });
    expect(JSON.stringify(details)).toContain('"__typename":"LabeledEvent"');
    expect(JSON.stringify(details)).toContain('"path":"b.md"');
    const issue = await answer(triageItem, { ...repo, number: 1 });
    expect(JSON.stringify(issue)).toContain('"state":"OPEN"');
    const pull = await answer(triageItem, { ...repo, number: 3 });
    expect(JSON.stringify(pull)).toContain('"pullState":"OPEN"');
    await answer(triageLabels, { ...repo, after: null });
  });
});

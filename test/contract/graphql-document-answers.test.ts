// The answers of the actions' GraphQL documents, sent as the client sends them (each with its fragments'
// definitions), fit the shapes generated for them: the emulator answers from GitHub's published schema, so a
// document whose generated shape refused a real answer, or whose text lacked a fragment, fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator/index';
import { call } from '../../emulator/request';
import type { Scenario } from '../../emulator/types';
import type { GraphqlDocument } from '../../src/client';
import { shapeProblem } from '../../src/client/graphql/shape';
import { labelList } from '../../src/label-sync/queries/documents';
import {
  triageDetails,
  triageItem,
  triageLabels,
  triageOpenIssues,
  triageOpenPulls,
} from '../../src/triage/queries/documents';

const scenario: Scenario = {
  tokens: {
    wf: {
      kind: 'workflow',
      repositories: ['octo/app'],
      permissions: { issues: 'read', 'pull-requests': 'read', contents: 'read' },
    },
  },
  repositories: [
    {
      owner: 'octo',
      name: 'app',
      labels: [
        { name: 'bug', color: 'd73a4a', description: 'Something is wrong' },
        { name: 'stale', color: 'ededed' },
      ],
      milestones: [{ number: 1, title: 'v2' }],
      collaborators: { mona: 'write' },
      branches: { main: { 'a.txt': 'one\n' }, topic: { 'a.txt': 'one\ntwo\n', 'b.md': 'new\n' } },
      issues: [
        {
          title: 'Crash',
          user: 'rita',
          labels: ['bug', 'stale'],
          assignees: ['mona'],
          milestone: 'v2',
          createdAt: '2026-01-01T00:00:00Z',
          updatedAt: '2026-01-05T00:00:00Z',
          comments: [
            { body: 'same here', user: 'mona', createdAt: '2026-01-02T00:00:00Z' },
            { body: 'Marked stale.', user: 'github-actions[bot]', viaApp: 15368, createdAt: '2026-01-03T00:00:00Z' },
          ],
          labelEvents: [{ label: 'stale', actor: 'github-actions[bot]', createdAt: '2026-01-03T00:00:00Z' }],
        },
        { title: 'Add b', user: 'mona', pull: { head: 'topic', draft: true }, createdAt: '2026-01-02T00:00:00Z' },
      ],
    },
  ],
};

let emu: Emulator;
beforeAll(async () => {
  emu = await createEmulator(scenario, { latencyMs: 0 });
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
    const pull = await answer(triageItem, { ...repo, number: 2 });
    expect(JSON.stringify(pull)).toContain('"pullState":"OPEN"');
    await answer(triageLabels, { ...repo, after: null });
  });
});

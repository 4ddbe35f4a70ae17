// The emulator's `Ref.compare(headRef:)` and `Repository.isEmpty` over the same state as REST's compare: the ref is
// the base, the head a branch, a tag or a commit id; the counts and status agree with `GET /compare/{base}...{head}`
// seen from the same side; a head that does not resolve gives null.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator/index';
import { call } from '../../emulator/request';
import type { Scenario } from '../../emulator/types';

const scenario: Scenario = {
  tokens: { wf: { kind: 'workflow', repositories: ['octo/app', 'octo/empty'], permissions: { contents: 'read' } } },
  repositories: [
    { owner: 'octo', name: 'app', branches: { main: { 'README.md': 'hello\n' } } },
    { owner: 'octo', name: 'empty' },
  ],
};

let emu: Emulator;
let first: string;
let second: string;

beforeAll(async () => {
  emu = await createEmulator(scenario);
  first = emu.state.branchSha('octo/app', 'main')!;
  second = emu.state.commitFiles('octo/app', 'main', { 'a.txt': 'a\n' }, 'Second', 'mona');
  emu.state.commitFiles('octo/app', 'main', { 'b.txt': 'b\n' }, 'Third', 'mona');
});
afterAll(async () => {
  await emu.close();
});

const compare = async (headRef: string) => {
  const query = `query C($head: String!) {
    repository(owner: "octo", name: "app") {
      isEmpty
      ref(qualifiedName: "refs/heads/main") { compare(headRef: $head) { status aheadBy behindBy } }
    }
  }`;
  const r = await call(emu.apiUrl, 'POST', '/graphql', { token: 'wf', body: { query, variables: { head: headRef } } });
  const body = r.body as { data: any; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data.repository as { isEmpty: boolean; ref: { compare: unknown } };
};

describe('Ref.compare and Repository.isEmpty', () => {
  it.each([
    {
      what: 'an older commit: the head is behind the ref',
      head: () => first,
      expected: { status: 'BEHIND', aheadBy: 0, behindBy: 2 },
    },
    { what: 'a commit one back', head: () => second, expected: { status: 'BEHIND', aheadBy: 0, behindBy: 1 } },
    { what: 'the branch itself', head: () => 'main', expected: { status: 'IDENTICAL', aheadBy: 0, behindBy: 0 } },
  ])('$what', async ({ head, expected }) => {
    const answer = await compare(head());
    expect(answer.isEmpty).toBe(false);
    expect(answer.ref.compare).toEqual(expected);
  });

  it('agrees with REST compare seen from the same side', async () => {
    const rest = await call(emu.apiUrl, 'GET', `/repos/octo/app/compare/main...${first}`, { token: 'wf' });
    const body = rest.body as { status: string; ahead_by: number; behind_by: number };
    expect((await compare(first)).ref.compare).toEqual({
      status: body.status.toUpperCase(),
      aheadBy: body.ahead_by,
      behindBy: body.behind_by,
    });
  });

  it('a head that does not resolve: null, as the schema allows ("if the comparison can be made")', async () => {
    expect((await compare('f'.repeat(40))).ref.compare).toBeNull();
  });

  it('a repository without any branch is empty', async () => {
    // A seeded repository starts with a commit on its default branch: take the branch away.
    emu.state.repo('octo/empty')!.refs.delete('refs/heads/main');
    const r = await call(emu.apiUrl, 'POST', '/graphql', {
      token: 'wf',
      body: {
        query:
          '{ repository(owner: "octo", name: "empty") { isEmpty ref(qualifiedName: "refs/heads/main") { name } } }',
      },
    });
    expect((r.body as { data: any }).data.repository).toEqual({ isEmpty: true, ref: null });
  });
});

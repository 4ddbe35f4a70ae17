// The emulator's GraphQL view of issues and pull requests agrees with its REST view of the same repository:
// labels, assignees, milestone, author (a bot without REST's `[bot]`), comments, label events, a pull request's
// branches, size and changed files; and what it does not model fails loudly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator/index';
import { call } from '../../emulator/request';
import { octoAppScenario } from './octo-app-scenario';

let emu: Emulator;
beforeAll(async () => {
  emu = await createEmulator(octoAppScenario(), { latencyMs: 0 });
});
afterAll(() => emu.close());

const rest = async (path: string) => {
  const r = await call(emu.apiUrl, 'GET', path, { token: 'wf' });
  expect(r.status).toBe(200);
  return r.body as never;
};

async function graphql(query: string, variables: Record<string, unknown> = {}) {
  const r = await call(emu.apiUrl, 'POST', '/graphql', { token: 'wf', body: { query, variables } });
  expect(r.status).toBe(200);
  return r.body as { data?: any; errors?: { type?: string; message: string }[] };
}

const ITEM = `query($number: Int!) {
  repository(owner: "octo", name: "app") {
    issueOrPullRequest(number: $number) {
      __typename
      ... on Issue {
        id number title state locked updatedAt authorAssociation
        author { __typename login }
        milestone { title }
        labels(first: 10) { totalCount nodes { name } }
        assignees(first: 10) { nodes { login } }
        comments(last: 10) { totalCount nodes { body createdAt author { __typename login } } }
        timelineItems(itemTypes: [LABELED_EVENT, UNLABELED_EVENT], last: 10) {
          nodes { __typename ... on LabeledEvent { createdAt actor { login } label { name } } }
        }
      }
      ... on PullRequest {
        id number isDraft headRefName baseRefName additions deletions
        headRepository { nameWithOwner }
        files(first: 10) { nodes { path additions deletions changeType } }
      }
    }
  }
}`;

describe('GraphQL issues agree with REST', () => {
  it('an issue: fields, labels, assignees, milestone, author, comments and label events', async () => {
    const issue: any = await rest('/repos/octo/app/issues/1');
    const comments: any[] = await rest('/repos/octo/app/issues/1/comments');
    const events: any[] = await rest('/repos/octo/app/issues/1/events');
    const { data, errors } = await graphql(ITEM, { number: 1 });
    expect(errors).toBeUndefined();
    const node = data.repository.issueOrPullRequest;
    expect(node).toMatchObject({
      __typename: 'Issue',
      id: issue.node_id,
      number: 1,
      title: issue.title,
      state: 'OPEN',
      locked: issue.locked,
      updatedAt: issue.updated_at,
      authorAssociation: issue.author_association,
      author: { __typename: 'User', login: issue.user.login },
      milestone: { title: issue.milestone.title },
    });
    expect(node.labels.nodes.map((l: any) => l.name)).toEqual(issue.labels.map((l: any) => l.name));
    expect(node.assignees.nodes.map((a: any) => a.login)).toEqual(issue.assignees.map((a: any) => a.login));
    expect(node.comments.totalCount).toBe(comments.length);
    expect(
      node.comments.nodes.map((c: any) => [
        c.body,
        c.createdAt,
        c.author.__typename === 'Bot' ? `${c.author.login}[bot]` : c.author.login,
      ]),
    ).toEqual(comments.map((c) => [c.body, c.created_at, c.user.login]));
    // The bot: `github-actions` in GraphQL, `github-actions[bot]` in REST.
    expect(node.comments.nodes[1].author).toEqual({ __typename: 'Bot', login: 'github-actions' });
    expect(
      node.timelineItems.nodes.map((e: any) => [e.__typename, e.label.name, e.createdAt, `${e.actor.login}[bot]`]),
    ).toEqual(events.map((e) => ['LabeledEvent', e.label.name, e.created_at, e.actor.login]));
  });

  it('a pull request: draft, branches, size and changed files as the pulls API gives them', async () => {
    const pull: any = await rest('/repos/octo/app/pulls/3');
    const files: any[] = await rest('/repos/octo/app/pulls/3/files');
    const { data, errors } = await graphql(ITEM, { number: 3 });
    expect(errors).toBeUndefined();
    const node = data.repository.issueOrPullRequest;
    expect(node).toMatchObject({
      __typename: 'PullRequest',
      id: pull.node_id,
      isDraft: pull.draft,
      headRefName: pull.head.ref,
      baseRefName: pull.base.ref,
      additions: pull.additions,
      deletions: pull.deletions,
      headRepository: { nameWithOwner: pull.head.repo.full_name },
    });
    expect(node.files.nodes.map((f: any) => [f.path, f.additions, f.deletions, f.changeType])).toEqual(
      files.map((f) => [f.filename, f.additions, f.deletions, f.status.toUpperCase().replace('REMOVED', 'DELETED')]),
    );
  });

  it('lists open issues and open pull requests as the REST list does, least recently updated first', async () => {
    const open: any[] = await rest('/repos/octo/app/issues?state=open&sort=updated&direction=asc');
    const { data, errors } = await graphql(`
      {
        repository(owner: "octo", name: "app") {
          issues(first: 10, states: [OPEN], orderBy: { field: UPDATED_AT, direction: ASC }) {
            nodes {
              number
            }
          }
          pullRequests(first: 10, states: [OPEN], orderBy: { field: UPDATED_AT, direction: ASC }) {
            nodes {
              number
            }
          }
        }
      }
    `);
    expect(errors).toBeUndefined();
    expect(data.repository.issues.nodes.map((n: any) => n.number)).toEqual(
      open.filter((i) => !i.pull_request).map((i) => i.number),
    );
    expect(data.repository.pullRequests.nodes.map((n: any) => n.number)).toEqual(
      open.filter((i) => i.pull_request).map((i) => i.number),
    );
  });

  it('finds items by their REST node ids, and says NOT_FOUND for one that is not there', async () => {
    const issue: any = await rest('/repos/octo/app/issues/1');
    const { data, errors } = await graphql(
      `
        query ($ids: [ID!]!) {
          nodes(ids: $ids) {
            __typename
            ... on Issue {
              number
            }
          }
        }
      `,
      { ids: [issue.node_id, 'I_999999'] },
    );
    expect(data.nodes).toEqual([{ __typename: 'Issue', number: 1 }, null]);
    expect(errors).toEqual([expect.objectContaining({ type: 'NOT_FOUND' })]);
  });

  it('fails loudly for what it does not model: other timeline items, other arguments', async () => {
    const timeline = await graphql(`
      {
        repository(owner: "octo", name: "app") {
          issue(number: 1) {
            timelineItems(itemTypes: [CLOSED_EVENT], first: 5) {
              totalCount
            }
          }
        }
      }
    `);
    expect(timeline.errors?.[0]?.message).toMatch(/does not model/);
    const filtered = await graphql(`
      {
        repository(owner: "octo", name: "app") {
          issues(first: 5, labels: ["bug"]) {
            totalCount
          }
        }
      }
    `);
    expect(filtered.errors?.[0]?.message).toMatch(/does not model the argument `labels`/);
  });
});

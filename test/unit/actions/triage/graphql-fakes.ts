// GraphQL answers of triage's documents built from the same in-memory repository as the fake REST reader, so a
// test can plan one repository through both paths and compare. Each answer is whole and goes through the client's
// own check of its document's shape (checkedData), so the reader gets what the client would hand it.
import type { GraphqlDocument } from '../../../../src/github/client';
import { checkedData } from '../../../../src/github/graphql/shape';
import type { Item } from '../../../../src/actions/triage/domain/item';
import type { CommentLike } from '../../../../src/actions/triage/domain/markers';
import type { QueryAnswer, TriageQueries } from '../../../../src/actions/triage/graphql/queries';
import {
  triageDetails,
  triageItem,
  triageLabels,
  triageOpenIssues,
  triageOpenPulls,
} from '../../../../src/actions/triage/queries/documents';

export interface GqlFakeRepo {
  items: Item[];
  comments?: Record<number, CommentLike[]>;
  files?: Record<number, string[]>;
  /** Label events: `labeled` / `unlabeled`, oldest first. */
  events?: Record<number, { event: 'labeled' | 'unlabeled'; label: string; at: string; actor?: string }[]>;
  labels?: string[];
  /** How many of each connection the fake gives at most (GitHub's `first`/`last`). */
  window?: { comments?: number; events?: number };
  /** The REST login of the token reading (its comments are `viewerDidAuthor`); `github-actions[bot]` unless set. */
  viewer?: string;
  /** Changes an answer of the document named (`TriageDetails`, …) before the client's check: GitHub's odd answers. */
  mangle?: (document: string, data: Record<string, unknown>) => void;
}

const URL = 'https://api.github.com/graphql';
const BUDGET = { rateLimit: { cost: 1, limit: 5000, remaining: 4999, resetAt: '2026-06-01T01:00:00Z' } };

const actor = (login: string) =>
  login.endsWith('[bot]') ? { __typename: 'Bot', login: login.slice(0, -5) } : { __typename: 'User', login };

function listed(item: Item) {
  return {
    __typename: item.isPullRequest ? 'PullRequest' : 'Issue',
    id: `node-${item.number}`,
    number: item.number,
    title: item.title,
    body: item.body,
    state: item.state === 'open' ? 'OPEN' : 'CLOSED',
    createdAt: item.createdAt ?? item.updatedAt,
    updatedAt: item.updatedAt,
    locked: item.locked,
    authorAssociation: item.authorAssociation,
    author: item.author ? actor(item.author) : null,
    milestone: item.milestone ? { title: item.milestone } : null,
    labels: { totalCount: item.labels.length, nodes: item.labels.map((name) => ({ name })) },
    ...(item.isPullRequest
      ? {
          isDraft: item.draft,
          headRefName: `topic-${item.number}`,
          baseRefName: 'main',
          headRepository: { nameWithOwner: 'octo/app' },
          additions: 3,
          deletions: 1,
        }
      : {}),
  };
}

function details(repo: GqlFakeRepo, item: Item) {
  const comments = repo.comments?.[item.number] ?? [];
  const events = repo.events?.[item.number] ?? [];
  const shownComments = comments.slice(-(repo.window?.comments ?? 30));
  const shownEvents = events.slice(-(repo.window?.events ?? 30));
  const files = repo.files?.[item.number] ?? [];
  const viewer = (repo.viewer ?? 'github-actions[bot]').toLowerCase();
  return {
    __typename: item.isPullRequest ? 'PullRequest' : 'Issue',
    id: `node-${item.number}`,
    number: item.number,
    updatedAt: item.updatedAt,
    assignees: { totalCount: item.assignees.length, nodes: item.assignees.map((login) => ({ login })) },
    comments: {
      totalCount: comments.length,
      nodes: shownComments.map((c) => ({
        body: c.body ?? '',
        createdAt: c.created_at,
        updatedAt: c.updated_at ?? c.created_at,
        viewerDidAuthor: c.viewerDidAuthor ?? c.user?.login?.toLowerCase() === viewer,
        author: c.user?.login ? actor(c.user.login) : null,
      })),
    },
    timelineItems: {
      totalCount: events.length,
      nodes: shownEvents.map((e) => ({
        __typename: e.event === 'labeled' ? 'LabeledEvent' : 'UnlabeledEvent',
        createdAt: e.at,
        actor: actor(e.actor ?? 'mona'),
        label: { name: e.label },
      })),
    },
    ...(item.isPullRequest
      ? { files: { totalCount: files.length, nodes: files.map((path) => ({ path, changeType: 'MODIFIED' })) } }
      : {}),
  };
}

function page<T>(all: T[], after: string | null, size = 100) {
  const start = after ? Number(after) : 0;
  const nodes = all.slice(start, start + size);
  const end = start + nodes.length;
  return { pageInfo: { hasNextPage: end < all.length, endCursor: nodes.length ? String(end) : null }, nodes };
}

export function fakeQueries(repo: GqlFakeRepo): TriageQueries & { calls: string[]; refusal?: string } {
  const calls: string[] = [];
  // Checked as the client checks GitHub's answers: a fixture that is not a whole answer fails here, as it would there.
  const answer = <D, V>(document: GraphqlDocument<D, V>, data: object): QueryAnswer<D> => {
    const whole: Record<string, unknown> = { ...BUDGET, ...data };
    repo.mangle?.(document.name, whole);
    return { data: checkedData(document, whole, URL), points: 1 };
  };
  const open = (pull: boolean) =>
    repo.items
      .filter((i) => i.state === 'open' && i.isPullRequest === pull)
      .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.number - b.number);
  const fake: TriageQueries & { calls: string[]; refusal?: string } = {
    calls,
    async openIssues(v) {
      calls.push('issues');
      return answer(triageOpenIssues, {
        repository: {
          issues: page(
            open(false).map((i) => listed(i)),
            v.after,
          ),
        },
      });
    },
    async openPulls(v) {
      calls.push('pulls');
      return answer(triageOpenPulls, {
        repository: {
          pullRequests: page(
            open(true).map((i) => listed(i)),
            v.after,
          ),
        },
      });
    },
    async details(v) {
      calls.push(`details ${v.ids.length}`);
      return answer(triageDetails, {
        nodes: v.ids.map((id) => {
          const item = repo.items.find((i) => `node-${i.number}` === id);
          return item ? details(repo, item) : null;
        }),
      });
    },
    async item(v) {
      calls.push(`item ${v.number}`);
      const item = repo.items.find((i) => i.number === v.number);
      if (!item) return answer(triageItem, { repository: { issueOrPullRequest: null } });
      const node = { ...listed(item), ...details(repo, item) };
      const { state, ...rest } = node;
      return answer(triageItem, {
        repository: { issueOrPullRequest: item.isPullRequest ? { ...rest, pullState: state } : node },
      });
    },
    async labels(v) {
      calls.push('labels');
      return answer(triageLabels, {
        repository: {
          labels: page(
            (repo.labels ?? []).map((name) => ({ name })),
            v.after,
          ),
        },
      });
    },
    refuse: () => fake.refusal,
  };
  return fake;
}

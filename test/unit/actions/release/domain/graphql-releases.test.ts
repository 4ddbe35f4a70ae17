// The releases of a tag through GraphQL: pages of summaries (drafts included), the published release of the tag
// from the same answer, each release read whole through REST only once chosen; any answer that does not fit, an
// error or a spent budget sends the list to REST, said in the notes.
import { describe, expect, it } from 'vitest';
import { GraphqlError, GraphqlUnavailableError } from '../../../../../src/github/client';
import { checkedData } from '../../../../../src/github/graphql/shape';
import { ShapeError } from '../../../../../src/github/client/transport-errors';
import type { Client } from '../../../../../src/github/client/types';
import { ReleaseApi } from '../../../../../src/actions/release/domain/api';
import { findRelease } from '../../../../../src/actions/release/domain/find';
import {
  graphqlReleasePages,
  listNotes,
  UnusableAnswer,
} from '../../../../../src/actions/release/domain/graphql-releases';
import { releaseLocate } from '../../../../../src/actions/release/queries/documents';
import type { ReleasePage } from '../../../../../src/actions/release/domain/release-pages';
import type { RemoteRelease } from '../../../../../src/actions/release/domain/release-types';

const summary = (id: number | null, tag: string, draft = false, assets = 0) => ({
  databaseId: id,
  tagName: tag,
  isDraft: draft,
  isPrerelease: false,
  releaseAssets: { totalCount: assets },
});
type Summary = ReturnType<typeof summary>;

const answer = (nodes: Summary[], o: { next?: string | null; more?: boolean; published?: Summary | null } = {}) => ({
  rateLimit: { cost: 1, limit: 1000, remaining: 999, resetAt: '2026-11-25T08:00:00Z' },
  repository: {
    release: o.published ?? null,
    releases: {
      pageInfo: { hasNextPage: o.more ?? false, endCursor: o.next ?? null },
      nodes,
    },
  },
});

const whole = (id: number, tag = 'v1', draft = false): RemoteRelease => ({
  id,
  tag_name: tag,
  draft,
  prerelease: false,
  html_url: `https://github.com/o/r/releases/${id}`,
  upload_url: `https://uploads.example/repos/o/r/releases/${id}/assets{?name,label}`,
  assets: [],
});

async function collect(pages: AsyncGenerator<ReleasePage>) {
  const out: { hits: [number, boolean, number][]; all: string[]; more: boolean; published: number | null }[] = [];
  for await (const p of pages)
    out.push({
      hits: p.hits.map((h) => [h.id, h.draft, h.assetCount]),
      all: p.all.map((r) => `${r.tag_name}${r.draft ? ' (draft)' : ''}`),
      more: p.more,
      published: p.published ? p.published.id : null,
    });
  return out;
}

describe('graphqlReleasePages', () => {
  it.each([
    {
      what: 'one page: the drafts of the tag are hits, every release is listed',
      answers: [answer([summary(9, 'v1', true, 2), summary(8, 'v0.9'), summary(7, 'v1', true)])],
      pages: [
        {
          hits: [
            [9, true, 2],
            [7, true, 0],
          ],
          all: ['v1 (draft)', 'v0.9', 'v1 (draft)'],
          more: false,
          published: null,
        },
      ],
      afters: [null],
    },
    {
      what: 'two pages: the cursor of the first is the `after` of the second',
      answers: [
        answer([summary(5, 'v2')], { more: true, next: 'c1' }),
        answer([summary(3, 'v1', true)], { published: summary(1, 'v1') }),
      ],
      pages: [
        { hits: [], all: ['v2'], more: true, published: null },
        { hits: [[3, true, 0]], all: ['v1 (draft)'], more: false, published: 1 },
      ],
      afters: [null, 'c1'],
    },
    {
      what: 'the published release of the tag named by `release(tagName:)`',
      answers: [
        answer([summary(5, 'v2')], { more: true, next: 'c1', published: summary(1, 'v1', false, 3) }),
        answer([summary(1, 'v1', false, 3)], { published: summary(1, 'v1', false, 3) }),
      ],
      pages: [
        { hits: [], all: ['v2'], more: true, published: 1 },
        { hits: [[1, false, 3]], all: ['v1'], more: false, published: 1 },
      ],
      afters: [null, 'c1'],
    },
  ])('$what', async ({ answers, pages, afters }) => {
    const asked: (string | null)[] = [];
    const gen = graphqlReleasePages(
      'v1',
      async ({ after }) => (asked.push(after), answers[asked.length - 1]),
      async (id) => whole(id),
    );
    expect(await collect(gen)).toEqual(pages);
    expect(asked).toEqual(afters);
  });

  it('a hit is read whole through REST only when loaded', async () => {
    const loads: number[] = [];
    const gen = graphqlReleasePages(
      'v1',
      async () => answer([summary(4, 'v1', true)]),
      async (id) => (loads.push(id), whole(id)),
    );
    const { value } = await gen.next();
    expect(loads).toEqual([]);
    expect((await (value as ReleasePage).hits[0].load())?.id).toBe(4);
    expect(loads).toEqual([4]);
  });

  // Each answer checked as the client checks it (the document's shape: `ShapeError`), then by the pages.
  it.each([
    { what: 'a release without a databaseId', data: answer([summary(null, 'v1')]), error: UnusableAnswer },
    { what: 'the repository did not resolve', data: { rateLimit: null, repository: null }, error: UnusableAnswer },
    { what: 'a field missing', data: { repository: { release: null, releases: { nodes: [] } } }, error: ShapeError },
    { what: 'a count that is not whole', data: answer([summary(1, 'v1', false, 1.5)]), error: ShapeError },
    {
      what: 'more pages but no cursor',
      data: answer([summary(1, 'v0')], { more: true, next: null }),
      error: UnusableAnswer,
    },
    {
      what: 'release(tagName:) answering a draft',
      data: answer([], { published: summary(2, 'v1', true) }),
      error: UnusableAnswer,
    },
    {
      what: 'release(tagName:) answering another tag',
      data: answer([], { published: summary(2, 'v2') }),
      error: UnusableAnswer,
    },
    { what: 'a null node', data: answer([null as unknown as Summary]), error: UnusableAnswer },
  ])('an unexpected answer ($what) is an error, never data', async ({ data, error }) => {
    const gen = graphqlReleasePages(
      'v1',
      async () => checkedData(releaseLocate, data, 'https://api.github.com/graphql'),
      async (id) => whole(id),
    );
    await expect(collect(gen)).rejects.toBeInstanceOf(error);
  });
});

/** A client whose GraphQL answers come from `graphql` and whose REST list and release reads are recorded. */
function fakeClient(o: {
  graphql: () => Promise<unknown>;
  refuse?: GraphqlUnavailableError;
  restList?: RemoteRelease[];
  byId?: Record<number, RemoteRelease>;
}) {
  const calls: string[] = [];
  let points = 0;
  const client = {
    graphqlUnavailable: () => o.refuse,
    telemetry: { snapshot: () => ({ graphqlPoints: points }) },
    // As the client does: the answer checked against the document's shape before it is handed over.
    graphql: async (document: Parameters<typeof checkedData>[0]) => {
      calls.push('graphql');
      const data = await o.graphql();
      points += 1;
      return checkedData(document, data, 'https://api.github.com/graphql');
    },
    octokit: {
      request: async (route: string, params: { release_id?: number }) => {
        calls.push(`${route} ${params.release_id ?? ''}`.trim());
        const release = o.byId?.[params.release_id ?? -1];
        if (!release) throw Object.assign(new Error('Not Found'), { status: 404 });
        return { data: release };
      },
    },
    pageAnswers: (route: string) => {
      calls.push(route);
      return (async function* () {
        yield { data: o.restList ?? [], headers: {} };
      })();
    },
  };
  return { client: client as unknown as Client, calls };
}

describe('ReleaseApi: the list through GraphQL, REST by itself when GraphQL cannot answer', () => {
  const rest = [whole(11, 'v1', true), whole(10, 'v0.9')];
  it.each([
    {
      what: 'GraphQL answers: a draft of the tag found, read whole by id; no REST list',
      graphql: async () => answer([summary(12, 'v1', true, 1), summary(10, 'v0.9')]),
      id: 12,
      calls: ['graphql', 'GET /repos/{owner}/{repo}/releases/{release_id} 12'],
      notes: [/^Releases listed through GraphQL: 1 query, 1 point; a release found is read whole through REST/],
    },
    {
      what: 'an answer with errors (HTTP 200): REST list',
      graphql: async () => {
        throw new GraphqlError('ReleaseLocate', [{ type: 'INTERNAL', message: 'Something went wrong' }], null);
      },
      id: 11,
      calls: ['graphql', 'GET /repos/{owner}/{repo}/releases'],
      notes: [/^GraphQL unavailable \(.*Something went wrong.*\): releases listed through REST\.$/],
    },
    {
      what: 'an unexpected answer: REST list',
      graphql: async () => ({ repository: { releases: 'nope' } }),
      id: 11,
      calls: ['graphql', 'GET /repos/{owner}/{repo}/releases'],
      notes: [/^Releases listed through GraphQL: 1 query/, /^GraphQL unavailable \(.*wrong shape/],
    },
    {
      what: 'its budget spent (known before sending): REST list, no query',
      graphql: async () => answer([]),
      refuse: new GraphqlUnavailableError('budget', 'ReleaseLocate', 'the GraphQL budget cannot pay 1 point'),
      id: 11,
      calls: ['GET /repos/{owner}/{repo}/releases'],
      notes: [/^GraphQL unavailable \(.*budget.*\): releases listed through REST\.$/],
    },
  ])('$what', async ({ graphql, refuse, id, calls, notes }) => {
    const fake = fakeClient({ graphql, refuse, restList: rest, byId: { 12: whole(12, 'v1', true) } });
    const logged: string[] = [];
    const api = new ReleaseApi(fake.client, { owner: 'o', repo: 'r' }, { info: (m) => void logged.push(m) });
    const found = await findRelease(api, 'v1');
    expect(found.release?.id).toBe(id);
    expect(found.listed.map((r) => r.tag_name)).toEqual(['v1', 'v0.9']);
    expect(fake.calls).toEqual(calls);
    const said = listNotes(api.listAccount);
    expect(said).toHaveLength(notes.length);
    notes.forEach((pattern, i) => expect(said[i]).toMatch(pattern));
    expect(api.listsThroughGraphql()).toBe(calls[0] === 'graphql' && calls.length === 2 && id === 12);
    if (api.listAccount.fallback) expect(logged.join('\n')).toMatch(/GraphQL unavailable/);
  });

  it('once fallen back, later lists go straight to REST', async () => {
    const fake = fakeClient({ graphql: async () => ({}), restList: rest });
    const api = new ReleaseApi(fake.client, { owner: 'o', repo: 'r' });
    await findRelease(api, 'v1');
    await findRelease(api, 'v1');
    expect(fake.calls.filter((c) => c === 'graphql')).toHaveLength(1);
    expect(fake.calls.filter((c) => c === 'GET /repos/{owner}/{repo}/releases')).toHaveLength(2);
  });
});

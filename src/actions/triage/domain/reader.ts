// The reads triage makes, on the shared client. Each is one request (or one per page); the ETag cache
// answers unchanged ones with a free 304.
import { declared, type RequestDeclaration } from '../../../github/client/declared';
import { reads } from '../reads';
import { z } from 'zod';
import type { Client } from '../../../github/client/types';
import { isStatus } from '../../../github/client/errors';
import type { PullFacts } from './conditions';
import { effectivePermission, type EffectivePermission } from './commands';
import { ApiIssue, toItem, type Item } from './item';
import { checkSameItem } from './item-identity';
import type { CommentLike } from './markers';
import { freshCommentOf, type FreshComment } from './fresh-comment';
import { markerView, readComments, type CommentView } from './comment-view';

export interface RepoRef {
  owner: string;
  repo: string;
}

export interface Reaction {
  content: string;
  user: { login: string; type?: string } | null;
}

/** A `labeled` event: when, and the login (as REST writes it) of who put the label on, null for a deleted account. */
export interface LabelEvent {
  at: string;
  actor: string | null;
}

export interface TriageReader {
  /** The item as it is now (one GET; the payload of an event may be stale). */
  item(number: number): Promise<Item>;
  /**
   * The item's comments, each cut to `view` as its page arrives (default: the text only where a marker is); at
   * most MAX_COMMENT_PAGES pages, else TooManyComments (comment-view.ts).
   */
  comments(number: number, view?: CommentView): Promise<CommentLike[]>;
  /** Head branch and changed lines of a pull request (one GET; the issues list has neither). */
  pull?(number: number): Promise<PullFacts>;
  /** When and by whom the label was last put on the item (its newest `labeled` event), or null when none tells. */
  labelEvent?(number: number, label: string): Promise<LabelEvent | null>;
  /**
   * Whether the item's events at and after its label's newest `labeled` event are all `labeled` events of that label
   * (actions/stale 10.2+'s `hasOnlyStaleLabelingEventsSince`: then an update since the mark is not activity).
   */
  onlyLabeledSince?(number: number, label: string): Promise<boolean>;
  /** Changed file names of a pull request. */
  files(number: number): Promise<string[]>;
  permission(login: string): Promise<{ level: EffectivePermission; raw?: unknown }>;
  /** A comment as it is now (one GET; an event's copy may be forged, edited or deleted since). */
  comment(commentId: number): Promise<FreshComment>;
  reactions(commentId: number): Promise<Reaction[]>;
  /** The repository's label names (one request per page of 100, ETag-cached). */
  labels?(): Promise<string[]>;
  /** Labels seen on the items this reader read (they exist in the repository: no list read is needed for them). */
  seenLabels?(): ReadonlySet<string>;
  /** The login the token acts as, when the API tells (user tokens; integration tokens answer 403). */
  self?(): Promise<string | undefined>;
  /** Whether the login can be assigned in this repository (asked once per login and run). */
  assignable?(login: string): Promise<boolean>;
  /** Open pull requests whose head is `owner:branch` at this commit. */
  pullRequestsForHead(head: { owner: string; branch: string; sha: string }): Promise<number[]>;
  /** Open issues and pull requests, least recently updated first, a page (100) at a time. */
  openItems(): AsyncIterable<Item[]>;
  /** True when this read is answered from what was read already (no request). */
  cached?(kind: 'pull' | 'files' | 'comments', number: number): boolean;
  /** Lines for the plan's notes: how the reads went (GraphQL points, a fall back to REST). */
  notes?(): string[];
}

const PullDetails = z.looseObject({
  head: z.looseObject({ ref: z.string(), repo: z.looseObject({ full_name: z.string() }).nullish() }),
  base: z.looseObject({ ref: z.string() }).nullish(),
  additions: z.number().int(),
  deletions: z.number().int(),
});

/** An issue event (GET …/issues/{n}/events): only `labeled` events with their label are used. */
const RestLabelEvent = z.looseObject({
  event: z.string(),
  created_at: z.string(),
  actor: z.looseObject({ login: z.string() }).nullish(),
  label: z.looseObject({ name: z.string() }).nullish(),
});

/** A label of the repository (GET /repos/{o}/{r}/labels): only its name is used. */
const RepoLabel = z.looseObject({ name: z.string() });

export function createReader(client: Client, repo: RepoRef): TriageReader {
  const { owner, repo: name } = repo;
  const assignable = new Map<string, Promise<boolean>>();
  let self: Promise<string | undefined> | undefined;
  const seenLabels = new Set<string>();
  let labelList: Promise<string[]> | undefined;
  const seen = (item: Item): Item => {
    for (const label of item.labels) seenLabels.add(label.toLowerCase());
    return item;
  };
  /** One GET of this repository's, with its declaration: its answer, which the caller checks. */
  const get = (read: RequestDeclaration, params: Record<string, number>): Promise<unknown> =>
    client.octokit
      .request(read.route, { owner, repo: name, ...params, request: declared(read) })
      .then((answer): unknown => answer.data);
  /** An item's events, every page (the label events are read from them). */
  const issueEvents = (number: number) =>
    client.paginate<unknown>('GET /repos/{owner}/{repo}/issues/{issue_number}/events', {
      request: declared(reads.events),
      owner,
      repo: name,
      issue_number: number,
    });
  return {
    self() {
      self ??= client.octokit.request('GET /user', { request: declared(reads.self) }).then(
        ({ data }) => (data as { login?: string }).login,
        (err: unknown) => {
          if (isStatus(err, 401, 403, 404)) return undefined;
          throw err;
        },
      );
      return self;
    },
    assignable(login) {
      const key = login.toLowerCase();
      let known = assignable.get(key);
      if (!known) {
        known = client.octokit
          .request('GET /repos/{owner}/{repo}/assignees/{assignee}', {
            request: declared(reads.assignable),
            owner,
            repo: name,
            assignee: login,
          })
          .then(
            () => true,
            (err: unknown) => {
              if (isStatus(err, 404)) return false;
              throw err;
            },
          );
        assignable.set(key, known);
      }
      return known;
    },
    async item(number) {
      const answer = ApiIssue.parse(await get(reads.item, { issue_number: number }));
      // A 301 followed to a transferred issue answers with another repository and number: never that item.
      checkSameItem(`${owner}/${name}`, number, answer);
      return seen(toItem(answer));
    },
    comments(number, view = markerView) {
      const pages = client.pages<CommentLike>('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        owner,
        repo: name,
        issue_number: number,
        per_page: 100,
        request: declared(reads.comments),
      });
      return readComments(number, pages, view);
    },
    async pull(number) {
      const pull = PullDetails.parse(await get(reads.pull, { pull_number: number }));
      const sameRepository = pull.head.repo?.full_name.toLowerCase() === `${owner}/${name}`.toLowerCase();
      return {
        branch: pull.head.ref,
        lines: pull.additions + pull.deletions,
        sameRepository,
        ...(pull.base ? { base: pull.base.ref } : {}),
      };
    },
    async labelEvent(number, label) {
      const events = await issueEvents(number);
      const wanted = label.toLowerCase();
      let last: LabelEvent | null = null;
      for (const raw of events) {
        const event = RestLabelEvent.safeParse(raw);
        if (!event.success || event.data.event !== 'labeled' || event.data.label?.name.toLowerCase() !== wanted)
          continue;
        if (last === null || Date.parse(event.data.created_at) >= Date.parse(last.at))
          last = { at: event.data.created_at, actor: event.data.actor?.login ?? null };
      }
      return last;
    },
    async onlyLabeledSince(number, label) {
      const events = await issueEvents(number);
      return onlyLabeledSinceMark(
        events.flatMap((raw) => {
          const event = RestLabelEvent.safeParse(raw);
          return event.success ? [{ ...event.data, label: event.data.label?.name }] : [];
        }),
        label,
      );
    },
    async files(number) {
      const files = await client.paginate<{ filename: string; previous_filename?: string }>(
        'GET /repos/{owner}/{repo}/pulls/{pull_number}/files',
        {
          request: declared(reads.files),
          owner,
          repo: name,
          pull_number: number,
        },
      );
      return files.flatMap((f) => (f.previous_filename ? [f.filename, f.previous_filename] : [f.filename]));
    },
    async permission(login) {
      try {
        const { data } = await client.octokit.request('GET /repos/{owner}/{repo}/collaborators/{username}/permission', {
          request: declared(reads.permission),
          owner,
          repo: name,
          username: login,
        });
        return { level: effectivePermission(data), raw: data };
      } catch (err) {
        // Not a collaborator (or no such user): no permission at all.
        if (isStatus(err, 404)) return { level: 'none' };
        throw err;
      }
    },
    seenLabels: () => seenLabels,
    labels() {
      // Read once per run: the command planner and the engine's missing-label check share it.
      labelList ??= client
        .paginate<unknown>('GET /repos/{owner}/{repo}/labels', { request: declared(reads.labels), owner, repo: name })
        .then((labels) => labels.map((label) => RepoLabel.parse(label).name));
      return labelList;
    },
    async comment(commentId) {
      return freshCommentOf(await get(reads.comment, { comment_id: commentId }));
    },
    reactions(commentId) {
      return client.paginate<Reaction>('GET /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions', {
        request: declared(reads.reactions),
        owner,
        repo: name,
        comment_id: commentId,
      });
    },
    async pullRequestsForHead(head) {
      const pulls = await client.paginate<{ number: number; head?: { sha?: string } }>(
        'GET /repos/{owner}/{repo}/pulls',
        {
          request: declared(reads.pulls),
          owner,
          repo: name,
          state: 'open',
          head: `${head.owner}:${head.branch}`,
        },
      );
      return pulls.filter((p) => p.head?.sha === head.sha).map((p) => p.number);
    },
    openItems() {
      const pages = client.pages<unknown>('GET /repos/{owner}/{repo}/issues', {
        request: declared(reads.openItems),
        owner,
        repo: name,
        state: 'open',
        sort: 'updated',
        direction: 'asc',
      });
      return {
        async *[Symbol.asyncIterator]() {
          for await (const page of pages) yield page.map((raw) => seen(toItem(ApiIssue.parse(raw))));
        },
      };
    },
  };
}

/**
 * actions/stale's rule (src/classes/issues-processor.ts `hasOnlyStaleLabelingEventsSince`, v10.3.0), its `since`
 * being the label's newest `labeled` event (its `getLabelCreationDate`): every event at or after that time is a
 * `labeled` event of the label. False when the label has no such event.
 */
export function onlyLabeledSinceMark(
  events: readonly { event: string; created_at: string; label?: string }[],
  label: string,
): boolean {
  const wanted = label.toLowerCase();
  const isMark = (e: { event: string; label?: string }) => e.event === 'labeled' && e.label?.toLowerCase() === wanted;
  let since = Number.NaN;
  for (const e of events) if (isMark(e) && !(Date.parse(e.created_at) < since)) since = Date.parse(e.created_at);
  if (Number.isNaN(since)) return false;
  return events.every((e) => !(Date.parse(e.created_at) >= since) || isMark(e));
}

// An issue or pull request as the rules see it, read from the issues API (which lists pull requests
// too, telling them apart by the `pull_request` key) or from an event payload.
import { z } from 'zod';

export interface Item {
  number: number;
  isPullRequest: boolean;
  title: string;
  body: string;
  state: 'open' | 'closed';
  labels: string[];
  assignees: string[];
  author: string;
  /** OWNER, MEMBER, COLLABORATOR, CONTRIBUTOR, FIRST_TIME_CONTRIBUTOR, FIRST_TIMER, MANNEQUIN, NONE. */
  authorAssociation: string;
  /** ISO timestamp of the last activity. */
  updatedAt: string;
  /** ISO timestamp of the creation (absent in some event payloads). */
  createdAt?: string;
  /** The issue's type (GitHub's issue types), when it has one. */
  issueType?: string;
  /** Number of comments (0 lets a rule comment without reading the comments first). */
  comments: number;
  locked: boolean;
  /** The milestone's title, when it has one. */
  milestone?: string;
  /** A draft pull request. */
  draft: boolean;
}

const Login = z.looseObject({ login: z.string() });
const LabelRef = z.union([z.string(), z.looseObject({ name: z.string() })]);

/** An issue object of the REST API (also the `issue` of `issues`/`issue_comment` payloads, and a pull request object). */
export const ApiIssue = z.looseObject({
  number: z.number().int(),
  title: z.string().nullish(),
  body: z.string().nullish(),
  state: z.string().nullish(),
  labels: z.array(LabelRef).nullish(),
  assignees: z.array(Login).nullish(),
  assignee: Login.nullish(),
  user: Login.nullish(),
  author_association: z.string().nullish(),
  updated_at: z.string().nullish(),
  created_at: z.string().nullish(),
  type: z.looseObject({ name: z.string() }).nullish(),
  comments: z.number().nullish(),
  locked: z.boolean().nullish(),
  pull_request: z.unknown().optional(),
  milestone: z.looseObject({ title: z.string() }).nullish(),
  draft: z.boolean().nullish(),
});
export type ApiIssue = z.infer<typeof ApiIssue>;

/**
 * The item of an API issue object. `isPullRequest` is true when the object carries a `pull_request` key,
 * or when the caller knows it is one (a pull request object of a `pull_request` payload has none).
 */
export function toItem(raw: ApiIssue, isPullRequest = false): Item {
  const assignees = raw.assignees ?? (raw.assignee ? [raw.assignee] : []);
  return {
    number: raw.number,
    isPullRequest: isPullRequest || (raw.pull_request !== undefined && raw.pull_request !== null),
    title: raw.title ?? '',
    body: raw.body ?? '',
    state: raw.state === 'closed' ? 'closed' : 'open',
    labels: (raw.labels ?? []).map((l) => (typeof l === 'string' ? l : l.name)),
    assignees: assignees.map((a) => a.login),
    author: raw.user?.login ?? '',
    authorAssociation: raw.author_association ?? 'NONE',
    updatedAt: raw.updated_at ?? new Date(0).toISOString(),
    ...(raw.created_at ? { createdAt: raw.created_at } : {}),
    ...(raw.type ? { issueType: raw.type.name } : {}),
    comments: raw.comments ?? 0,
    locked: raw.locked ?? false,
    ...(raw.milestone ? { milestone: raw.milestone.title } : {}),
    draft: raw.draft ?? false,
  };
}

export function hasLabel(item: Pick<Item, 'labels'>, name: string): boolean {
  const wanted = name.toLowerCase();
  return item.labels.some((l) => l.toLowerCase() === wanted);
}

export function describeItem(item: Pick<Item, 'number' | 'isPullRequest'>): string {
  return `${item.isPullRequest ? 'pull request' : 'issue'} #${item.number}`;
}

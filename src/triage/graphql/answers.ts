// The answers of triage's GraphQL documents (src/triage/queries/*.graphql), as zod schemas: an answer that does
// not fit is an error (the reader then reads through REST), never data. Field names are GitHub's GraphQL names.
import { z } from 'zod';

/** An `Actor` (`User`, `Bot`, `Mannequin`, …): GraphQL names a bot without REST's `[bot]` suffix. */
export const GqlActor = z.looseObject({ __typename: z.string(), login: z.string() });
export type GqlActor = z.infer<typeof GqlActor>;

const PageInfo = z.looseObject({ hasNextPage: z.boolean(), endCursor: z.string().nullable() });

/** A connection whose `totalCount` tells whether its nodes are all of it. */
const counted = <T extends z.ZodType>(node: T) => z.looseObject({ totalCount: z.number().int(), nodes: z.array(node) });

export const GqlComment = z.looseObject({
  body: z.string(),
  createdAt: z.string(),
  /** `Comment.updatedAt` (moved by an edit); read by the details query, absent from older recorded answers. */
  updatedAt: z.string().optional(),
  viewerDidAuthor: z.boolean().optional(),
  author: GqlActor.nullable(),
});
export type GqlComment = z.infer<typeof GqlComment>;

/** A `LabeledEvent` or `UnlabeledEvent` of `timelineItems(itemTypes: [LABELED_EVENT, UNLABELED_EVENT])`. */
export const GqlLabelEvent = z.looseObject({
  __typename: z.enum(['LabeledEvent', 'UnlabeledEvent']),
  createdAt: z.string(),
  actor: GqlActor.nullable(),
  label: z.looseObject({ name: z.string() }),
});
export type GqlLabelEvent = z.infer<typeof GqlLabelEvent>;

export const GqlChangedFile = z.looseObject({ path: z.string(), changeType: z.string() });

const Names = counted(z.looseObject({ name: z.string() }));
const Logins = counted(z.looseObject({ login: z.string() }));

/** What the list and the one-item query read of every issue and pull request. */
const ListedFields = {
  id: z.string(),
  number: z.number().int(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  locked: z.boolean(),
  authorAssociation: z.string(),
  author: GqlActor.nullable(),
  milestone: z.looseObject({ title: z.string() }).nullable(),
  labels: Names,
  assignees: Logins.optional(),
  comments: z.looseObject({ totalCount: z.number().int() }).optional(),
};

/** What a pull request adds (all plain fields: no connection, no extra point). */
const PullFields = {
  isDraft: z.boolean(),
  headRefName: z.string(),
  baseRefName: z.string(),
  headRepository: z.looseObject({ nameWithOwner: z.string() }).nullable(),
  additions: z.number().int(),
  deletions: z.number().int(),
};

export const GqlListedIssue = z.looseObject({ ...ListedFields, state: z.enum(['OPEN', 'CLOSED']) });
export const GqlListedPull = z.looseObject({
  ...ListedFields,
  ...PullFields,
  state: z.enum(['OPEN', 'CLOSED', 'MERGED']),
});
export type GqlListedIssue = z.infer<typeof GqlListedIssue>;
export type GqlListedPull = z.infer<typeof GqlListedPull>;

const page = <T extends z.ZodType>(node: T) => z.looseObject({ pageInfo: PageInfo, nodes: z.array(node) });

/** TriageOpenIssues (open-issues.graphql). */
export const OpenIssuesAnswer = z.looseObject({
  repository: z.looseObject({ issues: page(GqlListedIssue) }).nullable(),
});
/** TriageOpenPulls (open-pulls.graphql). */
export const OpenPullsAnswer = z.looseObject({
  repository: z.looseObject({ pullRequests: page(GqlListedPull) }).nullable(),
});

/** What details.graphql and item.graphql read beyond the list. */
const DetailFields = {
  assignees: Logins,
  comments: counted(GqlComment.extend({ author: GqlActor.nullable() })),
  timelineItems: counted(z.unknown()),
  files: counted(GqlChangedFile).optional(),
};
export type GqlDetails = {
  number: number;
  updatedAt: string;
  assignees: z.infer<typeof Logins>;
  comments: { totalCount: number; nodes: GqlComment[] };
  timelineItems: { totalCount: number; nodes: unknown[] };
  files?: { totalCount: number; nodes: z.infer<typeof GqlChangedFile>[] };
};

/** TriageDetails (details.graphql): one node per id, null for an id that no longer resolves. */
export const DetailsAnswer = z.looseObject({
  nodes: z.array(
    z
      .looseObject({ __typename: z.string(), number: z.number().int(), updatedAt: z.string(), ...DetailFields })
      .nullable(),
  ),
});

/** TriageItem (item.graphql): the pull request's `state` comes aliased as `pullState`. */
export const ItemAnswer = z.looseObject({
  repository: z
    .looseObject({
      issueOrPullRequest: z
        .discriminatedUnion('__typename', [
          z.looseObject({
            __typename: z.literal('Issue'),
            ...ListedFields,
            ...DetailFields,
            state: z.enum(['OPEN', 'CLOSED']),
          }),
          z.looseObject({
            __typename: z.literal('PullRequest'),
            ...ListedFields,
            ...PullFields,
            ...DetailFields,
            pullState: z.enum(['OPEN', 'CLOSED', 'MERGED']),
          }),
        ])
        .nullable(),
    })
    .nullable(),
});

/** TriageLabels (labels.graphql). */
export const LabelsAnswer = z.looseObject({
  repository: z.looseObject({ labels: page(z.looseObject({ name: z.string() })) }).nullable(),
});

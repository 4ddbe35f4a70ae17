// Names for the parts of triage's GraphQL answers the reader maps (src/actions/triage/queries/documents.ts, generated from
// the .graphql files): the client has checked every answer against its document's shape, so these types are what
// the data is. Only what a shape cannot say is checked where the answers are read (reader.ts, to-item.ts).
import type { ActorLoginFragment } from '../../../github/graphql/queries/documents';
import type {
  CommentsFragment,
  DetailsFragment,
  IdentityFragment,
  IssueLabelEventsFragment,
  IssuePageFragment,
  LabeledFragment,
  PullPageFragment,
  TriageDetailsData,
} from '../queries/documents';

/** An `Actor` (`User`, `Bot`, `Mannequin`, …): GraphQL names a bot without REST's `[bot]` suffix. */
export type GqlActor = ActorLoginFragment;

/** A connection whose `totalCount` tells whether its nodes are all of it; GraphQL may give a node as null. */
export interface Counted<T> {
  totalCount: number;
  nodes: (T | null)[] | null;
}

/** An open issue of a list page (open-issues.graphql). */
export type GqlListedIssue = NonNullable<NonNullable<IssuePageFragment['nodes']>[number]>;
/** An open pull request of a list page (open-pulls.graphql). */
export type GqlListedPull = NonNullable<NonNullable<PullPageFragment['nodes']>[number]>;

export type GqlComment = NonNullable<NonNullable<CommentsFragment['nodes']>[number]>;

/** One node of `timelineItems(itemTypes: [LABELED_EVENT, UNLABELED_EVENT])`. */
export type GqlTimelineItem = NonNullable<NonNullable<IssueLabelEventsFragment['nodes']>[number]>;
export type GqlLabelEvent = { __typename: 'LabeledEvent' | 'UnlabeledEvent' } & LabeledFragment;

/** What details.graphql and item.graphql read beyond the list (files: a pull request's only). */
export type GqlDetails = DetailsFragment;

/** A node of details.graphql's `nodes(ids:)` that is an issue or a pull request. */
export type GqlDetailsNode = IdentityFragment & DetailsFragment;
type DetailsAnswerNode = TriageDetailsData['nodes'][number];

/**
 * True for a details node that is an issue or a pull request. The shape check has seen, for those two types, every
 * field their fragments select (the generated type also admits any other type, which has none of them).
 */
export function isItemNode(node: DetailsAnswerNode): node is DetailsAnswerNode & GqlDetailsNode {
  return node !== null && (node.__typename === 'Issue' || node.__typename === 'PullRequest');
}

/** True for a label event (the shape check has seen its fields for these two types). */
export function isLabelEvent(node: GqlTimelineItem): node is GqlTimelineItem & GqlLabelEvent {
  return node.__typename === 'LabeledEvent' || node.__typename === 'UnlabeledEvent';
}

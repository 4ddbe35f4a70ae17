// The writes triage makes. Each operation is one request (and one content-creating request): labels are
// added and removed one at a time, never replaced as a whole, so a person's concurrent edit survives.
import type { Cost } from '../../github/client/types';
import type { CloseReason } from './domain/config';
import type { Item } from './domain/item';

export type ReactionContent = '+1' | '-1' | 'confused';

export type TriagePayload =
  /** `create`: the label is missing from the repository and is created first, in this colour. */
  | { type: 'add-label'; label: string; create?: { color: string } }
  | { type: 'remove-label'; label: string }
  | { type: 'assign'; assignees: string[] }
  | { type: 'unassign'; assignees: string[] }
  | { type: 'comment'; body: string }
  | { type: 'close'; reason: CloseReason }
  | { type: 'reopen' }
  | { type: 'react'; commentId: number; content: ReactionContent }
  /** Deletes a branch of the repository (a stale pull request's head, with delete-branch). */
  | { type: 'delete-branch'; branch: string };

export type OperationKind = TriagePayload['type'];

export interface TriageOperation {
  kind: OperationKind;
  /** `#12`. */
  target: string;
  /** What the operation is about: a label, logins, a close reason, a comment's first line. */
  subject: string;
  /** Why: `rule crash-report`, `stale`, `/label by @octocat`. */
  detail?: string;
  cost: Cost;
  number: number;
  isPullRequest: boolean;
  payload: TriagePayload;
}

const WRITE: Cost = { requests: 1, writes: 1 };

function subjectOf(payload: TriagePayload): string {
  switch (payload.type) {
    case 'add-label':
    case 'remove-label':
      return payload.label;
    case 'assign':
    case 'unassign':
      return payload.assignees.map((a) => `@${a}`).join(' ');
    case 'comment': {
      const first = payload.body.split('\n')[0];
      return first.length > 60 ? `${first.slice(0, 57)}...` : first;
    }
    case 'close':
      return payload.reason;
    case 'reopen':
      return '';
    case 'react':
      return `${payload.content} on comment ${payload.commentId}`;
    case 'delete-branch':
      return payload.branch;
  }
}

export function operation(
  item: Pick<Item, 'number' | 'isPullRequest'>,
  payload: TriagePayload,
  detail?: string,
): TriageOperation {
  return {
    kind: payload.type,
    target: `#${item.number}`,
    subject: subjectOf(payload),
    detail,
    cost: { ...WRITE },
    number: item.number,
    isPullRequest: item.isPullRequest,
    payload,
  };
}

export function totalCost(ops: readonly TriageOperation[]): Cost {
  return ops.reduce((sum, op) => ({ requests: sum.requests + op.cost.requests, writes: sum.writes + op.cost.writes }), {
    requests: 0,
    writes: 0,
  });
}

/** Counts for the outputs: label operations, comments, closes. */
export function countOperations(ops: readonly TriageOperation[]): {
  operations: number;
  labeled: number;
  commented: number;
  closed: number;
} {
  return {
    operations: ops.length,
    labeled: ops.filter((op) => op.kind === 'add-label' || op.kind === 'remove-label').length,
    commented: ops.filter((op) => op.kind === 'comment').length,
    closed: ops.filter((op) => op.kind === 'close').length,
  };
}

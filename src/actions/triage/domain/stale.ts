// Stale decisions, pure: (item, stale settings, now, what is known of its marking) → what to do. Marking stale
// writes the label first and then the comment (the label records the state: a run killed in between is
// completed by the next one, which finds the label without the comment). The engine's own writes move
// `updated_at` too, so "activity" means an update later than the engine's last write to the item (known
// from this job's memory, or from its own comments).
import type { StaleConfig } from './stale-settings';
import type { Item } from './item';
import { cleanName, labelNamed, sameName, staleHasLabel } from './stale-names-match';
import { STALE_MARKER, CLOSE_MARKER, withMarker } from './markers';
import { operation, type TriageOperation } from '../operations';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** An update within this long after the engine's own last write is taken as that write. */
export const MARK_TOLERANCE_MS = 60 * 1000;
/**
 * actions/stale's rule (src/classes/issues-processor.ts `_processStaleIssue`, v10.3.0): an item is updated since
 * its mark when `updated_at` is later than the mark by more than 15 s (`isDateMoreRecentThan(updated, marked, 15)`).
 */
export const ACTIONS_STALE_TOLERANCE_MS = 15 * 1000;

/** What is known of the engine's marking of a stale-labelled item. */
export interface MarkHistory {
  /** When the engine's stale comment was posted; null when the label has none (a killed run, or a person). */
  markedAt: string | null;
  /** When the engine's newest close comment was posted, if newer than the mark (a run that did not get to close). */
  closingAt?: string | null;
  /** The engine's last write to the item: updates up to then are its own. */
  ownActivityAt?: string | null;
  /** Who was active after the mark, when known (for the log). */
  activeUser?: string;
  /** The newest comment by someone other than the engine: a reply counts as activity however `updated_at` moved. */
  otherCommentAt?: string | null;
  /** When the stale label was last put on (its `labeled` event), when read. */
  labeledAt?: string | null;
  /**
   * The newest `labeled` event of the stale label is by this run's identity: the label is this action's mark
   * (actions/stale's before the switch included), whether or not a marker comment is there. An issue author cannot
   * forge the event's actor.
   */
  labeledByOwn?: boolean;
  /** The identity commented at or after that event (actions/stale's unmarked stale comment, or triage's own). */
  ownCommentSinceLabel?: boolean;
  /**
   * The item's only events since the label's `labeled` event are `labeled` events of the label: under actions/stale's
   * rules an update since the mark is then no activity (actions/stale 10.2+, `hasOnlyStaleLabelingEventsSince`).
   */
  onlyLabeledSince?: boolean;
}

export type StaleDecision =
  | { action: 'none'; reason: string }
  /** `close`: days-before-close is 0, so the item is closed in the run that marks it (after the stale comment). */
  | { action: 'mark'; close?: boolean }
  /** Labelled stale without the engine's stale comment: post the comment only. */
  | { action: 'mark-comment' }
  /** `comment: false`: close without the close comment (posted already, or not configured). */
  | { action: 'close'; comment: boolean }
  | { action: 'unmark'; reason: string }
  /** Marked stale: what the engine wrote (its comments) must be read to tell activity from waiting. */
  | { action: 'needs-mark-time' };

export function inScope(item: Pick<Item, 'isPullRequest'>, only: StaleConfig['only']): boolean {
  return only === 'both' || (only === 'pull-requests') === item.isPullRequest;
}

/** Why the item is exempt from stale handling, or undefined. */
export function exemption(item: Item, config: StaleConfig): string | undefined {
  const label = config['exempt-labels'].find((l) => staleHasLabel(item, l, config));
  if (label) return `exempt label ${label}`;
  if (item.milestone !== undefined) {
    if (config['exempt-all-milestones']) return `milestone ${item.milestone} (exempt-all-milestones)`;
    const milestone = cleanName(item.milestone, config);
    if (config['exempt-milestones'].some((m) => cleanName(m, config) === milestone))
      return `exempt milestone ${item.milestone}`;
  }
  if (item.assignees.length > 0) {
    if (config['exempt-all-assignees']) return 'assigned (exempt-all-assignees)';
    const assigned = new Set(item.assignees.map((a) => cleanName(a, config)));
    const exempt = config['exempt-assignees'].find((a) => assigned.has(cleanName(a, config)));
    if (exempt) return `assigned to exempt @${exempt}`;
  }
  if (item.isPullRequest && item.draft && config['exempt-draft-pr']) return 'draft pull request';
  return undefined;
}

/**
 * Why actions/stale's scope options leave the item out (it is skipped, marked or not, as actions/stale skips it
 * before any other check), or undefined.
 */
export function outOfScope(item: Item, config: StaleConfig): string | undefined {
  if (config['include-only-assigned'] && item.assignees.length === 0) return 'not assigned (include-only-assigned)';
  const types = config['only-issue-types'];
  if (!item.isPullRequest && types.length > 0) {
    const type = (item.issueType ?? '').toLowerCase();
    if (!types.some((t) => t.toLowerCase() === type))
      return `issue type ${item.issueType ?? 'none'} (only-issue-types)`;
  }
  const start = config['start-date'];
  // Items without a known creation date are kept (the issues list always has one).
  if (start && item.createdAt && Date.parse(item.createdAt) <= Date.parse(start))
    return `created before the start-date ${start}`;
  return undefined;
}

/** Why the label filters leave the item out, or undefined when it is in. */
export function filteredOut(item: Item, config: StaleConfig): string | undefined {
  const missing = config['only-labels'].find((l) => !staleHasLabel(item, l, config));
  if (missing) return `no label ${missing} (only-labels)`;
  const any = config['any-of-labels'];
  if (any.length > 0 && !any.some((l) => staleHasLabel(item, l, config))) return `none of the any-of-labels`;
  return undefined;
}

const closes = (config: StaleConfig) => config['days-before-close'] >= 0;

/**
 * The close label of an open item comes off: an item closed as stale and reopened is no longer closed as stale.
 * actions/stale (src/classes/issues-processor.ts, `_removeCloseLabel`, v10.1.1) removes `close-issue-label` /
 * `close-pr-label` from every open, unlocked item it processes, after its scope checks (`include-only-assigned`,
 * `only-issue-types`, `only-labels`) and before all others (`start-date`, exemptions, `any-of-labels`), whether
 * or not the item is or becomes stale.
 */
export function keepsCloseLabel(item: Item, config: StaleConfig): boolean {
  const label = config['close-label'];
  if (!label || !staleHasLabel(item, label, config)) return true;
  if (item.state !== 'open' || item.locked || !inScope(item, config.only)) return true;
  if (config['include-only-assigned'] && item.assignees.length === 0) return true;
  const types = config['only-issue-types'];
  if (!item.isPullRequest && types.length > 0) {
    const type = (item.issueType ?? '').toLowerCase();
    if (!types.some((t) => t.toLowerCase() === type)) return true;
  }
  return config['only-labels'].some((l) => !staleHasLabel(item, l, config));
}

/**
 * When the item was marked stale, or undefined when its label needs the stale comment to make a mark. A label
 * without the engine's marker comment is this action's mark when its last `labeled` event is by this run's identity
 * (dated by that event; a killed run that put the label on but did not comment gets the comment). A label someone
 * else put on follows actions/stale's rules when actions/stale's inputs or semantics are given: it marks alone, from
 * its `labeled` event (else the last update), with no comment (actions/stale comments only when it labels);
 * otherwise the engine completes the pair with its comment, so no item is closed unwarned.
 */
function markTime(item: Item, config: StaleConfig, history: MarkHistory): string | undefined {
  if (history.markedAt !== null) return history.markedAt;
  const labelAlone = config.semantics === 'actions-stale' || config['no-stale-comment'] === true;
  if (history.labeledByOwn && history.labeledAt)
    return labelAlone || history.ownCommentSinceLabel ? history.labeledAt : undefined;
  if (labelAlone || config['actions-stale-rules'] === true) return history.labeledAt ?? item.updatedAt;
  return undefined;
}

export function decideStale(item: Item, config: StaleConfig, now: Date, history?: MarkHistory): StaleDecision {
  if (item.state !== 'open') return { action: 'none', reason: 'closed' };
  if (!inScope(item, config.only)) return { action: 'none', reason: `only ${config.only}` };
  // A locked conversation is left alone, marked or not: it takes no comment (403 "issue is locked"), and
  // actions/stale skips locked items before any other check.
  if (item.locked) return { action: 'none', reason: 'locked' };
  const skipped = outOfScope(item, config);
  if (skipped) return { action: 'none', reason: skipped };
  const stale = staleHasLabel(item, config['stale-label'], config);
  // A filter or exemption skips the item, its stale label included (as actions/stale skips it): only activity
  // removes the label, so several steps sharing one label never undo each other.
  const exempt = exemption(item, config) ?? filteredOut(item, config);
  if (exempt) return { action: 'none', reason: stale ? `${exempt}; its stale label stays` : exempt };
  const updated = Date.parse(item.updatedAt);
  if (!stale) {
    const days = config['days-before-stale'];
    if (days < 0) return { action: 'none', reason: 'never marked (days-before-stale -1)' };
    // ignore-updates: idle time counts from the creation (actions/stale's IgnoreUpdates).
    const since = config['ignore-updates'] && item.createdAt ? Date.parse(item.createdAt) : updated;
    if (now.getTime() - since < days * DAY_MS) return { action: 'none', reason: 'active' };
    return config['days-before-close'] === 0 ? { action: 'mark', close: true } : { action: 'mark' };
  }
  // Labelled stale: whether the engine's own stale comment is there, and since when, is read (the item's
  // comment count cannot tell: a person may have put the label on, and the one comment may be anyone's).
  if (!history) return { action: 'needs-mark-time' };
  const markedAt = markTime(item, config, history);
  if (markedAt === undefined) return { action: 'mark-comment' };
  const closing =
    history.closingAt && Date.parse(history.closingAt) >= Date.parse(markedAt) ? history.closingAt : undefined;
  const own = Math.max(
    Date.parse(markedAt),
    closing ? Date.parse(closing) : 0,
    history.ownActivityAt ? Date.parse(history.ownActivityAt) : 0,
  );
  // Under actions/stale's rules its own comparisons: 15 s of tolerance, and a comment at the mark's second counts
  // (its comments are listed with `since` = the mark, which GitHub takes inclusively).
  const asActionsStale = config['actions-stale-rules'] === true;
  const tolerance = asActionsStale ? ACTIONS_STALE_TOLERANCE_MS : MARK_TOLERANCE_MS;
  const replied = history.otherCommentAt
    ? asActionsStale
      ? Date.parse(history.otherCommentAt) >= Date.parse(markedAt)
      : Date.parse(history.otherCommentAt) > Date.parse(markedAt)
    : false;
  const updatedSince = updated - own > tolerance && !(asActionsStale && history.onlyLabeledSince === true);
  if ((updatedSince || replied) && config['remove-stale-when-updated'])
    return {
      action: 'unmark',
      reason: `updated after it was marked stale${history.activeUser ? ` (by @${history.activeUser})` : ''}`,
    };
  if (closing) return { action: 'close', comment: false };
  // actions/stale closes an item neither updated within days-before-close nor replied to since the mark, and
  // nothing else is asked: not the time since the mark (src/classes/issues-processor.ts `_processStaleIssue`,
  // v10.3.0). On GitHub the label moves `updated_at`, so the two agree unless the item's update is older than
  // the label's event (a hand-seeded state); remove-stale-when-updated off makes the update window matter.
  if (config.semantics === 'actions-stale') {
    if (!closes(config)) return { action: 'none', reason: 'stale (never closed)' };
    if (replied || now.getTime() - updated < config['days-before-close'] * DAY_MS)
      return { action: 'none', reason: 'stale, updated within days-before-close' };
    return { action: 'close', comment: config['close-comment'] !== undefined };
  }
  if (closes(config) && now.getTime() - Date.parse(markedAt) >= config['days-before-close'] * DAY_MS)
    return { action: 'close', comment: config['close-comment'] !== undefined };
  return { action: 'none', reason: closes(config) ? 'stale, waiting' : 'stale (never closed)' };
}

function labelOnItem(item: Item, name: string, config: StaleConfig): string {
  return labelNamed(item, name, config) ?? name;
}

/** The writes of a decision. */
export function staleOperations(item: Item, config: StaleConfig, decision: StaleDecision): TriageOperation[] {
  const closing = decision.action === 'close' || (decision.action === 'mark' && decision.close === true);
  // Closed in this run, the item keeps the close label (actions/stale removes it and adds it back).
  const reopened =
    closing || keepsCloseLabel(item, config)
      ? []
      : [
          operation(
            item,
            { type: 'remove-label', label: labelOnItem(item, config['close-label'] ?? '', config) },
            'stale: open again (close-label)',
          ),
        ];
  return [...reopened, ...decisionOperations(item, config, decision)];
}

function decisionOperations(item: Item, config: StaleConfig, decision: StaleDecision): TriageOperation[] {
  const staleComment = () =>
    operation(item, { type: 'comment', body: withMarker(config['stale-comment'], STALE_MARKER) }, 'stale');
  const closeOps = (comment: boolean) => {
    const text = config['close-comment'];
    const label = config['close-label'];
    return [
      ...(comment && text !== undefined
        ? [operation(item, { type: 'comment', body: withMarker(text, CLOSE_MARKER) }, 'stale: no activity')]
        : []),
      ...(label && !staleHasLabel(item, label, config)
        ? [operation(item, { type: 'add-label', label }, 'stale: close-label')]
        : []),
      operation(item, { type: 'close', reason: config['close-reason'] }, 'stale: no activity'),
    ];
  };
  switch (decision.action) {
    case 'mark':
      // The label first: it records the state, and a re-run completes a missing comment.
      return [
        operation(item, { type: 'add-label', label: config['stale-label'] }, 'stale'),
        ...(config['no-stale-comment'] ? [] : [staleComment()]),
        ...config['labels-to-remove-when-stale']
          .filter((label) => staleHasLabel(item, label, config))
          .map((label) =>
            operation(
              item,
              { type: 'remove-label', label: labelOnItem(item, label, config) },
              'stale: labels-to-remove',
            ),
          ),
        ...(decision.close ? closeOps(config['close-comment'] !== undefined) : []),
      ];
    case 'mark-comment':
      return [{ ...staleComment(), detail: 'stale: the label has no stale comment' }];
    case 'close':
      return closeOps(decision.comment);
    case 'unmark':
      return [
        operation(
          item,
          { type: 'remove-label', label: labelOnItem(item, config['stale-label'], config) },
          `stale: ${decision.reason}`,
        ),
        ...config['labels-to-remove-when-unstale']
          .filter((label) => staleHasLabel(item, label, config) && !sameName(label, config['stale-label'], config))
          .map((label) =>
            operation(
              item,
              { type: 'remove-label', label: labelOnItem(item, label, config) },
              'stale: labels-to-remove-when-unstale',
            ),
          ),
        ...config['labels-to-add-when-unstale']
          .filter((label) => !staleHasLabel(item, label, config))
          .map((label) => operation(item, { type: 'add-label', label }, 'stale: labels-to-add-when-unstale')),
      ];
    default:
      return [];
  }
}

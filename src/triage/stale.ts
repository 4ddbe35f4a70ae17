// Stale decisions, pure: (item, stale config, now, when it was marked) → what to do. Marking stale adds
// the label and a comment; both bump the item's `updated_at`, so "no activity since marking" means
// `updated_at` is still within a moment of the stale comment (or of our close comment, when a run posted
// it but did not get to close).
import type { StaleConfig } from './config';
import { hasLabel, type Item } from './item';
import { STALE_MARKER, CLOSE_MARKER, withMarker } from './markers';
import { operation, type TriageOperation } from './operations';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Activity within this long after the stale comment is taken as the marking itself. */
export const MARK_TOLERANCE_MS = 60 * 1000;

export type StaleDecision =
  | { action: 'none'; reason: string }
  | { action: 'mark' }
  /** Labelled stale recently without our stale comment (an interrupted run, or a person): post the comment only. */
  | { action: 'mark-comment' }
  /** `comment: false`: close without the close comment (it was posted by an earlier run, or the item is locked). */
  | { action: 'close'; comment?: boolean }
  | { action: 'unmark'; reason: string }
  /** Marked stale: when it was marked must be read (its comments) to tell activity from waiting. */
  | { action: 'needs-mark-time' };

export function inScope(item: Pick<Item, 'isPullRequest'>, only: StaleConfig['only']): boolean {
  return only === 'both' || (only === 'pull-requests') === item.isPullRequest;
}

/**
 * `markedAt`: when the newest stale comment was posted; undefined when not read, null when read and
 * there is none (someone else put the label on: the label's own update stands in for it). `closingAt`:
 * when the newest close comment was posted, if one is newer than the stale comment (an earlier run
 * commented but did not get to close).
 */
export function decideStale(
  item: Item,
  config: StaleConfig,
  now: Date,
  markedAt?: string | null,
  closingAt?: string | null,
): StaleDecision {
  if (item.state !== 'open') return { action: 'none', reason: 'closed' };
  if (!inScope(item, config.only)) return { action: 'none', reason: `only ${config.only}` };
  const stale = hasLabel(item, config['stale-label']);
  const exempt = config['exempt-labels'].find((label) => hasLabel(item, label));
  if (exempt)
    return stale
      ? { action: 'unmark', reason: `exempt label ${exempt}` }
      : { action: 'none', reason: `exempt label ${exempt}` };
  const updated = Date.parse(item.updatedAt);
  const idle = now.getTime() - updated;
  if (!stale) {
    // A locked conversation cannot take the stale comment (403 "issue is locked").
    if (item.locked) return { action: 'none', reason: 'locked' };
    return idle >= config['days-before-stale'] * DAY_MS ? { action: 'mark' } : { action: 'none', reason: 'active' };
  }
  // Marked stale. Any write since moved updated_at: activity after the mark (or after our close comment)
  // unmarks, even when the close is due (a reply must never be closed over).
  if (markedAt === undefined) return { action: 'needs-mark-time' };
  const closing = closingAt && (!markedAt || Date.parse(closingAt) >= Date.parse(markedAt)) ? closingAt : undefined;
  const last = closing ?? markedAt;
  if (last && updated - Date.parse(last) > MARK_TOLERANCE_MS)
    return { action: 'unmark', reason: 'activity after it was marked stale' };
  if (closing) return { action: 'close', comment: false };
  if (idle >= config['days-before-close'] * DAY_MS) return { action: 'close', comment: !item.locked };
  // The label without our comment, put on recently: complete the mark, so no item is closed unwarned.
  if (markedAt === null && !item.locked) return { action: 'mark-comment' };
  return { action: 'none', reason: 'stale, waiting' };
}

/** The writes of a decision. */
export function staleOperations(item: Item, config: StaleConfig, decision: StaleDecision): TriageOperation[] {
  switch (decision.action) {
    case 'mark':
      return [
        operation(item, { type: 'add-label', label: config['stale-label'] }, 'stale'),
        operation(item, { type: 'comment', body: withMarker(config['stale-comment'], STALE_MARKER) }, 'stale'),
      ];
    case 'mark-comment':
      return [
        operation(
          item,
          { type: 'comment', body: withMarker(config['stale-comment'], STALE_MARKER) },
          'stale: the label has no stale comment',
        ),
      ];
    case 'close':
      return [
        ...(decision.comment === false || item.locked
          ? []
          : [
              operation(
                item,
                { type: 'comment', body: withMarker(config['close-comment'], CLOSE_MARKER) },
                'stale: no activity',
              ),
            ]),
        operation(item, { type: 'close', reason: config['close-reason'] }, 'stale: no activity'),
      ];
    case 'unmark': {
      const label =
        item.labels.find((l) => l.toLowerCase() === config['stale-label'].toLowerCase()) ?? config['stale-label'];
      return [operation(item, { type: 'remove-label', label }, `stale: ${decision.reason}`)];
    }
    default:
      return [];
  }
}

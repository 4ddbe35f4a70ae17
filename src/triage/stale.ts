// Stale decisions, pure: (item, stale config, now, when it was marked) → what to do. Marking stale adds
// the label and a comment; both bump the item's `updated_at`, so "no activity since marking" means
// `updated_at` is still within a moment of the stale comment.
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
  | { action: 'close' }
  | { action: 'unmark'; reason: string }
  /** Stale, not yet due for closing: when it was marked must be read (its comments) to tell activity from waiting. */
  | { action: 'needs-mark-time' };

export function inScope(item: Pick<Item, 'isPullRequest'>, only: StaleConfig['only']): boolean {
  return only === 'both' || (only === 'pull-requests') === item.isPullRequest;
}

/**
 * `markedAt`: when the newest stale comment was posted; undefined when not read, null when read and
 * there is none (someone else put the label on: the label's own update stands in for it).
 */
export function decideStale(item: Item, config: StaleConfig, now: Date, markedAt?: string | null): StaleDecision {
  if (item.state !== 'open') return { action: 'none', reason: 'closed' };
  if (!inScope(item, config.only)) return { action: 'none', reason: `only ${config.only}` };
  const stale = hasLabel(item, config['stale-label']);
  const exempt = config['exempt-labels'].find((label) => hasLabel(item, label));
  if (exempt) return stale ? { action: 'unmark', reason: `exempt label ${exempt}` } : { action: 'none', reason: `exempt label ${exempt}` };
  const idle = now.getTime() - Date.parse(item.updatedAt);
  if (!stale) {
    if (item.locked) return { action: 'none', reason: 'locked' };
    return idle >= config['days-before-stale'] * DAY_MS ? { action: 'mark' } : { action: 'none', reason: 'active' };
  }
  // Marked stale. Any write since (ours included) moved updated_at, so a long idle time means no activity.
  if (idle >= config['days-before-close'] * DAY_MS) return { action: 'close' };
  if (markedAt === undefined) return { action: 'needs-mark-time' };
  if (markedAt !== null && Date.parse(item.updatedAt) - Date.parse(markedAt) > MARK_TOLERANCE_MS) return { action: 'unmark', reason: 'activity after it was marked stale' };
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
    case 'close':
      return [
        operation(item, { type: 'comment', body: withMarker(config['close-comment'], CLOSE_MARKER) }, 'stale: no activity'),
        operation(item, { type: 'close', reason: config['close-reason'] }, 'stale: no activity'),
      ];
    case 'unmark': {
      const label = item.labels.find((l) => l.toLowerCase() === config['stale-label'].toLowerCase()) ?? config['stale-label'];
      return [operation(item, { type: 'remove-label', label }, `stale: ${decision.reason}`)];
    }
    default:
      return [];
  }
}

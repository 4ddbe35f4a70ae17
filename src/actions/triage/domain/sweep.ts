// A sweep over the open issues and pull requests (schedule / workflow_dispatch): rules, then stale.
// Items are listed least recently updated first (100 a page, conditional requests), and every write moves
// an item's `updated_at` to now, so the items handled go to the back of the list: a sweep stopped by
// `max-operations` or the budget is continued by the next run from where it stopped, with no state file.
import type { Client, Cost, Logger } from '../../../github/client/types';
import type { StaleSection, TriageConfig } from './config';
import { describeItem, type Item } from './item';
import { planItem, wouldNeedOperations, type ItemPlanContext } from './item-plan';
import { totalCost, type TriageOperation } from '../operations';
import { rulesFor } from '../plan';
import type { TriageReader } from './reader';
import { withDetails } from '../graphql/detail-reads';
import { Progress, SWEEP_PROGRESS } from '../../../kernel/progress';
import { plural } from '../../../kernel/words';

export interface SweepResult {
  operations: TriageOperation[];
  processed: number;
  remaining: number;
  openIssues: number;
  openPullRequests: number;
  /** Why the sweep stopped early, if it did. */
  stoppedBy?: 'max-operations' | 'budget';
  /** Reads made while planning, one request each (pull requests for branch/size, changed files, comments). */
  reads: PlanningReads;
}

export interface PlanningReads {
  pulls: number;
  files: number;
  comments: number;
}

/** The reader, counting the per-item reads planning makes (they are part of the plan's cost). */
function countingReader(reader: TriageReader, reads: PlanningReads): TriageReader {
  // A read the reader answers from what it read already (GraphQL's list and details) costs no request.
  const counted = (kind: 'pull' | 'files' | 'comments', n: number) => !reader.cached?.(kind, n);
  return {
    ...reader,
    ...(reader.pull ? { pull: (n: number) => (counted('pull', n) && reads.pulls++, reader.pull!(n)) } : {}),
    files: (n) => (counted('files', n) && reads.files++, reader.files(n)),
    comments: (n, view) => (counted('comments', n) && reads.comments++, reader.comments(n, view)),
  };
}

export interface SweepOptions extends ItemPlanContext {
  config: TriageConfig;
  reader: TriageReader;
  client: Pick<Client, 'budget'>;
  log: Logger;
  maxOperations: number;
  now: () => Date;
  /** Real milliseconds (for the progress line). */
  elapsed?: () => number;
}

const add = (a: Cost, b: Cost): Cost => ({ requests: a.requests + b.requests, writes: a.writes + b.writes });

/**
 * The items in actions/stale's order when `sort-by` or `ascending` is set (its defaults: by creation, newest
 * first); otherwise least recently updated first, the order the list is read in.
 */
export function inStaleOrder(items: Item[], stale: TriageConfig['stale']): Item[] {
  if (!stale || (stale['sort-by'] === undefined && stale.ascending === undefined)) return items;
  const by = stale['sort-by'] ?? 'created';
  const key = (item: Item): number =>
    by === 'comments' ? item.comments : Date.parse((by === 'created' ? item.createdAt : undefined) ?? item.updatedAt);
  const sign = stale.ascending ? 1 : -1;
  return [...items].sort((a, b) => sign * (key(a) - key(b)) || a.number - b.number);
}

/**
 * The operations of one item a sweep takes with `room` operations left. Whole items only, except that a first item
 * larger than the limit is started (the rest follows next run). With actions/stale's semantics an item is started
 * while any room is left and finished (its operations-per-run is checked before each item: 2 items of 2 operations
 * with a limit of 3 make 4; __tests__/operations-per-run.spec.ts, v10.1.1).
 */
export function itemOperations(
  ops: TriageOperation[],
  room: number,
  first: boolean,
  semantics: StaleSection['semantics'] | undefined,
): TriageOperation[] {
  if (semantics === 'actions-stale') return room > 0 ? ops : [];
  return ops.length <= room ? ops : first ? ops.slice(0, room) : [];
}

export async function planSweep(sweepOptions: SweepOptions): Promise<SweepResult> {
  const reads: PlanningReads = { pulls: 0, files: 0, comments: 0 };
  const options = { ...sweepOptions, reader: countingReader(sweepOptions.reader, reads) };
  const { config, reader, client, log, maxOperations } = options;
  const rules = rulesFor(config.rules, 'item');
  // An item updated while the pages are read moves to a later page and is listed twice: the later copy is the fresher.
  const byNumber = new Map<number, Item>();
  for await (const page of reader.openItems())
    for (const item of page) {
      byNumber.delete(item.number);
      byNumber.set(item.number, item);
    }
  const items = inStaleOrder([...byNumber.values()], config.stale);
  const openPullRequests = items.filter((i) => i.isPullRequest).length;
  const openIssues = items.length - openPullRequests;
  log.info(`${items.length} open items: ${openIssues} issues, ${openPullRequests} pull requests.`);
  if (rules.length === 0 && !config.stale) {
    log.info('No rules and no stale settings: nothing to sweep.');
    return { operations: [], processed: 0, remaining: 0, openIssues, openPullRequests, reads };
  }

  // The REST budget is known before the plan is made: the list may have come through GraphQL (another budget), and
  // an unknown budget affords everything, so the per-item stop would never fire and the whole plan be refused.
  // `GET /rate_limit` is free; a server without rate limiting says so (every plan fits).
  if (!client.budget.state().known) await client.budget.refresh();
  const now = options.now();
  // What the decisions need beyond the list, read ahead in a few queries when the reader can (GraphQL).
  const detailed = await withDetails(items, { rules, stale: config.stale, now }, options);
  const operations: TriageOperation[] = [];
  let cost: Cost = { requests: 0, writes: 0 };
  let processed = 0;
  let remaining = 0;
  let stoppedBy: SweepResult['stoppedBy'];
  const elapsed = options.elapsed ?? (() => performance.now());
  // A progress line every 100 items or 30 s during long sweeps.
  const progress = new Progress({
    ...SWEEP_PROGRESS,
    label: 'Sweep',
    total: items.length,
    detail: () => `${plural(operations.length, 'operation')} planned so far`,
    clock: { now: elapsed },
    log: (line) => log.info(line),
  });
  for (const item of detailed) {
    progress.advance();
    const input = { item, rules, stale: config.stale, now };
    if (stoppedBy) {
      if (wouldNeedOperations(input)) remaining++;
      continue;
    }
    processed++;
    const ops = await planItem(input, options);
    if (ops.length === 0) continue;
    const room = maxOperations - operations.length;
    const take = itemOperations(ops, room, operations.length === 0, config.stale?.semantics);
    if (take.length > 0 && !client.budget.canAfford(add(cost, totalCost(take)))) {
      stoppedBy = 'budget';
    } else if (take.length < ops.length) {
      stoppedBy = 'max-operations';
    }
    if (stoppedBy === 'budget' || take.length === 0) {
      remaining++;
      log.info(
        `Stopping at ${describeItem(item)}: ${stoppedBy === 'budget' ? 'the budget' : `max-operations (${maxOperations})`} would be exceeded.`,
      );
      continue;
    }
    operations.push(...take);
    cost = add(cost, totalCost(take));
    if (take.length < ops.length) {
      remaining++;
      log.info(`Stopping at ${describeItem(item)}: max-operations (${maxOperations}) reached.`);
    }
  }
  if (stoppedBy) log.info(`${plural(remaining, 'item')} left for the next run.`);
  return { operations, processed, remaining, openIssues, openPullRequests, stoppedBy, reads };
}

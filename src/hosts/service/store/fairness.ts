// Fairness between installations: one installation's burst must not starve another's single delivery.
//
// graphile-worker takes the due job with the lowest `priority` first, then the earliest `run_at` (its get_job
// orders by `priority asc, run_at asc`). Each item's job is therefore queued with the number of deliveries its
// installation already has open (queued or running) as its priority: an installation's Nth open delivery gets
// priority N-1, so the workers take the first delivery of every installation, then the second of every one, and so
// on — round-robin between installations, arrival order within one. A burst of 2,000 from one installation puts its
// last jobs at the back while a quiet installation's delivery gets priority 0 and runs next.
//
// - The job key collapses an item's deliveries into one pending job; a later delivery keeps that job's priority (it
//   joins the job already waiting, so a busy item is never pushed back behind its own installation's backlog).
// - The count reads at most FAIRNESS_DEPTH index entries (a partial index on exactly the rows it counts,
//   `fairnessIndex`): past that, an installation's deliveries share the last priority and run in arrival order. The
//   cost per delivery stays bounded.
// - Deliveries without an installation (repository and organisation webhooks, no App) are grouped by repository.
// - Retries and jobs requeued by the heartbeat get priority 0: there are few, and they already waited.
// - Sweep rows (item key `owner/name#sweep`) are not counted: sweeps run in their own lane behind every webhook
//   (`item-jobs.ts`), so an installation's nightly sweep must not push its webhooks behind other installations'.
/** At most this many open deliveries are counted per installation (priority is a smallint in graphile-worker). */
export const FAIRNESS_DEPTH = 1_000;

/** Whose turn a delivery is (an expression over a delivery row; `row` empty: unqualified, for the index). */
export const fairnessGroupOf = (row: string) => {
  const at = row ? `${row}.` : '';
  return `COALESCE(${at}installation::text, 'repository:' || ${at}repository, '')`;
};

/** Whether a delivery row counts for fairness: open (queued or running) and not a sweep row. */
export const countedOpen = (row: string) => {
  const at = row ? `${row}.` : '';
  return `${at}state IN ('queued', 'running') AND ${at}item_key NOT LIKE '%#sweep'`;
};

/**
 * Migration 1's index, as released: the open deliveries of `table` by group, sweep rows included (the count has
 * excluded them since; migration 3 replaces it with `fairnessIndex`). Never edited: a released migration is fixed.
 */
export function fairnessIndexV1(table: string): string {
  return `CREATE INDEX IF NOT EXISTS ${table}_open_by_installation ON ${table}
  ((${fairnessGroupOf('')})) WHERE state IN ('queued', 'running');`;
}

/**
 * The index the count reads (migration 3): by group, over exactly the rows the count counts (its predicate is the
 * count's, so the planner proves the one from the other), sweep rows left out — an installation's nightly sweep of
 * 2,000 rows no longer lies between its webhooks' entries.
 */
export function fairnessIndex(table: string): string {
  return `CREATE INDEX IF NOT EXISTS ${table}_open_webhooks_by_installation ON ${table}
  ((${fairnessGroupOf('')})) WHERE ${countedOpen('')};`;
}

/**
 * The priority of the job for the delivery row `row` (an alias in the storing statement, whose own insert the
 * count does not see): the waiting job's priority when the item has one, else the group's open deliveries plus
 * `before` (an SQL expression: the items of the same group stored earlier in the same statement, which the count
 * cannot see either — without it a group commit of 26 of one installation's deliveries would give all 26 the
 * priority of the first).
 */
export function fairPriority(table: string, row: string, before = '0'): string {
  return `COALESCE(
    (SELECT waiting.priority FROM graphile_worker.jobs waiting WHERE waiting.key = ${row}.item_key AND waiting.locked_at IS NULL),
    LEAST(${FAIRNESS_DEPTH}, ${before} + (SELECT count(*) FROM (SELECT 1 FROM ${table} o
       WHERE ${fairnessGroupOf('o')} = ${fairnessGroupOf(row)} AND ${countedOpen('o')}
       LIMIT ${FAIRNESS_DEPTH}) open_ones)))::int`;
}

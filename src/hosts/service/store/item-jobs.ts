// The job of an item (an issue or pull request): graphile-worker runs it, with the item as its job key (one pending
// job per item: deliveries arriving while it waits join it), in the item's named queue (one job of an item at a time,
// without holding a worker slot while another runs), in `priority` order (`fairness.ts`).
//
// The items share ITEM_QUEUES queue
// names (the item's hash picks one) instead of a queue each: every fetch of a job locks every free queue row
// (`getJobs.js`, "lock the job queues up front"), and the library's own documentation says to avoid high-cardinality
// queue names ("degrades performance and requires periodic database cleanup", `queueName` in `interfaces.d.ts`;
// graphile/worker#558). With a queue per item, a fetch cost 9 ms at 2,500 known items and grows with every item ever
// seen; with shared queues it is bounded. Two items sharing a queue wait for each other only while both have work.

//
// Two lanes: a repository's sweep (item key `owner/name#sweep`) runs behind every webhook — its priority is
// SWEEP_PRIORITY above theirs (graphile-worker takes the lowest first) — and in one of SWEEP_LANES named queues of
// its own, so at most that many sweep jobs run at once across every replica and the other workers stay free for
// webhooks, however many repositories a sweep queued. Within the lane the installations take turns: a sweep row's
// priority is its turn among its installation's rows of the slot (`sweeps.ts`), so the first repository of every
// installation goes before the second of any, and a small installation's sweep never waits behind a large one's
// whole sweep (which, paced by its write budget, can last hours).

/** The graphile-worker task that runs an item's deliveries. */
export const ITEM_TASK = 'repo_actions_item';
/** A job's own attempts (crashes only: the log counts the engine's failures and schedules retries itself). */
const JOB_MAX_ATTEMPTS = 25;

/** Named queues the items share (see above): room for this many jobs running at once across replicas. */
export const ITEM_QUEUES = 128;

/** Sweep jobs running at once at most, across replicas (see above). */
export const SWEEP_LANES = 2;
/** Added to a sweep job's priority: past any webhook job's (`fairness.ts` counts to 1,000). */
export const SWEEP_PRIORITY = 2_000;

/** Whether the item key (an SQL expression) is a sweep's. */
const isSweepSql = (itemKey: string) => `right(${itemKey}, 6) = '#sweep'`;

/** The named queue of the item `itemKey` (an SQL expression): a stable hash of it, never PostgreSQL's own. */
export function itemQueueSql(itemKey: string): string {
  const hash = `('x' || left(md5(${itemKey}), 7))::bit(28)::int`;
  return `CASE WHEN ${isSweepSql(itemKey)} THEN 'repo_actions_sweep:' || (${hash} % ${SWEEP_LANES})
    ELSE '${ITEM_TASK}:' || (${hash} % ${ITEM_QUEUES}) END`;
}

/**
 * The job's priority: `priority` (an SQL expression), behind every webhook's for a sweep. A sweep's `priority` may be
 * its waiting job's (`fairness.ts`), which carries the offset already: it is added once.
 */
function lanePriority(itemKey: string, priority: string): string {
  return `(CASE WHEN ${isSweepSql(itemKey)} THEN ${SWEEP_PRIORITY} + (${priority}) % ${SWEEP_PRIORITY} ELSE (${priority}) END)`;
}

/**
 * Queues the item's job: one pending job per item (job key, keeping a waiting job's run time), one running at a
 * time per item (its named queue), taken in `priority` order (`fairness.ts`; 0 unless given).
 */
export function addJob(itemKey: string, runAt = 'NULL', priority = '0'): string {
  return `graphile_worker.add_job('${ITEM_TASK}', json_build_object('item', ${itemKey}), queue_name := ${itemQueueSql(itemKey)},
    run_at := ${runAt}, max_attempts := ${JOB_MAX_ATTEMPTS}, job_key := ${itemKey}, job_key_mode := 'preserve_run_at',
    priority := ${lanePriority(itemKey, priority)}::int)`;
}

/** The same job as `addJob`, as one element of `graphile_worker.add_jobs`' array (one call for many items). */
export function jobSpec(itemKey: string, runAt: string, priority: string): string {
  return `ROW('${ITEM_TASK}', json_build_object('item', ${itemKey}), ${itemQueueSql(itemKey)}, ${runAt},
    ${JOB_MAX_ATTEMPTS}::smallint, ${itemKey}, ${lanePriority(itemKey, priority)}::smallint, NULL)::graphile_worker.job_spec`;
}

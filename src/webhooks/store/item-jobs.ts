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

/** The graphile-worker task that runs an item's deliveries. */
export const ITEM_TASK = 'repo_actions_item';
/** A job's own attempts (crashes only: the log counts the engine's failures and schedules retries itself). */
const JOB_MAX_ATTEMPTS = 25;

/** Named queues the items share (see above): room for this many jobs running at once across replicas. */
export const ITEM_QUEUES = 128;

/** The named queue of the item `itemKey` (an SQL expression): a stable hash of it, never PostgreSQL's own. */
export function itemQueueSql(itemKey: string): string {
  return `'${ITEM_TASK}:' || (('x' || left(md5(${itemKey}), 7))::bit(28)::int % ${ITEM_QUEUES})`;
}

/**
 * Queues the item's job: one pending job per item (job key, keeping a waiting job's run time), one running at a
 * time per item (its named queue), taken in `priority` order (`fairness.ts`; 0 unless given).
 */
export function addJob(itemKey: string, runAt = 'NULL', priority = '0'): string {
  return `graphile_worker.add_job('${ITEM_TASK}', json_build_object('item', ${itemKey}), queue_name := ${itemQueueSql(itemKey)},
    run_at := ${runAt}, max_attempts := ${JOB_MAX_ATTEMPTS}, job_key := ${itemKey}, job_key_mode := 'preserve_run_at',
    priority := ${priority})`;
}

/** The same job as `addJob`, as one element of `graphile_worker.add_jobs`' array (one call for many items). */
export function jobSpec(itemKey: string, runAt: string, priority: string): string {
  return `ROW('${ITEM_TASK}', json_build_object('item', ${itemKey}), ${itemQueueSql(itemKey)}, ${runAt},
    ${JOB_MAX_ATTEMPTS}::smallint, ${itemKey}, (${priority})::smallint, NULL)::graphile_worker.job_spec`;
}

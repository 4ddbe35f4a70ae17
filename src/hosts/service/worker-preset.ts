// Every setting graphile-worker reads, given by the service itself. Left to the library, its defaults come from the
// environment (GRAPHILE_WORKER_SCHEMA would move the queue away from the schema the delivery log's SQL names) and
// from a config file it searched for from the working directory upwards (a `graphile-worker.config.js` in a
// checkout or any folder above could change the queue or crash every subcommand, issue 40 item 10). The bundles
// replace that search with "no file" (scripts/bundle-stubs/cosmiconfig.ts); these values make the defaults moot.
// Task and crontab files are never read either: the queue always passes `taskList` and `parsedCronItems`.
import type { SharedOptions } from 'graphile-worker';

/** The schema of graphile-worker's tables and functions, as the delivery log's SQL names it. */
export const WORKER_SCHEMA = 'graphile_worker';

/** graphile-worker's preset with every worker setting explicit; `extra` overrides single ones. */
export function workerPreset(extra: GraphileConfig.WorkerOptions = {}): NonNullable<SharedOptions['preset']> {
  return {
    worker: {
      schema: WORKER_SCHEMA,
      pollInterval: 2_000,
      concurrentJobs: 1,
      maxPoolSize: 10,
      preparedStatements: true,
      useNodeTime: false,
      minResetLockedInterval: 8 * 60_000,
      maxResetLockedInterval: 10 * 60_000,
      gracefulShutdownAbortTimeout: 5_000,
      // No task file is loaded by extension: tasks are functions the queue passes.
      fileExtensions: [],
      ...extra,
    },
  };
}

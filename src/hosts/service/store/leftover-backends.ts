// The backends of a PostgreSQL server whose postmaster was killed (SIGKILL, the OOM killer) live on until they
// next wait (they watch the postmaster's death only then) and keep the old shared memory attached; a new
// postmaster refuses to start beside them ("pre-existing shared memory block … is still in use"). They are
// found as the processes running this server's binary with this cluster as their working directory (PostgreSQL
// changes into its data directory, and its children inherit it): both must match, so nothing else is touched.
import { readdirSync } from 'node:fs';
import { runsCluster } from './root-files';

/** Process ids of the leftover backends (none where /proc is missing). */
export function leftoverBackends(cluster: string, postgresBinary: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  return entries
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => runsCluster(pid, cluster, postgresBinary));
}

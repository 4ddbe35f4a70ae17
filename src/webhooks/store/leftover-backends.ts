// The backends of a PostgreSQL server whose postmaster was killed (SIGKILL, the OOM killer) live on until they
// next wait (they watch the postmaster's death only then) and keep the old shared memory attached; a new
// postmaster refuses to start beside them ("pre-existing shared memory block … is still in use"). They are
// found as the processes running this server's binary with this cluster as their working directory (PostgreSQL
// changes into its data directory, and its children inherit it): both must match, so nothing else is touched.
import { readdirSync, readlinkSync, realpathSync } from 'node:fs';

function link(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    return undefined; // gone meanwhile, or not ours to read
  }
}

/** Process ids of the leftover backends (none where /proc is missing). */
export function leftoverBackends(cluster: string, postgresBinary: string): number[] {
  let entries: string[];
  let binary: string;
  try {
    entries = readdirSync('/proc');
    binary = realpathSync(postgresBinary);
  } catch {
    return [];
  }
  return entries
    .filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid)
    .filter((entry) => link(`/proc/${entry}/cwd`) === cluster && link(`/proc/${entry}/exe`) === binary)
    .map(Number);
}

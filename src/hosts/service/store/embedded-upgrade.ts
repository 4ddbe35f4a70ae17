// The embedded store across a major PostgreSQL version: a cluster is written in its major version's on-disk format
// (`<cluster>/PG_VERSION`), and a newer server refuses it ("database files are incompatible with server") — after a
// package upgrade that brought a new major version the data folder would simply not start. A folder that keeps the
// old server moves itself across (`embedded-major.ts`); for one that does not, `serve` refuses with the way across,
// the commands docs/service-operations.md ("Upgrading the embedded store") tests: the previous build exports the
// delivery log, the folder is set aside, and this build imports it into a fresh cluster.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { readOwnFile } from './root-files';
import { SEAL_KEY_FILE } from './seal-key';

/** The kept server's folder (`embedded-major.ts`, which imports this module). */
export const KEPT_SERVER = 'postgres-server';

/** The major version the cluster's files are in (`PG_VERSION`: "18"), undefined when unreadable. */
export function clusterMajor(cluster: string): string | undefined {
  const text = readOwnFile(join(cluster, 'PG_VERSION'))?.trim();
  return text && /^\d+(?:\.\d+)?$/.test(text) ? text : undefined;
}

/** The server's major version (`postgres --version`: "postgres (PostgreSQL) 18.4" → "18"; before 10, "9.6"). */
export function serverMajor(binaries: string): string {
  const out = execFileSync(join(binaries, 'bin', 'postgres'), ['--version'], {
    encoding: 'utf8',
    env: { LC_ALL: 'C', PATH: '/usr/bin:/bin' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const m = /\(PostgreSQL\) (\d+)(?:\.(\d+))?/.exec(out);
  if (!m) throw new Error(`cannot tell the embedded PostgreSQL's version from: ${out.trim().slice(0, 200)}`);
  return Number(m[1]) >= 10 ? m[1] : `${m[1]}.${m[2] ?? '0'}`;
}

const quoted = (path: string) => `'${path.replace(/'/g, `'\\''`)}'`;

/** Why the cluster cannot start, and the exact commands that move its deliveries to this build's server. */
export function upgradeMessage(dataDir: string, cluster: string, server: string): string {
  const dir = quoted(dataDir);
  const aside = quoted(`${dataDir}.pg${cluster}`);
  const file = quoted(`${dataDir}.deliveries.jsonl`);
  const sealKey = quoted(`${dataDir}.pg${cluster}/${SEAL_KEY_FILE}`);
  return [
    `the data folder ${dataDir} holds a PostgreSQL ${cluster} cluster and this build's embedded server is PostgreSQL ${server}, which cannot open it, and the folder does not keep the PostgreSQL ${cluster} server that would move it across by itself (${KEPT_SERVER}: kept by builds from this one on).`,
    'Move the deliveries across (docs/service-operations.md, "Upgrading the embedded store"), serve stopped:',
    `  1. with the build you ran before (its embedded PostgreSQL ${cluster}): repo-actions deliveries export --data-dir ${dir} --out ${file}`,
    `  2. mv ${dir} ${aside}`,
    `  3. with this build: repo-actions deliveries import --data-dir ${dir} --in ${file}`,
    // The rows keep their seals: the key they were sealed with (generated into the old folder when none was given)
    // must come along, or the new folder's first start would generate another and refuse every imported row.
    `  4. keep the seal key the rows were sealed with (when no --seal-key-env is given): [ ! -e ${sealKey} ] || cp -p ${sealKey} ${dir}/`,
    `  5. start serve with --data-dir ${dir}; once it runs, remove ${aside}.`,
  ].join('\n');
}

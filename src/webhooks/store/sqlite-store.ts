// The embedded store: node:sqlite (built into Node 22.5+; nothing to install) in `--data-dir`. WAL journal, so
// every accepted delivery is on disk before the 202 and survives `kill -9` of the process. One process per
// directory (a lock file with its pid): leases and item locks then live in this process, and a restart after a
// crash queues the jobs the dead process was running at once instead of waiting for their leases.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { KeyedLock } from '../keyed-lock';
import type {
  AcceptOutcome,
  ClaimedJob,
  DeliveryStore,
  DeliverySummary,
  JobState,
  NewDelivery,
  QueueStats,
  ReleaseItem,
} from './types';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS deliveries (
  id TEXT PRIMARY KEY,
  event TEXT NOT NULL,
  action TEXT,
  repository TEXT,
  installation INTEGER,
  item_key TEXT,
  headers TEXT NOT NULL,
  body BLOB NOT NULL,
  received_at INTEGER NOT NULL,
  state TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  due_at INTEGER NOT NULL,
  lease_owner TEXT,
  lease_until INTEGER,
  last_error TEXT,
  finished_at INTEGER
);
CREATE INDEX IF NOT EXISTS deliveries_due ON deliveries (state, due_at);
CREATE TABLE IF NOT EXISTS schedules (name TEXT PRIMARY KEY, last_slot INTEGER NOT NULL);
`;

interface Row {
  id: string;
  event: string;
  action: string | null;
  repository: string | null;
  installation: number | null;
  item_key: string | null;
  headers: string;
  body: Uint8Array;
  received_at: number;
  state: JobState;
  attempts: number;
  due_at: number;
  last_error: string | null;
}

/** Holds `dir/serve.lock` for this process; a lock left by a dead process is taken over. */
function lockDirectory(dir: string): () => void {
  const file = join(dir, 'serve.lock');
  for (let tries = 0; tries < 2; tries++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid))
        throw new Error(
          `${dir} is in use by process ${pid} (one serve process per --data-dir; use --database for replicas)`,
        );
      rmSync(file, { force: true });
    }
  }
  throw new Error(`cannot lock ${dir}`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function claimedJob(row: Row): ClaimedJob {
  return {
    id: row.id,
    event: row.event,
    repository: row.repository ?? undefined,
    installation: row.installation === null ? undefined : Number(row.installation),
    itemKey: row.item_key ?? undefined,
    headers: JSON.parse(row.headers) as Record<string, string>,
    body: Buffer.from(row.body),
    attempts: Number(row.attempts),
    receivedAt: Number(row.received_at),
  };
}

export function summaryOf(row: Omit<Row, 'headers' | 'body'>): DeliverySummary {
  return {
    id: row.id,
    event: row.event,
    action: row.action ?? undefined,
    repository: row.repository ?? undefined,
    state: row.state,
    attempts: Number(row.attempts),
    receivedAt: Number(row.received_at),
    dueAt: Number(row.due_at),
    lastError: row.last_error ?? undefined,
  };
}

export interface SqliteStoreOptions {
  dataDir: string;
  now?: () => number;
  /** Read-only use by the `deliveries` command while a server holds the directory (no lock taken). */
  shared?: boolean;
}

/**
 * `node:sqlite`, loaded when the embedded store is opened: the rest of the command line (and the service on
 * PostgreSQL) runs on Node versions that lack it.
 */
function sqlite(): typeof import('node:sqlite') {
  const mod = process.getBuiltinModule('node:sqlite') as typeof import('node:sqlite') | undefined;
  if (!mod)
    throw new Error(
      `The embedded store needs node:sqlite (Node 22.5 or later; this is ${process.version}): run on Node 24, or give --database postgres://…`,
    );
  return mod;
}

export function openSqliteStore(options: SqliteStoreOptions): DeliveryStore {
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const unlock = options.shared ? () => {} : lockDirectory(options.dataDir);
  const now = options.now ?? Date.now;
  let db: DatabaseSync;
  try {
    db = new (sqlite().DatabaseSync)(join(options.dataDir, 'deliveries.sqlite'));
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
    db.exec(SCHEMA);
    // The previous process died holding these: nobody else can be running them (the directory lock).
    if (!options.shared)
      db.prepare("UPDATE deliveries SET state = 'queued', lease_owner = NULL WHERE state = 'running'").run();
  } catch (err) {
    unlock();
    throw err;
  }
  const items = new KeyedLock();
  const insert = db.prepare(
    `INSERT INTO deliveries (id, event, action, repository, installation, item_key, headers, body, received_at, state, due_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'queued', ?) ON CONFLICT (id) DO NOTHING`,
  );
  const requeueFailed = db.prepare(
    "UPDATE deliveries SET state = 'queued', attempts = 0, due_at = ?, lease_owner = NULL WHERE id = ? AND state = 'failed'",
  );
  const claim = db.prepare(
    `UPDATE deliveries SET state = 'running', lease_owner = ?, lease_until = ?, attempts = attempts + 1
     WHERE id IN (SELECT id FROM deliveries WHERE (state = 'queued' AND due_at <= ?) OR (state = 'running' AND lease_until < ?)
                  ORDER BY due_at, received_at LIMIT ?)
     RETURNING *`,
  );
  const renew = db.prepare(
    "UPDATE deliveries SET lease_until = ? WHERE id = ? AND lease_owner = ? AND state = 'running'",
  );
  const complete = db.prepare(
    "UPDATE deliveries SET state = 'done', finished_at = ?, lease_owner = NULL, last_error = NULL WHERE id = ? AND lease_owner = ? AND state = 'running'",
  );
  const fail = db.prepare(
    "UPDATE deliveries SET state = ?, due_at = ?, last_error = ?, lease_owner = NULL, finished_at = ? WHERE id = ? AND lease_owner = ? AND state = 'running'",
  );
  const release = db.prepare(
    "UPDATE deliveries SET state = 'queued', attempts = attempts - 1, lease_owner = NULL WHERE id = ? AND lease_owner = ? AND state = 'running'",
  );
  const columns = 'id, event, action, repository, state, attempts, received_at, due_at, last_error';

  return {
    kind: 'embedded',
    async accept(d: NewDelivery): Promise<AcceptOutcome> {
      const at = now();
      const inserted = insert.run(
        d.id,
        d.event,
        d.action ?? null,
        d.repository ?? null,
        d.installation ?? null,
        d.itemKey ?? null,
        JSON.stringify(d.headers),
        d.body,
        at,
        at,
      );
      if (inserted.changes === 1) return 'accepted';
      return requeueFailed.run(at, d.id).changes === 1 ? 'requeued' : 'duplicate';
    },
    async claim(owner, limit, leaseMs) {
      const at = now();
      const rows = claim.all(owner, at + leaseMs, at, at, limit) as unknown as Row[];
      return rows.map(claimedJob);
    },
    async renew(owner, ids, leaseMs) {
      const until = now() + leaseMs;
      return ids.filter((id) => renew.run(until, id, owner).changes === 0);
    },
    async complete(owner, id) {
      complete.run(now(), id, owner);
    },
    async fail(owner, id, error, retryInMs) {
      const at = now();
      const retryAt = retryInMs === undefined ? undefined : at + retryInMs;
      fail.run(
        retryAt === undefined ? 'failed' : 'queued',
        retryAt ?? at,
        error,
        retryAt === undefined ? at : null,
        id,
        owner,
      );
    },
    async release(owner, id) {
      release.run(id, owner);
    },
    lockItem(key: string): Promise<ReleaseItem> {
      return new Promise((acquired) => {
        void items.run(key, () => new Promise<void>((done) => acquired(async () => done())));
      });
    },
    async list({ state, limit = 100 }) {
      const rows = state
        ? db
            .prepare(`SELECT ${columns} FROM deliveries WHERE state = ? ORDER BY received_at DESC LIMIT ?`)
            .all(state, limit)
        : db.prepare(`SELECT ${columns} FROM deliveries ORDER BY received_at DESC LIMIT ?`).all(limit);
      return (rows as unknown as Row[]).map(summaryOf);
    },
    async retry(id) {
      const at = now();
      const sql =
        "UPDATE deliveries SET state = 'queued', attempts = 0, due_at = ?, lease_owner = NULL WHERE state = 'failed'";
      return Number((id === undefined ? db.prepare(sql).run(at) : db.prepare(`${sql} AND id = ?`).run(at, id)).changes);
    },
    async stats(): Promise<QueueStats> {
      const row = db
        .prepare(
          `SELECT SUM(CASE WHEN state IN ('queued', 'running') THEN 1 ELSE 0 END) AS depth,
                  MIN(CASE WHEN state IN ('queued', 'running') THEN received_at END) AS oldest,
                  SUM(CASE WHEN state = 'failed' THEN 1 ELSE 0 END) AS failed FROM deliveries`,
        )
        .get() as { depth: number | null; oldest: number | null; failed: number | null };
      return {
        depth: Number(row.depth ?? 0),
        oldestAgeMs: row.oldest === null ? 0 : Math.max(0, now() - Number(row.oldest)),
        failed: Number(row.failed ?? 0),
      };
    },
    async prune(before) {
      return Number(
        db.prepare("DELETE FROM deliveries WHERE received_at < ? AND state IN ('done', 'failed')").run(before).changes,
      );
    },
    async claimSchedule(name, slot) {
      db.prepare('INSERT INTO schedules (name, last_slot) VALUES (?, -1) ON CONFLICT (name) DO NOTHING').run(name);
      return (
        db.prepare('UPDATE schedules SET last_slot = ? WHERE name = ? AND last_slot < ?').run(slot, name, slot)
          .changes === 1
      );
    },
    async knownRepositories() {
      const rows = db
        .prepare(
          "SELECT repository, MAX(installation) AS installation FROM deliveries WHERE repository IS NOT NULL AND id NOT LIKE 'sweep:%' GROUP BY repository ORDER BY repository",
        )
        .all() as { repository: string; installation: number | null }[];
      return rows.map((r) => ({ repository: r.repository, installation: r.installation ?? undefined }));
    },
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      if (db.isOpen) db.close();
      unlock();
    },
  };
}

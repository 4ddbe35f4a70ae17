// Export and import of the delivery log with nothing but `pg` (`repo-actions deliveries export|import`): the
// embedded PostgreSQL package ships no `pg_dump`, and the log is the state worth keeping (failed deliveries and their
// errors, the dedupe window); everything else a store holds is rebuilt. The format is JSON lines: a header naming the
// format, its version and the schema version it was read from, one line per delivery (PostgreSQL's own `to_jsonb`
// of the row: bytea as `\x…` hex, times with their microseconds, the seal as stored, so a sealed row stays sealed
// and a row that was not is not made so), and a last line with the count, so a cut file is refused.
//
// Bounded memory both ways: the export reads ids and sizes in pages by primary key and the rows in groups of at most
// GROUP_BYTES, inside one read-only repeatable-read transaction (one consistent snapshot while `serve` writes on);
// the import inserts groups of at most GROUP_BYTES (or GROUP_ROWS) lines, all in one transaction: a file that is cut
// short or malformed imports nothing. Importing is idempotent: a delivery already stored under its id is left as it
// is (`ON CONFLICT DO NOTHING`). A delivery that was running when exported
// is imported as queued without its run's token (that run is gone); `serve`'s heartbeat queues the jobs of imported
// open deliveries (`requeueOrphans`).
import type pg from 'pg';
import { DELIVERIES as T } from './run-claim';
import { inTransaction } from './transaction';

export const TRANSFER_FORMAT = 'repo-actions-deliveries';
export const TRANSFER_VERSION = 1;
/** Rows are read and written in groups of about this many bytes at most (one larger row goes alone). */
const GROUP_BYTES = 8 * 1024 * 1024;
const GROUP_ROWS = 500;
/** Ids (and sizes) read per page. */
const PAGE = 1_000;

export interface TransferHeader {
  format: typeof TRANSFER_FORMAT;
  version: number;
  /** The store's schema version it was exported from (`schema-migrations.ts`). */
  schema: number;
  exportedAt: string;
}

async function schemaVersion(c: pg.PoolClient | pg.Pool): Promise<number> {
  const { rows } = await c.query<{ v: number | null }>(
    `SELECT CASE WHEN to_regclass('repo_actions_schema_version') IS NULL THEN NULL
       ELSE (SELECT max(version) FROM repo_actions_schema_version) END AS v`,
  );
  return Number(rows[0]?.v ?? 0);
}

/** Writes the header, every delivery and the trailer through `write` (awaited: its back-pressure bounds memory). */
export async function exportDeliveries(pool: pg.Pool, write: (line: string) => Promise<void>): Promise<number> {
  return inTransaction(pool, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', async (c) => {
    let rows = 0;
    const header: TransferHeader = {
      format: TRANSFER_FORMAT,
      version: TRANSFER_VERSION,
      schema: await schemaVersion(c),
      exportedAt: new Date().toISOString(),
    };
    await write(JSON.stringify(header));
    for (let after = ''; ;) {
      const page = await c.query<{ id: string; size: number }>(
        `SELECT id, octet_length(body) + octet_length(headers::text) + 1024 AS size FROM ${T}
         WHERE id > $1 ORDER BY id LIMIT $2`,
        [after, PAGE],
      );
      if (page.rows.length === 0) break;
      for (const group of groups(page.rows)) {
        const found = await c.query<{ line: string }>(
          `SELECT (to_jsonb(d) - 'run_token')::text AS line FROM ${T} d WHERE id = ANY($1) ORDER BY id`,
          [group],
        );
        for (const r of found.rows) await write(r.line);
        rows += found.rows.length;
      }
      after = page.rows[page.rows.length - 1].id;
    }
    await write(JSON.stringify({ end: true, rows }));
    return rows;
  });
}

/** Ids in groups whose rows add up to GROUP_BYTES at most (a larger row alone). */
function groups(rows: { id: string; size: number }[]): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const r of rows) {
    if (current.length > 0 && bytes + Number(r.size) > GROUP_BYTES) {
      out.push(current);
      [current, bytes] = [[], 0];
    }
    current.push(r.id);
    bytes += Number(r.size);
  }
  if (current.length) out.push(current);
  return out;
}

export interface ImportResult {
  /** Delivery lines read. */
  read: number;
  /** Stored (the others were there already under their ids). */
  imported: number;
}

/** The problem with an export's line, as the import says it (the file's name is added by the caller). */
export class TransferFormatError extends Error {}

/** Reads an export's lines (header first) and stores its deliveries; refuses a file that is not whole. */
export function importDeliveries(pool: pg.Pool, lines: AsyncIterable<string>): Promise<ImportResult> {
  return inTransaction(pool, 'BEGIN', (c) => importLines(c, lines));
}

async function importLines(c: pg.PoolClient, lines: AsyncIterable<string>): Promise<ImportResult> {
  let header: TransferHeader | undefined;
  let ended = false;
  let read = 0;
  let imported = 0;
  let batch: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const { rowCount } = await c.query(
      `INSERT INTO ${T} SELECT * FROM jsonb_populate_recordset(NULL::${T}, $1::jsonb) ON CONFLICT (id) DO NOTHING`,
      [`[${batch.join(',')}]`],
    );
    imported += rowCount ?? 0;
    [batch, bytes] = [[], 0];
  };
  let number = 0;
  for await (const line of lines) {
    number++;
    if (line.trim() === '') continue;
    if (ended) throw new TransferFormatError(`line ${number}: text after the export's last line`);
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new TransferFormatError(`line ${number} is not JSON`);
    }
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw new TransferFormatError(`line ${number} is not a JSON object`);
    const o = value as Record<string, unknown>;
    if (!header) {
      header = await checkedHeader(c, o);
      continue;
    }
    if (o.end === true) {
      if (o.rows !== read)
        throw new TransferFormatError(`the export says ${String(o.rows)} deliveries, it holds ${read}`);
      ended = true;
      continue;
    }
    if (typeof o.id !== 'string' || typeof o.state !== 'string' || typeof o.body !== 'string')
      throw new TransferFormatError(`line ${number} is not a delivery (id, state, body)`);
    // The run that held it is gone: queued again, for `serve` to take.
    if (o.state === 'running') o.state = 'queued';
    delete o.run_token;
    const text = JSON.stringify(o);
    if (batch.length > 0 && (bytes + text.length > GROUP_BYTES || batch.length >= GROUP_ROWS)) await flush();
    batch.push(text);
    bytes += text.length;
    read++;
  }
  if (!header) throw new TransferFormatError('the file is empty: no export header');
  if (!ended) throw new TransferFormatError('the export is cut short (no last line): nothing imported');
  await flush();
  return { read, imported };
}

async function checkedHeader(c: pg.PoolClient, o: Record<string, unknown>): Promise<TransferHeader> {
  if (o.format !== TRANSFER_FORMAT)
    throw new TransferFormatError(`not an export of \`repo-actions deliveries export\` (format ${String(o.format)})`);
  if (o.version !== TRANSFER_VERSION)
    throw new TransferFormatError(
      `export format version ${String(o.version)}; this build reads version ${TRANSFER_VERSION}: use a matching build`,
    );
  const here = await schemaVersion(c);
  if (typeof o.schema !== 'number' || o.schema > here)
    throw new TransferFormatError(
      `the export comes from schema version ${String(o.schema)}, this store has ${here}: import it with that build or newer`,
    );
  return o as unknown as TransferHeader;
}

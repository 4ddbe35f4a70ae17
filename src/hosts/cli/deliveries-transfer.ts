// `repo-actions deliveries export --out FILE` and `import --in FILE`: the delivery log to a file and back
// (`store/delivery-transfer.ts` has the format), for backups of the embedded store (which ships no `pg_dump`) and its
// move across a major PostgreSQL version (docs/service-operations.md). The export is written to `FILE.partial`
// (0600: payloads and errors are private) and renamed when whole, so FILE is never a cut export; the import streams
// the file line by line and stores it in one transaction.
import { once } from 'node:events';
import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type pg from 'pg';
import { plural } from '../../kernel/words';
import { exportDeliveries, importDeliveries, TransferFormatError } from '../service/store/delivery-transfer';
import { terminalText } from './terminal';

export async function exportCommand(pool: pg.Pool, out: string): Promise<number> {
  const partial = `${out}.partial`;
  const file = createWriteStream(partial, { mode: 0o600, flags: 'w' });
  const failed = new Promise<never>((_, reject) => file.once('error', reject));
  failed.catch(() => {});
  try {
    const rows = await Promise.race([
      exportDeliveries(pool, async (line) => {
        if (!file.write(`${line}\n`)) await Promise.race([once(file, 'drain'), failed]);
      }),
      failed,
    ]);
    file.end();
    await Promise.race([once(file, 'finish'), failed]);
    renameSync(partial, out);
    process.stdout.write(`${terminalText(`Exported ${plural(rows, 'delivery', 'deliveries')} to ${out}.`)}\n`);
    return 0;
  } catch (err) {
    file.destroy();
    rmSync(partial, { force: true });
    throw err;
  }
}

export async function importCommand(pool: pg.Pool, input: string): Promise<number> {
  const lines = createInterface({ input: createReadStream(input, { encoding: 'utf8' }), crlfDelay: Infinity });
  try {
    // Iterated from now: readline drops the lines it reads before an iterator exists (the import connects first).
    const iterator = lines[Symbol.asyncIterator]();
    const { read, imported } = await importDeliveries(pool, { [Symbol.asyncIterator]: () => iterator });
    const already = read - imported;
    process.stdout.write(
      `${terminalText(
        `Imported ${plural(imported, 'delivery', 'deliveries')} from ${input}${already ? ` (${already} stored already, left as they are)` : ''}.`,
      )}\n`,
    );
    return 0;
  } catch (err) {
    if (!(err instanceof TransferFormatError)) throw err;
    process.stderr.write(`${terminalText(`repo-actions deliveries import: ${input}: ${err.message}`)}\n`);
    return 1;
  } finally {
    lines.close();
  }
}

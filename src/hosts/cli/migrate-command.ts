// `repo-actions migrate`: applies the service's schema before a rollout (graphile-worker's migrations, then ours,
// `hosts/service/store/schema-migrations.ts`: additive and online, so the running replicas keep taking deliveries), and
// says which it applied; `--status` only says where the database stands. A database newer than this build is refused
// (exit 1) either way. Same store flags as `deliveries`.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { commandFlags, storeFlagSchemas } from './command-flags';
import { databaseOf, dataDirOf } from './serve-environment';
import { terminalText } from './terminal';
import { describeStore, openStore } from '../service/store/open-store';
import { MIGRATIONS, SCHEMA_VERSION, applyMigrations, schemaVersion } from '../service/store/schema-migrations';

export const MIGRATE_USAGE = `Usage: repo-actions migrate [--status]

Applies the service's schema (graphile-worker's and repo-actions' own migrations; all online, safe while
replicas run) and records its version. Run it before rolling out a new version; serve applies what is pending at
start too, and refuses a database whose schema is newer than it knows. --status says where the database stands.

Store: --database url (or REPO_ACTIONS_DATABASE, DATABASE_URL, or a file named by their _FILE), else the embedded
PostgreSQL in --data-dir dir (or REPO_ACTIONS_DATA_DIR; the same default as serve).`;

const Flags = z.object({
  ...storeFlagSchemas,
  status: z.boolean(),
  help: z.boolean(),
});

export async function migrateCommand(argv: string[]): Promise<number> {
  const flags = commandFlags('migrate', MIGRATE_USAGE, () => {
    const parsed = parseArgs({
      args: argv,
      options: {
        database: { type: 'string' },
        'data-dir': { type: 'string' },
        status: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
    return Flags.parse({
      ...parsed.values,
      database: databaseOf(parsed.values.database, process.env),
      'data-dir': dataDirOf(parsed.values['data-dir'], process.env),
    });
  });
  if (typeof flags === 'number') return flags;
  const choice = { database: flags.database, dataDir: flags['data-dir'], shared: true, maxConnections: 2 };
  let store;
  try {
    store = await openStore({ ...choice, schema: 'check' });
  } catch (err) {
    process.stderr.write(
      `repo-actions migrate: cannot open the ${describeStore(choice)}: ${terminalText((err as Error).message)}\n`,
    );
    return 1;
  }
  const out = (line: string) => process.stdout.write(`${line}\n`);
  try {
    if (flags.status) {
      const found = await schemaVersion(store.pool);
      const pending = MIGRATIONS.filter((m) => m.version > found);
      out(`Schema version ${found} (this build knows ${SCHEMA_VERSION}).`);
      for (const m of pending) out(`  pending ${m.version}: ${m.name}`);
      if (pending.length === 0) out('Up to date.');
      return 0;
    }
    const result = await applyMigrations(store.url, store.pool, (m) => out(`Applied ${m.version}: ${m.name}`));
    out(
      result.applied.length
        ? `Schema at version ${result.to} (was ${result.from}).`
        : `Schema at version ${result.to}: up to date, nothing applied.`,
    );
    return 0;
  } catch (err) {
    process.stderr.write(`repo-actions migrate: ${terminalText((err as Error).message)}\n`);
    return 1;
  } finally {
    await store.close();
  }
}

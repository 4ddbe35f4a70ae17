// The store the service runs on: PostgreSQL when a connection string is given, else the embedded store.
import { openPostgresStore } from './postgres-store';
import { openSqliteStore } from './sqlite-store';
import type { DeliveryStore } from './types';

export interface StoreChoice {
  /** postgres://… (several replicas); undefined: the embedded store in `dataDir`. */
  database?: string;
  dataDir: string;
  /** Read-only use while a server holds the embedded directory (the `deliveries` command). */
  shared?: boolean;
  maxConnections?: number;
}

export async function openStore(choice: StoreChoice): Promise<DeliveryStore> {
  if (choice.database)
    return openPostgresStore({ connectionString: choice.database, maxConnections: choice.maxConnections });
  return openSqliteStore({ dataDir: choice.dataDir, shared: choice.shared });
}

/** Where the store is, for logs (a connection string without its password). */
export function describeStore(choice: StoreChoice): string {
  if (!choice.database) return `embedded store in ${choice.dataDir}`;
  try {
    const url = new URL(choice.database);
    if (url.password) url.password = '***';
    return `PostgreSQL at ${url.host}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

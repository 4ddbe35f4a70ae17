// Each installation's backlog for the metrics (`repo_actions_installation_backlog`): its deliveries queued or
// running, grouped as fairness groups them (`fairness.ts`: the installation, else the repository). Read through the
// partial index of open deliveries, so a scrape costs the open rows, never the whole table; at most 1,000 groups.
import type pg from 'pg';
import { DELIVERIES } from './run-claim';

export async function installationBacklog(pool: pg.Pool): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ scope: string; open: string }>(
    `SELECT COALESCE(installation::text, 'repository:' || repository, 'none') AS scope, count(*) AS open
     FROM ${DELIVERIES} WHERE state IN ('queued', 'running') GROUP BY 1 ORDER BY 2 DESC LIMIT 1000`,
  );
  return new Map(rows.map((r) => [r.scope, Number(r.open)]));
}

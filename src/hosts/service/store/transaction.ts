// One transaction on a connection of its own: `begin` (BEGIN with its isolation and access mode), the work, COMMIT.
// Any failure rolls back (a rollback that fails too leaves the first error standing) and the connection goes back to
// the pool either way.
import type pg from 'pg';

export async function inTransaction<T>(
  pool: pg.Pool,
  begin: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

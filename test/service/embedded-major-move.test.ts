// The embedded store moves itself across a major PostgreSQL version (src/hosts/service/store/embedded-major.ts): a data
// folder made and run by a build whose server was PostgreSQL 17 (the real 17.x package, harness/other-major-postgres.ts)
// is opened by this build's server, which cannot read it:
// - the kept 17 server exports the deliveries, the 17 cluster is set aside, a fresh cluster of this build's version
//   takes every delivery back (states, history, seals, dedupe), and the kept server is now this build's;
// - a crash after the export, and one after the cluster was set aside, converge on the next start to the same rows;
// - a data folder whose server was not kept is refused with the manual steps (backup-restore.test.ts), unchanged.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KEPT_SERVER, UPGRADE_FILE } from '../../src/hosts/service/store/embedded-major';
import { openStore, type Store } from '../../src/hosts/service/store/open-store';
import { sealMatches } from '../../src/hosts/service/store/seal';
import { previousMajorNative } from '../../harness/other-major-postgres';
import { tempDir } from '../../harness/service';

const KEY = 'the seal key of the moved rows';
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

const version = (dataDir: string, folder: string) => readFileSync(join(dataDir, folder, 'PG_VERSION'), 'utf8').trim();
const keptVersion = (dataDir: string) =>
  (JSON.parse(readFileSync(join(dataDir, KEPT_SERVER, 'package.json'), 'utf8')) as { version: string }).version;

/** A data folder as the 17 build left it: its store opened by serve's code on the 17 server, 3 deliveries. */
async function madeOn17(old: string, events: string[]): Promise<string> {
  const dataDir = tempDir('major-move');
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const store = await openStore({ dataDir, nativeDir: old, sealKey: KEY, onServerEvent: (l) => events.push(l) });
  try {
    for (const n of [1, 2, 3]) {
      const body = Buffer.from(JSON.stringify({ action: 'opened', issue: { number: n } }));
      await store.log.accept({
        id: `moved-${n}`,
        event: 'issues',
        action: 'opened',
        repository: 'octo/repo',
        installation: 7,
        itemKey: `octo/repo#${n}`,
        headers: { 'x-github-delivery': `moved-${n}` },
        body,
        bodySha256: createHash('sha256').update(body).digest(),
      });
    }
    await store.pool.query(`UPDATE repo_actions_deliveries SET state = 'done', finished_at = now(),
      history = '[{"at": "2026-01-01T00:00:00Z", "outcome": "done"}]' WHERE id = 'moved-1'`);
    await store.pool.query(`UPDATE repo_actions_deliveries SET state = 'failed', attempts = 5, finished_at = now(),
      last_error = 'POST … → 422' WHERE id = 'moved-2'`);
  } finally {
    await store.close();
  }
  expect(version(dataDir, 'postgres')).toBe('17');
  expect(keptVersion(dataDir)).toMatch(/^17\./);
  return dataDir;
}

async function movedRows(store: Store) {
  const { rows } = await store.pool.query<{
    id: string;
    state: string;
    attempts: number;
    last_error: string | null;
    history: unknown;
    event: string;
    item_key: string;
    body: Buffer;
    seal: string;
  }>(`SELECT id, state, attempts, last_error, history, event, item_key, body, seal FROM repo_actions_deliveries
      ORDER BY id`);
  return rows;
}

async function expectMoved(store: Store, dataDir: string): Promise<void> {
  const rows = await movedRows(store);
  expect(rows.map((r) => [r.id, r.state, r.attempts, r.last_error])).toEqual([
    ['moved-1', 'done', 0, null],
    ['moved-2', 'failed', 5, 'POST … → 422'],
    ['moved-3', 'queued', 0, null],
  ]);
  expect(rows[0].history).toEqual([{ at: '2026-01-01T00:00:00Z', outcome: 'done' }]);
  for (const r of rows)
    expect(sealMatches(KEY, { id: r.id, event: r.event, itemKey: r.item_key, body: r.body }, r.seal)).toBe(true);
  const current = version(dataDir, 'postgres');
  expect(Number(current)).toBeGreaterThan(17);
  expect(version(dataDir, 'postgres.pg17')).toBe('17');
  expect(existsSync(join(dataDir, UPGRADE_FILE))).toBe(false);
  expect(keptVersion(dataDir).split('.')[0]).toBe(current);
  // Dedupe still holds: the same delivery again is a duplicate, the failed one's redelivery is taken again.
  const again = (n: number) => {
    const body = Buffer.from(JSON.stringify({ action: 'opened', issue: { number: n } }));
    return {
      id: `moved-${n}`,
      event: 'issues',
      repository: 'octo/repo',
      installation: 7,
      itemKey: `octo/repo#${n}`,
      headers: {},
      body,
      bodySha256: createHash('sha256').update(body).digest(),
    };
  };
  expect(await store.log.accept(again(1))).toBe('duplicate');
  expect(await store.log.accept(again(2))).toBe('requeued');
}

describe('the embedded store moves itself across a major PostgreSQL version', () => {
  const old = previousMajorNative();

  it('exports with the kept 17 server, sets the cluster aside, and imports into a fresh cluster', async () => {
    const events: string[] = [];
    const dataDir = await madeOn17(old, events);
    const store = await openStore({ dataDir, sealKey: KEY, onServerEvent: (l) => events.push(l) });
    cleanup.push(() => store.close());
    await expectMoved(store, dataDir);
    const said = events.join('\n');
    expect(said).toContain('the cluster is PostgreSQL 17 and this build');
    expect(said).toContain(`exported 3 deliveries from PostgreSQL 17 to ${join(dataDir, UPGRADE_FILE)}`);
    expect(said).toContain(`set the PostgreSQL 17 cluster aside as ${join(dataDir, 'postgres.pg17')}`);
    expect(said).toContain('imported 3 of the 3 deliveries moved across');
  });

  it.each([
    ['after the export', 'exported '],
    ['after the cluster was set aside', 'set the PostgreSQL 17 cluster aside'],
  ])('converges after a crash %s', async (_, at) => {
    const dataDir = await madeOn17(old, []);
    const crash = (line: string) => {
      if (line.startsWith(`embedded store: ${at}`)) throw new Error('crashed here');
    };
    await expect(openStore({ dataDir, sealKey: KEY, onServerEvent: crash })).rejects.toThrow('crashed here');
    expect(existsSync(join(dataDir, UPGRADE_FILE))).toBe(true);
    const store = await openStore({ dataDir, sealKey: KEY });
    cleanup.push(() => store.close());
    await expectMoved(store, dataDir);
  });
});

// Backup and restore with what ships, and the embedded store across a major PostgreSQL version (issue 36,
// "Embedded store for real use"), on the embedded store, through the CLI as an operator runs it:
// - `deliveries export` of a store `serve`'s PostgreSQL runs (queued, running, done and failed deliveries, a sealed
//   one, a payload of every byte value), the data folder wiped, `deliveries import` into a fresh one started by the
//   command itself: every row is back as it was (a running one queued again), the seals unchanged so a sealed row
//   still opens under its key, a redelivered id and a replayed body are still deduplicated, and a failed one's
//   redelivery is taken again; importing twice changes nothing; a cut or foreign file imports nothing;
// - a cluster whose PG_VERSION names another major version is refused at start with the exact commands.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/hosts/service/store/open-store';
import { upgradeMessage } from '../../src/hosts/service/store/embedded-upgrade';
import { SCHEMA_VERSION } from '../../src/hosts/service/store/schema-migrations';
import { sealMatches } from '../../src/hosts/service/store/seal';
import { SEAL_KEY_FILE } from '../../src/hosts/service/store/seal-key';
import { runCli, startPostgres, tempDir, type Postgres } from '../../harness/service';

const KEY = 'backup seal key';
const COLUMNS = `id, received_at, state, event, action, repository, installation, item_key, attempts, last_error, history,
  finished_at, body_sha256, headers, body, seal`;

const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

function body(n: number): Buffer {
  const json = Buffer.from(JSON.stringify({ action: 'opened', issue: { number: n }, note: 'é\u2028"\\' }));
  // Every byte value once, after the JSON (a payload is stored as bytes, whatever they are).
  return n === 3 ? Buffer.concat([json, Buffer.from(Array.from({ length: 256 }, (_, i) => i))]) : json;
}

async function fill(store: Store): Promise<void> {
  for (const n of [1, 2, 3, 4]) {
    const b = body(n);
    const outcome = await store.log.accept({
      id: `d-${n}`,
      event: 'issues',
      action: 'opened',
      repository: 'octo/repo',
      installation: 7,
      itemKey: `octo/repo#${n}`,
      headers: { 'x-github-event': 'issues', 'x-github-delivery': `d-${n}` },
      body: b,
      bodySha256: createHash('sha256').update(b).digest(),
    });
    expect(outcome).toBe('accepted');
  }
  // One of each state, with the history and error a run leaves.
  await store.pool.query(`UPDATE repo_actions_deliveries SET state = 'done', finished_at = now(),
    history = '[{"at": "2026-01-01T00:00:00Z", "outcome": "done"}]' WHERE id = 'd-1'`);
  await store.pool.query(`UPDATE repo_actions_deliveries SET state = 'failed', attempts = 5, finished_at = now(),
    last_error = 'POST … → 422: <b>nope</b>', history = '[{"at": "2026-01-01T00:00:00Z", "outcome": "failed",
    "error": "422"}]' WHERE id = 'd-2'`);
  await store.pool.query(
    `UPDATE repo_actions_deliveries SET state = 'running', attempts = 1, run_token = 'tok' WHERE id = 'd-4'`,
  );
}

async function rows(store: Store): Promise<Record<string, unknown>[]> {
  const { rows: found } = await store.pool.query(`SELECT ${COLUMNS} FROM repo_actions_deliveries ORDER BY id`);
  return found;
}

describe('deliveries export and import on the embedded store', () => {
  it('brings every delivery back into a fresh data folder, seals and dedupe included, idempotently', async () => {
    const before: Postgres = await startPostgres();
    const store = await openStore({ database: before.url, dataDir: before.dataDir, sealKey: KEY });
    await fill(store);
    const exported = await rows(store);
    const work = tempDir('backup');
    cleanup.push(() => rmSync(work, { recursive: true, force: true }));
    const file = join(work, 'deliveries.jsonl');

    // Exported through the running server's data folder (as an operator does beside a running serve).
    const out = await runCli(['deliveries', 'export', '--data-dir', before.dataDir, '--out', file]);
    expect(out.stderr).toBe('');
    expect(out.stdout).toContain(`Exported 4 deliveries to ${file}.`);
    expect(out.code).toBe(0);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(JSON.parse(lines[0])).toMatchObject({
      format: 'repo-actions-deliveries',
      version: 1,
      schema: SCHEMA_VERSION,
    });
    expect(JSON.parse(lines.at(-1)!)).toEqual({ end: true, rows: 4 });
    expect(lines.join('\n')).not.toContain('run_token');

    // Wiped: the server stopped and its folder removed (stop() removes it).
    await store.close();
    await before.stop();

    // Imported into a fresh data folder: the command starts the embedded server itself (no serve runs there).
    const dataDir = tempDir('restored');
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const imported = await runCli(['deliveries', 'import', '--data-dir', dataDir, '--in', file]);
    expect(imported.stderr).toBe('');
    expect(imported.stdout).toContain(`Imported 4 deliveries from ${file}.`);
    expect(imported.code).toBe(0);
    const again = await runCli(['deliveries', 'import', '--data-dir', dataDir, '--in', file]);
    expect(again.stdout).toContain('Imported 0 deliveries from');
    expect(again.stdout).toContain('(4 stored already, left as they are)');

    // A cut file and a foreign one import nothing and say why.
    const cut = join(work, 'cut.jsonl');
    writeFileSync(cut, lines.slice(0, 3).join('\n'));
    const refused = await runCli(['deliveries', 'import', '--data-dir', dataDir, '--in', cut]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('cut short');
    const foreign = join(work, 'foreign.jsonl');
    writeFileSync(foreign, '{"format":"pg_dump"}\n');
    expect((await runCli(['deliveries', 'import', '--data-dir', dataDir, '--in', foreign])).stderr).toContain(
      'not an export',
    );

    // The restored store, opened as serve opens it.
    const restored = await openStore({ dataDir, sealKey: KEY });
    cleanup.push(() => restored.close());
    const back = await rows(restored);
    const expected = exported.map((r) => (r.state === 'running' ? { ...r, state: 'queued' } : r));
    expect(back).toEqual(expected);
    for (const r of back)
      expect(
        sealMatches(
          KEY,
          { id: String(r.id), event: String(r.event), itemKey: String(r.item_key), body: r.body as Buffer },
          r.seal as string,
        ),
      ).toBe(true);

    // Deduplication survives: the same id, and the same body under a fresh id, are duplicates; a failed one's
    // redelivery is taken again.
    const redelivery = (id: string, n: number) => ({
      id,
      event: 'issues',
      repository: 'octo/repo',
      installation: 7,
      itemKey: `octo/repo#${n}`,
      headers: {},
      body: body(n),
      bodySha256: createHash('sha256').update(body(n)).digest(),
    });
    expect(await restored.log.accept(redelivery('d-1', 1))).toBe('duplicate');
    expect(await restored.log.accept(redelivery('replayed', 3))).toBe('duplicate');
    expect(await restored.log.accept(redelivery('d-2', 2))).toBe('requeued');
  });
});

describe('the embedded store across a major PostgreSQL version', () => {
  it('refuses a cluster of another major version with the commands that move its deliveries', async () => {
    // A real cluster, stopped, whose files say another major version (as after a package upgrade).
    const keep = tempDir('pg-version');
    cleanup.push(() => rmSync(keep, { recursive: true, force: true }));
    const first = await openStore({ dataDir: keep });
    await first.close();
    const version = readFileSync(join(keep, 'postgres', 'PG_VERSION'), 'utf8').trim();
    const older = String(Number(version) - 1);
    writeFileSync(join(keep, 'postgres', 'PG_VERSION'), `${older}\n`);

    const refused = await openStore({ dataDir: keep }).then(
      () => 'started',
      (err: Error) => err.message,
    );
    expect(refused).toContain(
      `holds a PostgreSQL ${older} cluster and this build's embedded server is PostgreSQL ${version}`,
    );
    expect(refused).toContain(`repo-actions deliveries export --data-dir '${keep}' --out '${keep}.deliveries.jsonl'`);
    expect(refused).toContain(`mv '${keep}' '${keep}.pg${older}'`);
    expect(refused).toContain(`repo-actions deliveries import --data-dir '${keep}' --in '${keep}.deliveries.jsonl'`);
    expect(refused).toContain(`cp -p '${keep}.pg${older}/${SEAL_KEY_FILE}' '${keep}'/`);
    // Nothing was started or changed: the forged file is as written, no server lock left.
    expect(readFileSync(join(keep, 'postgres', 'PG_VERSION'), 'utf8')).toBe(`${older}\n`);

    // serve says the same and exits 1.
    const serve = await runCli(['serve', '--data-dir', keep, '--port', '0'], {
      WEBHOOK_SECRET: 's',
      GITHUB_TOKEN: 't',
    });
    expect(serve.code).toBe(1);
    expect(serve.stdout + serve.stderr).toContain(`mv '${keep}' '${keep}.pg${older}'`);
  });

  it('moves rows sealed with the generated key: the printed steps bring the key along, and the rows still open', async () => {
    // A store as serve opens it with no seal key given: the key is generated into the data folder.
    const dir = tempDir('pg-seal');
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const choice = { dataDir: dir, seal: { webhookSecrets: ['the webhook secret'] } };
    const store = await openStore(choice);
    expect(store.sealKeySource).toBe('data folder');
    const b = body(9);
    const delivery = { id: 'moved-1', event: 'issues', itemKey: 'octo/repo#9', body: b };
    await store.log.accept({ ...delivery, repository: 'octo/repo', installation: 7, headers: {} });
    await store.close();
    const oldKey = readFileSync(join(dir, SEAL_KEY_FILE), 'utf8').trim();

    // The steps exactly as the refusal prints them (its lines 1 to 4), run by the shell.
    const aside = `${dir}.pg17`;
    cleanup.push(() => rmSync(aside, { recursive: true, force: true }));
    const file = `${dir}.deliveries.jsonl`;
    cleanup.push(() => rmSync(file, { force: true }));
    const steps = upgradeMessage(dir, '17', '18')
      .split('\n')
      .filter((l) => /^ {2}[1-4]\. /.test(l))
      .map((l) => (l.includes(': ') ? l.slice(l.indexOf(': ') + 2) : l.replace(/^ {2}\d\. /, '')));
    expect(steps).toHaveLength(4);
    expect(steps[0]).toMatch(/^repo-actions deliveries export /);
    const unquote = (arg: string) => arg.replace(/^'(.*)'$/, '$1');
    const cli = (command: string) =>
      runCli(
        command
          .replace(/^repo-actions /, '')
          .split(' ')
          .map(unquote),
      );
    expect((await cli(steps[0])).code).toBe(0);
    renameSync(dir, aside); // step 2 (`mv`)
    expect(steps[1]).toBe(`mv '${dir}' '${aside}'`);
    expect((await cli(steps[2])).code).toBe(0);
    // The import started the embedded server without generating a key: serve's first start would make a new one.
    expect(existsSync(join(dir, SEAL_KEY_FILE))).toBe(false);
    execFileSync('sh', ['-c', steps[3]]);

    const restored = await openStore(choice);
    cleanup.push(() => restored.close());
    expect(readFileSync(join(dir, SEAL_KEY_FILE), 'utf8').trim()).toBe(oldKey);
    const { rows: back } = await restored.pool.query<{ seal: string }>(
      'SELECT seal FROM repo_actions_deliveries WHERE id = $1',
      ['moved-1'],
    );
    expect(sealMatches(oldKey, delivery, back[0]?.seal)).toBe(true);
  });
});

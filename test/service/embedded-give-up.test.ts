// When the embedded PostgreSQL cannot be started again, `serve` gives up after the restart policy's failures
// (src/hosts/service/store/restart-policy.ts) and exits non-zero with PostgreSQL's own message, so that a process
// manager restarts the whole service; nothing of the server is left running. The server is killed and its
// configuration broken while `serve` is held (SIGSTOP), so no restart can come between the two.
import { appendFileSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServe, tempDir, type ServeProcess } from '../../harness/service';
import { leftoverBackends } from '../../src/hosts/service/store/leftover-backends';
import { serverIdentity } from '../../src/hosts/service/store/embedded-postgres';
import { APP_TOKEN, SECRET } from '../e2e/webhooks/scenario';

let serve: ServeProcess | undefined;
const dataDir = tempDir('embedded-give-up');

afterAll(() => {
  if (serve && serve.proc.exitCode === null) serve.proc.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('an embedded PostgreSQL that cannot be started again', () => {
  it("makes serve exit 1 with PostgreSQL's own message after the restart policy gives up", async () => {
    const args = [
      ...['--secret-env', 'HOOK_SECRET', '--token-env', 'APP_TOKEN', '--api-url', 'http://127.0.0.1:9'],
      ...['--data-dir', dataDir],
    ];
    serve = await startServe(args, { HOOK_SECRET: SECRET, APP_TOKEN });
    const cluster = join(dataDir, 'postgres');
    const postmaster = Number(readFileSync(join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0]);

    serve.proc.kill('SIGSTOP');
    try {
      process.kill(postmaster, 'SIGKILL');
      appendFileSync(join(cluster, 'postgresql.conf'), '\nthis line is not a setting\n');
    } finally {
      serve.proc.kill('SIGCONT');
    }
    expect(await serve.exited).toBe(1);

    const said = serve.output.join('\n');
    expect(said).toContain('exited unexpectedly: killed by SIGKILL');
    expect(said).toContain('Restarting the embedded PostgreSQL');
    expect(said).toContain('6 failures within 120 s (at most 5 are restarted)');
    // PostgreSQL's own words for the broken file, as the reason serve gives.
    expect(said).toMatch(/Giving up on the embedded PostgreSQL: .*syntax error in file/);
    expect(said).toMatch(/Stopping: the embedded PostgreSQL cannot be kept running/);
    expect(leftoverBackends(cluster, join(serverIdentity().binaries, 'bin', 'postgres'))).toEqual([]);
  }, 120_000);
});

// `repo-actions serve` as a child process with no API behind it (every request these tests send is refused or
// answered before any work), its own data directory, and the raw sockets a test opens: all gone after the file.
import { readFileSync, rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { APP_TOKEN, SECRET } from '../e2e/webhooks/scenario';
import { startServe, tempDir, type ServeProcess } from '../../harness/service';

export interface OfflineServe {
  /** The process (set once the file's tests start). */
  readonly serve: ServeProcess;
  /** Sockets the test opened: destroyed after the file. */
  readonly sockets: Socket[];
  /** The process's resident memory now, in MB. */
  rssMb(): number;
}

/**
 * Starts `serve` (HOOK_SECRET, APP_TOKEN, plus `env`) with `args` before the file's tests, stops it after them. The
 * start transpiles the CLI (tsx): on a loaded two-core machine that takes far longer than on a quiet one.
 */
export function useOfflineServe(name: string, args: string[] = [], env: Record<string, string> = {}): OfflineServe {
  const dataDir = tempDir(name);
  const sockets: Socket[] = [];
  let serve: ServeProcess | undefined;
  beforeAll(async () => {
    const base = ['--secret-env', 'HOOK_SECRET', '--token-env', 'APP_TOKEN', '--api-url', 'http://127.0.0.1:9'];
    serve = await startServe([...base, '--data-dir', dataDir, ...args], { HOOK_SECRET: SECRET, APP_TOKEN, ...env });
  }, 120_000);
  afterAll(() => {
    for (const s of sockets) s.destroy();
    serve?.proc.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    get serve() {
      if (!serve) throw new Error('serve is not started yet: read it inside a test');
      return serve;
    },
    sockets,
    rssMb() {
      const status = readFileSync(`/proc/${this.serve.proc.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
    },
  };
}

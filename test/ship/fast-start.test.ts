// Fast start (issue 41 item 5): dist/cli/index.js holds only what `--help` and `--version` need; each command's
// modules are chunks beside it (ncc emits one per `import()` of src/hosts/cli/main.ts), loaded when that command runs. The
// modules a run loads are listed by a resolve hook (node:module registerHooks) in the spawned Node.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeBinary, ROOT } from '../../harness/run-bundle';
import { removeTempDirs, tempDir } from './installed';

afterAll(removeTempDirs);

const DIST = join(ROOT, 'dist', 'cli');

/** The files of dist/cli that `repo-actions <args>` loads, in order. */
function loadedFiles(args: string[]): string[] {
  const hook = join(tempDir('hook'), 'hook.mjs');
  writeFileSync(
    hook,
    `import { registerHooks } from 'node:module';
registerHooks({ resolve(specifier, context, next) {
  const found = next(specifier, context);
  if (found.url.startsWith('file:')) process.stderr.write('loaded ' + found.url + '\\n');
  return found;
} });
`,
  );
  const r = spawnSync(nodeBinary(), ['--import', hook, join(DIST, 'index.js'), ...args], {
    cwd: tempDir('cwd'),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  return [...r.stderr.matchAll(/^loaded file:\/\/(\S+)$/gm)].map((m) => m[1]).filter((p) => p.startsWith(DIST));
}

/** The chunks holding the service's queue library (graphile-worker's `makeWorkerUtils`). */
const queueChunks = () =>
  readdirSync(DIST).filter(
    (f) => f !== 'index.js' && f.endsWith('.js') && readFileSync(join(DIST, f), 'utf8').includes('makeWorkerUtils'),
  );

describe('the command line loads only what a command needs', () => {
  it('--version and --help load index.js alone, which holds no queue library', () => {
    expect(loadedFiles(['--version']).map((f) => basename(f))).toEqual(['index.js']);
    expect(loadedFiles(['--help']).map((f) => basename(f))).toEqual(['index.js']);
    expect(readFileSync(join(DIST, 'index.js'), 'utf8')).not.toContain('makeWorkerUtils');
    expect(queueChunks().length).toBeGreaterThan(0);
  });

  it("an action's command loads its chunks, not the service's queue", () => {
    const loaded = loadedFiles(['label-sync', '--help']).map((f) => basename(f));
    expect(loaded.length).toBeGreaterThan(1);
    for (const chunk of queueChunks()) expect(loaded).not.toContain(chunk);
  });

  it("serve loads the service's queue", () => {
    const loaded = loadedFiles(['serve', '--help']).map((f) => basename(f));
    expect(loaded.filter((f) => queueChunks().includes(f)).length).toBeGreaterThan(0);
  });
});

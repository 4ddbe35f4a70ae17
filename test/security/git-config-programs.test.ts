// A checkout's `.git/config` names programs (core.fsmonitor, core.sshCommand reached through a partial clone's lazy
// fetch, hooks, pager, diff and filter drivers, credential helpers, …): commit-files reads the checkout with git,
// and no such program may run, neither under the runner nor in a dry run of the command line. The fixture is the
// attacker's config; plain git on the same folder runs its programs (the control), the project's one git helper
// (src/kernel/git.ts) runs none, and git sees no token.
import { spawn, execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCheckoutBase } from '../../src/actions/commit-files/domain/checkout-base';
import { deletedInCheckout } from '../../src/actions/commit-files/domain/local-git';
import { gitEnvironment, runGit } from '../../src/kernel/git';
import { createEmulator, type Emulator } from '../../emulator';
import { SAMPLE_REPO, SAMPLE_TOKEN, sampleScenario } from '../../emulator/sample-scenario';
import { nodeBinary, ROOT, runBundle } from '../../harness/run-bundle';

const FIXTURE = join(ROOT, 'test/security/fixtures/git-config-programs.ini');
const HOOKS = ['pre-commit', 'post-checkout', 'post-index-change', 'reference-transaction', 'fsmonitor-watchman'];
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const plainGit = (cwd: string, args: string[]) =>
  execFileSync('git', args, {
    cwd,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: cwd, GIT_CONFIG_NOSYSTEM: '1' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });

/** A checkout with the attacker's config, a partial clone whose HEAD tree is missing; `marker` lists what ran. */
function plantedCheckout(): { dir: string; marker: string; ran: () => string[] } {
  const root = mkdtempSync(join(tmpdir(), 'git-programs-'));
  dirs.push(root);
  const dir = join(root, 'checkout');
  const marker = join(root, 'ran.txt');
  const run = join(root, 'run.sh');
  writeFileSync(run, `#!/bin/sh\necho "$1" >> '${marker}'\ncat >/dev/null 2>&1 </dev/null\n`);
  chmodSync(run, 0o755);
  const hooks = join(root, 'hooks');
  mkdirSync(hooks);
  for (const hook of HOOKS) {
    writeFileSync(join(hooks, hook), `#!/bin/sh\necho hook:${hook} >> '${marker}'\n`);
    chmodSync(join(hooks, hook), 0o755);
  }
  mkdirSync(dir);
  plainGit(dir, ['init', '-q']);
  writeFileSync(join(dir, 'a.txt'), 'a\n');
  writeFileSync(join(dir, 'b.txt'), 'b\n');
  plainGit(dir, ['add', '.']);
  plainGit(dir, ['-c', 'user.name=a', '-c', 'user.email=a@example.com', 'commit', '-qm', 'one']);
  const tree = plainGit(dir, ['rev-parse', 'HEAD^{tree}']).trim();
  unlinkSync(join(dir, '.git/objects', tree.slice(0, 2), tree.slice(2)));
  const config = readFileSync(FIXTURE, 'utf8').replaceAll('@RUN@', run).replaceAll('@HOOKS@', hooks);
  writeFileSync(join(dir, '.git/config'), `${readFileSync(join(dir, '.git/config'), 'utf8')}${config}`);
  writeFileSync(join(dir, '.gitattributes'), '* filter=x diff=x\n');
  rmSync(join(dir, 'b.txt')); // a deletion, so commit-files has something to read from the index
  const ran = () => (existsSync(marker) ? readFileSync(marker, 'utf8').split('\n').filter(Boolean) : []);
  return { dir, marker, ran };
}

describe('a planted .git/config', () => {
  it('runs its programs through plain git (the control)', () => {
    const { dir, ran } = plantedCheckout();
    plainGit(dir, ['ls-files', '-t']);
    try {
      plainGit(dir, ['ls-tree', '-r', 'HEAD']);
    } catch {
      // the lazy fetch fails after starting core.sshCommand
    }
    expect(ran()).toEqual(expect.arrayContaining(['core.fsmonitor', 'core.sshCommand']));
  });

  it('runs nothing through the project git helper (the reads commit-files does)', async () => {
    const { dir, ran } = plantedCheckout();
    expect(await deletedInCheckout(dir, process.env)).toEqual(['b.txt']);
    const base = await readCheckoutBase(dir, '0'.repeat(40), process.env);
    expect(base).toMatchObject({ known: false, reason: expect.stringMatching(/partial clone/) });
    expect(await runGit(dir, ['ls-tree', '-r', 'HEAD'], { env: process.env })).toBeUndefined();
    expect(ran()).toEqual([]);
  });

  it('refuses a git command that is not a read', async () => {
    await expect(runGit(tmpdir(), ['fetch', 'origin'], { env: process.env })).rejects.toThrow(
      /not a read-only command/,
    );
  });

  it('gives git no token, no INPUT_* and no GIT_* of the caller', () => {
    const env = gitEnvironment({
      PATH: '/usr/bin',
      HOME: '/home/runner',
      INPUT_TOKEN: 'ghs_secret',
      GITHUB_TOKEN: 'ghs_secret',
      GIT_SSH_COMMAND: 'touch /tmp/x',
      GIT_CONFIG_PARAMETERS: "'core.fsmonitor'='touch /tmp/x'",
      GIT_EXEC_PATH: '/tmp',
    });
    expect(Object.keys(env).filter((k) => /TOKEN|^INPUT_|SSH|EXEC_PATH|CONFIG_PARAMETERS/.test(k))).toEqual([]);
    expect(env).toMatchObject({ PATH: '/usr/bin', HOME: '/home/runner', GIT_ALLOW_PROTOCOL: '' });
  });

  it('no module of src/ but kernel/git.ts starts git', () => {
    const offenders: string[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (path.endsWith('.ts') && !path.endsWith(join('kernel', 'git.ts'))) {
          if (/['"`]git['"`]\s*[,)]/.test(readFileSync(path, 'utf8'))) offenders.push(path);
        }
      }
    };
    walk(join(ROOT, 'src'));
    expect(offenders).toEqual([]);
  });
});

describe('commit-files on a planted checkout', () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await createEmulator(sampleScenario(), { timeScale: 0.01 });
  });
  afterAll(() => emu.close());

  it('under the runner: nothing runs, the base is unknown', async () => {
    const { dir, ran } = plantedCheckout();
    const r = await runBundle('commit-files', {
      emulator: emu,
      token: SAMPLE_TOKEN,
      repository: SAMPLE_REPO,
      workspace: dir,
      inputs: { message: 'm', paths: '.', 'dry-run': true, 'on-unknown-base': 'overwrite' },
    });
    expect(r.code, r.stdout).toBe(0);
    expect(ran()).toEqual([]);
  });

  it('a dry run of the command line: nothing runs', async () => {
    const { dir, ran } = plantedCheckout();
    const r = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(
        nodeBinary(),
        [
          join(ROOT, 'dist/cli/index.js'),
          'commit-files',
          '--repo',
          SAMPLE_REPO,
          '--api-url',
          emu.apiUrl,
          '--input',
          'message=m',
          '--input',
          'paths=.',
          '--input',
          'on-unknown-base=overwrite',
        ],
        {
          cwd: dir,
          env: {
            PATH: process.env.PATH ?? '',
            HOME: dir,
            GITHUB_TOKEN: SAMPLE_TOKEN,
            REPO_ACTIONS_TIME_SCALE: '0.01',
            XDG_CACHE_HOME: join(dir, '..', 'cache'),
            TMPDIR: join(dir, '..'),
          },
        },
      );
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('close', (code) => resolve({ code, out }));
    });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/dry run/i);
    expect(ran()).toEqual([]);
  });
});

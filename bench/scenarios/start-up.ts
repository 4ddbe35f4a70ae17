// `npm run bench -- start-up`: how fast the command line starts (issue 41 item 5; goal: `--version` under 0.3 s on
// the 2-core development machine). main.ts loads only what a subcommand needs, so `--version` costs about what Node
// itself costs to start (`node -e 0`, measured beside it), and a dry run adds only its own command's chunk and the
// action's bundle. Medians (and the slowest) of several runs of dist/cli/index.js on the Node the tests use.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmulator } from '../../emulator';
import { SAMPLE_REPO, SAMPLE_TOKEN, sampleScenario } from '../../emulator/sample-scenario';
import { nodeBinary, ROOT } from '../../harness/run-bundle';
import type { StandaloneBench } from '../standalone';
import { percentile } from '../standalone';

const CLI = join(ROOT, 'dist', 'cli', 'index.js');

/** Wall time of one process, in ms; throws when it fails. */
function timed(args: string[], cwd: string, env: Record<string, string> = {}): Promise<number> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(nodeBinary(), args, {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('close', (code) =>
      code === 0 ? resolve(performance.now() - start) : reject(new Error(`${args.join(' ')}: exit ${code} ${stderr}`)),
    );
  });
}

async function series(runs: number, once: () => Promise<number>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await once());
  return times;
}

const ms = (n: number) => `${Math.round(n)} ms`;
const describeRuns = (times: number[]) => `median ${ms(percentile(times, 50))}, slowest ${ms(Math.max(...times))}`;

const VERSION = 'start-up: repo-actions --version (20 runs)';
const DRY_RUN = 'start-up: repo-actions label-sync dry run, emulator at 0 ms (5 runs)';

export const standalone: StandaloneBench[] = [
  {
    name: VERSION,
    action: 'cli',
    description: '`--version` loads main.ts alone: about the cost of starting Node itself.',
    async run() {
      const cwd = mkdtempSync(join(tmpdir(), 'bench-start-'));
      const start = performance.now();
      const node = await series(20, () => timed(['-e', '0'], cwd));
      const version = await series(20, () => timed([CLI, '--version'], cwd));
      return {
        name: VERSION,
        action: 'cli',
        status: percentile(version, 50) < 300 ? 'ok' : 'failed',
        wallMs: Math.round(performance.now() - start),
        note: `--version: ${describeRuns(version)}; node -e 0: ${describeRuns(node)} (goal: median under 300 ms)`,
      };
    },
  },
  {
    name: DRY_RUN,
    action: 'cli',
    description: "A dry run's whole wall time against a local emulator: the command line, then the action's bundle.",
    async run() {
      const emu = await createEmulator(sampleScenario(), { latencyMs: 0 });
      const start = performance.now();
      try {
        const runs = await series(5, () => {
          const cwd = mkdtempSync(join(tmpdir(), 'bench-dry-'));
          writeFileSync(join(cwd, 'labels.yml'), '- name: bench\n  color: 123abc\n');
          const args = ['label-sync', '--repo', SAMPLE_REPO, '--api-url', emu.apiUrl, '--input', 'config=labels.yml'];
          return timed([CLI, ...args], cwd, {
            GITHUB_TOKEN: SAMPLE_TOKEN,
            XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'bench-cache-')),
          });
        });
        return {
          name: DRY_RUN,
          action: 'cli',
          status: 'ok',
          wallMs: Math.round(performance.now() - start),
          note: `dry run: ${describeRuns(runs)}`,
        };
      } finally {
        await emu.close();
      }
    },
  },
];

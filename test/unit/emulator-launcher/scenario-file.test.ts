// `npm run emulator -- --scenario <file>`: a YAML or JSON scenario is read, and a wrong one is named precisely.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { launchEmulator } from '../../../scripts/emulator/launch';
import { readScenarioFile } from '../../../scripts/emulator/scenario-file';
import { sampleScenario } from '../../../emulator/sample-scenario';

const dir = mkdtempSync(join(tmpdir(), 'scenario-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
function file(name: string, text: string): string {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
}

const YAML = `tokens:
  ghs_mine: { kind: workflow, repositories: [me/app], permissions: { issues: write } }
repositories:
  - owner: me
    name: app
    labels: [{ name: bug, color: d73a4a }]
`;

describe('scenario files', () => {
  it('reads YAML and JSON', () => {
    const fromYaml = readScenarioFile(file('s.yml', YAML));
    expect(fromYaml.repositories[0]).toMatchObject({ owner: 'me', name: 'app' });
    const fromJson = readScenarioFile(file('s.json', JSON.stringify(fromYaml)));
    expect(fromJson).toEqual(fromYaml);
  });

  it('names the file and the first problem', () => {
    expect(() => readScenarioFile(join(dir, 'missing.yml'))).toThrow(/missing\.yml: cannot read it \(ENOENT\)/);
    expect(() => readScenarioFile(file('bad.yml', 'tokens: [\n'))).toThrow(/bad\.yml:\d+: not valid YAML or JSON/);
    expect(() => readScenarioFile(file('norepo.yml', 'tokens: {}\nrepositories: []\n'))).toThrow(
      /norepo\.yml:2: repositories: at least one repository/,
    );
    expect(() =>
      readScenarioFile(file('kind.yml', 'tokens: { t: { kind: robot } }\nrepositories: [{ owner: a, name: b }]\n')),
    ).toThrow(/kind\.yml:1: tokens\.t\.kind: one of "workflow", "user", "installation" expected, found "robot"/);
  });

  it('says every mistake with its line, in plain words', () => {
    const text = [
      'tokens:', // 1
      '  ghs_a: { kind: workflow, repositories: [me/app] }', // 2
      'repositories:', // 3
      '  - owner: me', // 4
      '    name: app', // 5
      '    labels:', // 6
      '      - name: help wanted', // 7
      '        color: 008672', // 8
      '      - { name: bug, colour: d73a4a }', // 9
      '    issues:', // 10
      '      - body: no title', // 11
      '        state: closed', // 12
      '',
    ].join('\n');
    let problems: string[] = [];
    try {
      readScenarioFile(file('mistakes.yml', text));
    } catch (err) {
      problems = (err as Error).message.split('\n');
    }
    const path = join(dir, 'mistakes.yml');
    expect(problems.sort()).toEqual(
      [
        `${path}:8: repositories[0].labels[0].color: a number where text belongs: write it in quotes ("008672")`,
        `${path}:9: repositories[0].labels[1]: unknown key "colour" (a typo? see emulator/types.ts)`,
        `${path}:11: repositories[0].issues[0].title: missing: required (text)`,
      ].sort(),
    );
  });

  it('requires a token (without one the emulator answers nothing) and names a missing file key', () => {
    expect(() => readScenarioFile(file('notokens.yml', 'repositories: [{ owner: a, name: b }]\n'))).toThrow(
      /notokens\.yml:1: tokens: missing: required \(a mapping \(key: value\)\)/,
    );
    expect(() =>
      readScenarioFile(
        file(
          'content.yml',
          'tokens: { t: { kind: user } }\nrepositories:\n  - owner: a\n    name: b\n    branches: { main: { README.md: { mode: "100644" } } }\n',
        ),
      ),
    ).toThrow(/content\.yml:5: repositories\[0\]\.branches\.main\.README\.md: content: missing: required \(text\)/);
  });

  it('reads the sample repository written as a file (the schema knows every key the emulator seeds)', () => {
    const fromFile = readScenarioFile(file('sample.json', JSON.stringify(sampleScenario())));
    expect(fromFile.repositories.map((r) => `${r.owner}/${r.name}`)).toEqual(
      sampleScenario().repositories.map((r) => `${r.owner}/${r.name}`),
    );
  });

  it('seeds a quoted colour as GitHub has it', () => {
    const scenario = readScenarioFile(
      file(
        'quoted.yml',
        'tokens: { t: { kind: user } }\nrepositories: [{ owner: a, name: b, labels: [{ name: x, color: "008672" }] }]\n',
      ),
    );
    expect(scenario.repositories[0]!.labels).toEqual([{ name: 'x', color: '008672' }]);
  });

  it('the launcher serves it and lists its tokens (no sample commands)', async () => {
    const { emulator, git, banner } = await launchEmulator({ port: 0, scenarioFile: file('run.yml', YAML) });
    try {
      expect(banner[0]).toBe(`GitHub API emulator at ${emulator.apiUrl} (uploads at ${emulator.uploadUrl})`);
      expect(banner).toContain('Repositories: me/app');
      expect(banner).toContain('  ghs_mine  workflow token of me/app, writes issues');
      expect(banner.join('\n')).not.toContain('dist/cli/index.js');
      const res = await fetch(`${emulator.apiUrl}/repos/me/app/labels`, {
        headers: { authorization: 'Bearer ghs_mine', 'user-agent': 'test' },
      });
      expect(((await res.json()) as { name: string }[]).map((l) => l.name)).toEqual(['bug']);
      expect(banner).toContain(`Git (clone and fetch; commits go through the API): git clone ${git.url}/me/app.git`);
    } finally {
      await git.close();
      await emulator.close();
    }
  });

  it('a port in use is said plainly', async () => {
    const first = await launchEmulator({ port: 0 });
    try {
      const port = Number(new URL(first.emulator.apiUrl).port);
      await expect(launchEmulator({ port })).rejects.toThrow(`port ${port} is in use: pass --port <another>`);
    } finally {
      await first.git.close();
      await first.emulator.close();
    }
  });
});

// `npm run emulator -- --scenario <file>`: a YAML or JSON scenario is read, and a wrong one is named precisely.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { launchEmulator } from '../../../scripts/emulator/launch';
import { readScenarioFile } from '../../../scripts/emulator/scenario-file';

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
    expect(() => readScenarioFile(file('bad.yml', 'tokens: [\n'))).toThrow(/bad\.yml: not valid YAML or JSON/);
    expect(() => readScenarioFile(file('norepo.yml', 'tokens: {}\nrepositories: []\n'))).toThrow(
      /norepo\.yml: repositories: /,
    );
    expect(() =>
      readScenarioFile(file('kind.yml', 'tokens: { t: { kind: robot } }\nrepositories: [{ owner: a, name: b }]\n')),
    ).toThrow(/kind\.yml: tokens\.t\.kind: /);
  });

  it('the launcher serves it and lists its tokens (no sample commands)', async () => {
    const { emulator, banner } = await launchEmulator({ port: 0, scenarioFile: file('run.yml', YAML) });
    try {
      expect(banner[0]).toBe(`GitHub API emulator at ${emulator.apiUrl} (uploads at ${emulator.uploadUrl})`);
      expect(banner).toContain('Repositories: me/app');
      expect(banner).toContain('  ghs_mine  workflow token of me/app, writes issues');
      expect(banner.join('\n')).not.toContain('dist/cli/index.js');
      const res = await fetch(`${emulator.apiUrl}/repos/me/app/labels`, {
        headers: { authorization: 'Bearer ghs_mine', 'user-agent': 'test' },
      });
      expect(((await res.json()) as { name: string }[]).map((l) => l.name)).toEqual(['bug']);
    } finally {
      await emulator.close();
    }
  });

  it('a port in use is said plainly', async () => {
    const first = await launchEmulator({ port: 0 });
    try {
      const port = Number(new URL(first.emulator.apiUrl).port);
      await expect(launchEmulator({ port })).rejects.toThrow(`port ${port} is in use: pass --port <another>`);
    } finally {
      await first.emulator.close();
    }
  });
});

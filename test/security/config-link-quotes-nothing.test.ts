// A config file reached through a link inside the workspace (a `.github/labels.yml` linked to a `.env` beside a
// deploy script, or a folder link) may hold lines never meant as config. A parse error must name the file, the line
// and the column but quote nothing of its text: not in the error, not in an annotation, not in a warning. The same
// text under its own name keeps the helpful message that quotes the offending key or value. The rule is one function
// of the containment module (`quoteNothing` in src/kernel/workspace-paths.ts) that every reader of a workspace config
// (label-sync's label files, triage's config and actions/labeler file) parses under.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Client } from '../../src/github/client/types';
import { ConfigError } from '../../src/kernel/config-file';
import { readWorkspaceConfig } from '../../src/kernel/config-source';
import { containedPath, realWorkspace } from '../../src/kernel/workspace-paths';
import { readLabelFiles } from '../../src/actions/label-sync/domain/label-files';
import { loadTriageConfig, withLabelerRules } from '../../src/actions/triage/domain/load-config';
import { runBundle } from '../../harness/run-bundle';
import { labelSyncHarness } from '../e2e/label-sync/harness';
import { WORKFLOW_TOKEN } from '../../emulator/scenarios/label-sync';

const SECRET = 'ghp_Q7secretVALUE9x';
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/**
 * A workspace with `text` twice: at `deploy/secret.env`, reached through links (`.github/<name>` links to the file;
 * `linked-dir/` links to the folder), and as an ordinary file `.github/plain-<name>`.
 */
function workspace(name: string, text: string): string {
  const ws = mkdtempSync(join(tmpdir(), 'link-quotes-'));
  dirs.push(ws);
  mkdirSync(join(ws, '.github'));
  mkdirSync(join(ws, 'deploy'));
  writeFileSync(join(ws, 'deploy', name), text);
  symlinkSync(`../deploy/${name}`, join(ws, '.github', name));
  symlinkSync('deploy', join(ws, 'linked-dir'));
  writeFileSync(join(ws, '.github', `plain-${name}`), text);
  return ws;
}

async function failure(run: () => Promise<unknown>): Promise<ConfigError> {
  const err = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ConfigError);
  return err as ConfigError;
}

/** Everything an error could show: its message, its issues (annotations are made from them), its JSON. */
const shown = (err: ConfigError) => `${err.message}\n${JSON.stringify(err.issues)}\n${JSON.stringify(err)}`;

const client = {} as Client; // a workspace read makes no request
const repo = { owner: 'octo', repo: 'app' };

// [what, the file's text, the line and column its first problem is at, whether the plain file's message quotes it]
const LABEL_FILES: [string, string, string, boolean][] = [
  ['an unknown key', `labels: []\n${SECRET}: 1\n`, ':2:1:', true],
  ['a value a check quotes', `- name: deploy\n  color: ${SECRET}\n`, ':2:10:', true],
  ['an alias YAML cannot resolve', `token: *${SECRET}\n`, '', true],
  ['an unclosed quote', `token: "${SECRET}\n`, ':2:1:', false],
  ['a .env line', `API_TOKEN=${SECRET}\n`, ':1:1:', false],
];

describe('label-sync: a label file reached through a link', () => {
  it.each(LABEL_FILES)('%s: named by position, its text not quoted', async (_what, text, at, plainQuotes) => {
    const ws = workspace('labels.yml', text);
    const inputs = { currentRepository: 'octo/app', workspace: ws };
    for (const config of ['.github/labels.yml', 'linked-dir/labels.yml']) {
      const err = await failure(() => readLabelFiles(client, { ...inputs, config: [config] }));
      expect(shown(err)).not.toContain('secretVALUE');
      expect(err.message).toContain(`${config}${at}`);
      expect(err.message).toMatch(/not quoted because the file is reached through a link/);
      expect(err.issues.every((i) => i.path === '')).toBe(true);
    }
    const plain = await failure(() => readLabelFiles(client, { ...inputs, config: ['.github/plain-labels.yml'] }));
    expect(plain.message).toContain(`.github/plain-labels.yml${at}`);
    expect(plain.message).not.toMatch(/reached through a link/);
    if (plainQuotes) expect(plain.message).toContain(SECRET);
  });

  it('a linked file that parses is read as usual, and the reader says it was linked', async () => {
    const ws = workspace('labels.yml', '- name: bug\n  color: d73a4a\n');
    const files = await readLabelFiles(client, {
      currentRepository: 'octo/app',
      workspace: ws,
      config: ['.github/labels.yml'],
    });
    expect(files[0].labels.map((l) => l.name)).toEqual(['bug']);
    expect(await readWorkspaceConfig(ws, '.github/labels.yml')).toMatchObject({ linked: true });
    expect(await readWorkspaceConfig(ws, '.github/plain-labels.yml')).not.toHaveProperty('linked');
    const root = await realWorkspace(ws);
    expect(await containedPath(root, root, 'linked-dir/labels.yml')).toMatchObject({ ok: true, linked: true });
    expect(await containedPath(root, root, 'deploy/labels.yml')).toMatchObject({ ok: true, linked: false });
  });
});

describe('triage: its config and an actions/labeler file reached through a link', () => {
  it('the triage config: an unknown key is named by position only', async () => {
    const ws = workspace('triage.yml', `rules: []\n${SECRET}: 1\n`);
    const err = await failure(() => loadTriageConfig(client, repo, '.github/triage.yml', ws));
    expect(shown(err)).not.toContain('secretVALUE');
    expect(err.message).toContain('.github/triage.yml:2:1:');
    const plain = await failure(() => loadTriageConfig(client, repo, '.github/plain-triage.yml', ws));
    expect(plain.message).toContain(SECRET);
  });

  it("a labeler file: labeler's own error and its warnings quote nothing", async () => {
    const ws = workspace('labeler.yml', `${SECRET}:\n- changed-files: {bogus: 1}\n`);
    writeFileSync(join(ws, '.github', 'triage.yml'), 'rules: []\n');
    const base = await loadTriageConfig(client, repo, '.github/triage.yml', ws);
    const warnings: string[] = [];
    const opts = (path: string) => ({ path, sync: false, warn: (m: string) => warnings.push(m) });
    const err = await failure(() => withLabelerRules(client, repo, base, ws, opts('.github/labeler.yml')));
    expect(shown(err)).not.toContain('secretVALUE');
    expect(err.message).toContain('.github/labeler.yml');
    const plain = await failure(() => withLabelerRules(client, repo, base, ws, opts('.github/plain-labeler.yml')));
    expect(plain.message).toContain(SECRET);

    writeFileSync(join(ws, 'deploy', 'labeler.yml'), `bug:\n- any-glob-to-any-file: x\n  ${SECRET}: 1\n`);
    const loaded = await withLabelerRules(client, repo, base, ws, opts('.github/labeler.yml'));
    expect(loaded.labeler).toBe(true);
    expect(warnings).toEqual([expect.stringMatching(/^\.github\/labeler\.yml: a warning .*reached through a link$/)]);
    expect(warnings.join('\n')).not.toContain('secretVALUE');
  });
});

describe('label-sync under the runner', () => {
  const h = labelSyncHarness();
  it('the error annotation of a linked label file holds its line and column, none of its text', async () => {
    await h.start([{ owner: 'octo', name: 'app', labels: [] }]);
    const ws = workspace('labels.yml', `- name: deploy\n  color: ${SECRET}\n`);
    const r = await runBundle('label-sync', {
      emulator: h.emu!,
      token: WORKFLOW_TOKEN,
      inputs: { config: '.github/labels.yml' },
      workspace: ws,
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /::error title=Invalid configuration,file=\.github\/labels\.yml,line=2,col=10::a value that fails a check;/,
    );
    expect(r.stdout + r.stderr).not.toContain('secretVALUE');
  });
});

// Where label-sync's files come from: each `config` entry is a workspace path or glob, a path in `config-repository`,
// or `owner/name[@ref]:path` read from that repository.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../src/github/client/errors';
import type { Client } from '../../../../../src/github/client/types';
import { ConfigError } from '../../../../../src/kernel/config-file';
import { readLabelFiles, type LabelFileInputs } from '../../../../../src/actions/label-sync/domain/label-files';

/** A client whose contents API serves `files` (`owner/repo/path@ref` → text); every read is recorded. */
function contentsClient(files: Record<string, string>) {
  const reads: string[] = [];
  const request = async (_route: string, p: { owner: string; repo: string; path: string; ref?: string }) => {
    const key = `${p.owner}/${p.repo}/${p.path}${p.ref ? `@${p.ref}` : ''}`;
    reads.push(key);
    const text = files[key];
    if (text === undefined)
      throw new ApiError({ status: 404, method: 'GET', url: `https://api.github.test/${key}`, message: 'Not Found' });
    return { status: 200, headers: {}, data: text };
  };
  return { client: { octokit: { request } } as unknown as Client, reads };
}

function workspace(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'label-files-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const inputs = (config: string[], more: Partial<LabelFileInputs> = {}): LabelFileInputs => ({
  config,
  currentRepository: 'octo/app',
  workspace: workspace({}),
  ...more,
});

describe('readLabelFiles', () => {
  it('reads owner/name:path and owner/name@ref:path from those repositories, and plain paths from the workspace', async () => {
    const { client, reads } = contentsClient({
      'octo/.github/labels/base.yml': '- name: base\n  color: fff\n',
      'octo/tools/labels.yml@v2': '- name: tool\n  color: fff\n',
    });
    const files = await readLabelFiles(
      client,
      inputs(['octo/.github:labels/base.yml', 'octo/tools@v2:labels.yml', '.github/labels.yml'], {
        workspace: workspace({ '.github/labels.yml': '- name: own\n  color: fff\n' }),
      }),
    );
    expect(files.map((f) => [f.file, f.labels.map((l) => l.name)])).toEqual([
      ['octo/.github/labels/base.yml', ['base']],
      ['octo/tools/labels.yml@v2', ['tool']],
      ['.github/labels.yml', ['own']],
    ]);
    expect(reads).toEqual(['octo/.github/labels/base.yml', 'octo/tools/labels.yml@v2']);
  });

  it('reads plain paths from config-repository (at config-ref) when it is set', async () => {
    const { client, reads } = contentsClient({ 'org/settings/labels.yml@main': '- name: a\n  color: fff\n' });
    const files = await readLabelFiles(
      client,
      inputs(['labels.yml'], { configRepository: 'org/settings', configRef: 'main' }),
    );
    expect(files[0]!.labels.map((l) => l.name)).toEqual(['a']);
    expect(reads).toEqual(['org/settings/labels.yml@main']);
  });

  it('refuses a glob of a repository, and a missing file names where it was looked for', async () => {
    const { client } = contentsClient({});
    await expect(readLabelFiles(client, inputs(['octo/.github:labels/*.yml']))).rejects.toThrow(
      /globs match workspace files only/,
    );
    await expect(readLabelFiles(client, inputs(['octo/.github:labels.yml']))).rejects.toThrow(
      /octo\/\.github\/labels\.yml: not found \(or octo\/\.github is private and invisible to this token\)/,
    );
    await expect(readLabelFiles(client, inputs(['nope.yml']))).rejects.toThrow(ConfigError);
  });

  it('an entry whose prefix is not a repository name is a workspace path (and must stay in the workspace)', async () => {
    const { client, reads } = contentsClient({});
    await expect(readLabelFiles(client, inputs(['../..:labels.yml']))).rejects.toThrow(/leaves the workspace/);
    expect(reads).toEqual([]);
  });

  it('expands a glob in name order, skipping .git/', async () => {
    const { client } = contentsClient({});
    const root = workspace({
      'labels/b.yml': '- name: b\n  color: fff\n',
      'labels/a.yml': '- name: a\n  color: fff\n',
      '.git/labels/c.yml': '- name: c\n  color: fff\n',
    });
    const files = await readLabelFiles(client, inputs(['**/labels/*.yml'], { workspace: root }));
    expect(files.map((f) => f.file)).toEqual(['labels/a.yml', 'labels/b.yml']);
  });
});

describe('a label file and its twin', () => {
  it('reads labels.yml when labels.yaml exists too, and names the twin it did not read', async () => {
    const root = workspace({
      '.github/labels.yml': '- name: from-yml\n  color: fff\n',
      '.github/labels.yaml': '- name: from-yaml\n  color: fff\n',
    });
    const [file] = await readLabelFiles(contentsClient({}).client, inputs(['.github/labels.yml'], { workspace: root }));
    expect(file).toMatchObject({ file: '.github/labels.yml', shadowed: '.github/labels.yaml' });
    expect(file!.labels.map((l) => l.name)).toEqual(['from-yml']);
  });

  it('names no twin when there is none', async () => {
    const root = workspace({ '.github/labels.yaml': '- name: only\n  color: fff\n' });
    const [file] = await readLabelFiles(contentsClient({}).client, inputs(['.github/labels.yml'], { workspace: root }));
    expect(file).toEqual({ file: '.github/labels.yaml', labels: [{ name: 'only', color: 'ffffff', aliases: [] }] });
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { declared } from '../../../../src/github/client/declared';
import { reads } from '../../../../src/github/client/contents';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/github/client/errors';
import type { Client } from '../../../../src/github/client/types';
import { ConfigError } from '../../../../src/kernel/config-file';
import { loadTriageConfig } from '../../../../src/actions/triage/domain/load-config';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function workspace(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'triage-config-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

function client(answer: { status: number; data?: unknown }) {
  const calls: unknown[] = [];
  const request = async (route: string, params: unknown) => {
    calls.push({ route, params });
    if (answer.status >= 400)
      throw new ApiError({ status: answer.status, method: 'GET', url: 'https://api.github.com/repos/o/r/contents/x' });
    return { status: answer.status, data: answer.data };
  };
  return { client: { octokit: { request } } as unknown as Client, calls };
}

const repo = { owner: 'o', repo: 'r' };

describe('loadTriageConfig', () => {
  it('reads the workspace without a request', async () => {
    const { client: c, calls } = client({ status: 500 });
    const loaded = await loadTriageConfig(
      c,
      repo,
      '.github/triage.yml',
      workspace({ '.github/triage.yml': 'commands: {}\n' }),
    );
    expect(loaded.origin).toBe('.github/triage.yml');
    expect(loaded.config.commands?.permission).toBe('write');
    expect(calls).toEqual([]);
  });

  it('finds the .yaml twin of a .yml path, and refuses a link out of the workspace', async () => {
    const { client: c, calls } = client({ status: 500 });
    const loaded = await loadTriageConfig(
      c,
      repo,
      '.github/triage.yml',
      workspace({ '.github/triage.yaml': 'commands: {}\n' }),
    );
    expect(loaded.origin).toBe('.github/triage.yaml');
    expect(calls).toEqual([]);
    await expect(loadTriageConfig(c, repo, '../outside.yml', workspace({}))).rejects.toThrow(/leaves the workspace/);
  });

  it('falls back to the contents API (raw) when the workspace has no file', async () => {
    const { client: c, calls } = client({ status: 200, data: 'rules: []\nstale: {}\n' });
    const loaded = await loadTriageConfig(c, repo, '.github/triage.yml', workspace({}));
    expect(loaded.config.stale).toEqual({ only: 'both', semantics: 'triage' });
    expect(loaded.origin).toBe('o/r/.github/triage.yml');
    expect(calls).toEqual([
      {
        route: 'GET /repos/{owner}/{repo}/contents/{path}',
        params: {
          owner: 'o',
          repo: 'r',
          path: '.github/triage.yml',
          headers: { accept: 'application/vnd.github.raw' },
          request: declared(reads.file),
        },
      },
    ]);
  });

  it('reports a file missing everywhere, and a bad file with its line', async () => {
    const missing = loadTriageConfig(client({ status: 404 }).client, repo, '.github/triage.yml', workspace({}));
    await expect(missing).rejects.toBeInstanceOf(ConfigError);
    await expect(missing).rejects.toThrow(/not found in the workspace .* nor on the default branch of o\/r/);
    const bad = loadTriageConfig(
      client({ status: 500 }).client,
      repo,
      't.yml',
      workspace({ 't.yml': 'rules:\n  - id: x\n    then: { close: never }\n' }),
    );
    await expect(bad).rejects.toMatchObject({ file: 't.yml', line: 3 });
  });
});

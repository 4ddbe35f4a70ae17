// Repositories and working directories for the commit-files end-to-end tests, the bench and the demo.
import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FileSeed, RepoSeed, Scenario } from '..';

export const WORKFLOW_TOKEN = 'ghs_commitfiles_workflow';
export const USER_TOKEN = 'ghp_commitfiles_user';
export const REPO = 'octo/app';

/** A local file: text, bytes, an executable, or a symbolic link (its target). */
export type LocalSeed = string | Buffer | { content: string | Buffer; executable?: boolean } | { symlink: string };

export function scenarioOf(
  branches: Record<string, Record<string, FileSeed>>,
  extra: Partial<RepoSeed> = {},
): Scenario {
  return {
    tokens: {
      [WORKFLOW_TOKEN]: {
        kind: 'workflow',
        repositories: [REPO],
        permissions: { contents: 'write', 'pull-requests': 'write' },
      },
      [USER_TOKEN]: { kind: 'user', login: 'octo' },
    },
    repositories: [{ owner: 'octo', name: 'app', defaultBranch: 'main', branches, ...extra }],
  };
}

/** Writes the files into a fresh temporary directory (modes and links included) and returns it. */
export function writeWorkspace(
  files: Record<string, LocalSeed>,
  dir = mkdtempSync(join(tmpdir(), 'commit-files-ws-')),
): string {
  for (const [path, seed] of Object.entries(files)) {
    const abs = join(dir, path);
    mkdirSync(dirname(abs), { recursive: true });
    if (typeof seed === 'string' || Buffer.isBuffer(seed)) writeFileSync(abs, seed);
    else if ('symlink' in seed) symlinkSync(seed.symlink, abs);
    else {
      writeFileSync(abs, seed.content);
      chmodSync(abs, seed.executable ? 0o755 : 0o644);
    }
  }
  return dir;
}

/** Deterministic bytes with NUL bytes in them (a binary file). */
export function binary(size: number, seed: number): Buffer {
  const out = Buffer.alloc(size);
  let x = seed * 2654435761 + 1;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = i % 64 === 0 ? 0 : x >>> 24;
  }
  return out;
}

const page = (i: number, version: string) =>
  `# Page ${i}\n\nGenerated documentation, ${version}.\n${'Lorem ipsum dolor sit amet. '.repeat(20)}\n`;

export interface ScenarioA {
  scenario: Scenario;
  workspace: Record<string, LocalSeed>;
  inputs: Record<string, string | boolean>;
  minimum: { requests: number; writes: number };
  expected: { added: number; updated: number; deleted: number };
}

/**
 * Scenario A of the issue: 200 changed text files + 5 new binary files + 3 deletions + 1 file whose only change is the
 * executable bit, into an existing branch. Minimum: ref read + tree read + 5 blobs + 1 tree + 1 commit + 1 ref = 10.
 */
export function scenarioA(): ScenarioA {
  const main: Record<string, FileSeed> = {
    'README.md': '# app\n',
    'bin/build.sh': '#!/bin/sh\nmake\n',
    'src/index.ts': 'export {};\n',
  };
  const workspace: Record<string, LocalSeed> = {
    'README.md': '# app\n',
    'bin/build.sh': { content: '#!/bin/sh\nmake\n', executable: true },
    'src/index.ts': 'export {};\n',
  };
  for (let i = 0; i < 200; i++) {
    const path = `docs/page-${String(i).padStart(3, '0')}.md`;
    main[path] = page(i, 'v1');
    workspace[path] = page(i, 'v2');
  }
  for (let i = 0; i < 5; i++) workspace[`assets/image-${i}.bin`] = binary(40_000 + i * 1000, i + 1);
  for (const name of ['a', 'b', 'c']) main[`old/${name}.txt`] = `obsolete ${name}\n`;
  return {
    scenario: scenarioOf({ main }),
    workspace,
    // The workspace written here holds no checkout; `checkoutAs` makes it one (then the base is known).
    inputs: { message: 'Regenerate docs and assets', 'delete-missing': true, 'on-unknown-base': 'overwrite' },
    minimum: { requests: 10, writes: 8 },
    expected: { added: 5, updated: 201, deleted: 3 },
  };
}

/** Scenario D: one 30 MB binary file (the largest blob the pre-check allows). */
export const SCENARIO_D_BYTES = 30 * 1024 * 1024;

/** Writes a large binary file in 1 MiB pieces (never the whole file in memory). */
export function writeLargeBinary(path: string, size: number): void {
  mkdirSync(dirname(path), { recursive: true });
  const piece = binary(1024 * 1024, 7);
  writeFileSync(path, '');
  for (let written = 0; written < size; written += piece.length) {
    writeFileSync(path, written + piece.length <= size ? piece : piece.subarray(0, size - written), { flag: 'a' });
  }
}

// Repositories, tokens and asset files for the release end-to-end tests, the bench and the demo.
import { createHash } from 'node:crypto';
import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RepoSeed, Scenario } from '..';

export const REPO = 'octo/app';
export const WORKFLOW_TOKEN = 'ghs_release_workflow';
export const READ_TOKEN = 'ghs_release_readonly';

/** A scenario with one repository `octo/app` (plus the given repository fields) and a workflow token with `contents: write`. */
export function releaseScenario(seed: Partial<RepoSeed> = {}, extra: Partial<Scenario> = {}): Scenario {
  return {
    tokens: {
      [WORKFLOW_TOKEN]: {
        kind: 'workflow',
        repositories: [REPO],
        permissions: { contents: 'write', 'pull-requests': 'read', issues: 'read' },
      },
      [READ_TOKEN]: { kind: 'workflow', repositories: [REPO], permissions: { contents: 'read' } },
    },
    repositories: [{ owner: 'octo', name: 'app', branches: { main: { 'README.md': '# app\n' } }, ...seed }],
    ...extra,
  };
}

export const sha256 = (content: string | Buffer) => createHash('sha256').update(content).digest('hex');

/** Deterministic content of `bytes` bytes, different per `seed`. */
export function content(bytes: number, seed: string): Buffer {
  const block = createHash('sha512').update(seed).digest();
  const buf = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i += block.length) block.copy(buf, i);
  return buf;
}

/** A workspace directory with the given files (path → content). */
export function workspaceWith(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'release-ws-'));
  for (const [path, data] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), data);
  }
  return dir;
}

/** A sparse file of `bytes` zero bytes (no disk space used) in `dir`. */
export function sparseFile(dir: string, name: string, bytes: number): string {
  const path = join(dir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  const fd = openSync(path, 'w');
  try {
    ftruncateSync(fd, bytes);
  } finally {
    closeSync(fd);
  }
  return path;
}

/** Scenario A: five 1 MiB assets for a new release. */
export function fiveAssets(): Record<string, Buffer> {
  return Object.fromEntries(
    ['linux-amd64', 'linux-arm64', 'darwin-amd64', 'darwin-arm64', 'windows-amd64'].map((p) => [
      `dist/app-${p}.tar.gz`,
      content(1024 * 1024, p),
    ]),
  );
}

/** Scenario D: twenty assets of 256 KiB. */
export function twentyAssets(): Record<string, Buffer> {
  return Object.fromEntries(
    Array.from({ length: 20 }, (_, i) => [
      `dist/part-${String(i).padStart(2, '0')}.bin`,
      content(256 * 1024, `part-${i}`),
    ]),
  );
}

/**
 * Scenario A's minimum: REST for the writes (create, 5 uploads, publish) and one read of REST's first page before
 * the create (GraphQL's list showed no draft, and it can hide drafts from the workflow token: cli/cli#9076); the
 * releases list (before the create, and its first page again after it) through GraphQL, a point each.
 */
export const SCENARIO_A_MINIMUM = { requests: 8, writes: 7, points: 2 };

/** Scenario A read through REST alone (GraphQL unavailable): the two list reads are REST requests. */
export const SCENARIO_A_REST_MINIMUM = { requests: 9, writes: 7 };

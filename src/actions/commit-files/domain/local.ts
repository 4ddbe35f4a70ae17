// Scans the working directory for the files `paths` selects: regular files (100644, or 100755 when the owner
// may execute them) and symbolic links (120000, the link text as content; never followed). `.git` is skipped.
import type { Dirent } from 'node:fs';
import { lstat, readdir, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import { hashBytes, hashFile } from './git-hash';
import { IgnoreRules } from './ignore-rules';
import { mapPool } from '../../../kernel/pool';
import type { FileIdentity } from './scanned-file';
import { PathSelection, PathSpecError, type PathSpec } from './path-spec';

export type FileMode = '100644' | '100755' | '120000';

export interface LocalFile {
  /** Path relative to the working directory, `/`-separated: the path in the repository. */
  path: string;
  absPath: string;
  mode: FileMode;
  size: number;
  sha: string;
  /** Valid UTF-8 without NUL (known for files up to the inline bound). */
  text: boolean;
  /** The scanned file (regular files): every later read must open this very file. */
  identity?: FileIdentity;
}

export interface ScanOptions {
  /** Files up to this size are checked for text. */
  textCheckMax: number;
  /** Files over this size are refused before anything is hashed or sent. */
  blobMaxBytes: number;
  /** Name of the input the specs came from (for errors). */
  input?: string;
  /** Honour `.gitignore` files when walking `.` and globs (default true). */
  gitignore?: boolean;
  concurrency?: number;
}

export interface ScanResult {
  files: LocalFile[];
  /** Specs that selected nothing on disk. */
  unmatched: string[];
  /** Entries neither file nor link (sockets, devices, fifos). */
  skipped: string[];
  /** Folders holding their own `.git` (submodules, nested clones): never entered, never committed. */
  nested: string[];
  /** Files and folders that `.gitignore` ignores, reached by `.` or a glob (named paths are never ignored). */
  ignored: string[];
}

export class OversizeError extends Error {
  constructor(
    readonly files: { path: string; size: number }[],
    limit: number,
  ) {
    super(
      `Files over ${Math.round(limit / 1024 / 1024)} MiB cannot be sent reliably through GitHub's blob API (use Git LFS, or a release asset); nothing was written. Too large: ` +
        files.map((f) => `${f.path} (${(f.size / 1024 / 1024).toFixed(1)} MiB)`).join(', '),
    );
    this.name = 'OversizeError';
  }
}

type Kind = 'file' | 'link' | 'dir' | 'other';

function kindOf(entry: Dirent | { isFile(): boolean; isSymbolicLink(): boolean; isDirectory(): boolean }): Kind {
  if (entry.isSymbolicLink()) return 'link';
  if (entry.isFile()) return 'file';
  if (entry.isDirectory()) return 'dir';
  return 'other';
}

async function lstatKind(abs: string): Promise<Kind | undefined> {
  try {
    return kindOf(await lstat(abs));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR')
      return undefined;
    throw err;
  }
}

/** Refuses a spec whose folders pass through a symbolic link (which could lead outside the working directory). */
async function checkNoLinkOnTheWay(
  root: string,
  path: string,
  input: string,
  text: string,
  includeLast: boolean,
): Promise<void> {
  const segments = path.split('/');
  for (let i = 1; i < segments.length + (includeLast ? 1 : 0); i++) {
    const prefix = segments.slice(0, i).join('/');
    const kind = await lstatKind(join(root, prefix));
    if (kind === undefined) return;
    if (kind === 'link')
      throw new PathSpecError(input, text, `passes through the symbolic link "${prefix}", which is not followed`);
  }
}

interface Found {
  out: Map<string, Kind>;
  skipped: string[];
  nested: string[];
  ignored: Set<string>;
}

/** Walks a folder; with `rules`, what `.gitignore` ignores is left out (and ignored folders are not entered). */
async function walk(
  root: string,
  dir: string,
  selection: PathSelection,
  found: Found,
  rules?: IgnoreRules,
): Promise<void> {
  if (!selection.mayContain(dir)) return;
  const entries = await readdir(join(root, dir), { withFileTypes: true });
  // A folder with its own .git (below the working directory itself) is another repository: a submodule.
  if (dir !== '' && entries.some((e) => e.name.toLowerCase() === '.git')) {
    found.nested.push(dir);
    return;
  }
  await rules?.enter(dir);
  for (const entry of entries) {
    if (entry.name.toLowerCase() === '.git') continue;
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    const kind = kindOf(entry);
    if (rules?.ignores(path, kind === 'dir')) {
      found.ignored.add(path);
      continue;
    }
    if (kind === 'dir') await walk(root, path, selection, found, rules);
    else if (kind === 'other') found.skipped.push(path);
    else found.out.set(path, kind);
  }
}

async function candidatesOf(
  root: string,
  spec: PathSpec,
  selection: PathSelection,
  input: string,
  found: Found,
  rules?: IgnoreRules,
): Promise<void> {
  if (spec.kind === 'all') {
    await walk(root, '', selection, found, rules);
  } else {
    const start = spec.kind === 'path' ? spec.path : spec.base;
    if (start !== '') await checkNoLinkOnTheWay(root, start, input, spec.text, spec.kind === 'glob');
    const kind = start === '' ? 'dir' : await lstatKind(join(root, start));
    // A file or folder named explicitly is committed even when .gitignore ignores it; `.` and globs honour it.
    if (kind === 'dir') await walk(root, start, selection, found, spec.kind === 'glob' ? rules : undefined);
    else if (kind === 'file' || kind === 'link') {
      if (spec.kind === 'path') found.out.set(start, kind);
    } else if (kind === 'other') found.skipped.push(start);
  }
}

function selectsBy(spec: PathSpec, path: string, selection: PathSelection): boolean {
  return new PathSelection([spec, ...selection.exclude]).selects(path);
}

/** Finds, checks and hashes the selected files. Throws before hashing anything when a file is over the blob limit. */
export async function scanWorkingDirectory(
  root: string,
  selection: PathSelection,
  options: ScanOptions,
): Promise<ScanResult> {
  const input = options.input ?? 'paths';
  const found: Found = { out: new Map(), skipped: [], nested: [], ignored: new Set() };
  const unmatched: string[] = [];
  const rules = options.gitignore === false ? undefined : await IgnoreRules.load(root);
  for (const spec of selection.include) {
    await candidatesOf(root, spec, selection, input, found, rules);
  }
  const { out: candidates, skipped } = found;
  const nested = [...new Set(found.nested)].sort();
  // What `paths` names explicitly (a file, or a folder and all it holds) is not ignored.
  const named = selection.include.flatMap((s) => (s.kind === 'path' ? [s.path] : []));
  const ignored = [...found.ignored].filter((p) => !named.some((n) => p === n || p.startsWith(`${n}/`))).sort();
  const selected = [...candidates]
    .filter(([path]) => selection.selects(path))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const spec of selection.include) {
    if (!selected.some(([path]) => selectsBy(spec, path, selection))) unmatched.push(spec.text);
  }

  const stats = await mapPool(selected, 32, async ([path, kind]) => ({
    path,
    kind,
    stat: await lstat(join(root, path)),
  }));
  const oversized = stats
    .filter((s) => s.kind === 'file' && s.stat.size > options.blobMaxBytes)
    .map((s) => ({ path: s.path, size: s.stat.size }));
  if (oversized.length) throw new OversizeError(oversized, options.blobMaxBytes);

  const files = await mapPool(stats, options.concurrency ?? 4, async ({ path, kind, stat }): Promise<LocalFile> => {
    const absPath = join(root, path);
    if (kind === 'link') {
      const target = await readlink(absPath, { encoding: 'buffer' });
      const digest = hashBytes(target);
      return { path, absPath, mode: '120000', size: digest.size, sha: digest.sha, text: digest.text };
    }
    const identity = { dev: stat.dev, ino: stat.ino };
    const digest = await hashFile(absPath, options.textCheckMax, path, identity);
    return {
      identity,
      path,
      absPath,
      mode: stat.mode & 0o100 ? '100755' : '100644',
      size: digest.size,
      sha: digest.sha,
      text: digest.text,
    };
  });
  return { files, unmatched, skipped, nested, ignored };
}

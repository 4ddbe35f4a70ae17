// Finds the files to upload. `files` patterns mean what they mean in every other release action: glob semantics
// as minimatch defines them with its defaults (the matcher of `glob`, which softprops/action-gh-release runs as
// `glob.sync(pattern)` and then keeps only files): `*` and `?` stay within one path segment, `**` crosses folders,
// and a name that starts with a dot matches only when the pattern starts that segment with a dot (or with
// `include-hidden: true`). A pattern naming a folder uploads nothing (softprops: "Pattern … does not match any
// files"). `!pattern` excludes. Every match stays contained in the workspace (see workspace-paths.ts): links are
// never descended, every match is resolved with realpath before it counts, `.git/` is never entered.
import { lstat, readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Minimatch, unescape, type MinimatchOptions } from 'minimatch';
import { splitOutsideBraces } from '../../../kernel/peer-inputs';
import { containedPath, underGit, workspacePattern } from './workspace-paths';

export interface LocalFile {
  /** Absolute real path. */
  path: string;
  /** The file's own name (a link's name when it is one: the name the user sees). */
  fileName: string;
  size: number;
}

export interface FileMatch {
  files: LocalFile[];
  /** Patterns (not exclusions) that matched no file. */
  unmatched: string[];
  /** Patterns that name a folder: they upload nothing (`dir/*` or `dir/**` uploads its files). */
  folders: string[];
  /** Patterns and matches refused (they would leave the workspace or read `.git/`): errors, nothing is sent. */
  refused: string[];
  /** Matches left out on purpose (under `.git/`), named for a warning. */
  skipped: string[];
}

export interface MatchRoots {
  /** The workspace, links resolved: nothing outside it is read. */
  workspace: string;
  /** Where relative patterns start (the working directory, inside the workspace). */
  base: string;
  /** The workspace as the workflow names it (`${{ github.workspace }}`), for absolute patterns; default `workspace`. */
  given?: string;
}

export interface MatchOptions {
  /** `include-hidden`: `*` and `**` also match names that start with a dot (never `.git`). */
  includeHidden?: boolean;
}

/**
 * A `files` input as a list of patterns: one a line, or several on a line separated by commas outside braces, as
 * softprops/action-gh-release's `parseInputFiles` reads it (`a-*.{zip,snap}.sha256` is one pattern).
 */
export function splitPatterns(lines: readonly string[]): string[] {
  return lines.flatMap(splitOutsideBraces);
}

/** The literal folder a pattern's matches all lie under (its leading segments without glob characters). */
function literalPrefix(pattern: string): { prefix: string; literal: boolean } {
  const parts = pattern.split('/');
  const fixed: string[] = [];
  for (const part of parts) {
    // `{zip,msi}` is a set of names, not one literal name (magicalBraces: braces count as magic).
    if (new Minimatch(part, { magicalBraces: true }).hasMagic()) break;
    fixed.push(unescape(part));
  }
  return { prefix: fixed.join('/'), literal: fixed.length === parts.length };
}

interface Walk {
  workspace: string;
  include: Minimatch;
  /** Workspace-relative paths (posix) of files and links the pattern matches. */
  found: string[];
}

/** Every file or link under `dir` (workspace-relative) the pattern can match; links are tested, never descended. */
async function walk(w: Walk, dir: string): Promise<void> {
  let entries;
  try {
    entries = await readdir(join(w.workspace, dir), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.name.toLowerCase() === '.git') continue;
    if (entry.isDirectory()) {
      if (w.include.match(rel, true)) await walk(w, rel);
    } else if ((entry.isFile() || entry.isSymbolicLink()) && w.include.match(rel)) w.found.push(rel);
  }
}

/** The workspace-relative paths a pattern matches, or `folder` when it names a folder. */
async function globOne(workspace: string, pattern: string, options: MinimatchOptions): Promise<string[] | 'folder'> {
  const include = new Minimatch(pattern, options);
  const { prefix, literal } = literalPrefix(pattern);
  if (literal) {
    const info = await lstat(join(workspace, prefix)).catch(() => undefined);
    if (info?.isDirectory()) return 'folder';
    return info && include.match(prefix) ? [prefix] : [];
  }
  const start = await lstat(join(workspace, prefix)).catch(() => undefined);
  if (prefix !== '' && !start?.isDirectory()) return [];
  const w: Walk = { workspace, include, found: [] };
  await walk(w, prefix);
  return w.found.sort();
}

/**
 * Every file the patterns match, in pattern order (sorted within a pattern), each once. Refused patterns are
 * reported and not globbed.
 */
export async function matchFiles(
  patterns: readonly string[],
  roots: MatchRoots,
  options: MatchOptions = {},
): Promise<FileMatch> {
  const match: FileMatch = { files: [], unmatched: [], folders: [], refused: [], skipped: [] };
  const anchored = patterns.map((p) => ({ pattern: p, ...workspacePattern(p, roots) }));
  for (const a of anchored) if (a.problem) match.refused.push(a.problem);
  if (match.refused.length > 0) return match;
  const dot = options.includeHidden ?? false;
  // An exclusion removes hidden names too: excluding more than asked is never a leak.
  const excludes = anchored.filter((a) => a.pattern.startsWith('!')).map((a) => new Minimatch(a.rel!, { dot: true }));
  const seen = new Set<string>();
  for (const { pattern, rel: anchoredPattern } of anchored.filter((a) => !a.pattern.startsWith('!'))) {
    const found = await globOne(roots.workspace, anchoredPattern!, { dot });
    if (found === 'folder') {
      match.folders.push(pattern);
      continue;
    }
    let matched = 0;
    for (const rel of found.filter((f) => !excludes.some((x) => x.match(f)))) {
      if (underGit(rel)) {
        match.skipped.push(rel);
        continue;
      }
      const contained = await containedPath(roots.workspace, roots.workspace, rel);
      if (!contained.ok) {
        match.refused.push(`${contained.problem}; matched by "${pattern}"`);
        continue;
      }
      const info = await stat(contained.path);
      if (!info.isFile()) continue;
      matched++;
      if (seen.has(contained.path)) continue;
      seen.add(contained.path);
      match.files.push({ path: contained.path, fileName: basename(rel), size: info.size });
    }
    if (matched === 0) match.unmatched.push(pattern);
  }
  return match;
}

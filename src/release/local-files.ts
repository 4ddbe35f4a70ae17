// Finds the files to upload: `files` globs (one per line, `!pattern` excludes) through @actions/glob, relative to
// the working directory and contained in the workspace (see workspace-paths.ts): links are not followed by the
// glob, and every match is resolved with realpath before it counts.
import { create } from '@actions/glob';
import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { containedPath, insideOf, patternProblem, underGit } from './workspace-paths';

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
}

/**
 * Every file the patterns match, in pattern order (sorted within a pattern), each once. Directories match their
 * files (`dist` = `dist/**`). Refused patterns are reported and not globbed.
 */
export async function matchFiles(patterns: string[], roots: MatchRoots): Promise<FileMatch> {
  const refused = patterns.map(patternProblem).filter((p): p is string => p !== undefined);
  const match: FileMatch = { files: [], unmatched: [], refused, skipped: [] };
  if (refused.length > 0) return match;
  const anchor = (p: string) => (p.startsWith('!') ? `!${join(roots.base, p.slice(1))}` : join(roots.base, p));
  const excludes = patterns.filter((p) => p.startsWith('!')).map(anchor);
  const seen = new Set<string>();
  for (const pattern of patterns.filter((p) => !p.startsWith('!'))) {
    const globber = await create([anchor(pattern), ...excludes].join('\n'), {
      matchDirectories: false,
      followSymbolicLinks: false,
    });
    const paths = (await globber.glob()).sort();
    let matched = 0;
    for (const path of paths) {
      const rel = insideOf(roots.workspace, path) ?? path;
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
      match.files.push({ path: contained.path, fileName: basename(path), size: info.size });
    }
    if (matched === 0) match.unmatched.push(pattern);
  }
  return match;
}

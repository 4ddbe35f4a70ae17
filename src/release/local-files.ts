// Finds the files to upload: `files` globs (one per line, `!pattern` excludes) through @actions/glob.
import { create } from '@actions/glob';
import { stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';

export interface LocalFile {
  /** Absolute path. */
  path: string;
  size: number;
}

export interface FileMatch {
  files: LocalFile[];
  /** Patterns (not exclusions) that matched no file. */
  unmatched: string[];
}

function anchor(pattern: string, cwd: string): string {
  const negated = pattern.startsWith('!');
  const body = negated ? pattern.slice(1) : pattern;
  const absolute = isAbsolute(body) ? body : join(cwd, body);
  return negated ? `!${absolute}` : absolute;
}

/**
 * Every file the patterns match, in pattern order, each once. Relative patterns are relative to `cwd`
 * (the workspace). Directories match their files (`dist` = `dist/**`).
 */
export async function matchFiles(patterns: string[], cwd: string = process.cwd()): Promise<FileMatch> {
  const includes = patterns.filter((p) => !p.startsWith('!'));
  const excludes = patterns.filter((p) => p.startsWith('!')).map((p) => anchor(p, cwd));
  const seen = new Set<string>();
  const files: LocalFile[] = [];
  const unmatched: string[] = [];
  for (const pattern of includes) {
    const globber = await create([anchor(pattern, cwd), ...excludes].join('\n'), { matchDirectories: false });
    const paths = (await globber.glob()).sort();
    if (paths.length === 0) unmatched.push(pattern);
    for (const path of paths) {
      if (seen.has(path)) continue;
      const info = await stat(path);
      if (!info.isFile()) continue;
      seen.add(path);
      files.push({ path, size: info.size });
    }
  }
  return { files, unmatched };
}

// The `paths` and `delete-paths` inputs: files, folders or globs relative to `working-directory`. Absolute
// paths, `..` and `.git` are refused here, before any request, with an error naming the input.
import { posix } from 'node:path';
import { Minimatch } from 'minimatch';

export type PathSpec =
  /** `.`: everything under the working directory. */
  | { kind: 'all'; text: string; negated: boolean }
  /** A file or a folder (which one is known only on disk). */
  | { kind: 'path'; text: string; path: string; negated: boolean }
  /** A glob; `base` is its literal leading folder ('' when it starts with magic). */
  | { kind: 'glob'; text: string; pattern: string; base: string; negated: boolean; matcher: Minimatch };

export class PathSpecError extends Error {
  constructor(
    readonly input: string,
    readonly spec: string,
    reason: string,
  ) {
    super(`Input "${input}": "${spec}" ${reason}`);
    this.name = 'PathSpecError';
  }
}

const MATCH_OPTIONS = { dot: true, nocomment: true, nonegate: true } as const;

/** Parses one spec; throws `PathSpecError` for absolute paths, `..` segments and `.git`. */
export function parsePathSpec(input: string, text: string): PathSpec {
  const negated = text.startsWith('!');
  const raw = (negated ? text.slice(1) : text).trim();
  if (raw === '') throw new PathSpecError(input, text, 'is empty');
  if (raw.includes('\0')) throw new PathSpecError(input, text, 'contains a NUL character');
  if (raw.startsWith('/') || raw.startsWith('\\') || /^[A-Za-z]:/.test(raw) || raw.startsWith('~'))
    throw new PathSpecError(input, text, 'is an absolute path: paths are relative to working-directory');
  const segments = raw.split(/[\\/]+/);
  if (segments.includes('..'))
    throw new PathSpecError(input, text, 'escapes working-directory with "..": paths must stay inside it');
  if (segments.some((s) => s.toLowerCase() === '.git'))
    throw new PathSpecError(input, text, 'names the .git folder, which is never committed');
  const normal = posix.normalize(raw.replace(/\\/g, '/')).replace(/\/+$/, '');
  if (normal === '.' || normal === '' || normal === '**' || normal === '**/*') return { kind: 'all', text, negated };
  const path = normal.replace(/^\.\//, '');
  const matcher = new Minimatch(path, MATCH_OPTIONS);
  if (!matcher.hasMagic()) return { kind: 'path', text, path, negated };
  const base: string[] = [];
  for (const segment of path.split('/')) {
    if (new Minimatch(segment, MATCH_OPTIONS).hasMagic()) break;
    base.push(segment);
  }
  return { kind: 'glob', text, pattern: path, base: base.join('/'), negated, matcher };
}

export function parsePathSpecs(input: string, texts: string[]): PathSpec[] {
  return texts.map((t) => parsePathSpec(input, t));
}

/** True when a repository-relative path is selected by the spec (a glob also selects what is under a matching folder). */
export function specSelects(spec: PathSpec, path: string): boolean {
  switch (spec.kind) {
    case 'all':
      return true;
    case 'path':
      return path === spec.path || path.startsWith(`${spec.path}/`);
    case 'glob': {
      if (spec.matcher.match(path)) return true;
      let dir = posix.dirname(path);
      while (dir !== '.' && dir !== '') {
        if (spec.matcher.match(dir)) return true;
        dir = posix.dirname(dir);
      }
      return false;
    }
  }
}

/** The selection made by a list of specs: any positive spec selects, any `!` spec excludes. */
export class PathSelection {
  readonly include: PathSpec[];
  readonly exclude: PathSpec[];

  constructor(readonly specs: PathSpec[]) {
    this.include = specs.filter((s) => !s.negated);
    this.exclude = specs.filter((s) => s.negated);
  }

  get empty(): boolean {
    return this.include.length === 0;
  }

  selects(path: string): boolean {
    if (isGitPath(path)) return false;
    return this.include.some((s) => specSelects(s, path)) && !this.exclude.some((s) => specSelects(s, path));
  }

  /** Whether a folder may hold selected files (to prune walks). */
  mayContain(dir: string): boolean {
    if (dir === '') return !this.empty;
    if (isGitPath(dir)) return false;
    return this.include.some((s) => {
      if (s.kind === 'all') return true;
      const root = s.kind === 'path' ? s.path : s.base;
      if (root === '') return true;
      return root === dir || root.startsWith(`${dir}/`) || dir.startsWith(`${root}/`);
    });
  }
}

export function isGitPath(path: string): boolean {
  return path.split('/').some((s) => s.toLowerCase() === '.git');
}

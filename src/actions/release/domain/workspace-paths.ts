// Paths from inputs and globs stay inside the workspace: a pattern cannot name an absolute path outside it, climb
// with `..`, start at a home directory (`~`) or reach into `.git/` (where actions/checkout keeps the token); a file
// or directory is resolved with realpath, so a symbolic link cannot lead out of the workspace or into `.git/`.
// An absolute pattern inside the workspace (`${{ github.workspace }}/dist/*.zip`, the form every peer accepts) is
// read as the same pattern relative to the workspace, then contained exactly as relative ones.
import { isAbsolute, posix, relative, sep } from 'node:path';
import {
  containedPath as containedInWorkspace,
  insideOf,
  underGit,
  type Contained,
} from '../../../kernel/workspace-paths';

export type { Contained } from '../../../kernel/workspace-paths';

/** The parts of a pattern or path, split on both separators (a pattern written on Windows uses `\`). */
function segments(text: string): string[] {
  return text.split(/[\\/]+/).filter((s) => s !== '');
}

/** Why a `files` pattern (or a path input) is refused, or undefined when it stays inside the workspace. */
export function patternProblem(pattern: string): string | undefined {
  const body = pattern.startsWith('!') ? pattern.slice(1) : pattern;
  if (isAbsolute(body) || /^[A-Za-z]:/.test(body) || body.startsWith('\\'))
    return `"${pattern}" is an absolute path; paths are relative to the workspace`;
  if (body.startsWith('~')) return `"${pattern}" starts with ~; paths are relative to the workspace`;
  const parts = segments(body);
  if (parts.includes('..')) return `"${pattern}" contains ".."; paths cannot leave the workspace`;
  if (parts.some((p) => p.toLowerCase() === '.git'))
    return `"${pattern}" reaches into .git/, which is never read (actions/checkout keeps the token there)`;
  return undefined;
}

/** Where a pattern's paths start, and the workspace under the names a workflow may give it. */
export interface PatternRoots {
  /** The workspace, links resolved. */
  workspace: string;
  /** The working directory (inside the workspace). */
  base: string;
  /** The workspace as the workflow names it (`GITHUB_WORKSPACE`). */
  given?: string;
}

/**
 * A `files` pattern (`!` stripped) as a pattern relative to the workspace, with `/` separators; or why it is
 * refused. Absolute patterns are accepted when they lie inside the workspace.
 */
export function workspacePattern(pattern: string, roots: PatternRoots): { rel?: string; problem?: string } {
  const body = pattern.startsWith('!') ? pattern.slice(1) : pattern;
  const absolute = isAbsolute(body) && !/^[A-Za-z]:/.test(body) && !body.startsWith('\\');
  const problem = patternProblem(absolute ? `./${body}` : pattern);
  if (problem) return { problem: problem.replace(`"./${body}"`, `"${pattern}"`) };
  if (!absolute) {
    const base = relative(roots.workspace, roots.base).split(sep).join('/');
    return { rel: posix.join(base, body).replace(/^\.\//, '') };
  }
  for (const root of [roots.given, roots.workspace]) {
    if (root === undefined) continue;
    const inside = insideOf(root, body);
    if (inside !== undefined && inside !== '') return { rel: inside.split(sep).join('/') };
  }
  return { problem: `"${pattern}" is an absolute path outside the workspace; paths must stay inside the workspace` };
}

export { insideOf, realWorkspace, underGit } from '../../../kernel/workspace-paths';

/**
 * `path` (relative to `base`, itself inside `root`) as a pattern first (no absolute path, `~`, `..` or `.git`), then
 * contained by the one workspace rule (kernel/workspace-paths.ts): its real path inside `root` and outside `.git/`.
 */
export async function containedPath(root: string, base: string, path: string): Promise<Contained> {
  const problem = patternProblem(path);
  if (problem) return { ok: false, problem, reason: underGit(path) ? 'git' : 'outside' };
  return containedInWorkspace(root, base, path);
}

// Names that strangers or config files supply and that end up in URL paths: validated by GitHub's rules
// and encoded by one function, so `..` can never walk a path and `/` can never add a segment.

export interface RepositoryName {
  owner: string;
  repo: string;
}

/** GitHub's account names: letters, digits and hyphens (underscores for managed users), at most 39. */
const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9_-]{0,38})$/;
/** GitHub's repository names: letters, digits, `.`, `_` and `-`, at most 100; never `.` or `..`. */
const REPO = /^[A-Za-z0-9._-]{1,100}$/;

/** Why `text` is not an `owner/name`, or undefined when it is one. */
export function repositoryNameProblem(text: string): string | undefined {
  const parts = text.split('/');
  if (parts.length !== 2) return `"${text}" must be owner/name (one slash)`;
  const [owner = '', repo = ''] = parts;
  if (!OWNER.test(owner)) return `"${text}": "${owner}" is not a GitHub account name`;
  if (!REPO.test(repo) || repo === '.' || repo === '..') return `"${text}": "${repo}" is not a repository name`;
  return undefined;
}

/** Parses `owner/name`, throwing an Error that names the problem. */
export function parseRepositoryName(text: string): RepositoryName {
  const trimmed = text.trim();
  const problem = repositoryNameProblem(trimmed);
  if (problem) throw new Error(problem);
  const [owner = '', repo = ''] = trimmed.split('/');
  return { owner, repo };
}

/** GitHub refuses label names over 50 characters. */
export const LABEL_NAME_MAX = 50;

/** Why a label name is unusable, or undefined. */
export function labelNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'a label name cannot be empty';
  if (trimmed === '.' || trimmed === '..') return `"${trimmed}" is not a usable label name`;
  if ([...trimmed].length > LABEL_NAME_MAX) return `"${trimmed}" is longer than ${LABEL_NAME_MAX} characters`;
  return undefined;
}

/**
 * A text that may become one URL path segment, returned unchanged: refuses what URL normalisation would remove or
 * reinterpret (`.`, `..`, empty). For the parameters of an Octokit route (`{name}` in
 * `/repos/{owner}/{repo}/labels/{name}`), which Octokit encodes as one segment (`/`, `?`, `#`, `%` included).
 */
export function pathParameter(text: string): string {
  if (text === '' || text === '.' || text === '..') throw new Error(`"${text}" cannot be used in a URL path`);
  return text;
}

/**
 * The one encoder of user text that becomes a URL path segment built by hand. Refuses what `pathParameter` refuses,
 * encodes everything else (`/`, `?`, `#`, `%` included).
 */
export function pathSegment(text: string): string {
  return encodeURIComponent(pathParameter(text));
}

// Items are who they were. GitHub answers a transferred issue's REST URL with 301 to the issue in its new
// repository (OpenAPI "Get an issue"; mcp-workspace#256 and MeshWeaver#4629 saw `GET /repos/…/issues/2950` answered
// with `number: 1139` of another repository once the redirect was followed), and a deleted one with 410. An answer
// that names another repository (`repository_url`) or another number is not the item asked for: writing to the
// number asked for would label, comment on or close an unrelated item, so the item is skipped, with a log line.

/** The item asked for now lives elsewhere (transferred), or its answer is not about it. */
export class ItemMovedError extends Error {
  constructor(
    readonly number: number,
    readonly answer: { number: number; repository?: string },
  ) {
    const where = answer.repository ? `${answer.repository}#${answer.number}` : `#${answer.number}`;
    super(
      `#${number} now answers as ${where} (transferred or moved): it is not the item asked for, so it is left alone`,
    );
    this.name = 'ItemMovedError';
  }
}

/** `owner/name` from a REST `repository_url` (…/repos/{owner}/{name}), or undefined when it does not read as one. */
function repositoryOf(url: string): string | undefined {
  const match = /\/repos\/([^/?#]+)\/([^/?#]+)\/?$/.exec(url);
  return match ? `${decodeURIComponent(match[1])}/${decodeURIComponent(match[2])}` : undefined;
}

/**
 * Throws ItemMovedError when the answer to `GET …/issues/{number}` of `repository` (`owner/name`) is about another
 * number or, when it says (`repository_url`), another repository. Compared case-insensitively, as GitHub's names are.
 */
export function checkSameItem(
  repository: string,
  number: number,
  answer: { number: number; repository_url?: unknown },
): void {
  const url = typeof answer.repository_url === 'string' ? answer.repository_url : undefined;
  const named = url === undefined ? undefined : (repositoryOf(url) ?? url);
  const otherRepository = named !== undefined && named.toLowerCase() !== repository.toLowerCase();
  if (answer.number !== number || otherRepository)
    throw new ItemMovedError(number, { number: answer.number, ...(otherRepository ? { repository: named } : {}) });
}

export function isItemMoved(err: unknown): err is ItemMovedError {
  return err instanceof ItemMovedError;
}

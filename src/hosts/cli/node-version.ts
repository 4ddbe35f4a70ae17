// The command line's own check of the Node version against package.json's `engines.node` (one source for both):
// the range is a lower bound `>=MAJOR[.MINOR[.PATCH]]`, as npm writes it for "this version or later".

/** The lower bound of a `>=x.y.z` range as three numbers, or undefined for any other form of range. */
export function minimumOf(range: string): [number, number, number] | undefined {
  const m = /^\s*>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(range);
  if (!m) return undefined;
  return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
}

function parts(version: string): [number, number, number] {
  const [major = 0, minor = 0, patch = 0] = version
    .replace(/^v/, '')
    .split('.')
    .map((p) => parseInt(p, 10) || 0);
  return [major, minor, patch];
}

/** The error to print when `current` (e.g. process.versions.node) is older than the range allows. */
export function nodeVersionProblem(range: string, current: string): string | undefined {
  const minimum = minimumOf(range);
  if (!minimum) return undefined;
  const have = parts(current);
  for (let i = 0; i < 3; i++) {
    if (have[i] > minimum[i]) return undefined;
    if (have[i] < minimum[i]) {
      const wanted = minimum.slice(0, minimum[2] ? 3 : minimum[1] ? 2 : 1).join('.');
      return `repo-actions needs Node ${wanted} or later (this is Node ${current}): install a newer Node, e.g. 24`;
    }
  }
  return undefined;
}

// Globs of label names that the action never touches.
import { minimatch } from 'minimatch';

// Label names are flat strings, not paths: `*` must match across `/` (`*bug*` matches `type/bug`). minimatch treats `/`
// as a separator, so both sides swap it for a character that is not special to it.
const SLASH = '\u2215';

export type LabelFilter = (name: string) => boolean;

/** A predicate telling whether a label name matches one of the globs (case-insensitive, whole name). */
export function excludeMatcher(globs: readonly string[]): LabelFilter {
  const patterns = globs
    .map((g) => g.trim())
    .filter(Boolean)
    .map((g) => g.replaceAll('/', SLASH));
  if (patterns.length === 0) return () => false;
  return (name) => {
    const flat = name.replaceAll('/', SLASH);
    return patterns.some((p) => minimatch(flat, p, { nocase: true, dot: true, nocomment: true, nonegate: true }));
  };
}

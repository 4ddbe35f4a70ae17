// A tree as GraphQL lists it (`Tree.entries`, nested a fixed number of levels), turned into the same files REST's
// recursive tree gives: path → mode, type, id. GraphQL gives the mode as an integer (33188 for 100644) and the
// type as a string (the client has checked the types and the ids' form against the document's shape); anything else than the five modes git trees hold, a type that does not match its mode, or a
// name that is not one path segment is an unexpected answer, never data: the caller reads through REST instead.
// A folder at the deepest level read is listed by id only: the caller reads it with another query when the
// selection may hold files in it, as REST's walk of a truncated tree does.
import type { RemoteEntry } from './remote-tree';

export interface GqlTreeEntry {
  name: string;
  mode: number;
  type: string;
  oid: string;
  object?: { __typename: string; entries?: GqlTreeEntry[] | null } | null;
}

/** The type each mode git trees hold goes with (octal, as REST writes it). */
const MODES: Record<string, RemoteEntry['type'] | 'tree'> = {
  '100644': 'blob',
  '100755': 'blob',
  '120000': 'blob',
  '160000': 'commit',
  '40000': 'tree',
};

export class UnexpectedTreeError extends Error {
  constructor(detail: string) {
    super(`an unexpected tree entry in the GraphQL answer (${detail})`);
    this.name = 'UnexpectedTreeError';
  }
}

export interface FlatTree {
  files: Map<string, RemoteEntry>;
  /** Folders listed at the deepest level read, by path, whose entries are not in the answer. */
  unread: { path: string; oid: string }[];
}

/** Adds the entries under `prefix` (recursively, as far as the answer nests) to `into`. */
export function flattenEntries(entries: GqlTreeEntry[], prefix: string, into: FlatTree = emptyTree()): FlatTree {
  for (const e of entries) {
    if (!e.name || e.name === '.' || e.name === '..' || e.name.includes('/') || e.name.includes('\0'))
      throw new UnexpectedTreeError(`name ${JSON.stringify(e.name.slice(0, 100))}`);
    const mode = e.mode.toString(8);
    const type = MODES[mode];
    if (!type || type !== e.type) throw new UnexpectedTreeError(`mode ${mode} with type ${e.type}`);
    const path = prefix ? `${prefix}/${e.name}` : e.name;
    if (type !== 'tree') {
      into.files.set(path, { path, mode: mode.padStart(6, '0'), type, sha: e.oid });
      continue;
    }
    const nested = e.object?.__typename === 'Tree' ? e.object.entries : undefined;
    if (nested) flattenEntries(nested, path, into);
    else into.unread.push({ path, oid: e.oid });
  }
  return into;
}

export function emptyTree(): FlatTree {
  return { files: new Map(), unread: [] };
}

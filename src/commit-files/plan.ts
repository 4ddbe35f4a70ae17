// The pure planner: local files vs the branch's tree → the change set (adds, updates, mode changes, deletions),
// how each file's content travels (inline text, an existing blob, or a blob upload), and the chain of tree
// requests that carries it, with the cost in requests.
import type { Cost } from '../client/types';
import type { CommitLimits } from './limits';
import type { LocalFile } from './local';
import type { PathSelection } from './path-spec';
import type { RemoteEntry } from './remote-tree';

export type ChangeKind = 'add' | 'update' | 'mode' | 'delete';
/** inline: text in the tree request; existing: a blob GitHub already has; upload: a blob request. */
export type ContentSource = 'inline' | 'existing' | 'upload';

export interface FileChange {
  kind: ChangeKind;
  path: string;
  /** The new mode (the old one for a deletion). */
  mode: string;
  type: 'blob' | 'commit';
  /** The new blob id; null for a deletion. */
  sha: string | null;
  source?: ContentSource;
  local?: LocalFile;
  /** What the branch had at this path. */
  previous?: RemoteEntry;
}

export interface ChangeSet {
  changes: FileChange[];
  /** Files whose content needs a blob request (one per distinct blob id). */
  uploads: LocalFile[];
  /** The tree requests, in order, each built on the previous one. */
  batches: FileChange[][];
  counts: { added: number; updated: number; deleted: number };
}

export interface PlanInput {
  local: LocalFile[];
  remote: Map<string, RemoteEntry>;
  /** What `paths` selects: the scope of `delete-missing`. */
  selection: PathSelection;
  deleteMissing: boolean;
  /** What `delete-paths` selects. */
  deletes: PathSelection;
  limits: CommitLimits;
}

const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

function sourceOf(file: LocalFile, known: Set<string>, limits: CommitLimits): ContentSource {
  if (known.has(file.sha)) return 'existing';
  if (file.text && file.size <= limits.inlineMaxBytes) return 'inline';
  return 'upload';
}

/** Splits the changes into tree requests bounded by entries and inline bytes. */
export function batchChanges(changes: FileChange[], limits: CommitLimits): FileChange[][] {
  const batches: FileChange[][] = [];
  let current: FileChange[] = [];
  let inlineBytes = 0;
  for (const change of changes) {
    const bytes = change.source === 'inline' ? (change.local?.size ?? 0) : 0;
    if (current.length > 0 && (current.length >= limits.treeMaxEntries || inlineBytes + bytes > limits.treeMaxInlineBytes)) {
      batches.push(current);
      current = [];
      inlineBytes = 0;
    }
    current.push(change);
    inlineBytes += bytes;
  }
  if (current.length) batches.push(current);
  return batches;
}

export function planChanges(input: PlanInput): ChangeSet {
  const { remote, limits } = input;
  const known = new Set<string>();
  for (const entry of remote.values()) if (entry.type === 'blob') known.add(entry.sha);

  const local = input.local.filter((f) => !input.deletes.selects(f.path));
  const localPaths = new Set(local.map((f) => f.path));
  const changes: FileChange[] = [];

  for (const file of local) {
    const previous = remote.get(file.path);
    if (previous && previous.type === 'blob' && previous.sha === file.sha) {
      if (previous.mode !== file.mode) changes.push({ kind: 'mode', path: file.path, mode: file.mode, type: 'blob', sha: file.sha, source: 'existing', local: file, previous });
      continue;
    }
    changes.push({ kind: previous ? 'update' : 'add', path: file.path, mode: file.mode, type: 'blob', sha: file.sha, source: sourceOf(file, known, limits), local: file, previous });
  }

  for (const entry of remote.values()) {
    if (localPaths.has(entry.path)) continue;
    const named = input.deletes.selects(entry.path);
    const missing = input.deleteMissing && input.selection.selects(entry.path);
    if (named || missing) changes.push({ kind: 'delete', path: entry.path, mode: entry.mode, type: entry.type, sha: null, previous: entry });
  }
  changes.sort(byPath);

  const uploads: LocalFile[] = [];
  const uploading = new Set<string>();
  for (const change of changes) {
    if (change.source === 'upload' && change.local && !uploading.has(change.local.sha)) {
      uploading.add(change.local.sha);
      uploads.push(change.local);
    }
  }

  return {
    changes,
    uploads,
    batches: batchChanges(changes, limits),
    counts: {
      added: changes.filter((c) => c.kind === 'add').length,
      updated: changes.filter((c) => c.kind === 'update' || c.kind === 'mode').length,
      deleted: changes.filter((c) => c.kind === 'delete').length,
    },
  };
}

export interface WriteCostOptions {
  /** A commit is made even though nothing changed. */
  allowEmpty?: boolean;
}

/** The writes the change set needs: blobs, trees, the commit and the ref (created or updated: one request either way). */
export function changeSetCost(set: ChangeSet, options: WriteCostOptions = {}): Cost {
  if (set.changes.length === 0 && !options.allowEmpty) return { requests: 0, writes: 0 };
  const writes = set.uploads.length + set.batches.length + 2;
  return { requests: writes, writes };
}

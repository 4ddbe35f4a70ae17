// The pure planner: local files vs the branch's tree → the change set (adds, updates, mode changes, deletions),
// how each file's content travels (inline text, an existing blob, or a blob upload), and the chain of tree
// requests that carries it, with the cost in requests.
import type { Cost } from '../../github/client/types';
import type { CommitLimits } from './domain/limits';
import type { LocalFile } from './domain/local';
import type { PathSelection } from './domain/path-spec';
import type { RemoteEntry } from './domain/remote-tree';
import { mergeOntoHead, type Side } from './domain/three-way';

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
  /** With a known base: paths the head changed since the base that the workspace did not, kept as the head has them. */
  kept: string[];
  /** With a known base: paths the workspace and the head both changed, differently. */
  conflicts: string[];
}

export interface PlanInput {
  local: LocalFile[];
  remote: Map<string, RemoteEntry>;
  /** What `paths` selects: the scope of `delete-missing`. */
  selection: PathSelection;
  deleteMissing: boolean;
  /** What `delete-paths` selects. */
  deletes: PathSelection;
  /** Local paths the scan left alone (nested repositories, what .gitignore ignores): nothing at or under them counts as missing. */
  leftAlone?: readonly string[];
  /** Files the local git checkout tracks but an earlier step deleted: deleted when `paths` selects them. */
  deletedLocally?: ReadonlySet<string>;
  limits: CommitLimits;
  /** The files of the commit the workspace was checked out at: the change set is applied three-way onto `remote`. */
  base?: ReadonlyMap<string, Side>;
}

const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

function under(path: string, dir: string): boolean {
  return path === dir || path.startsWith(`${dir}/`);
}

/** Every folder that holds a path: `a/b/c` → `a`, `a/b`. */
function foldersOf(paths: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const path of paths) {
    for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) out.add(path.slice(0, i));
  }
  return out;
}

/** True when a folder of `path` is a file in `files` (the path cannot exist beside it). */
function blockedByFile(path: string, files: Set<string>): boolean {
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) if (files.has(path.slice(0, i))) return true;
  return false;
}

/** A deletion and another change where one path is a folder of the other: the deletion must land first. */
export function hasTypeClash(changes: readonly FileChange[]): boolean {
  const deleted = changes.filter((c) => c.kind === 'delete').map((c) => c.path);
  if (deleted.length === 0) return false;
  const written = changes.filter((c) => c.kind !== 'delete').map((c) => c.path);
  const writtenFiles = new Set(written);
  const writtenFolders = foldersOf(written);
  return deleted.some((d) => writtenFolders.has(d) || blockedByFile(d, writtenFiles));
}

function sourceOf(file: LocalFile, known: Set<string>, limits: CommitLimits): ContentSource {
  if (known.has(file.sha)) return 'existing';
  if (file.text && file.size <= limits.inlineMaxBytes) return 'inline';
  return 'upload';
}

/**
 * Splits the changes into tree requests bounded by entries and inline bytes. When a file becomes a folder or a
 * folder a file, the deletions go in tree requests of their own, before the rest: GitHub refuses a tree where a
 * path is both, and deleting a path that no longer exists.
 */
export function batchChanges(changes: FileChange[], limits: CommitLimits): FileChange[][] {
  if (hasTypeClash(changes)) {
    const deletions = changes.filter((c) => c.kind === 'delete');
    return [
      ...batchInOrder(deletions, limits),
      ...batchInOrder(
        changes.filter((c) => c.kind !== 'delete'),
        limits,
      ),
    ];
  }
  return batchInOrder(changes, limits);
}

function batchInOrder(changes: FileChange[], limits: CommitLimits): FileChange[][] {
  const batches: FileChange[][] = [];
  let current: FileChange[] = [];
  let inlineBytes = 0;
  for (const change of changes) {
    const bytes = change.source === 'inline' ? (change.local?.size ?? 0) : 0;
    if (
      current.length > 0 &&
      (current.length >= limits.treeMaxEntries || inlineBytes + bytes > limits.treeMaxInlineBytes)
    ) {
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
      if (previous.mode !== file.mode)
        changes.push({
          kind: 'mode',
          path: file.path,
          mode: file.mode,
          type: 'blob',
          sha: file.sha,
          source: 'existing',
          local: file,
          previous,
        });
      continue;
    }
    changes.push({
      kind: previous ? 'update' : 'add',
      path: file.path,
      mode: file.mode,
      type: 'blob',
      sha: file.sha,
      source: sourceOf(file, known, limits),
      local: file,
      previous,
    });
  }

  const localFolders = foldersOf(localPaths);
  const leftAlone = input.leftAlone ?? [];
  for (const entry of remote.values()) {
    if (localPaths.has(entry.path)) continue;
    const named = input.deletes.selects(entry.path);
    // A file where a local folder is, or under a folder that is a local file: it cannot stay.
    const replaced = localFolders.has(entry.path) || blockedByFile(entry.path, localPaths);
    // delete-missing never drops a submodule (a checkout without submodules leaves its folder empty) nor what
    // the scan left alone (a nested repository, an ignored file or folder).
    const missing =
      input.deleteMissing &&
      entry.type === 'blob' &&
      input.selection.selects(entry.path) &&
      !leftAlone.some((dir) => under(entry.path, dir));
    const removed = input.deletedLocally?.has(entry.path) === true && input.selection.selects(entry.path);
    if (named || replaced || missing || removed)
      changes.push({
        kind: 'delete',
        path: entry.path,
        mode: entry.mode,
        type: entry.type,
        sha: null,
        previous: entry,
      });
  }
  changes.sort(byPath);
  const merged = input.base
    ? mergeOntoHead(changes, input.base, remote)
    : { changes, kept: [] as string[], conflicts: [] as string[] };
  return changeSetOf(merged.changes, merged.kept, merged.conflicts, limits);
}

function changeSetOf(changes: FileChange[], kept: string[], conflicts: string[], limits: CommitLimits): ChangeSet {
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
    kept,
    conflicts,
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

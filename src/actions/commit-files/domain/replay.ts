// Replaying the change set on a branch that moved: the set computed against the head first read is sent
// again on the new head's tree. A path changed both by the other push and by this change set is a conflict
// (unless both made the same change); `force` lets this change set win those paths instead.
import { plural } from '../../../kernel/words';
import type { FileChange } from '../plan';

/** What the other push left at a path it touched: the entry now there, or null when it deleted the path. */
export type OtherChange = { sha?: string | null; mode?: string } | null;

export interface OtherPush {
  /** Paths the other push changed (compared with the head first read). */
  changed: Map<string, OtherChange>;
}

export interface Rebased {
  /** The changes to send on the new head (deletions of paths already gone are dropped). */
  changes: FileChange[];
  /** Paths both pushes changed differently. */
  conflicts: string[];
}

function sameResult(change: FileChange, now: OtherChange): boolean {
  if (change.kind === 'delete') return now === null;
  return now !== null && now.sha === change.sha && (now.mode === undefined || now.mode === change.mode);
}

export function rebaseChanges(changes: FileChange[], other: OtherPush, force: boolean): Rebased {
  const conflicts: string[] = [];
  const out: FileChange[] = [];
  const touched = [...other.changed.keys()];
  for (const change of changes) {
    const exact = other.changed.has(change.path);
    const now = exact ? other.changed.get(change.path)! : undefined;
    // A folder on one side where the other has a file.
    const clash = touched.some((p) => p.startsWith(`${change.path}/`) || change.path.startsWith(`${p}/`));
    if (exact && now === null && change.kind === 'delete') continue;
    if ((exact && !sameResult(change, now!)) || clash) {
      if (!force) conflicts.push(change.path);
      else if (change.kind === 'delete' && exact && now === null) continue;
    }
    out.push(change);
  }
  return { changes: out, conflicts };
}

export class ConflictError extends Error {
  constructor(
    readonly paths: string[],
    branch: string,
  ) {
    super(
      `${branch} moved while this commit was made, and ${plural(paths.length, 'file')} changed there conflict with this change set: ` +
        `${paths.join(', ')}. Nothing was written; run again on the new head (or set force: true to let this change set win these files).`,
    );
    this.name = 'ConflictError';
  }
}

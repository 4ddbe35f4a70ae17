// The sizes that decide how a change set is sent. GitHub documents the blob limit (100 MB); the request-size
// bounds are chosen to keep every request body well under what the API accepts in one call.

export interface CommitLimits {
  /** A text file up to this size goes inline in the tree request's `content`; larger files become blobs. */
  inlineMaxBytes: number;
  /** Inline bytes per tree request; more are chained into further tree requests. */
  treeMaxInlineBytes: number;
  /** Entries per tree request; more are chained into further tree requests. */
  treeMaxEntries: number;
  /** GitHub refuses blobs over 100 MB: such a file is refused before any write. */
  blobMaxBytes: number;
  /** Replays of the change set on a branch that moved meanwhile. */
  maxReplays: number;
}

export const DEFAULT_LIMITS: CommitLimits = {
  inlineMaxBytes: 512 * 1024,
  treeMaxInlineBytes: 8 * 1024 * 1024,
  treeMaxEntries: 2000,
  blobMaxBytes: 100 * 1024 * 1024,
  maxReplays: 3,
};

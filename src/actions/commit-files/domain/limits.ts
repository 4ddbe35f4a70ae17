// The sizes that decide how a change set is sent, from the evidence of what GitHub accepts:
// - Blobs: GitHub serves blobs up to 100 MB through the git database API (docs.github.com/rest/git/blobs; the
//   contents API's own refusal says "you can use the Git Data API to request blobs up to 100 MB in size"), but
//   the size a `POST /git/blobs` request may carry is documented nowhere: octokit.net#1542 reports uploads
//   failing well below 100 MB and a maintainer notes the 100 MB figure is for reading. The request is JSON with
//   base64 content (4/3 of the file), so the pre-check keeps a file to 30 MiB: a ~40 MiB request.
// - Trees: codesandbox/codesandbox-client#8614 reports `POST /git/trees` answering 502, or 422 "payload is
//   large", above ~2.5 MB of inline content; inline bytes per tree request stay under 2 MiB, the rest chained.

export interface CommitLimits {
  /** A text file up to this size goes inline in the tree request's `content`; larger files become blobs. */
  inlineMaxBytes: number;
  /** Inline bytes per tree request; more are chained into further tree requests. */
  treeMaxInlineBytes: number;
  /** Entries per tree request; more are chained into further tree requests. */
  treeMaxEntries: number;
  /** Largest file sent as one blob: a larger one is refused before any write. */
  blobMaxBytes: number;
  /** Replays of the change set on a branch that moved meanwhile. */
  maxReplays: number;
}

export const GITHUB_COMMIT_LIMITS: CommitLimits = {
  inlineMaxBytes: 512 * 1024,
  treeMaxInlineBytes: 2 * 1024 * 1024,
  treeMaxEntries: 2000,
  blobMaxBytes: 30 * 1024 * 1024,
  maxReplays: 3,
};

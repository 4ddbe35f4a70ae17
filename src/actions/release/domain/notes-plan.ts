// Which notes a release gets: GitHub's generated notes from a previous tag (the input, else the latest published
// non-prerelease older than this release in the list already read), and how `body`, `prepend-body` and
// `append-body` go around them. Pure, like the planner that uses it.
import type { BodyParts } from './release-body';
import type { ListedRelease } from './release-pages';
import type { RemoteRelease } from './release-types';

/** What the notes depend on (the planner's NotesRequest has these fields). */
export interface NotesRequest {
  tag: string;
  /** Notes (from `body` or `body-path`); undefined keeps the existing notes. */
  body?: string;
  /** Text put before / after the notes once (a re-run finds it there). */
  prependBody?: string;
  appendBody?: string;
  generateNotes: boolean;
  /** The start of generated notes (`previous-tag`); default: the latest published non-prerelease before this one. */
  previousTag?: string;
}

/**
 * The latest published non-prerelease listed after (older than) this tag's release, or before any when the
 * release is new: GitHub's own choice for generated notes, made visible in the plan.
 */
export function defaultPreviousTag(listed: readonly ListedRelease[], tag: string): string | undefined {
  const own = listed.findIndex((r) => r.tag_name === tag);
  return listed.slice(own + 1).find((r) => !r.draft && !r.prerelease && r.tag_name !== tag)?.tag_name;
}

export function bodyParts(desired: NotesRequest): BodyParts {
  return {
    ...(desired.body !== undefined ? { body: desired.body } : {}),
    ...(desired.prependBody !== undefined ? { prepend: desired.prependBody } : {}),
    ...(desired.appendBody !== undefined ? { append: desired.appendBody } : {}),
  };
}

export interface Notes {
  /** The generate-notes call the apply makes, when one is needed. */
  call?: { previousTag?: string; parts: BodyParts };
  /** The create's own `generate_release_notes` (no call, GitHub puts `body` first). */
  onCreate: boolean;
}

export function planNotes(desired: NotesRequest, release: RemoteRelease | undefined, listed: readonly ListedRelease[]) {
  const notes: Notes = { onCreate: false };
  // A published release keeps the notes it was published with.
  if (!desired.generateNotes || (release && !release.draft)) return notes;
  const previousTag = desired.previousTag ?? defaultPreviousTag(listed, desired.tag);
  // The create's own flag takes no previous tag and puts nothing after the notes: otherwise one call first.
  if (!release && previousTag === undefined && desired.appendBody === undefined) return { onCreate: true };
  notes.call = { ...(previousTag !== undefined ? { previousTag } : {}), parts: bodyParts(desired) };
  return notes;
}

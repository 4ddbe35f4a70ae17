// What the create and the one final update of a release send, and what an update keeps of an existing release
// (the `omit-*-during-update` inputs, ncipollo/release-action's omitNameDuringUpdate, omitBodyDuringUpdate and
// omitPrereleaseDuringUpdate: the field is set on a new release only). Pure, like the planner that uses it.
import { bodyParts, type Notes, type NotesRequest } from './notes-plan';
import { composeBody } from './release-body';
import type { CreateParams, RemoteRelease, UpdateParams } from './release-types';
import type { MakeLatest } from '../inputs';

/** What the release should look like once the run is done. */
export interface DesiredRelease extends NotesRequest {
  /** Title; default: the existing title, else the tag. */
  name?: string;
  /** Where a missing tag is created (only used when the release is created). */
  target?: string;
  draft: boolean;
  prerelease: boolean;
  makeLatest?: MakeLatest;
  discussionCategory?: string;
  /** Fields an existing release keeps, whatever the inputs say. */
  keepOnUpdate?: { name?: boolean; body?: boolean; prerelease?: boolean };
  /** `update-only-unreleased`: refuse to change a published release that is not a pre-release. */
  updateOnlyUnreleased?: boolean;
  /** `skip-if-release-exists`: a published release of the tag is left as it is (no write). */
  skipIfExists?: boolean;
  /** `remove-assets`: delete the release's assets that are not among the files (nor the checksum file). */
  removeOthers?: boolean;
}

/** Whether the release is known to be the latest (asked only when it matters). */
export interface LatestFact {
  isLatest?: boolean;
}

/** The desired release as it applies to an existing one: the kept fields take the release's own values. */
export function forExisting(desired: DesiredRelease, release: RemoteRelease): DesiredRelease {
  const keep = desired.keepOnUpdate ?? {};
  return {
    ...desired,
    ...(keep.name ? { name: undefined } : {}),
    ...(keep.body ? { body: undefined, generateNotes: false } : {}),
    ...(keep.prerelease ? { prerelease: release.prerelease } : {}),
  };
}

export function createParams(desired: DesiredRelease, notes: Notes): CreateParams {
  const parts = bodyParts(desired);
  // With the create's flag GitHub puts `body` before its notes; `prepend-body` goes before both.
  const body = notes.call
    ? undefined
    : composeBody(undefined, notes.onCreate ? { ...parts, append: undefined } : parts);
  return {
    tag_name: desired.tag,
    ...(desired.target ? { target_commitish: desired.target } : {}),
    name: desired.name ?? desired.tag,
    ...(body !== undefined ? { body } : {}),
    draft: true,
    prerelease: desired.prerelease,
    ...(notes.onCreate ? { generate_release_notes: true } : {}),
  };
}

/** Publishing a release the run created as a draft. */
function publishCreated(desired: DesiredRelease): UpdateParams | undefined {
  if (desired.draft) return undefined;
  return {
    draft: false,
    // A pre-release cannot be the latest: make_latest is not sent for one.
    ...(desired.makeLatest && !desired.prerelease ? { make_latest: desired.makeLatest } : {}),
    ...(desired.discussionCategory ? { discussion_category_name: desired.discussionCategory } : {}),
  };
}

export function finalUpdate(
  desired: DesiredRelease,
  release: RemoteRelease | undefined,
  notes: Notes,
  facts: LatestFact,
): UpdateParams | undefined {
  // The create set the title, notes and pre-release flag; what is left is publishing.
  if (!release) return publishCreated(desired);
  const update: UpdateParams = {};
  // Without a `name` input an existing release keeps its title.
  if (desired.name !== undefined && desired.name !== (release.name ?? '')) update.name = desired.name;
  if (!notes.call) {
    // With generated notes a published release keeps them: only the added text can change.
    const parts = bodyParts(desired);
    const body = composeBody(release.body ?? '', desired.generateNotes ? { ...parts, body: undefined } : parts);
    if (body !== undefined && body !== (release.body ?? '')) update.body = body;
  }
  if (desired.prerelease !== release.prerelease) update.prerelease = desired.prerelease;
  if (desired.draft !== release.draft) update.draft = desired.draft;
  const publishing = release.draft && !desired.draft;
  if (publishing && desired.discussionCategory) update.discussion_category_name = desired.discussionCategory;
  const canBeLatest = !desired.draft && !desired.prerelease;
  // make_latest only means something for a published release; sent when publishing or changing it anyway, or
  // when `make-latest: true` finds a published release that is not the latest.
  const changing = publishing || Object.keys(update).length > 0;
  if (desired.makeLatest && canBeLatest && changing) update.make_latest = desired.makeLatest;
  else if (desired.makeLatest === 'true' && canBeLatest && !release.draft && facts.isLatest === false)
    update.make_latest = 'true';
  return Object.keys(update).length || notes.call ? update : undefined;
}

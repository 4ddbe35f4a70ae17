// softprops/action-gh-release's and ncipollo/release-action's inputs under their own names, with their meaning, so
// a workflow switches by changing `uses:` (see src/kernel/peer-inputs.ts). Evidence: softprops/action-gh-release v3
// (action.yml, src/util.ts `parseConfig`: booleans are `=== 'true'`, `files` split by `parseInputFiles`, invalid
// `make_latest` is ignored; src/github.ts: `overwrite_files: false` skips an existing asset, `append_body` appends
// the body to the existing one) and ncipollo/release-action v1 (action.yml, src/Inputs.ts: booleans are
// `=== 'true'` except `skipIfReleaseExists` (`getBooleanInput`), `owner`/`repo` default to the workflow's;
// src/ArtifactGlobber.ts: `artifacts` split at every comma and newline, each item `trimStart`ed).
import { PeerValueError, peerBoolean, type PeerAlias, type PeerGap, type PeerNames } from '../../../kernel/peer-inputs';

export const SOFTPROPS = 'softprops/action-gh-release';
export const NCIPOLLO = 'ncipollo/release-action';

const onlyTrue = (raw: string) => raw.trim() === 'true';
const TRUE_ONLY = 'on when exactly `true`';
const SPLIT_ALL = 'split at every comma and newline';
const MAKE_LATEST = new Set(['true', 'false', 'legacy']);
const makeLatest = (raw: string) => (MAKE_LATEST.has(raw) ? raw : undefined);
const blankIsDefault = (raw: string) => (raw.trim() === '' ? undefined : raw.trim());
/** A peer boolean read as `=== 'true'`: on when exactly `true`. */
const trueOnly = (peer: string, name: string, input: string): PeerAlias => ({
  peer,
  name,
  input,
  convert: peerBoolean,
  note: TRUE_ONLY,
});
/** softprops' `overwrite_files` and ncipollo's `replacesArtifacts`: `true` replaces an existing asset, else skip. */
const replaceOrSkip = (peer: string, name: string): PeerAlias => ({
  peer,
  name,
  input: 'existing-assets',
  convert: (raw) => (onlyTrue(raw) ? 'replace' : 'skip'),
  note: '`true` is `replace`, another value `skip`',
});

/** ncipollo's `artifacts`: every comma and newline separates (no brace rule), one pattern a line for ours. */
export function ncipolloArtifacts(raw: string): string {
  return raw
    .split(/[,\n]/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .join('\n');
}

/** `owner/name` from ncipollo's `owner` and `repo`, each defaulting to the workflow's repository's part. */
function ownerRepo(workflowRepository: string, read: (name: string) => string | undefined): string {
  const [owner = '', repo = ''] = workflowRepository.split('/');
  return `${read('owner')?.trim() || owner}/${read('repo')?.trim() || repo}`;
}

function softpropsAliases(): PeerAlias[] {
  const peer = SOFTPROPS;
  return [
    { peer, name: 'tag_name', input: 'tag', convert: blankIsDefault },
    { peer, name: 'body_path', input: 'body-path' },
    { peer, name: 'working_directory', input: 'working-directory' },
    { peer, name: 'target_commitish', input: 'target-commitish' },
    { peer, name: 'discussion_category_name', input: 'discussion-category' },
    { peer, name: 'previous_tag', input: 'previous-tag', convert: blankIsDefault },
    trueOnly(peer, 'generate_release_notes', 'generate-release-notes'),
    trueOnly(peer, 'fail_on_unmatched_files', 'fail-on-unmatched-files'),
    { peer, name: 'make_latest', input: 'make-latest', convert: makeLatest, note: 'another value is ignored' },
    // Sequential uploads in the order given: one upload at a time.
    {
      peer,
      name: 'preserve_order',
      input: 'max-parallel-uploads',
      convert: (raw) => (onlyTrue(raw) ? '1' : undefined),
      note: '`true` is `1`: one upload at a time, in the order given',
    },
    replaceOrSkip(peer, 'overwrite_files'),
    // `append_body: true` appends `body` to the existing notes: our `append-body` with that text (see `adjust`).
    {
      peer,
      name: 'append_body',
      input: 'append-body',
      note: '`true` appends `body` to the existing notes',
      convert: (raw, read) => {
        if (!onlyTrue(raw)) return undefined;
        if (read('body_path') !== undefined || read('body-path') !== undefined)
          throw new PeerValueError(
            'appending the contents of a file is not offered: give the text to add as `append-body`.',
          );
        return read('body');
      },
    },
  ];
}

function ncipolloAliases(workflowRepository: string): PeerAlias[] {
  const peer = NCIPOLLO;
  return [
    { peer, name: 'artifacts', input: 'files', convert: ncipolloArtifacts, note: SPLIT_ALL },
    { peer, name: 'artifact', input: 'files', convert: ncipolloArtifacts, note: SPLIT_ALL },
    trueOnly(peer, 'artifactErrorsFailBuild', 'fail-on-unmatched-files'),
    // ncipollo's default `raw` is no media type; GitHub stores such uploads as application/octet-stream.
    {
      peer,
      name: 'artifactContentType',
      input: 'asset-content-type',
      note: '`raw` is `application/octet-stream`',
      convert: (raw) => (raw.trim() === 'raw' ? 'application/octet-stream' : blankIsDefault(raw)),
    },
    { peer, name: 'bodyFile', input: 'body-path' },
    { peer, name: 'commit', input: 'target-commitish', convert: blankIsDefault },
    { peer, name: 'discussionCategory', input: 'discussion-category', convert: blankIsDefault },
    trueOnly(peer, 'generateReleaseNotes', 'generate-release-notes'),
    { peer, name: 'generateReleaseNotesPreviousTag', input: 'previous-tag', convert: blankIsDefault },
    { peer, name: 'makeLatest', input: 'make-latest', convert: makeLatest, note: 'another value is ignored' },
    trueOnly(peer, 'omitBodyDuringUpdate', 'omit-body-during-update'),
    trueOnly(peer, 'omitNameDuringUpdate', 'omit-name-during-update'),
    trueOnly(peer, 'omitPrereleaseDuringUpdate', 'omit-prerelease-during-update'),
    {
      peer,
      name: 'owner',
      input: 'repository',
      convert: (_, read) => ownerRepo(workflowRepository, read),
      note: "its owner part; `repo` defaults to the workflow's",
    },
    {
      peer,
      name: 'repo',
      input: 'repository',
      convert: (_, read) => ownerRepo(workflowRepository, read),
      note: "its name part; `owner` defaults to the workflow's",
    },
    trueOnly(peer, 'removeArtifacts', 'remove-assets'),
    replaceOrSkip(peer, 'replacesArtifacts'),
    { peer, name: 'skipIfReleaseExists', input: 'skip-if-release-exists' },
    trueOnly(peer, 'updateOnlyUnreleased', 'update-only-unreleased'),
  ];
}

const NCIPOLLO_GAPS: PeerGap[] = [
  {
    peer: NCIPOLLO,
    name: 'allowUpdates',
    reason:
      'this action always updates the release of the tag (what `allowUpdates: true` does); to leave an existing release alone, use `skip-if-release-exists: true`.',
    accepts: onlyTrue,
  },
  {
    peer: NCIPOLLO,
    name: 'immutableCreate',
    reason: 'this action always creates a draft, uploads, then publishes (what `immutableCreate: true` does).',
    accepts: (raw) => raw === 'true' || raw === 'false',
  },
  {
    peer: NCIPOLLO,
    name: 'omitBody',
    reason: 'leave `body` and `bodyFile` out instead: an existing release then keeps its notes.',
    accepts: (raw) => !onlyTrue(raw),
  },
  {
    peer: NCIPOLLO,
    name: 'omitName',
    reason: 'leave `name` out instead: a new release is titled by its tag, an existing one keeps its title.',
    accepts: (raw) => !onlyTrue(raw),
  },
  {
    peer: NCIPOLLO,
    name: 'omitDraftDuringUpdate',
    reason:
      '`draft` is the final state of the release, new or existing: leave it out to publish, `true` to keep a draft.',
    accepts: (raw) => !onlyTrue(raw),
  },
];

/** The peers' names for the release inputs; `workflowRepository` (`owner/name`) fills ncipollo's `owner`/`repo`. */
export function releasePeers(workflowRepository = ''): PeerNames {
  return {
    aliases: [...softpropsAliases(), ...ncipolloAliases(workflowRepository)],
    gaps: NCIPOLLO_GAPS,
    adjust: (raw, given) => {
      // softprops' `append_body: true`: `body` is appended (to the existing notes), not put in their place.
      if (given.has('append_body') && raw['append-body'] !== undefined && raw['append-body'] === raw.body)
        delete raw.body;
    },
  };
}

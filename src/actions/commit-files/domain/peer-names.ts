// peter-evans/create-pull-request's and stefanzweifel/git-auto-commit-action's inputs under their own names, with
// their meaning, so a workflow switches by changing `uses:` (see src/kernel/peer-inputs.ts). Evidence:
// create-pull-request v8 (action.yml; src/main.ts: `add-paths`, `labels`, `assignees`, `reviewers`, `team-reviewers`
// through utils.ts `getStringAsArray` (split at every newline and comma, trimmed, blanks dropped), team slugs
// stripped of an `org/` prefix, booleans through `getBooleanInput`, `draft: always-true`, `milestone` a number, 0
// for none) and git-auto-commit-action v7 (action.yml; entrypoint.sh: `read -r -a … <<< "$INPUT_FILE_PATTERN"`
// takes the first line split at blanks, the committer is `commit_user_name` + `commit_user_email`, booleans are
// bash `true`/`false` commands).
import { type PeerAlias, type PeerGap, type PeerNames } from '../../../kernel/peer-inputs';

export const CREATE_PULL_REQUEST = 'peter-evans/create-pull-request';
export const GIT_AUTO_COMMIT = 'stefanzweifel/git-auto-commit-action';

/** create-pull-request's `getStringAsArray`: every newline and comma separates; items trimmed, blanks dropped. */
export function commaOrNewlineList(raw: string): string[] {
  return raw
    .split(/[\n,]+/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

const lines = (raw: string) => commaOrNewlineList(raw).join('\n');

/** git-auto-commit-action's `file_pattern`: bash `read -r -a` reads the first line and splits it at blanks. */
export function filePatternWords(raw: string): string[] {
  const first = raw.split('\n', 1)[0] ?? '';
  return first.split(/[ \t]+/).filter((word) => word !== '');
}

/** `Name <email>` from git-auto-commit-action's two inputs, each with that action's default. */
function committer(read: (name: string) => string | undefined): string {
  const name = read('commit_user_name')?.trim() || 'github-actions[bot]';
  const email = read('commit_user_email')?.trim() || '41898282+github-actions[bot]@users.noreply.github.com';
  return `${name} <${email}>`;
}

function createPullRequestAliases(): PeerAlias[] {
  const peer = CREATE_PULL_REQUEST;
  const list = 'one a line or comma-separated';
  /** A list input of create-pull-request (`getStringAsArray`), one item a line for ours. */
  const listed = (name: string, input: string): PeerAlias => ({ peer, name, input, convert: lines, note: list });
  return [
    listed('add-paths', 'paths'),
    { peer, name: 'path', input: 'working-directory' },
    { peer, name: 'commit-message', input: 'message' },
    { peer, name: 'delete-branch', input: 'delete-branch-when-unchanged' },
    { peer, name: 'title', input: 'pull-request-title' },
    { peer, name: 'body', input: 'pull-request-body' },
    listed('labels', 'pull-request-labels'),
    listed('assignees', 'pull-request-assignees'),
    listed('reviewers', 'pull-request-reviewers'),
    {
      peer,
      name: 'team-reviewers',
      input: 'pull-request-team-reviewers',
      // `org/team` names the team `team` (stripOrgPrefixFromTeams).
      convert: (raw) =>
        commaOrNewlineList(raw)
          .map((team) => (team.lastIndexOf('/') > 0 ? team.slice(team.lastIndexOf('/') + 1) : team))
          .join('\n'),
      note: `${list}; \`org/team\` is \`team\``,
    },
    {
      peer,
      name: 'milestone',
      input: 'pull-request-milestone',
      convert: (raw) => (raw.trim() === '0' ? undefined : raw),
      note: '`0` is none',
    },
    {
      peer,
      name: 'draft',
      input: 'pull-request-draft',
      convert: (raw) => (raw.trim() === 'always-true' ? 'true' : raw),
      note: '`always-true` is `true`: the pull request is made a draft, and kept one',
    },
    { peer, name: 'maintainer-can-modify', input: 'pull-request-maintainer-can-modify' },
  ];
}

function gitAutoCommitAliases(): PeerAlias[] {
  const peer = GIT_AUTO_COMMIT;
  return [
    { peer, name: 'commit_message', input: 'message' },
    {
      peer,
      name: 'file_pattern',
      input: 'paths',
      convert: (raw) => filePatternWords(raw).join('\n'),
      note: 'the first line, split at blanks',
    },
    {
      peer,
      name: 'commit_user_name',
      input: 'committer',
      convert: (_, read) => committer(read),
      note: 'with `commit_user_email`',
    },
    {
      peer,
      name: 'commit_user_email',
      input: 'committer',
      convert: (_, read) => committer(read),
      note: 'with `commit_user_name`',
    },
    { peer, name: 'commit_author', input: 'author' },
    { peer, name: 'tag_name', input: 'tag' },
    { peer, name: 'tagging_message', input: 'tag-message' },
  ];
}

const NO_GIT = 'no local git command runs here: the commit is made through the API from the files in the workspace';
const anyValue = () => true;
const only = (value: string) => (raw: string) => raw === value;

function gaps(): PeerGap[] {
  const cpr = CREATE_PULL_REQUEST;
  const gac = GIT_AUTO_COMMIT;
  const hook = (name: string): PeerGap => ({
    peer: gac,
    name,
    reason: `${NO_GIT}, so there is no git step to hook into; run the command in a step before this one.`,
    accepts: only(''),
  });
  return [
    {
      peer: cpr,
      name: 'branch-token',
      reason: 'one token (`token`) writes the branch and the pull request.',
      accepts: only(''),
    },
    {
      peer: cpr,
      name: 'push-to-fork',
      reason: 'the branch is written in `repository` (the pull request is opened there too); forks are not written.',
      accepts: only(''),
    },
    {
      peer: cpr,
      name: 'sign-commits',
      reason: 'commits made through the API are signed by GitHub already (see the `verified` output).',
      accepts: anyValue,
    },
    {
      peer: cpr,
      name: 'body-path',
      reason: 'give the text in `body` (for example `${{ steps.notes.outputs.text }}`).',
      accepts: only(''),
    },
    {
      peer: gac,
      name: 'commit_options',
      reason: `${NO_GIT}; use \`signoff\`, \`author\` and \`committer\`.`,
      accepts: only(''),
    },
    { peer: gac, name: 'add_options', reason: `${NO_GIT}; \`paths\` says what is added.`, accepts: only('') },
    { peer: gac, name: 'status_options', reason: `${NO_GIT}.`, accepts: only('') },
    { peer: gac, name: 'push_options', reason: `${NO_GIT}; use \`force\` to replace the branch.`, accepts: only('') },
    {
      peer: gac,
      name: 'skip_dirty_check',
      reason: 'the change is always computed; use `allow-empty` for a commit without changes.',
      accepts: only('false'),
    },
    { peer: gac, name: 'skip_fetch', reason: `${NO_GIT}: nothing is fetched.`, accepts: anyValue },
    { peer: gac, name: 'skip_checkout', reason: `${NO_GIT}: nothing is checked out.`, accepts: anyValue },
    {
      peer: gac,
      name: 'skip_push',
      reason: 'the commit is made on GitHub directly: there is nothing to push later.',
      accepts: only('false'),
    },
    {
      peer: gac,
      name: 'disable_globbing',
      reason: '`paths` are always patterns; escape `*`, `?` and `[` to name a file literally.',
      accepts: only('false'),
    },
    {
      peer: gac,
      name: 'create_branch',
      reason: 'a branch that does not exist is always created (from `base`).',
      accepts: anyValue,
    },
    {
      peer: gac,
      name: 'create_git_tag_only',
      reason: 'a tag (`tag_name`) is made together with the commit of the run, never alone.',
      accepts: only('false'),
    },
    ...[
      'before_add_hook',
      'after_add_hook',
      'before_commit_hook',
      'after_commit_hook',
      'before_tag_hook',
      'after_tag_hook',
      'before_push_hook',
      'after_push_hook',
    ].map(hook),
    {
      peer: gac,
      name: 'disable_pull_request_target_trigger_warning',
      reason: 'this action gives no such warning.',
      accepts: anyValue,
    },
    { peer: gac, name: 'internal_git_binary', reason: `${NO_GIT}.`, accepts: anyValue },
  ];
}

/** create-pull-request's defaults (action.yml) for what this action requires or leaves out by default. */
export const CREATE_PULL_REQUEST_DEFAULTS = {
  message: '[create-pull-request] automated change',
  branch: 'create-pull-request/patch',
  'pull-request-title': 'Changes by create-pull-request action',
  'pull-request-body':
    'Automated changes by [create-pull-request](https://github.com/peter-evans/create-pull-request) GitHub action',
} as const;

/** git-auto-commit-action's default `commit_message`. */
export const GIT_AUTO_COMMIT_MESSAGE = 'Apply automatic changes';

/** The peers' names for the commit-files inputs. */
export function commitFilesPeers(): PeerNames {
  const cpr = createPullRequestAliases();
  const gac = gitAutoCommitAliases();
  return {
    aliases: [...cpr, ...gac],
    gaps: gaps(),
    // A step written for a peer (one of its names given) gets that peer's defaults for what it leaves out:
    // create-pull-request always opens a pull request, titled and described by its defaults.
    adjust: (raw, given) => {
      if (cpr.some((alias) => given.has(alias.name)))
        for (const [input, value] of Object.entries(CREATE_PULL_REQUEST_DEFAULTS)) raw[input] ??= value;
      if (gac.some((alias) => given.has(alias.name))) raw.message ??= GIT_AUTO_COMMIT_MESSAGE;
    },
  };
}

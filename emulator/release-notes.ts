// GitHub's generated release notes, built from the tag range.
//
// Evidence:
// - docs.github.com, "Automatically generated release notes": the notes "include a list of merged pull requests, a
//   list of contributors to the release, and a link to a full changelog"; the previous tag is chosen by the user or
//   defaults to the latest release. Published notes read (e.g. github.com/cli/cli/releases, any release of a
//   repository using the feature):
//     ## What's Changed
//     * <title> by @<login> in https://github.com/<o>/<r>/pull/<n>
//
//     ## New Contributors
//     * @<login> made their first contribution in https://github.com/<o>/<r>/pull/<n>
//
//     **Full Changelog**: https://github.com/<o>/<r>/compare/<previous>...<tag>
//   and for a first release (no previous tag) the last line is `**Full Changelog**: …/commits/<tag>`
//   (e.g. github.com/TaiSakuma/changelog-commit/releases/tag/v1.0.0).
// - OpenAPI, POST /repos/{owner}/{repo}/releases/generate-notes: "Generate a name and body describing a release. The
//   body content will be markdown formatted and contain information like the changes since last release and users
//   who contributed"; `previous_tag_name`: "The name of the previous tag to use as the starting point for the
//   release notes. Use to manually specify the range for the set of changes considered as part this release";
//   `target_commitish`: the end of the range when `tag_name` does not exist yet ("Ignored if the tag_name already
//   exists"). The answer is `{ name, body }`, the name being the tag.
//
// The range is the commits reachable from the tag (or the target) and not from the previous tag, as `git log A..B`.
// A merged pull request is in it when its head commit is. A pull request merged by squash or rebase leaves its head
// out of the base's history (GitHub links it through its merge commit, which the emulator does not record for seeded
// merges): such a one counts when it was merged into the range's branch after the previous tag was released (and,
// for an existing tag, before the tag was).
import type { Issue, Release, Repo } from './state';

export interface NotesRequest {
  tag: string;
  /** `previous_tag_name` as sent (any value). */
  previousTag?: unknown;
  /** `target_commitish` as sent: the end of the range when the tag does not exist yet. */
  target?: unknown;
}

export interface GeneratedNotes {
  name: string;
  body: string;
}

const isText = (v: unknown): v is string => typeof v === 'string' && v !== '';

/** The release the range starts from: the named previous tag, else the latest published full release before. */
function previousRelease(repo: Repo, tag: string): Release | undefined {
  return repo.releases
    .filter((r) => !r.draft && !r.prerelease && r.tag !== tag)
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id - a.id))[0];
}

function headOf(repo: Repo, pull: NonNullable<Issue['pull']>): string | undefined {
  return pull.headSha ?? repo.branch(pull.head);
}

/** The merged pull requests of the range, in merge order. */
function pullsInRange(
  repo: Repo,
  range: Set<string>,
  fromSha: string | undefined,
  branch: string,
  window: { since: string; until: string },
): Issue[] {
  const inRange = (i: Issue): boolean => {
    const p = i.pull!;
    const head = headOf(repo, p);
    if (head && range.has(head)) return true;
    if (head && fromSha && repo.objects.has(head, 'commit') && repo.objects.isAncestor(head, fromSha)) return false;
    const at = p.mergedAt ?? '';
    return p.base === branch && at > window.since && at <= window.until;
  };
  return [...repo.issues.values()]
    .filter((i) => i.pull?.merged && inRange(i))
    .sort((a, b) => ((a.pull!.mergedAt ?? '') < (b.pull!.mergedAt ?? '') ? -1 : a.number - b.number));
}

/** Authors whose first merged pull request in the repository is one of `pulls`. */
function newContributors(repo: Repo, pulls: Issue[]): Issue[] {
  const first = new Map<string, Issue>();
  const merged = [...repo.issues.values()]
    .filter((i) => i.pull?.merged)
    .sort((a, b) => ((a.pull!.mergedAt ?? '') < (b.pull!.mergedAt ?? '') ? -1 : a.number - b.number));
  for (const i of merged) if (!first.has(i.user.toLowerCase())) first.set(i.user.toLowerCase(), i);
  return pulls.filter((p) => first.get(p.user.toLowerCase()) === p);
}

/**
 * The notes of `tag`: its range ends at the tag's commit when the tag exists, else at `target` (the default branch
 * when absent); it starts at `previousTag` when given, else at the latest published full release other than `tag`.
 */
export function generateReleaseNotes(repo: Repo, request: NotesRequest): GeneratedNotes {
  const { tag } = request;
  const tagSha = repo.refs.get(`refs/tags/${tag}`);
  const endSha = tagSha ?? repo.resolveRef(isText(request.target) ? request.target : undefined);
  const named = isText(request.previousTag) ? request.previousTag : undefined;
  const previous = named ? repo.releases.find((r) => r.tag === named && !r.draft) : previousRelease(repo, tag);
  const fromTag = named ?? previous?.tag;
  const fromSha = fromTag ? repo.refs.get(`refs/tags/${fromTag}`) : undefined;
  const range = new Set(endSha ? repo.objects.commitsBetween(fromSha, endSha) : []);
  const branch = !tagSha && isText(request.target) && repo.branch(request.target) ? request.target : repo.defaultBranch;
  const fromDate = fromSha ? repo.objects.commit(fromSha)?.committer.date : undefined;
  const since = fromTag ? (previous?.publishedAt ?? fromDate ?? '') : '';
  // An existing tag ends the window when it was released (else when its commit was made); a new tag, now.
  const released = repo.releases.find((r) => r.tag === tag && !r.draft)?.publishedAt;
  const until = tagSha ? (released ?? repo.objects.commit(tagSha)?.committer.date ?? '') : '\uffff';
  const pulls = pullsInRange(repo, range, fromSha, branch, { since, until });

  const web = `https://github.com/${repo.fullName}`;
  const lines: string[] = [];
  if (pulls.length) {
    lines.push("## What's Changed");
    for (const p of pulls) lines.push(`* ${p.title} by @${p.user} in ${web}/pull/${p.number}`);
    lines.push('');
    const fresh = newContributors(repo, pulls);
    if (fresh.length) {
      lines.push('## New Contributors');
      for (const p of fresh) lines.push(`* @${p.user} made their first contribution in ${web}/pull/${p.number}`);
      lines.push('');
    }
  }
  lines.push(
    fromTag ? `**Full Changelog**: ${web}/compare/${fromTag}...${tag}` : `**Full Changelog**: ${web}/commits/${tag}`,
  );
  return { name: tag, body: lines.join('\n') };
}

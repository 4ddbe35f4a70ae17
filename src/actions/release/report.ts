// What the run tells: the outputs (the assets in the order of the files, with their download URLs) and its
// sections of the job summary (core adds the heading with the outcome and the API usage), as a value
// (kernel/report.ts) that the host renders.
import { formatPlan } from '../../kernel/plan';
import { headingMarkdown, runReport, type RunReport } from '../../kernel/report';
import type { SequenceOutcome } from '../../kernel/sequence';
import { escapeMarkdownCell, escapeMarkdownText, markdownTable } from '../../kernel/table';
import type { ReleasePlan } from './plan';
import { planOperations } from './domain/plan-rows';
import type { RemoteAsset, RemoteRelease } from './domain/release-types';
import { shownTag } from './domain/target';

export interface OutputAsset {
  name: string;
  id: number;
  size: number;
  digest: string | null;
  label: string | null;
  url: string;
  browser_download_url: string;
}

export function outputAsset(asset: RemoteAsset): OutputAsset {
  return {
    name: asset.name,
    id: asset.id,
    size: asset.size,
    digest: asset.digest ?? null,
    label: asset.label ?? null,
    url: asset.browser_download_url,
    browser_download_url: asset.browser_download_url,
  };
}

/** The release's assets in the order of the files (then the checksum file), as stored or as kept. */
export function orderedAssets(plan: ReleasePlan, stored: ReadonlyMap<string, RemoteAsset>): OutputAsset[] {
  const steps = plan.checksums ? [...plan.assets, plan.checksums.step] : plan.assets;
  return steps
    .map((step) => stored.get(step.asset.name) ?? step.existing)
    .filter((a): a is RemoteAsset => a !== undefined)
    .map(outputAsset);
}

export interface ReleaseOutcome {
  tag: string;
  /** `owner/name` of the release's repository. */
  repository: string;
  plan: ReleasePlan;
  release?: RemoteRelease;
  created: boolean;
  assets: OutputAsset[];
  dryRun: boolean;
  /** How the state was read (GraphQL and its points, or REST and why). */
  readNotes?: readonly string[];
}

/** Text safe inside a markdown link's brackets (a release name is anyone's text). */
function linkText(text: string): string {
  return escapeMarkdownCell(text);
}

/**
 * Why a published release is without the discussion its publishing asked for (`discussion_category_name` sent, no
 * `discussion_url` in GitHub's answer: the category missing, discussions turned off, or a server that ignores the
 * parameter), or undefined. The user asked for a discussion, so its absence is told loudly: a warning and the summary.
 */
export function missingDiscussion(outcome: ReleaseOutcome): string | undefined {
  const category = outcome.plan.update?.discussion_category_name;
  const { release } = outcome;
  if (outcome.dryRun || !category || !release || release.draft || release.discussion_url) return undefined;
  return (
    `Release ${shownTag(outcome.tag)} was published, but GitHub opened no discussion in "${category}" (its answer has ` +
    `no discussion_url): the category may be missing or discussions turned off in ${outcome.repository}, or the ` +
    'server ignores discussion_category_name. Open the discussion by hand, or check `discussion-category`.'
  );
}

/** Pure: the outputs and the job summary sections of a release run (dry or real). */
export function reportRelease(outcome: ReleaseOutcome): RunReport {
  const { release, tag } = outcome;
  const outputs = {
    id: release?.id,
    'html-url': release?.html_url,
    // softprops/action-gh-release's name of the same output: a migrated `steps.x.outputs.url` keeps working.
    url: release?.html_url,
    'upload-url': release?.upload_url,
    // The peers' names (softprops: upload_url; ncipollo: html_url, upload_url, tarball_url, zipball_url).
    upload_url: release?.upload_url,
    html_url: release?.html_url,
    tarball_url: release?.tarball_url ?? undefined,
    zipball_url: release?.zipball_url ?? undefined,
    tag,
    created: outcome.created,
    assets: outcome.assets,
  };
  const summary: string[] = [];
  const where = `Release ${escapeMarkdownCell(shownTag(tag))} in ${outcome.repository}`;
  if (release && outcome.plan.skipped) {
    summary.push(
      `${where}: [${linkText(release.name || shownTag(tag))}](${release.html_url}), left as it is (${outcome.plan.skipped})`,
    );
  } else if (release && !outcome.dryRun) {
    const state = release.draft ? 'draft' : release.prerelease ? 'pre-release' : 'published';
    summary.push(
      `${where}: [${linkText(release.name || shownTag(tag))}](${release.html_url}), ${state}` +
        (outcome.created ? ', created by this run' : ''),
    );
  } else {
    summary.push(
      `${where}: ${release ? `found (id ${release.id}${release.draft ? ', draft' : ''})` : 'not there yet'}`,
    );
  }
  const noDiscussion = missingDiscussion(outcome);
  if (noDiscussion) summary.push(`> [!WARNING]\n> ${escapeMarkdownText(noDiscussion)}`);
  if (outcome.readNotes?.length) summary.push(outcome.readNotes.join('\n\n'));
  summary.push(headingMarkdown(outcome.dryRun ? 'Plan (dry run)' : 'Plan', 3));
  summary.push(formatPlan(planOperations(outcome.plan), { markdown: true }));
  if (outcome.assets.length) {
    summary.push(headingMarkdown('Assets', 3));
    summary.push(
      markdownTable(
        ['asset', 'label', 'size', 'sha256'],
        outcome.assets.map((a) => [a.name, a.label ?? '', a.size, a.digest ?? '']),
      ),
    );
  }
  return runReport({ outputs, summary, log: noDiscussion ? [{ level: 'warning', text: noDiscussion }] : [] });
}

/** What applying did: the release, its assets, whether this run created it, and how the reads went by the end. */
export interface ReleaseApplied {
  plan: ReleasePlan;
  release: RemoteRelease;
  assets: OutputAsset[];
  created: boolean;
  readNotes: string[];
}

/** What the report needs of the state read: the repository's name and how the reads went. */
export interface ReleaseReportState {
  /** `owner/name` of the release's repository. */
  fullName: string;
  readNotes: string[];
}

/** Pure: the report step. A dry run of a plan that skips names the assets the release already has. */
export function releaseReport(outcome: SequenceOutcome<ReleaseReportState, ReleasePlan, ReleaseApplied>): RunReport {
  const { plan, state } = outcome;
  if (!outcome.dryRun) {
    const { readNotes, ...result } = outcome.result;
    return reportRelease({ tag: plan.tag, repository: state.fullName, ...result, dryRun: false, readNotes });
  }
  return reportRelease({
    tag: plan.tag,
    repository: state.fullName,
    plan,
    release: plan.release,
    created: false,
    assets: plan.skipped ? (plan.release?.assets ?? []).map(outputAsset) : [],
    dryRun: true,
    readNotes: state.readNotes,
  });
}

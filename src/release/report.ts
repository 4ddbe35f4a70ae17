// What the run tells: the outputs (the assets in the order of the files, with their download URLs) and its
// sections of the job summary (core adds the heading with the outcome and the API usage).
import { formatPlan } from '../core/plan';
import { setOutputs } from '../core/outputs';
import { addHeading, addMarkdown, addTable, escapeMarkdownCell } from '../core/summary';
import type { ReleasePlan } from './plan';
import { planOperations } from './plan-rows';
import type { RemoteAsset, RemoteRelease } from './release-types';
import { shownTag } from './target';

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
  return escapeMarkdownCell(text).replace(/[[\]]/g, '\\$&');
}

export function reportRelease(outcome: ReleaseOutcome): void {
  const { release, tag } = outcome;
  setOutputs({
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
  });
  const where = `Release ${escapeMarkdownCell(shownTag(tag))} in ${outcome.repository}`;
  if (release && outcome.plan.skipped) {
    addMarkdown(
      `${where}: [${linkText(release.name || shownTag(tag))}](${release.html_url}), left as it is (${outcome.plan.skipped})`,
    );
  } else if (release && !outcome.dryRun) {
    const state = release.draft ? 'draft' : release.prerelease ? 'pre-release' : 'published';
    addMarkdown(
      `${where}: [${linkText(release.name || shownTag(tag))}](${release.html_url}), ${state}` +
        (outcome.created ? ', created by this run' : ''),
    );
  } else {
    addMarkdown(`${where}: ${release ? `found (id ${release.id}${release.draft ? ', draft' : ''})` : 'not there yet'}`);
  }
  if (outcome.readNotes?.length) addMarkdown(outcome.readNotes.join('\n\n'));
  addHeading(outcome.dryRun ? 'Plan (dry run)' : 'Plan', 3);
  addMarkdown(formatPlan(planOperations(outcome.plan), { markdown: true }));
  if (outcome.assets.length) {
    addHeading('Assets', 3);
    addTable(
      ['asset', 'label', 'size', 'sha256'],
      outcome.assets.map((a) => [a.name, a.label ?? '', a.size, a.digest ?? '']),
    );
  }
}

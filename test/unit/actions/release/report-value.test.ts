// release's report as a value (src/actions/release/report.ts `releaseReport`, the report step): for a dry run, a run that
// created and published the release, a run that left it as it is, and a run that failed, the outputs and job summary
// sections it returns. Its facts come from the state (the repository, how the reads went) and the result only.
import { describe, expect, it } from 'vitest';
import { formatPlan } from '../../../../src/kernel/plan';
import { runReport } from '../../../../src/kernel/report';
import { runSequence } from '../../../../src/kernel/sequence';
import { planRelease, type ReleasePlan } from '../../../../src/actions/release/plan';
import { planOperations } from '../../../../src/actions/release/domain/plan-rows';
import { outputAsset, releaseReport, type ReleaseApplied } from '../../../../src/actions/release/report';
import { sha256Text } from '../../../../src/actions/release/domain/digest';
import { desiredRelease, localAsset, remoteAsset, remoteRelease } from './plan-fixtures';

const options = { existingAssets: 'replace' as const, sha256Text };
const state = { fullName: 'octo/app', readNotes: ['Read the releases through GraphQL (1 query, 1 point).'] };
const newPlan = planRelease(desiredRelease(), [localAsset('app.zip')], undefined, options);
const published = remoteRelease({
  name: 'Version <1>',
  assets: [remoteAsset('app.zip', 'app.zip', { id: 5, label: 'App' })],
  tarball_url: 'https://api.github.com/repos/octo/app/tarball/v1.0.0',
});
const skippedPlan: ReleasePlan = {
  ...planRelease(desiredRelease({ skipIfExists: true }), [], published, options),
  skipped: 'skip-if-release-exists',
};
const applied: ReleaseApplied = {
  plan: newPlan,
  release: published,
  assets: published.assets.map(outputAsset),
  created: true,
  readNotes: ['Read the releases through GraphQL (2 queries, 2 points).'],
};

const outputs = (release: typeof published | undefined, created: boolean, assets: unknown[]) => ({
  id: release ? String(release.id) : '',
  'html-url': release?.html_url ?? '',
  url: release?.html_url ?? '',
  'upload-url': release?.upload_url ?? '',
  upload_url: release?.upload_url ?? '',
  html_url: release?.html_url ?? '',
  tarball_url: release?.tarball_url ?? '',
  zipball_url: '',
  tag: 'v1.0.0',
  created: String(created),
  assets: JSON.stringify(assets),
});
const assetRow = `| app.zip | App | 7 | ${published.assets[0]?.digest ?? ''} |`;
const assetsTable = ['| asset | label | size | sha256 |', '| --- | --- | --- | --- |', assetRow].join('\n');
const link = `[Version &lt;1&gt;](${published.html_url})`;

describe('releaseReport', () => {
  it.each([
    {
      name: 'a dry run of a new release: nothing there yet, the plan, the notes of the read',
      outcome: { dryRun: true as const, state, plan: newPlan },
      outputs: outputs(undefined, false, []),
      summary: [
        'Release v1.0.0 in octo/app: not there yet',
        state.readNotes[0],
        '### Plan (dry run)',
        formatPlan(planOperations(newPlan), { markdown: true }),
      ],
    },
    {
      name: 'a run that created and published it: the link, the assets, the notes as the apply left them',
      outcome: { dryRun: false as const, state, plan: newPlan, result: applied },
      outputs: outputs(published, true, [outputAsset(published.assets[0]!)]),
      summary: [
        `Release v1.0.0 in octo/app: ${link}, published, created by this run`,
        applied.readNotes[0],
        '### Plan',
        formatPlan(planOperations(newPlan), { markdown: true }),
        '### Assets',
        assetsTable,
      ],
    },
    {
      name: 'a dry run of a plan that skips: the assets the release already has, as a real run sets them',
      outcome: { dryRun: true as const, state, plan: skippedPlan },
      outputs: outputs(published, false, [outputAsset(published.assets[0]!)]),
      summary: [
        `Release v1.0.0 in octo/app: ${link}, left as it is (skip-if-release-exists)`,
        state.readNotes[0],
        '### Plan (dry run)',
        formatPlan(planOperations(skippedPlan), { markdown: true }),
        '### Assets',
        assetsTable,
      ],
    },
  ])('$name', ({ outcome, outputs: expectedOutputs, summary }) => {
    expect(releaseReport(outcome)).toEqual(runReport({ outputs: expectedOutputs, summary }));
  });

  it('a run whose apply fails reports nothing of its own (no outputs, no section), as before', async () => {
    const rendered: unknown[] = [];
    const ctx = {
      client: { budget: { ensure: () => Promise.resolve() } },
      log: { info: () => undefined, warning: () => undefined },
      inputs: { dryRun: false },
      render: (report: unknown) => rendered.push(report),
    } as unknown as Parameters<typeof runSequence>[0];
    const run = runSequence(
      ctx,
      {
        read: () => Promise.resolve(state),
        plan: () => newPlan,
        what: () => 'the release plan for v1.0.0',
        cost: (plan) => plan.cost,
        print: () => undefined,
        apply: (): Promise<ReleaseApplied> => Promise.reject(new Error('Upload failed: 502')),
        report: releaseReport,
      },
      { sections: { start: () => undefined, end: () => undefined } },
    );
    await expect(run).rejects.toThrow('Upload failed: 502');
    expect(rendered).toEqual([]);
  });
});

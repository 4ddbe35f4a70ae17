// The hostile corpus (fixtures/hostile-strings.json) through the step outputs and the job summaries of every action,
// at the report value each action returns (src/actions/*/report.ts): triage's labeler outputs (label names), commit-files'
// branch and tag, release's tag and asset JSON (names and labels), label-sync's `plan` JSON (label names and
// details). A next step that echoes an output must not print a workflow command or a raw control (read as the runner
// reads a step's stdout: runner-commands.ts); a JSON output reads back to exactly the value; a string output is what
// the log would print of it (the value itself when there is nothing to neutralise). The summaries of release and
// label-sync (the release's name, tag and asset names; the labels) render to no tag, image, marker or reordering
// character.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../harness/run-bundle';
import { commitReport, initialOutputs, withCommit, type PlanFacts } from '../../src/actions/commit-files/report';
import { neutralizeLogText } from '../../src/kernel/log-escape';
import type { RunReport } from '../../src/kernel/report';
import type { LabelPlan } from '../../src/actions/label-sync/plan';
import { report as labelReport, type PlanEntry } from '../../src/actions/label-sync/report';
import { planRelease } from '../../src/actions/release/plan';
import { outputAsset, reportRelease } from '../../src/actions/release/report';
import { sha256Text } from '../../src/actions/release/domain/digest';
import { countOperations } from '../../src/actions/triage/operations';
import { triageReport } from '../../src/actions/triage/report';
import { desiredRelease, localAsset, remoteAsset, remoteRelease } from '../unit/actions/release/plan-fixtures';
import { runnerCommands } from './runner-commands';

const CORPUS: string[] = JSON.parse(readFileSync(join(ROOT, 'test/security/fixtures/hostile-strings.json'), 'utf8'));

/**
 * Raw characters a terminal acts on or that reorder a line (a line feed is allowed: an output may be several lines;
 * U+2028 is no line break to the runner, as in the log). JSON outputs hold neither: external-text.test.ts.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Every output of a report, echoed by the next step (`echo "$VALUE"`): no command, no raw control. */
function expectEchoSafe(report: RunReport) {
  for (const [name, value] of Object.entries(report.outputs)) {
    expect(runnerCommands(`${value}\n`), `${name}: ${JSON.stringify(value)}`).toEqual([]);
    expect(RAW.test(value), `${name}: ${JSON.stringify(value)}`).toBe(false);
  }
}

/** The summary rendered as GitHub would (HTML allowed): only our own tags and links, no reordering character. */
function expectSummaryInert(report: RunReport, ownLinks: number) {
  const html = new MarkdownIt({ html: true }).render(report.summary.join('\n\n'));
  const rest = html.replace(/<code>[\s\S]*?<\/code>/g, '');
  expect(rest).not.toMatch(/<(img|script)\b/i);
  expect(rest).not.toMatch(/<!--/);
  expect(rest.match(/<a\b/g) ?? []).toHaveLength(ownLinks);
  for (const tag of rest.match(/<\/?[a-z0-9]+/gi) ?? [])
    expect(tag).toMatch(/^<\/?(p|ul|li|h2|h3|br|code|a|table|thead|tbody|tr|th|td|details|summary)$/);
  expect(RAW.test(html.replace(/\n/g, ' ')), JSON.stringify(html)).toBe(false);
}

describe('triage: the labeler outputs (label names)', () => {
  it.each(CORPUS)('%j', (hostile) => {
    const result = {
      mode: { kind: 'item' as const, number: 1, isPullRequest: true, action: 'opened' },
      processed: 1,
      plan: [],
      remaining: 0,
      notes: [],
      counts: countOperations([]),
      labeler: { newLabels: [hostile], allLabels: ['bug', hostile] },
    };
    const report = triageReport(result as never, false);
    expectEchoSafe(report);
    expect(report.outputs['new-labels']).toBe(neutralizeLogText(hostile));
  });
});

describe('commit-files: the branch and tag outputs', () => {
  const set = { counts: { added: 1, updated: 0, deleted: 0 } };
  it.each(CORPUS)('%j', (hostile) => {
    const plan: PlanFacts = {
      owner: 'octo',
      repo: 'app',
      branch: hostile,
      baseLine: `Based on ${hostile} at abc1234.`,
      reads: 'Read the branch through REST.',
      ops: [],
    };
    const commit = { sha: 'd'.repeat(40), url: 'https://github.com/octo/app/commit/d', verified: false };
    const outputs = { ...withCommit(initialOutputs(set, hostile), commit), tag: hostile };
    for (const report of [
      commitReport({ kind: 'applied', plan, applied: { outputs, lines: [] } }),
      commitReport({ kind: 'dry-run', plan, outputs, dryRunLine: 'Dry run.' }),
    ]) {
      expectEchoSafe(report);
      expect(report.outputs.branch).toBe(neutralizeLogText(hostile));
      expect(report.outputs.tag).toBe(neutralizeLogText(hostile));
      // The outputs that carry no external text are written as they are.
      expect(report.outputs['commit-sha']).toBe(commit.sha);
      expectSummaryInert(report, 0);
    }
  });
});

describe('release: the tag, the asset JSON and the summary (release name, tag, asset names)', () => {
  const options = { existingAssets: 'replace' as const, sha256Text };
  it.each(CORPUS)('%j', (hostile) => {
    const asset = remoteAsset(`${hostile}.zip`, 'x', { id: 5, label: hostile });
    const release = remoteRelease({ name: hostile, tag_name: hostile, assets: [asset] });
    const plan = planRelease(desiredRelease({ tag: hostile }), [localAsset(`${hostile}.zip`, 'x')], release, options);
    const report = reportRelease({
      tag: hostile,
      repository: 'octo/app',
      plan,
      release,
      created: false,
      assets: [outputAsset(asset)],
      dryRun: false,
    });
    expectEchoSafe(report);
    expect(report.outputs.tag).toBe(neutralizeLogText(hostile));
    expect(JSON.parse(report.outputs.assets)).toEqual([outputAsset(asset)]);
    expectSummaryInert(report, 1);
  });
});

describe("label-sync: the plan JSON and the summary's table", () => {
  it.each(CORPUS)('%j', (hostile) => {
    const operation = {
      kind: 'create' as const,
      target: 'octo/app',
      subject: hostile,
      detail: `description ${hostile}`,
      cost: { requests: 1, writes: 1 },
      payload: { kind: 'create' as const, name: hostile, color: 'ededed' },
    };
    const plans: LabelPlan[] = [
      { repository: 'octo/app', operations: [operation], unchanged: [hostile], excluded: [], unmanaged: [] },
    ];
    const entries: PlanEntry[] = [
      {
        repository: 'octo/app',
        kind: 'create',
        label: hostile,
        detail: `description ${hostile}`,
        cost: { requests: 1, writes: 1 },
        status: 'planned',
      },
      { repository: 'octo/app', kind: 'none', label: hostile, cost: { requests: 0, writes: 0 }, status: 'unchanged' },
    ];
    const report = labelReport({ entries, plans, origin: `.github/${hostile}.yml`, dryRun: true });
    expectEchoSafe(report);
    expect(JSON.parse(report.outputs.plan)).toEqual(entries);
    expect(report.outputs.plan).not.toMatch(/[\n\r\u2028\u2029]/);
    expectSummaryInert(report, 0);
  });
});

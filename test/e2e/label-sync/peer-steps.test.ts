// Workflow steps written for crazy-max/ghaction-github-labeler and EndBug/label-sync, with only `uses:` changed: the
// bundle leaves the labels those actions document — `yaml-file` and `config-file` read, `skip-delete: false` and
// `delete-other-labels: true` deleting what the file does not list, `exclude` as a comma list, `github-token` used
// for the requests — and an input not offered fails before any request, saying why.
import { describe, expect, it } from 'vitest';
import { runBundle } from '../../../harness/run-bundle';
import { labelFile, USER_TOKEN, WORKFLOW_TOKEN } from '../../../emulator/scenarios/label-sync';
import { labelSyncHarness, writesOf } from './harness';

const h = labelSyncHarness();

const repo = () => ({
  owner: 'octo',
  name: 'app',
  labels: [
    { name: 'bug', color: 'd73a4a' },
    { name: 'wontfix', color: 'ffffff' },
    { name: 'help wanted', color: '008672' },
    { name: 'good first issue', color: '7057ff' },
  ],
});

const FILE = labelFile([
  { name: 'bug', color: 'ee0701' },
  { name: 'feature', color: '0e8a16' },
]);

const run = (workspace: Record<string, string>, inputs: Record<string, string>, token = WORKFLOW_TOKEN) =>
  runBundle('label-sync', { emulator: h.emu!, token, inputs, workspace });

describe('crazy-max/ghaction-github-labeler steps', () => {
  it('yaml-file, skip-delete: false, exclude as a comma list and github-token, as that action means them', async () => {
    await h.start([repo()]);
    const r = await run(
      { '.github/my-labels.yml': FILE },
      {
        'yaml-file': '.github/my-labels.yml',
        'skip-delete': 'false',
        exclude: 'help*,good first issue',
        'github-token': USER_TOKEN,
      },
    );
    expect(r.code, r.stdout + r.stderr).toBe(0);
    // wontfix is deleted (not in the file); the excluded labels stay.
    expect(h.names('octo/app')).toEqual(['bug', 'feature', 'good first issue', 'help wanted']);
    expect(h.labels().bug).toMatch(/^ee0701/);
    // Every request was made with github-token (a user token), not the workflow's token.
    expect(r.requests.length).toBeGreaterThan(0);
    expect(new Set(r.requests.map((e) => e.tokenKind))).toEqual(new Set(['user']));
  });

  it('skip-delete: true keeps labels the file does not list; dry-run writes nothing', async () => {
    await h.start([repo()]);
    const dry = await run({ '.github/labels.yml': FILE }, { 'skip-delete': 'false', 'dry-run': 'true' });
    expect(dry.code, dry.stdout).toBe(0);
    expect(writesOf(dry)).toEqual([]);
    const r = await run({ '.github/labels.yml': FILE }, { 'skip-delete': 'true' });
    expect(r.code, r.stdout).toBe(0);
    expect(h.names('octo/app')).toEqual(['bug', 'feature', 'good first issue', 'help wanted', 'wontfix']);
  });
});

describe('EndBug/label-sync steps', () => {
  it('config-file and delete-other-labels: true', async () => {
    await h.start([repo()]);
    const r = await run(
      { 'labels/base.yml': FILE, 'labels/extra.yml': labelFile([{ name: 'docs', color: '0075ca' }]) },
      { 'config-file': 'labels/base.yml\nlabels/extra.yml', 'delete-other-labels': 'true' },
    );
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(h.names('octo/app')).toEqual(['bug', 'docs', 'feature']);
  });

  it('source-repo is not offered: the run fails before any request, saying why', async () => {
    await h.start([repo()]);
    const r = await run({}, { 'source-repo': 'octo/template', 'request-token': 'x' });
    expect(r.code).toBe(1);
    expect(r.requests).toEqual([]);
    const errors = r.annotations
      .filter((a) => a.level === 'error')
      .map((a) => a.message)
      .join('\n');
    expect(errors).toMatch(/"source-repo" \(EndBug\/label-sync\) is not offered: .*gh label list/);
    expect(errors).toMatch(/"request-token" .* not offered/);
  });
});

// The label files label-sync reads: several files with later ones overriding earlier ones by name, an
// organisation-wide base file from another repository plus the repository's own file, GitHub's own label export, the
// `from_name` of ghaction-github-labeler files, and a description left out (kept) or empty (cleared); every change
// priced in the plan, in dry-run and in the summary.
import { describe, expect, it } from 'vitest';
import { runBundle } from '../../../harness/run-bundle';
import { CONFIG, labelSyncHarness, writesOf } from './harness';
import { labelFile, WORKFLOW_TOKEN } from '../../../emulator/scenarios/label-sync';

const h = labelSyncHarness();

const run = (inputs: Record<string, string | boolean>, workspace: Record<string, string>) =>
  runBundle('label-sync', { emulator: h.emu!, token: WORKFLOW_TOKEN, inputs, workspace });

describe('label-sync label files', () => {
  it('an organisation base file (owner/name:path) plus the repository file: the later one wins by name', async () => {
    await h.start([
      {
        owner: 'octo',
        name: 'app',
        labels: [
          { name: 'bug', color: 'ffffff', description: 'old' },
          { name: 'stray', color: 'ededed' },
        ],
      },
      {
        owner: 'octo',
        name: '.github',
        branches: {
          main: {
            'labels/base.yml': labelFile([
              { name: 'bug', color: 'd73a4a', description: 'Something is broken' },
              { name: 'docs', color: '0075ca', description: 'Documentation' },
            ]),
          },
        },
      },
    ]);
    const config = 'octo/.github:labels/base.yml\n.github/labels.yml';
    const repoFile = labelFile([
      { name: 'docs', color: '000000', description: 'Docs of this repository' },
      { name: 'app-only', color: 'aaaaaa' },
    ]);
    const r = await run({ config, prune: true }, { [CONFIG]: repoFile });
    expect(r.code, r.stdout).toBe(0);
    expect(h.labels()).toEqual({
      bug: 'd73a4a|Something is broken',
      docs: '000000|Docs of this repository',
      'app-only': 'aaaaaa|',
    });
    expect(r.stdout).toMatch(/Read 3 labels from octo\/\.github\/labels\/base\.yml \+ \.github\/labels\.yml\./);
    expect(r.summary).toMatch(
      /Labels from octo\/\.github\/labels\/base\.yml \+ \.github\/labels\.yml; plan: 4 requests/,
    );
    const again = await run({ config, prune: true }, { [CONFIG]: repoFile });
    expect(writesOf(again)).toEqual([]);
  });

  it('a name claimed by two labels across files is a config error naming both files, before any write', async () => {
    await h.start([{ owner: 'octo', name: 'app', labels: [] }]);
    const r = await run(
      { config: 'base.yml\nrepo.yml' },
      {
        'base.yml': labelFile([{ name: 'bug', color: 'd73a4a', aliases: ['defect'] }]),
        'repo.yml': labelFile([{ name: 'defect', color: 'ff0000' }]),
      },
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/repo\.yml: "defect" of label "defect" is also claimed by label "bug" of base\.yml/);
    expect(writesOf(r)).toEqual([]);
  });

  it("reads GitHub's own label export as is (ids, urls, default, #-less colours) and keeps its labels", async () => {
    const exported = JSON.stringify([
      {
        id: 208045946,
        node_id: 'MDU6TGFiZWwyMDgwNDU5NDY=',
        url: 'https://api.github.com/repos/octocat/Hello-World/labels/bug',
        name: 'bug',
        description: "Something isn't working",
        color: 'D73A4A',
        default: true,
      },
      { id: 2, node_id: 'x', url: 'u', name: 'question', description: null, color: 'd876e3', default: true },
    ]);
    await h.start([
      {
        owner: 'octo',
        name: 'app',
        labels: [
          { name: 'bug', color: 'd73a4a', description: "Something isn't working" },
          { name: 'question', color: 'd876e3', description: 'To be cleared' },
        ],
      },
    ]);
    const r = await run({ config: 'labels.json' }, { 'labels.json': exported });
    expect(r.code, r.stdout).toBe(0);
    // the colour differs only in case: unchanged; the export's null description clears the other one
    expect(r.outputs).toMatchObject({ updated: '1', unchanged: '1' });
    expect(h.labels()).toEqual({ bug: "d73a4a|Something isn't working", question: 'd876e3|' });
  });

  it('reads from_name as an alias (ghaction-github-labeler files): the old label is renamed', async () => {
    await h.start([{ owner: 'octo', name: 'app', labels: [{ name: 'enhancement', color: 'a2eeef' }] }]);
    const file = '- name: ":sparkles: feature"\n  color: "a2eeef"\n  from_name: "enhancement"\n';
    const r = await run({}, { [CONFIG]: file });
    expect(r.code, r.stdout).toBe(0);
    expect(h.labels()).toEqual({ ':sparkles: feature': 'a2eeef|' });
    expect(r.outputs).toMatchObject({ renamed: '1' });
  });

  it('a description left out keeps the repository one; an empty one clears it; neither is sent when in line', async () => {
    await h.start([
      {
        owner: 'octo',
        name: 'app',
        labels: [
          { name: 'kept', color: 'ffffff', description: 'Written by hand' },
          { name: 'cleared', color: 'ffffff', description: 'Old text' },
        ],
      },
    ]);
    const file = '- name: kept\n  color: "000000"\n- name: cleared\n  color: "ffffff"\n  description: ""\n';
    const r = await run({}, { [CONFIG]: file });
    expect(r.code, r.stdout).toBe(0);
    expect(h.labels()).toEqual({ kept: '000000|Written by hand', cleared: 'ffffff|' });
    const kept = r.requests.find((e) => e.method === 'PATCH' && e.path.endsWith('/kept'));
    expect(kept).toBeDefined();
    const again = await run({}, { [CONFIG]: file });
    expect(writesOf(again)).toEqual([]);
  });

  it('never sends a # in a colour (GitHub answers 422): every accepted form converges with no 422', async () => {
    await h.start([{ owner: 'octo', name: 'app', labels: [{ name: 'upper', color: 'ABCDEF' }] }]);
    const file = labelFile([
      { name: 'hash', color: '#D73A4A' },
      { name: 'short', color: '#abc' },
      { name: 'upper', color: '#abcdef' },
    ]);
    const r = await run({}, { [CONFIG]: file });
    expect(r.code, r.stdout).toBe(0);
    expect(r.requests.filter((e) => e.status === 422)).toEqual([]);
    expect(h.labels()).toEqual({ upper: 'abcdef|', hash: 'd73a4a|', short: 'aabbcc|' });
    expect(r.outputs).toMatchObject({ created: '2', unchanged: '1' });
  });

  it('dry-run prints and prices the merged plan, and writes nothing', async () => {
    await h.start([{ owner: 'octo', name: 'app', labels: [{ name: 'stray', color: 'ededed' }] }]);
    const r = await run(
      { config: 'a.yml\nb.yml', prune: true, 'dry-run': true },
      {
        'a.yml': labelFile([{ name: 'bug', color: 'd73a4a' }]),
        'b.yml': labelFile([{ name: 'docs', color: '0075ca' }]),
      },
    );
    expect(r.code, r.stdout).toBe(0);
    expect(writesOf(r)).toEqual([]);
    expect(r.stdout).toMatch(/Plan: 3 requests \(3 writes\) over 1 repository\./);
    expect(r.summary).toMatch(/### Label plan \(dry run: nothing written\)/);
    expect(r.summary).toMatch(/\| octo\/app \| delete \| stray \|/);
    expect(r.outputs).toMatchObject({ created: '2', deleted: '1' });
  });
});

// Scenarios A–D of the issue through the committed bundle, with request counts from the emulator's log.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RequestLog } from '../../../emulator';
import { runBundle } from '../../../harness/run-bundle';
import {
  REPO,
  SCENARIO_D_BYTES,
  scenarioA,
  scenarioOf,
  WORKFLOW_TOKEN,
  writeLargeBinary,
} from '../../../emulator/scenarios/commit-files';
import { checkoutAs } from '../../../harness/commit-files-checkout';
import { withoutLimitProbe } from '../emulator-mode';
import { harness } from './helpers';

const h = harness();
const { ws, track } = h;

describe('commit-files scenarios', () => {
  it('A on a stale checkout: another push touched other files → its changes kept, compared in the same GraphQL read (8 REST)', async () => {
    const a = scenarioA();
    await h.start(a.scenario);
    const workspace = track(checkoutAs(h.emu(), 'main', a.workspace));
    const other = h.emu().state.commitFiles(REPO, 'main', { 'CHANGELOG.md': 'pushed meanwhile\n' }, 'Other', 'mona');
    const r = await runBundle('commit-files', {
      emulator: h.emu(),
      token: WORKFLOW_TOKEN,
      inputs: { ...a.inputs, 'on-unknown-base': 'fail' },
      workspace,
    });
    expect(r.code, r.stdout).toBe(0);
    const s = RequestLog.summarize(r.requests);
    // The reads (head, tree, descent from the checkout) are one GraphQL query: REST is spent on the writes alone.
    expect(s.counted).toBe(a.minimum.writes);
    expect(s.writes).toBe(a.minimum.writes);
    expect(s.graphqlRequests).toBe(1);
    expect(r.summary).toContain('compared in the GraphQL read of the head');
    const head = h.emu().state.branchSha(REPO, 'main')!;
    expect(h.emu().state.commit(REPO, head)!.parents).toEqual([other]);
    expect(h.emu().state.fileAt(REPO, 'main', 'CHANGELOG.md')).toBe('pushed meanwhile\n');
    expect(r.outputs).toMatchObject({ 'files-added': '5', 'files-updated': '201', 'files-deleted': '3' });
  });

  it('A: 200 text + 5 binary + 3 deletions + 1 mode change → the 8 writes through REST, 1 GraphQL read, one verified commit', async () => {
    const a = scenarioA();
    await h.start(a.scenario);
    const before = h.emu().state.branchSha(REPO, 'main');
    // A real checkout of main: the base is its head, so the three-way costs no request.
    const r = await runBundle('commit-files', {
      emulator: h.emu(),
      token: WORKFLOW_TOKEN,
      inputs: { ...a.inputs, 'on-unknown-base': 'fail' },
      workspace: track(checkoutAs(h.emu(), 'main', a.workspace)),
    });
    expect(r.stderr).toBe('');
    expect(r.code, r.stdout).toBe(0);
    // On GHES with rate limiting off the budget check also reads `GET /rate_limit` once (404: no primary limit).
    const requests = withoutLimitProbe(r.requests);
    const s = RequestLog.summarize(requests);
    // No REST answer precedes the budget check now, so the client reads the free `GET /rate_limit` for the REST budget.
    expect(requests.filter((e) => e.path !== '/rate_limit').map((e) => `${e.method} ${e.path}`)).toEqual([
      expect.stringMatching(/^POST \/(api\/)?graphql$/),
      ...Array(5).fill('POST /repos/octo/app/git/blobs'),
      'POST /repos/octo/app/git/trees',
      'POST /repos/octo/app/git/commits',
      'PATCH /repos/octo/app/git/refs/heads/main',
    ]);
    expect(s.counted).toBe(a.minimum.writes);
    expect(s.writes).toBe(a.minimum.writes);
    expect(s.graphqlPoints).toBe(1);
    expect(r.summary).toMatch(/Read the branch through GraphQL \(1 query, 1 point\)/);
    expect(r.outputs).toMatchObject({
      committed: 'true',
      verified: 'true',
      'files-added': String(a.expected.added),
      'files-updated': String(a.expected.updated),
      'files-deleted': String(a.expected.deleted),
    });
    const head = h.emu().state.branchSha(REPO, 'main');
    expect(r.outputs['commit-sha']).toBe(head);
    expect(h.emu().state.commit(REPO, head!)!.parents).toEqual([before]);
    const files = h.emu().state.repo(REPO)!.filesAt(head!);
    expect(files.get('bin/build.sh')?.mode).toBe('100755');
    expect(files.has('old/a.txt')).toBe(false);
    expect(h.emu().state.fileAt(REPO, 'main', 'docs/page-007.md')).toContain('v2');
    expect(
      h
        .emu()
        .state.repo(REPO)!
        .objects.blob(files.get('assets/image-3.bin')!.sha)!
        .equals(a.workspace['assets/image-3.bin'] as Buffer),
    ).toBe(true);
    expect(r.summary).toContain('Committed');
  });

  it('B: the same again → one GraphQL read, no REST request, no commit', async () => {
    const a = scenarioA();
    await h.start(a.scenario);
    const workspace = ws(a.workspace);
    const first = await runBundle('commit-files', {
      emulator: h.emu(),
      token: WORKFLOW_TOKEN,
      inputs: a.inputs,
      workspace,
    });
    expect(first.code, first.stdout).toBe(0);
    const head = h.emu().state.branchSha(REPO, 'main');
    const r = await runBundle('commit-files', {
      emulator: h.emu(),
      token: WORKFLOW_TOKEN,
      inputs: a.inputs,
      workspace,
    });
    expect(r.code, r.stdout).toBe(0);
    const s = RequestLog.summarize(r.requests);
    expect(s.counted).toBe(0);
    expect(s.graphqlRequests).toBe(1);
    expect(r.outputs).toMatchObject({
      committed: 'false',
      'commit-sha': '',
      'files-added': '0',
      'files-updated': '0',
      'files-deleted': '0',
    });
    expect(h.emu().state.branchSha(REPO, 'main')).toBe(head);
  });

  it('C: a push lands between the tree read and the ref update → both commits kept, at most 4 extra requests', async () => {
    const a = scenarioA();
    await h.start(a.scenario);
    const before = h.emu().state.branchSha(REPO, 'main')!;
    h.emu().faults.concurrentPush({
      repo: REPO,
      branch: 'main',
      files: { 'CHANGELOG.md': 'pushed meanwhile\n', 'src/index.ts': 'export const x = 1;\n' },
    });
    const r = await runBundle('commit-files', {
      emulator: h.emu(),
      token: WORKFLOW_TOKEN,
      inputs: a.inputs,
      workspace: ws(a.workspace),
    });
    expect(r.code, r.stdout).toBe(0);
    const s = RequestLog.summarize(r.requests);
    expect(s.counted).toBeLessThanOrEqual(a.minimum.requests + 4);
    expect(r.requests.filter((e) => e.path.endsWith('/git/blobs'))).toHaveLength(5);
    const head = h.emu().state.branchSha(REPO, 'main')!;
    const other = h.emu().state.commit(REPO, head)!.parents[0];
    expect(other).not.toBe(before);
    expect(h.emu().state.commit(REPO, other)!.parents).toEqual([before]);
    expect(h.emu().state.fileAt(REPO, 'main', 'CHANGELOG.md')).toBe('pushed meanwhile\n');
    // src/index.ts is selected by paths (".") but was changed only by the other push: kept, not reverted.
    expect(h.emu().state.fileAt(REPO, 'main', 'src/index.ts')).toBe('export const x = 1;\n');
    expect(h.emu().state.fileAt(REPO, 'main', 'docs/page-199.md')).toContain('v2');
    expect(h.emu().state.repo(REPO)!.filesAt(head).get('bin/build.sh')?.mode).toBe('100755');
    expect(r.outputs['commit-sha']).toBe(head);
    expect(r.stdout).toMatch(/moved to .* meanwhile: replaying/);
  });

  it('C, conflict: the other push changed a file this commit changes → fails naming it, the other commit stays the head', async () => {
    const a = scenarioA();
    await h.start(a.scenario);
    h.emu().faults.concurrentPush({ repo: REPO, branch: 'main', files: { 'docs/page-042.md': 'edited by hand\n' } });
    const r = await runBundle('commit-files', {
      emulator: h.emu(),
      token: WORKFLOW_TOKEN,
      inputs: a.inputs,
      workspace: ws(a.workspace),
    });
    expect(r.code).toBe(1);
    expect(r.annotations.map((x) => x.message).join('\n')).toMatch(/docs\/page-042\.md.*Nothing was written/);
    expect(h.emu().state.fileAt(REPO, 'main', 'docs/page-042.md')).toBe('edited by hand\n');
    expect(h.emu().state.fileAt(REPO, 'main', 'docs/page-001.md')).toContain('v1');
    expect(r.requests.filter((e) => e.method === 'PATCH')).toHaveLength(1);
  });

  it("C, force: the conflicting file takes this commit's version, the other commit is kept", async () => {
    const a = scenarioA();
    await h.start(a.scenario);
    const before = h.emu().state.branchSha(REPO, 'main')!;
    h.emu().faults.concurrentPush({ repo: REPO, branch: 'main', files: { 'docs/page-042.md': 'edited by hand\n' } });
    const r = await runBundle('commit-files', {
      emulator: h.emu(),
      token: WORKFLOW_TOKEN,
      inputs: { ...a.inputs, force: true },
      workspace: ws(a.workspace),
    });
    expect(r.code, r.stdout).toBe(0);
    expect(h.emu().state.fileAt(REPO, 'main', 'docs/page-042.md')).toContain('v2');
    const head = h.emu().state.branchSha(REPO, 'main')!;
    expect(h.emu().state.commit(REPO, h.emu().state.commit(REPO, head)!.parents[0])!.parents).toEqual([before]);
  });

  it('D: one 30 MB binary is streamed: peak memory grows far less than the file size', async () => {
    const run = async (size: number) => {
      await h.start(scenarioOf({ main: { 'README.md': '# app\n' } }));
      const dir = mkdtempSync(join(tmpdir(), 'commit-files-d-'));
      track(dir);
      writeLargeBinary(join(dir, 'data/model.bin'), size);
      const r = await runBundle('commit-files', {
        emulator: h.emu(),
        token: WORKFLOW_TOKEN,
        inputs: { message: 'Add the model', paths: 'data', 'on-unknown-base': 'overwrite' },
        workspace: dir,
        measureMemory: true,
        timeoutMs: 300_000,
      });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      // The blob, tree, commit and ref writes; the reads are one GraphQL query.
      expect(RequestLog.summarize(r.requests).counted).toBe(4);
      const file = h.emu().state.repo(REPO)!.filesAt(h.emu().state.branchSha(REPO, 'main')!).get('data/model.bin')!;
      expect(h.emu().state.repo(REPO)!.objects.blob(file.sha)!.length).toBe(size);
      await h.stop();
      return r.peakRssKb!;
    };
    const baseline = await run(1024);
    const peak = await run(SCENARIO_D_BYTES);
    console.log(
      `scenario D: peak RSS ${Math.round(peak / 1024)} MiB (baseline with a 1 KiB file ${Math.round(baseline / 1024)} MiB) for a 90 MiB file`,
    );
    // Buffering the body would add 120 MiB (the file as base64); streaming adds a few chunks and GC slack.
    expect(peak - baseline).toBeLessThan(64 * 1024);
  }, 300_000);
});

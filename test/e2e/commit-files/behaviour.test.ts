// The action's behaviours through the committed bundle: branch creation, deletions, modes and symlinks, pull
// requests, dry-run, refusals before any request, retries, the budget check, and event defaults.
import { closeSync, mkdtempSync, openSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RequestLog } from '../../../emulator';
import { binary, REPO, scenarioA, scenarioOf, type LocalSeed } from '../../../emulator/scenarios/commit-files';
import { NO_PRIMARY_LIMIT, NO_PRIMARY_LIMIT_SAID, withoutLimitProbe } from '../emulator-mode';
import { harness, isGraphql, REST_ONLY } from './helpers';

const h = harness();
const { ws, run, track } = h;

const filesOf = (branch: string) => h.emu().state.repo(REPO)!.filesAt(h.emu().state.branchSha(REPO, branch)!);
const blobText = (sha: string) => h.emu().state.repo(REPO)!.objects.blob(sha)!.toString('utf8');
const errors = (r: { annotations: { level: string; message: string }[] }) =>
  r.annotations
    .filter((a) => a.level === 'error')
    .map((a) => a.message)
    .join('\n');

describe('commit-files behaviour', () => {
  it('creates a missing branch from the base and commits on top of it (REST reads)', async () => {
    await h.start(scenarioOf({ main: { 'README.md': '# app\n' }, develop: { 'dev.txt': 'dev\n' } }));
    const base = h.emu().state.branchSha(REPO, 'develop')!;
    const r = await run(
      { message: 'Generated', branch: 'bot/generated', base: 'develop', paths: 'gen' },
      ws({ 'gen/out.txt': 'generated\n' }),
      REST_ONLY,
    );
    expect(r.code, r.stdout).toBe(0);
    expect(withoutLimitProbe(r.requests).map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      'GET /repos/octo/app/git/ref/heads/bot/generated 404',
      'GET /repos/octo/app/git/ref/heads/develop 200',
      `GET /repos/octo/app/git/trees/${base} 200`,
      // A new branch's name must not nest with an existing one (`bot` or `bot/generated/...`): one read.
      'GET /repos/octo/app/git/matching-refs/heads/bot 200',
      'POST /repos/octo/app/git/trees 201',
      'POST /repos/octo/app/git/commits 201',
      'POST /repos/octo/app/git/refs 201',
    ]);
    const head = h.emu().state.branchSha(REPO, 'bot/generated')!;
    expect(h.emu().state.commit(REPO, head)!.parents).toEqual([base]);
    expect([...filesOf('bot/generated').keys()].sort()).toEqual(['README.md', 'dev.txt', 'gen/out.txt']);
    expect(r.outputs).toMatchObject({ committed: 'true', 'files-added': '1', 'commit-sha': head });
  });

  it('base defaults to the default branch; nothing to commit leaves a missing branch uncreated', async () => {
    await h.start(scenarioOf({ main: { 'a.txt': 'a\n' } }));
    const r = await run({ message: 'm', branch: 'copy' }, ws({ 'a.txt': 'a\n' }));
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs.committed).toBe('false');
    expect(h.emu().state.branchSha(REPO, 'copy')).toBeUndefined();
    expect(RequestLog.summarize(r.requests).writes).toBe(0);
  });

  it('deletes named paths and, with delete-missing, only missing files that paths selects', async () => {
    await h.start(
      scenarioOf({
        main: {
          'docs/a.md': 'a',
          'docs/b.md': 'b',
          'docs/old/c.md': 'c',
          'src/keep.ts': 'k',
          'legacy/x.txt': 'x',
          'legacy/y/z.txt': 'z',
          'tmp.log': 'l',
        },
      }),
    );
    const r = await run(
      { message: 'Prune', paths: 'docs', 'delete-missing': true, 'delete-paths': 'legacy\n*.log' },
      ws({ 'docs/a.md': 'a', 'src/other.ts': 'not selected' }),
    );
    expect(r.code, r.stdout).toBe(0);
    expect([...filesOf('main').keys()].sort()).toEqual(['docs/a.md', 'src/keep.ts']);
    expect(r.outputs).toMatchObject({ 'files-added': '0', 'files-updated': '0', 'files-deleted': '5' });
  });

  it('commits modes and symbolic links as git does (links never followed)', async () => {
    await h.start(scenarioOf({ main: { 'run.sh': '#!/bin/sh\n', link: { content: 'old-target', mode: '120000' } } }));
    const outside = mkdtempSync(join(tmpdir(), 'commit-files-outside-'));
    track(outside);
    writeFileSync(join(outside, 'secret'), 'do not commit');
    const dir = ws({
      'run.sh': { content: '#!/bin/sh\n', executable: true },
      tool: { content: '#!/usr/bin/env node\n', executable: true },
      'plain.txt': 'plain\n',
      link: { symlink: 'plain.txt' },
      dangling: { symlink: 'does/not/exist' },
    });
    symlinkSync(outside, join(dir, 'outside'));
    const r = await run({ message: 'Modes' }, dir);
    expect(r.code, r.stdout).toBe(0);
    const files = filesOf('main');
    expect(files.get('run.sh')?.mode).toBe('100755');
    expect(files.get('tool')?.mode).toBe('100755');
    expect(files.get('plain.txt')?.mode).toBe('100644');
    expect(files.get('link')).toMatchObject({ mode: '120000' });
    expect(blobText(files.get('link')!.sha)).toBe('plain.txt');
    expect(blobText(files.get('dangling')!.sha)).toBe('does/not/exist');
    expect(files.get('outside')?.mode).toBe('120000');
    expect(blobText(files.get('outside')!.sha)).toBe(outside);
    expect([...files.keys()].some((p) => p.includes('secret'))).toBe(false);
    expect(r.outputs).toMatchObject({ 'files-added': '4', 'files-updated': '2' });
  });

  it('opens a pull request, then updates it on a second run (same number), with co-author trailers', async () => {
    await h.start(scenarioOf({ main: { 'README.md': '# app\n' } }));
    const inputs = {
      message: 'Update deps',
      branch: 'bot/deps',
      paths: 'deps.lock',
      'co-authors': 'Jane Doe <jane@example.com>',
    };
    const first = await run(
      { ...inputs, 'pull-request-title': 'Update dependencies', 'pull-request-body': 'First.' },
      ws({ 'deps.lock': 'v1\n' }),
    );
    expect(first.code, first.stdout).toBe(0);
    expect(first.outputs['pull-request-number']).toMatch(/^\d+$/);
    const number = Number(first.outputs['pull-request-number']);
    const pr = h.emu().state.repo(REPO)!.issues.get(number)!;
    expect(pr).toMatchObject({ title: 'Update dependencies', body: 'First.', state: 'open' });
    expect(pr.pull).toMatchObject({ head: 'bot/deps', base: 'main' });
    expect(h.emu().state.commit(REPO, first.outputs['commit-sha'])!.message).toBe(
      'Update deps\n\nCo-authored-by: Jane Doe <jane@example.com>',
    );

    const second = await run(
      { ...inputs, 'pull-request-title': 'Update dependencies (2)', 'pull-request-body': 'Second.' },
      ws({ 'deps.lock': 'v2\n' }),
    );
    expect(second.code, second.stdout).toBe(0);
    expect(second.outputs).toMatchObject({ committed: 'true', 'pull-request-number': String(number) });
    expect(h.emu().state.repo(REPO)!.issues.get(number)).toMatchObject({
      title: 'Update dependencies (2)',
      body: 'Second.',
    });
    expect(second.requests.filter((e) => e.path.includes('/pulls')).map((e) => e.method)).toEqual(['GET', 'PATCH']);
    expect(h.emu().state.fileAt(REPO, 'bot/deps', 'deps.lock')).toBe('v2\n');
  });

  it('dry-run prints the plan and writes nothing', async () => {
    const a = scenarioA();
    await h.start(a.scenario);
    const head = h.emu().state.branchSha(REPO, 'main');
    const r = await run({ ...a.inputs, 'dry-run': true }, ws(a.workspace));
    expect(r.code, r.stdout).toBe(0);
    expect(RequestLog.summarize(r.requests)).toMatchObject({ counted: 0, writes: 0, graphqlRequests: 1 });
    expect(h.emu().state.branchSha(REPO, 'main')).toBe(head);
    expect(r.outputs).toMatchObject({
      committed: 'false',
      'files-added': '5',
      'files-updated': '201',
      'files-deleted': '3',
    });
    expect(r.stdout).toMatch(/add\s+file\s+assets\/image-0\.bin\s+blob upload/);
    expect(r.stdout).toMatch(/mode\s+file\s+bin\/build\.sh\s+mode 100644 → 100755/);
    expect(r.stdout).toMatch(/Total: .*8 requests \(8 writes\)/);
    expect(r.summary).toContain('Dry run');
  });

  it.each([
    [{ paths: '../outside' }, /Input "paths".*escapes working-directory/],
    [{ paths: '/etc/passwd' }, /Input "paths".*absolute path/],
    [{ paths: 'src\n.git/config' }, /Input "paths".*\.git/],
    [{ 'delete-paths': 'a/../../b' }, /Input "delete-paths".*escapes/],
    [{ paths: 'escape/secret' }, /symbolic link "escape"/],
    [{ 'working-directory': 'missing-dir' }, /working-directory/],
  ])('refuses %j before any request', async (inputs, message) => {
    await h.start(scenarioOf({ main: { 'README.md': '# app\n' } }));
    const outside = mkdtempSync(join(tmpdir(), 'commit-files-outside-'));
    track(outside);
    writeFileSync(join(outside, 'secret'), 'secret');
    const dir = ws({ 'src/a.ts': 'a' });
    symlinkSync(outside, join(dir, 'escape'));
    const r = await run({ message: 'm', ...inputs }, dir);
    expect(r.code).toBe(1);
    expect(errors(r) || r.stdout).toMatch(message);
    expect(r.requests).toEqual([]);
  });

  it('refuses a file over the 30 MiB blob pre-check before any request', async () => {
    await h.start(scenarioOf({ main: { 'README.md': '# app\n' } }));
    const dir = ws({ 'small.txt': 'ok' });
    const fd = openSync(join(dir, 'huge.bin'), 'w');
    writeFileSync(fd, 'x', { flag: 'w' });
    closeSync(fd);
    // A sparse 31 MiB file: its size is what counts.
    const { truncateSync } = await import('node:fs');
    truncateSync(join(dir, 'huge.bin'), 31 * 1024 * 1024);
    const r = await run({ message: 'm' }, dir);
    expect(r.code).toBe(1);
    expect(errors(r)).toMatch(
      /Files over 30 MiB cannot be sent reliably.*nothing was written\. Too large: huge\.bin \(31\.0 MiB\)/,
    );
    expect(r.requests).toEqual([]);
  });

  it('a 502 on the tree read (REST) and on the tree write is retried', async () => {
    const a = scenarioA();
    await h.start(a.scenario);
    h.emu().faults.respond({ method: 'GET', path: /\/git\/trees\//, status: 502 });
    h.emu().faults.respond({ method: 'POST', path: /\/git\/trees$/, status: 502 });
    const r = await run(a.inputs, ws(a.workspace), REST_ONLY);
    expect(r.code, r.stdout).toBe(0);
    const trees = r.requests.filter((e) => e.path.includes('/git/trees')).map((e) => `${e.method} ${e.status}`);
    expect(trees).toEqual(['GET 502', 'GET 200', 'POST 502', 'POST 201']);
    expect(r.outputs.committed).toBe('true');
    expect(h.emu().state.fileAt(REPO, 'main', 'docs/page-000.md')).toContain('v2');
  });

  it('a budget too small for the plan is refused before any write (on a server with no primary limit, every plan fits)', async () => {
    const a = scenarioA();
    await h.start(a.scenario, { limits: { workflow: 57 } });
    const head = h.emu().state.branchSha(REPO, 'main');
    const r = await run({ ...a.inputs, 'budget-reserve': '50' }, ws(a.workspace));
    if (NO_PRIMARY_LIMIT) {
      expect(r.code, r.stdout).toBe(0);
      expect(r.stdout).toMatch(NO_PRIMARY_LIMIT_SAID);
      expect(h.emu().state.branchSha(REPO, 'main')).not.toBe(head);
      return;
    }
    expect(r.code).toBe(1);
    expect(errors(r)).toMatch(/Budget too small .*needs 8 requests.*Nothing was written/);
    expect(RequestLog.summarize(r.requests).writes).toBe(0);
    expect(h.emu().state.branchSha(REPO, 'main')).toBe(head);
  });

  it('falls back to walking folders when GitHub truncates the recursive tree (REST reads)', async () => {
    const main: Record<string, string> = { 'keep/x.txt': 'x' };
    for (let i = 0; i < 30; i++) main[`other/f${i}.txt`] = `${i}`;
    main['docs/a.md'] = 'old';
    main['docs/gone.md'] = 'gone';
    await h.start(scenarioOf({ main }), { truncateTreesAbove: 10 });
    const r = await run(
      { message: 'm', paths: 'docs', 'delete-missing': true },
      ws({ 'docs/a.md': 'new', 'docs/b.md': 'b' }),
      REST_ONLY,
    );
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/2 folder reads beyond the first/);
    // The walk reads the root and docs/, never other/ or keep/.
    expect(r.requests.filter((e) => e.method === 'GET' && e.path.includes('/git/trees/'))).toHaveLength(3);
    const files = filesOf('main');
    expect(files.has('docs/gone.md')).toBe(false);
    expect(blobText(files.get('docs/a.md')!.sha)).toBe('new');
    expect(files.size).toBe(33);
  });

  it('defaults to the head branch of a pull request event', async () => {
    await h.start(scenarioOf({ main: { 'README.md': '# app\n' }, feature: { 'f.txt': 'f\n' } }));
    const headSha = h.emu().state.branchSha(REPO, 'feature');
    const payload = {
      action: 'synchronize',
      number: 7,
      pull_request: {
        number: 7,
        head: { ref: 'feature', sha: headSha, repo: { full_name: REPO } },
        base: { ref: 'main', sha: h.emu().state.branchSha(REPO, 'main'), repo: { full_name: REPO } },
      },
    };
    const r = await run({ message: 'Format' }, ws({ 'f.txt': 'formatted\n', 'README.md': '# app\n' }), {
      event: { name: 'pull_request', payload },
    });
    expect(r.code, r.stdout).toBe(0);
    expect(h.emu().state.fileAt(REPO, 'feature', 'f.txt')).toBe('formatted\n');
    expect(h.emu().state.fileAt(REPO, 'main', 'f.txt')).toBeUndefined();
  });

  it('binary files already on the branch under another path are reused, not uploaded', async () => {
    const logo = binary(5000, 3);
    await h.start(scenarioOf({ main: { 'img/logo.png': { content: logo } } }));
    const r = await run({ message: 'Copy', paths: 'site' }, ws({ 'site/logo.png': logo }));
    expect(r.code, r.stdout).toBe(0);
    expect(r.requests.filter((e) => e.path.endsWith('/git/blobs'))).toEqual([]);
    expect(filesOf('main').get('site/logo.png')?.sha).toBe(filesOf('main').get('img/logo.png')?.sha);
  });

  it('chains a change set larger than one tree request into several, in one commit', async () => {
    await h.start(scenarioOf({ main: { 'README.md': '# app\n' } }));
    const files: Record<string, LocalSeed> = {};
    // 20 × 500 KiB of text, all inline: about 10 MiB, five tree requests of at most 2 MiB of inline text each.
    for (let i = 0; i < 20; i++)
      files[`data/part-${String(i).padStart(2, '0')}.csv`] = `${i},`.repeat(256 * 1024).slice(0, 500 * 1024);
    const r = await run({ message: 'Data', paths: 'data' }, ws(files));
    expect(r.code, r.stdout).toBe(0);
    expect(
      r.requests
        .filter((e) => e.method === 'POST' && !isGraphql(e))
        .map((e) => e.path.replace('/repos/octo/app/git/', '')),
    ).toEqual(['trees', 'trees', 'trees', 'trees', 'trees', 'commits']);
    const head = h.emu().state.branchSha(REPO, 'main')!;
    expect(h.emu().state.commit(REPO, head)!.parents).toHaveLength(1);
    expect([...filesOf('main').keys()].filter((p) => p.startsWith('data/'))).toHaveLength(20);
    expect(h.emu().state.fileAt(REPO, 'main', 'data/part-19.csv')).toBe(files['data/part-19.csv']);
  });

  it('allow-empty makes a commit when nothing differs (same tree)', async () => {
    await h.start(scenarioOf({ main: { 'a.txt': 'a\n' } }));
    const before = h.emu().state.branchSha(REPO, 'main')!;
    const r = await run({ message: 'Trigger a deploy', 'allow-empty': true }, ws({ 'a.txt': 'a\n' }));
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs).toMatchObject({
      committed: 'true',
      'files-added': '0',
      'files-updated': '0',
      'files-deleted': '0',
    });
    const head = h.emu().state.branchSha(REPO, 'main')!;
    expect(h.emu().state.commit(REPO, head)).toMatchObject({
      parents: [before],
      tree: h.emu().state.commit(REPO, before)!.tree,
    });
    expect(r.requests.filter((e) => e.method === 'POST' && !isGraphql(e)).map((e) => e.path)).toEqual([
      '/repos/octo/app/git/commits',
    ]);
  });

  it('a streamed blob upload answered 502 is sent again from disk', async () => {
    await h.start(scenarioOf({ main: { 'README.md': '# app\n' } }));
    h.emu().faults.respond({ method: 'POST', path: /\/git\/blobs$/, status: 502 });
    const bytes = binary(300_000, 5);
    const r = await run({ message: 'Blob', paths: 'bin' }, ws({ 'bin/data.bin': bytes }));
    expect(r.code, r.stdout).toBe(0);
    expect(r.requests.filter((e) => e.path.endsWith('/git/blobs')).map((e) => e.status)).toEqual([502, 201]);
    expect(h.emu().state.repo(REPO)!.objects.blob(filesOf('main').get('bin/data.bin')!.sha)!.equals(bytes)).toBe(true);
  });

  it('a connection reset in the middle of a blob upload is retried', async () => {
    await h.start(scenarioOf({ main: { 'README.md': '# app\n' } }));
    h.emu().faults.reset({ method: 'POST', path: /\/git\/blobs$/, when: { afterBytes: 100_000 } });
    const bytes = binary(2_000_000, 6);
    const r = await run({ message: 'Blob', paths: 'bin' }, ws({ 'bin/data.bin': bytes }));
    expect(r.code, r.stdout).toBe(0);
    expect(h.emu().faults.pending).toBe(0);
    expect(h.emu().state.repo(REPO)!.objects.blob(filesOf('main').get('bin/data.bin')!.sha)!.equals(bytes)).toBe(true);
  });
});

// Concurrent runs on one tag, immutable releases, generated notes, dry-run, budget, unmatched files, tag defaults.
import { describe, expect, it } from 'vitest';
import { createEmulator, RequestLog } from '../../../emulator';
import { releaseScenario, REPO, sha256 } from '../../../emulator/scenarios/release';
import { NO_PRIMARY_LIMIT, NO_PRIMARY_LIMIT_SAID } from '../emulator-mode';
import { releaseHarness } from './harness';

const h = releaseHarness();
const { ws, run, releases } = h;
const writes = (r: { requests: { contentCreating: boolean }[] }) => r.requests.filter((e) => e.contentCreating).length;

describe('release: concurrent runs', () => {
  it("two matrix jobs releasing one tag at once end with one published release holding both jobs' assets", async () => {
    // Creates are answered after 1.5 s: both list reads find nothing before either draft exists, so both runs create
    // one (whatever the skew between the two processes' start-up).
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    h.emu.faults.latency(1500, { method: 'POST', host: 'api', path: /\/releases$/ });
    const [linux, mac] = await Promise.all([
      run({ files: 'dist/*' }, ws({ 'dist/app-linux.tar.gz': 'linux build' })),
      run({ files: 'dist/*' }, ws({ 'dist/app-mac.tar.gz': 'mac build' })),
    ]);
    expect(linux.code, linux.stdout).toBe(0);
    expect(mac.code, mac.stdout).toBe(0);
    expect(releases()).toHaveLength(1);
    const rel = releases()[0];
    expect(rel.draft).toBe(false);
    expect(rel.assets.map((a) => a.name).sort()).toEqual(['app-linux.tar.gz', 'app-mac.tar.gz']);
    expect([linux.outputs.created, mac.outputs.created].sort()).toEqual(['false', 'true']);
    expect(linux.outputs.id).toBe(mac.outputs.id);
    const loser = linux.outputs.created === 'false' ? linux : mac;
    expect(loser.stdout).toMatch(
      /Another run created release \d+ for v1\.0\.0 first; continuing with it and deleting own draft \d+/,
    );
    // (Each run's `requests` are the log entries of its time window, which overlap here: the whole log is used.)
    expect(
      h.emu.log.entries.filter((e) => e.method === 'DELETE' && /\/releases\/\d+$/.test(e.path)).map((e) => e.status),
    ).toEqual([204]);
  });
});

describe('release: immutable releases', () => {
  it('a new release is drafted, filled, then published once: it ends immutable with every asset', async () => {
    h.emu = await createEmulator(releaseScenario({ immutableReleases: true }), { timeScale: 0.01 });
    const r = await run({ files: '*.zip' }, ws({ 'a.zip': 'A', 'b.zip': 'B' }));
    expect(r.code, r.stdout).toBe(0);
    expect(releases()[0]).toMatchObject({ draft: false, immutable: true });
    expect(
      releases()[0]
        .assets.map((a) => a.name)
        .sort(),
    ).toEqual(['a.zip', 'b.zip']);
  });

  it('changing the assets of a published immutable release fails before any upload; an identical re-run passes', async () => {
    h.emu = await createEmulator(
      releaseScenario({
        immutableReleases: true,
        releases: [{ tag: 'v1.0.0', assets: [{ name: 'a.zip', content: 'A' }] }],
      }),
      { timeScale: 0.01 },
    );
    const changed = await run({ files: '*.zip' }, ws({ 'a.zip': 'A2', 'b.zip': 'B' }));
    expect(changed.code).toBe(1);
    expect(writes(changed)).toBe(0);
    expect(changed.stdout).toMatch(/v1\.0\.0 is published and immutable.*replace "a\.zip", upload "b\.zip"/);
    const same = await run({ files: 'a.zip' }, ws({ 'a.zip': 'A' }));
    expect(same.code, same.stdout).toBe(0);
    expect(writes(same)).toBe(0);
  });
});

describe('release: notes', () => {
  it('generate-release-notes on a new release: the body comes first, then the merged pull requests', async () => {
    h.emu = await createEmulator(
      releaseScenario({
        releases: [{ tag: 'v0.9.0', createdAt: '2024-01-01T00:00:00Z' }],
        issues: [
          {
            title: 'Faster start',
            user: 'alice',
            pull: { head: 'fast', merged: true, mergedAt: '2024-02-01T00:00:00Z', files: [{ filename: 'a.ts' }] },
          },
        ],
      }),
      { timeScale: 0.01 },
    );
    const r = await run({ 'generate-release-notes': true, body: 'Highlights first.' }, ws({}));
    expect(r.code, r.stdout).toBe(0);
    const rel = releases().find((x) => x.tag === 'v1.0.0')!;
    expect(rel.body).toMatch(
      /^Highlights first\.[\s\S]*Faster start by @alice[\s\S]*Full Changelog\*\*: .*compare\/v0\.9\.0\.\.\.v1\.0\.0/,
    );
  });

  it('generate-release-notes on an existing draft asks GitHub for the notes and sets them in the final update', async () => {
    h.emu = await createEmulator(releaseScenario({ releases: [{ tag: 'v1.0.0', draft: true, body: 'draft text' }] }), {
      timeScale: 0.01,
    });
    const r = await run({ 'generate-release-notes': true, body: 'Intro' }, ws({}));
    expect(r.code, r.stdout).toBe(0);
    expect(r.requests.filter((e) => e.path.endsWith('/releases/generate-notes'))).toHaveLength(1);
    const rel = releases().find((x) => x.tag === 'v1.0.0' && !x.draft)!;
    expect(rel.body).toMatch(/^Intro\n\n\*\*Full Changelog\*\*/);
    expect(releases().filter((x) => x.tag === 'v1.0.0')).toHaveLength(1);
  });
});

describe('release: plan checks', () => {
  it('dry-run reads, prints the plan, and writes nothing (a draft is found through the list)', async () => {
    h.emu = await createEmulator(
      releaseScenario({ releases: [{ tag: 'v1.0.0', draft: true, assets: [{ name: 'a.zip', content: 'old' }] }] }),
      { timeScale: 0.01 },
    );
    const r = await run({ files: '*.zip', 'dry-run': true }, ws({ 'a.zip': 'new', 'b.zip': 'B' }));
    expect(r.code, r.stdout).toBe(0);
    expect(writes(r)).toBe(0);
    expect(r.stdout).toMatch(/Found release \d+ for v1\.0\.0 \(draft, via list\)/);
    expect(r.stdout).toMatch(/delete\s+asset\s+a\.zip/);
    expect(r.stdout).toMatch(/upload\s+asset\s+b\.zip/);
    expect(r.stdout).toMatch(/update\s+release\s+v1\.0\.0\s+draft: false/);
    expect(r.summary).toContain('(dry run)');
    expect(releases()[0].assets.map((a) => a.digest)).toEqual([`sha256:${sha256('old')}`]);
  });

  it('a budget too small for the plan is refused before any write (no primary limit: every plan fits)', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01, limits: { workflow: 20 } });
    const r = await run(
      { files: '*.bin', 'budget-reserve': 15 },
      ws(Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}.bin`, `${i}`]))),
    );
    if (NO_PRIMARY_LIMIT) {
      // No primary limit: every plan fits, whatever the reserve; the plan says so and is applied.
      expect(r.code, r.stdout).toBe(0);
      expect(r.stdout).toMatch(NO_PRIMARY_LIMIT_SAID);
      expect(releases().map((x) => x.assets.length)).toEqual([6]);
      return;
    }
    expect(r.code).toBe(1);
    expect(writes(r)).toBe(0);
    expect(releases()).toHaveLength(0);
    expect(r.stdout).toMatch(
      // The list was read through GraphQL (its own budget), then REST's first page for hidden drafts: 19 REST
      // requests remain. GraphQL's budget then leaves less than its reserve, so the plan prices the list read
      // after the create as a REST request.
      /Budget too small for the release plan for v1\.0\.0: it needs 9 requests, 19 remain and 15 are kept in reserve/,
    );
  });

  it('unmatched patterns only warn by default (as both peers), or fail before any request with fail-on-unmatched-files: true', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const strict = await run(
      { files: ['a.zip', 'missing/*.tar.gz'], 'fail-on-unmatched-files': true },
      ws({ 'a.zip': 'A' }),
    );
    expect(strict.code).toBe(1);
    expect(strict.requests).toEqual([]);
    expect(strict.stdout).toMatch(/Pattern "missing\/\*\.tar\.gz" of `files` matches no file/);
    const lenient = await run({ files: ['a.zip', 'missing/*.tar.gz'] }, ws({ 'a.zip': 'A' }));
    expect(lenient.code, lenient.stdout).toBe(0);
    expect(lenient.annotations).toContainEqual(
      expect.objectContaining({ level: 'warning', message: 'Pattern "missing/*.tar.gz" of `files` matches no file.' }),
    );
    expect(releases()[0].assets.map((a) => a.name)).toEqual(['a.zip']);
  });
});

describe('release: tag and target defaults', () => {
  it("under workflow_run, releases the triggering run's tag at its head_sha", async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const repo = h.emu.state.repo(REPO)!;
    const sha = repo.branch('main')!;
    repo.refs.set('refs/tags/v7.0.0', sha);
    const payload = {
      workflow_run: {
        id: 9,
        name: 'build',
        conclusion: 'success',
        event: 'push',
        head_branch: 'v7.0.0',
        head_sha: sha,
        pull_requests: [],
      },
    };
    const r = await run({ draft: true }, ws({}), { ref: 'refs/heads/main', event: { name: 'workflow_run', payload } });
    expect(r.code, r.stdout).toBe(0);
    expect(releases()[0]).toMatchObject({ tag: 'v7.0.0', target: sha, draft: true });
    expect(r.outputs.tag).toBe('v7.0.0');
  });

  it('without a tag in the event or the inputs, the run fails naming the input, before any write', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const r = await run({}, ws({}), { ref: 'refs/heads/main' });
    expect(r.code).toBe(1);
    expect(writes(r)).toBe(0);
    expect(r.stdout).toMatch(
      /Input "tag" is required: the run was not started by a tag \(GITHUB_REF is "refs\/heads\/main"\)/,
    );
  });

  it('a token without contents: write gets the permission named', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const r = await run({ files: 'a.zip' }, ws({ 'a.zip': 'A' }), { token: 'ghs_release_readonly' });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/permissions: contents: write/);
    expect(RequestLog.summarize(r.requests).writes).toBeLessThanOrEqual(1);
  });
});

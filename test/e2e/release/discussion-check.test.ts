// After publishing with `discussion-category`, the run checks GitHub's answer for the discussion it asked for
// (`discussion_url`, GitHub's OpenAPI "release"; the emulator sets it when publishing opens one, serialize.ts):
// opened → nothing said; none opened → a warning annotation and a warning in the job summary (the run still
// succeeds: the release is published, and a discussion can be opened by hand).
import { describe, expect, it } from 'vitest';
import { createEmulator, type EmulatorOptions } from '../../../emulator';
import type { RunResult } from '../../../harness/run-bundle';
import { releaseScenario } from '../../../emulator/scenarios/release';
import { releaseHarness } from './harness';

const h = releaseHarness();
const { ws, run, releases } = h;
const warnings = (r: RunResult) =>
  r.annotations
    .filter((a) => a.level === 'warning')
    .map((a) => a.message)
    .join('\n');

async function publish(options: EmulatorOptions, prepare: () => void = () => {}) {
  h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01, ...options });
  prepare();
  const r = await run({ 'discussion-category': 'Announcements' }, ws({}));
  expect(r.code, r.stdout).toBe(0);
  expect(releases()).toHaveLength(1);
  expect(releases()[0].draft).toBe(false);
  return r;
}

describe('release: the discussion asked for is checked after publishing', () => {
  it('github.com: a discussion opened, nothing said', async () => {
    const r = await publish({ ghes: false });
    expect(releases()[0].discussion).toEqual(expect.any(Number));
    expect(warnings(r)).not.toMatch(/discussion/);
    expect(r.summary).not.toMatch(/opened no discussion/);
  });

  it('a server that ignores discussion_category_name and whose version the run cannot tell: warned, in the summary too', async () => {
    // GHES 3.19 ignores the parameter (emulator/ghes.ts); its version header made unreadable on every answer (the
    // client takes the version from any answer), the plan cannot know and sends it: the publish answers a release
    // without `discussion_url`.
    const r = await publish({ ghes: { version: '3.19.2' } }, () =>
      h.emu!.faults.addHeaders({
        path: /./,
        headers: { 'x-github-enterprise-version': 'unknown' },
        times: Infinity,
      }),
    );
    expect(r.stdout).toMatch(/discussion_category_name: "Announcements"/);
    expect(releases()[0].discussion).toBeUndefined();
    expect(warnings(r)).toMatch(
      /Release v1\.0\.0 was published, but GitHub opened no discussion in "Announcements" \(its answer has no discussion_url\)/,
    );
    expect(r.summary).toMatch(/> \[!WARNING\]\n> Release v1\.0\.0 was published, but GitHub opened no discussion/);
  });
});

// A publish that asked for a discussion (`discussion_category_name` sent) and got none (no `discussion_url` in
// GitHub's answer) is told as a warning and in the summary (src/actions/release/report.ts, missingDiscussion); a discussion
// opened, none asked, a draft left, or a dry run say nothing.
import { describe, expect, it } from 'vitest';
import { planRelease } from '../../../../src/actions/release/plan';
import { missingDiscussion, reportRelease, type ReleaseOutcome } from '../../../../src/actions/release/report';
import { sha256Text } from '../../../../src/actions/release/domain/digest';
import { desiredRelease, remoteRelease } from './plan-fixtures';

const options = { existingAssets: 'replace' as const, sha256Text };
const asked = planRelease(desiredRelease({ discussionCategory: 'Announcements' }), [], undefined, options);
const notAsked = planRelease(desiredRelease(), [], undefined, options);
const url = 'https://github.com/octo/app/discussions/7';

const outcome = (o: Partial<ReleaseOutcome>): ReleaseOutcome => ({
  tag: 'v1.0.0',
  repository: 'octo/app',
  plan: asked,
  release: remoteRelease({ draft: false }),
  created: true,
  assets: [],
  dryRun: false,
  ...o,
});

describe('a discussion asked for and not opened', () => {
  it.each([
    { what: 'asked, published, no discussion_url', o: {}, warns: true },
    {
      what: 'asked, published, a discussion opened',
      o: { release: remoteRelease({ draft: false, discussion_url: url }) },
      warns: false,
    },
    { what: 'not asked', o: { plan: notAsked }, warns: false },
    { what: 'asked, left a draft', o: { release: remoteRelease({ draft: true }) }, warns: false },
    { what: 'a dry run', o: { dryRun: true }, warns: false },
  ])('$what: warns $warns', ({ o, warns }) => {
    expect(asked.update?.discussion_category_name).toBe('Announcements');
    const report = reportRelease(outcome(o));
    const text = missingDiscussion(outcome(o));
    expect(text !== undefined).toBe(warns);
    expect(report.log.filter((l) => l.level === 'warning').map((l) => l.text)).toEqual(warns ? [text] : []);
    expect(report.summary.some((s) => s.startsWith('> [!WARNING]'))).toBe(warns);
    if (warns) {
      expect(text).toMatch(/^Release v1\.0\.0 was published, but GitHub opened no discussion in "Announcements"/);
      expect(report.summary.join('\n')).toContain('GitHub opened no discussion in');
    }
  });
});

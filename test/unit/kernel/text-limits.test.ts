// Bodies GitHub would refuse for their length are shortened before they are sent (src/kernel/text-limits.ts).
import { describe, expect, it } from 'vitest';
import { fitBody, PULL_BODY_MAX, RELEASE_BODY_MAX } from '../../../src/kernel/text-limits';

const chars = (s: string) => [...s].length;

describe('fitBody', () => {
  it('leaves a body that fits alone, to the character', () => {
    const exact = 'a'.repeat(RELEASE_BODY_MAX);
    expect(fitBody(exact, RELEASE_BODY_MAX)).toEqual({ text: exact, shortened: false });
    // 65,536 emoji are 131,072 UTF-16 units but 65,536 characters: they fit.
    const emoji = '🙂'.repeat(PULL_BODY_MAX);
    expect(fitBody(emoji, PULL_BODY_MAX).shortened).toBe(false);
  });

  it("shortens generated notes at a line end, with a note and the link to GitHub's full comparison", () => {
    const lines = Array.from(
      { length: 4000 },
      (_, i) => `* Change number ${i} by @someone in https://github.com/o/r/pull/${i}`,
    );
    const notes = `## What's Changed\n${lines.join('\n')}\n\n**Full Changelog**: https://github.com/o/r/commits/v1.0.0`;
    expect(chars(notes)).toBeGreaterThan(RELEASE_BODY_MAX);
    const fit = fitBody(notes, RELEASE_BODY_MAX);
    expect(fit.shortened).toBe(true);
    expect(chars(fit.text)).toBeLessThanOrEqual(RELEASE_BODY_MAX);
    expect(fit.text).toMatch(
      /\n\* Change number \d+ by @someone in https:\/\/github\.com\/o\/r\/pull\/\d+\n\n\*\[Shortened to fit GitHub's limit of 125000 characters; the full list of changes: https:\/\/github\.com\/o\/r\/commits\/v1\.0\.0\]\*$/,
    );
  });

  it('counts characters, never cutting a character in two; no link when the text has none', () => {
    const fit = fitBody('🙂'.repeat(PULL_BODY_MAX + 10), PULL_BODY_MAX);
    expect(chars(fit.text)).toBeLessThanOrEqual(PULL_BODY_MAX);
    expect(fit.text).not.toMatch(/\uFFFD/);
    expect(fit.text.endsWith("*[Shortened to fit GitHub's limit of 65536 characters]*")).toBe(true);
  });

  it('a link that is not a plain https URL is not repeated', () => {
    const text = `${'x'.repeat(200)}\n**Full Changelog**: javascript:alert(1)`;
    expect(fitBody(text, 100).text).not.toMatch(/javascript/);
  });
});

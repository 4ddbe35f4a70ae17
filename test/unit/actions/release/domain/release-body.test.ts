import { describe, expect, it } from 'vitest';
import { composeBody } from '../../../../../src/actions/release/domain/release-body';

describe('composeBody', () => {
  it('keeps the existing notes when nothing is given', () => {
    expect(composeBody('old', {})).toBe('old');
    expect(composeBody(undefined, {})).toBeUndefined();
  });

  it('puts body before the generated notes', () => {
    expect(composeBody('old', { body: 'Intro', notes: '## Changes' })).toBe('Intro\n\n## Changes');
    expect(composeBody(undefined, { notes: '## Changes' })).toBe('## Changes');
    expect(composeBody('old', { body: '' })).toBe('');
  });

  it('adds prepend and append once: a second pass changes nothing', () => {
    const once = composeBody('Notes', { prepend: 'Top', append: 'Bottom' });
    expect(once).toBe('Top\n\nNotes\n\nBottom');
    expect(composeBody(once, { prepend: 'Top', append: 'Bottom' })).toBe(once);
    expect(composeBody('', { append: 'Only' })).toBe('Only');
    expect(composeBody(undefined, { body: 'B', prepend: 'P' })).toBe('P\n\nB');
  });
});

describe("composeBody within GitHub's limit", () => {
  it('shortens a body over 125,000 characters (softprops/action-gh-release#374) with a note', () => {
    const body = composeBody(undefined, { body: 'Intro', notes: `${'* change\n'.repeat(20_000)}` })!;
    expect([...body].length).toBeLessThanOrEqual(125_000);
    expect(body.startsWith('Intro\n\n* change')).toBe(true);
    expect(body).toMatch(/Shortened to fit GitHub's limit of 125000 characters\]\*$/);
  });
});

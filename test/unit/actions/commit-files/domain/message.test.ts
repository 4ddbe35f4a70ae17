import { describe, expect, it } from 'vitest';
import { CO_AUTHOR, commitMessage } from '../../../../../src/actions/commit-files/domain/message';

describe('commitMessage', () => {
  it('is the message alone without co-authors (trailing space trimmed)', () => {
    expect(commitMessage('Update docs\n\n', [])).toBe('Update docs');
  });

  it('adds a trailer block after a blank line', () => {
    expect(commitMessage('Update docs', ['Jane Doe <jane@example.com>', 'Bot <bot@users.noreply.github.com>'])).toBe(
      'Update docs\n\nCo-authored-by: Jane Doe <jane@example.com>\nCo-authored-by: Bot <bot@users.noreply.github.com>',
    );
  });

  it('joins an existing trailer block and skips trailers already present', () => {
    const message = 'Fix\n\nBody text.\n\nSigned-off-by: A <a@x.io>\nCo-authored-by: Jane Doe <jane@example.com>';
    expect(commitMessage(message, ['jane doe <JANE@example.com>', 'Bob <b@x.io>'])).toBe(
      `${message}\nCo-authored-by: Bob <b@x.io>`,
    );
  });

  it('validates the co-author form', () => {
    expect(CO_AUTHOR.test('Jane Doe <jane@example.com>')).toBe(true);
    expect(CO_AUTHOR.test('jane@example.com')).toBe(false);
    expect(CO_AUTHOR.test('Jane <not-an-email>')).toBe(false);
  });
});

// Markdown in the job summary: names from issues and label files are shown as written, never as formatting; the
// API usage is a table with a header row.
import { describe, expect, it } from 'vitest';
import type { TelemetrySnapshot } from '../../../../src/github/client/types';
import { apiUsageMarkdown } from '../../../../src/hosts/actions-runner/summary';
import { escapeMarkdownCell, escapeMarkdownText, markdownTable } from '../../../../src/kernel/table';

describe('escapeMarkdownText and escapeMarkdownCell', () => {
  it.each([
    { what: 'emphasis', input: '*emph* _under_', text: '\\*emph\\* \\_under\\_' },
    { what: 'code and strike-through', input: '`x` ~~y~~', text: '\\`x\\` \\~\\~y\\~\\~' },
    { what: 'a link', input: '[click](https://evil.example)', text: '\\[click\\](https://evil.example)' },
    { what: 'HTML', input: '<img src=x onerror=alert(1)> & co', text: '&lt;img src=x onerror=alert(1)&gt; &amp; co' },
    { what: 'a pipe and a backslash', input: 'a | b \\ c', text: 'a \\| b \\\\ c' },
    { what: 'plain text', input: 'good first issue', text: 'good first issue' },
  ])('$what', ({ input, text }) => {
    expect(escapeMarkdownText(input)).toBe(text);
    expect(escapeMarkdownCell(input)).toBe(text);
  });

  it('keeps line breaks in a cell as <br> and turns them into spaces in text', () => {
    expect(escapeMarkdownCell('one\ntwo')).toBe('one<br>two');
    expect(escapeMarkdownText('one\r\ntwo')).toBe('one two');
  });

  it('escapes every cell of a table, the header too', () => {
    expect(markdownTable(['name', 'x|y'], [['*bold*', 1]])).toBe('| name | x\\|y |\n| --- | --- |\n| \\*bold\\* | 1 |');
  });
});

describe('apiUsageMarkdown', () => {
  const spent: TelemetrySnapshot = {
    requests: 5,
    notModified: 1,
    writes: 1,
    retries: 0,
    waitedMs: 1500,
    budgetBefore: { known: true, limit: 1000, remaining: 990, used: 10, reset: 1_900_000_000, resource: 'core' },
    budgetAfter: { known: true, limit: 1000, remaining: 986, used: 14, reset: 1_900_000_000, resource: 'core' },
    byStatus: { '200': 4, '304': 1 },
  };

  it('is a heading and a table with a header row, REST and GraphQL side by side, plurals right', () => {
    const markdown = apiUsageMarkdown(spent);
    expect(markdown.split('\n').slice(0, 4)).toEqual([
      '### API usage',
      '',
      '| measure | REST | GraphQL |',
      '| --- | --- | --- |',
    ]);
    expect(markdown).toContain('| Requests sent | 5 | 0 |');
    expect(markdown).toContain('| Counted against the limit | 4 requests | 0 points |');
    expect(markdown).toContain('| Time waited (REST and GraphQL together) | 1.5 s | counted with REST |');
    expect(markdown).toContain('| Budget before | 990 of 1000 | – |');
    expect(markdown).toContain('| By status | 200: 4 requests, 304: 1 request | – |');
  });

  it('fills the GraphQL column from the GraphQL counts and budget', () => {
    const markdown = apiUsageMarkdown({
      ...spent,
      graphqlRequests: 3,
      graphqlWrites: 1,
      graphqlRetries: 1,
      graphqlPoints: 7,
      graphqlByStatus: { '200': 2, '502': 1 },
      graphqlBudgetBefore: {
        known: true,
        limit: 1000,
        remaining: 995,
        used: 5,
        reset: 1_900_000_000,
        resource: 'graphql',
      },
      graphqlBudgetAfter: {
        known: true,
        limit: 1000,
        remaining: 988,
        used: 12,
        reset: 1_900_000_000,
        resource: 'graphql',
      },
    });
    expect(markdown).toContain('| Requests sent | 5 | 3 |');
    expect(markdown).toContain('| Counted against the limit | 4 requests | 7 points |');
    expect(markdown).toContain('| Content-creating (writes) | 1 | 1 |');
    expect(markdown).toContain('| Retries | 0 | 1 |');
    expect(markdown).toContain('| Budget before | 990 of 1000 | 995 of 1000 |');
    expect(markdown).toContain(
      '| Budget after | 986 of 1000 (resets 2030-03-17T17:46:40.000Z) | 988 of 1000 (resets 2030-03-17T17:46:40.000Z) |',
    );
    expect(markdown).toContain('| By status | 200: 4 requests, 304: 1 request | 200: 2 requests, 502: 1 request |');
  });

  it('leaves out the budget rows while the budget is unknown', () => {
    const unknown = { known: false, limit: 0, remaining: 0, used: 0, reset: 0, resource: 'core' };
    const markdown = apiUsageMarkdown({ ...spent, budgetBefore: unknown, budgetAfter: unknown });
    expect(markdown).not.toContain('Budget');
  });
});

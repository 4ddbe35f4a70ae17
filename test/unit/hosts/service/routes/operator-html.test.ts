// The operator page's escaping and command lines (`src/hosts/service/routes/operator-html.ts`): stored text never opens a
// tag or ends an attribute, control and bidirectional characters are not shown as such, a value in a printed command
// is one shell word whatever it holds, and the CSP names the inline style sheet the page carries by its hash.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  OPERATOR_PAGE_CSP,
  age,
  escapeHtml,
  operatorHtml,
  shellWord,
} from '../../../../../src/hosts/service/routes/operator-html';
import { GITHUB_WRITE_LIMITS, laneLimits } from '../../../../../src/hosts/service/store/write-history';

describe('escapeHtml', () => {
  it('leaves no markup and no hidden characters', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe(
      '&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;',
    );
    expect(escapeHtml('a\u202eb\u0000c\u001bd\ne')).toBe('a\ufffdb\ufffdc\ufffdd\ne');
  });
});

describe('shellWord', () => {
  it('is the value itself when plainly safe, else one single-quoted word that a shell reads back exactly', () => {
    expect(shellWord('abc-123:x')).toBe('abc-123:x');
    for (const hostile of [`$(touch /tmp/x)`, `a'b`, 'a b; rm -rf ~', '`id`', `'"'"'`, '*']) {
      const word = shellWord(hostile);
      expect(execFileSync('sh', ['-c', `printf %s ${word}`], { encoding: 'utf8' })).toBe(hostile);
    }
  });
});

describe('operatorHtml', () => {
  const lanes = {
    webhook: laneLimits(GITHUB_WRITE_LIMITS, 'webhook'),
    sweep: laneLimits(GITHUB_WRITE_LIMITS, 'sweep'),
  };

  it('says so when the database did not answer, and its CSP hash is the inline style sheet', () => {
    const html = operatorHtml({ now: 0, budgets: new Map(), lanes, openCounted: 10 });
    expect(html).toContain('The database did not answer');
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1];
    const hash = createHash('sha256').update(style).digest('base64');
    expect(OPERATOR_PAGE_CSP).toContain(`style-src 'sha256-${hash}'`);
    expect(OPERATOR_PAGE_CSP).toContain("default-src 'none'");
  });

  it('writes every stored string escaped', () => {
    const hostile = '<script>x()</script>';
    const html = operatorHtml({
      now: 10_000,
      stats: { queued: 1, running: 0, failed: 1, done: 0, oldestAgeMs: 5_000 },
      snapshot: {
        oldest: [],
        failures: [
          {
            id: 'abc',
            event: hostile,
            repository: hostile,
            installation: 5,
            state: 'failed',
            attempts: 5,
            receivedAt: 0,
            lastError: hostile,
            sweep: false,
          },
        ],
        installations: [{ scope: '5', openWebhooks: 0, openSweeps: 0, writesLastMinute: 2, writesLastHour: 9 }],
        openCapped: true,
        pauses: [{ scope: 'repository:octo/x', pausedAt: 0, reason: hostile }],
      },
      budgets: new Map([['5', 4321]]),
      lanes,
      openCounted: 10,
    });
    expect(html).not.toContain('<script>');
    expect(html.split('&lt;script&gt;x()&lt;/script&gt;').length - 1).toBe(4);
    expect(html).toContain('<code>repo-actions deliveries retry abc</code>');
    expect(html).toContain('<code>repo-actions deliveries resume --repository octo/x</code>');
    expect(html).toContain('2 / 80 (sweeps 60)');
    expect(html).toContain('4321');
    expect(html).toContain('More than 10 deliveries are open');
  });

  it('gives ages in a readable unit', () => {
    expect([age(5_000), age(600_000), age(3 * 3_600_000), age(3 * 86_400_000)]).toEqual([
      '5 s',
      '10 min',
      '3.0 h',
      '3.0 d',
    ]);
  });
});

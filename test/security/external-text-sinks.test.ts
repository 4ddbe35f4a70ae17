// One hostile corpus (mentions, links, images, HTML, our marker, backtick runs, table pipes, line breaks, workflow
// commands, ANSI escapes, bidirectional overrides and marks, C1 controls, zero-width and other invisible characters,
// tag characters spelling a hidden message, variation selectors carrying bytes, our marker split by invisibles) through
// the sinks GitHub renders as Markdown: the "not done" reply the bot posts (quoting a malformed /assign or /label),
// triage's job summary (a workflow run's name, chosen by a fork's run), commit-files' job summary (the branch name,
// from `github.head_ref`). Rendered with markdown-it (HTML on, bare links on): a stranger's text never becomes a
// tag, a link, an image, a marker, or (in a comment) a mention outside a code span, and no bidirectional or control
// character of it is left raw (they show as `\u{NNNN}` / `\xNN`). The service's JSON log writes each as one line
// of printable text that parses back to it. The step outputs: external-text-outputs.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { describeBase } from '../../src/actions/commit-files/domain/change-base';
import { codeSpan, markdownText } from '../../src/kernel/external-text';
import { runTriageInService } from '../../src/hosts/service/triage-host';
import { countOperations } from '../../src/actions/triage/operations';
import { summaryMarkdown } from '../../src/actions/triage/report';
import { jsonLogger } from '../../src/hosts/service/json-log';
import { ROOT } from '../../harness/run-bundle';
import { fakeClient, fakeReader, silentLog } from '../unit/actions/triage/fakes';
import { config, makeItem } from '../unit/actions/triage/items';

const CORPUS: string[] = JSON.parse(readFileSync(join(ROOT, 'test/security/fixtures/hostile-strings.json'), 'utf8'));
const md = new MarkdownIt({ html: true, linkify: true });

/** The rendered HTML with every `<code>…</code>` element taken out: what GitHub would turn into mentions and links. */
const outsideCode = (html: string) => html.replace(/<code>[\s\S]*?<\/code>/g, '');

/** Characters that reorder how a line reads (bidirectional controls and marks) or that a terminal acts on. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const REORDERING = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Characters that render as nothing: they hide text or split a word (the corpus has none a text needs). */
/* eslint-disable no-misleading-character-class -- each character is listed alone on purpose */
const INVISIBLE =
  /[\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200d\u2060-\u2064\u3164\ufe00-\ufe0f\ufeff\uffa0\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]/u;
/* eslint-enable no-misleading-character-class */

function expectInert(html: string) {
  // Inside a code span too: a stranger's text cannot reorder how a reply or a summary reads, or hide in it.
  expect(REORDERING.test(html), JSON.stringify(html)).toBe(false);
  expect(INVISIBLE.test(html), JSON.stringify(html)).toBe(false);
  const rest = outsideCode(html);
  expect(rest).not.toMatch(/<(a|img|script)\b/i);
  expect(rest).not.toMatch(/<!--/);
  // Only the tags markdown-it writes for our own structure (paragraphs, lists, headings, line breaks).
  for (const tag of rest.match(/<\/?[a-z0-9]+/gi) ?? []) expect(tag).toMatch(/^<\/?(p|ul|li|h2|h3|br|code)$/);
}

describe('a code span quoting a stranger (replies and comments)', () => {
  it.each(CORPUS)('%j', (hostile) => {
    const span = codeSpan(hostile);
    expect(span).not.toMatch(/[<>\r\n]/);
    const html = md.renderInline(`see ${span} here`);
    expect(html.match(/<code>/g)).toHaveLength(1);
    expectInert(html);
    expect(outsideCode(html)).toBe('see  here');
  });
});

describe('the "not done" reply to a malformed command', () => {
  const CONFIG = config('commands: { permission: write }');
  const reply = async (body: string) => {
    const repo = {
      items: [makeItem({ number: 1 })],
      permissions: { mona: 'write' as const },
      labels: ['bug'],
      comment: { 9: { id: 9, body, user: 'mona', isBot: false, number: 1 } },
    };
    const result = await runTriageInService({
      client: fakeClient(),
      repo: { owner: 'o', repo: 'r' },
      config: CONFIG,
      event: {
        name: 'issue_comment',
        payload: { action: 'created', issue: { number: 1 }, comment: { id: 9, body, user: { login: 'mona' } } },
      },
      log: silentLog,
      reader: fakeReader(repo),
      execute: async () => {},
    });
    const op = result.plan.find((o) => o.payload.type === 'comment');
    return (op?.payload as { body: string } | undefined)?.body;
  };

  it.each(CORPUS.filter((h) => !/[\r\n]/.test(h)))('%j', async (hostile) => {
    for (const command of [`/assign ${hostile.replace(/[ ,]/g, '')}`, `/label "${hostile}"`]) {
      const body = await reply(command);
      if (body === undefined) continue; // a valid command: nothing quoted
      const html = md.render(body);
      expectInert(html.replace(/<!-- repo-actions:triage reply=9 -->\n?$/, ''));
      expect(body.split('<!--')).toHaveLength(2); // our marker, and no other
      // The only mention is of the commenter, at the start.
      expect(outsideCode(html).match(/@[\w-]+/g)).toEqual(['@mona']);
    }
  });
});

describe('job summaries', () => {
  it.each(CORPUS)('triage: a workflow run named %j', (hostile) => {
    const markdown = summaryMarkdown(
      {
        mode: { kind: 'workflow', run: { id: 1, name: hostile, conclusion: 'success' }, pullRequests: [] },
        processed: 0,
        plan: [],
        remaining: 0,
        notes: [`Workflow run ${hostile} has no pull request`],
        counts: countOperations([]),
      },
      false,
    );
    expectInert(new MarkdownIt({ html: true }).render(markdown));
  });

  it.each(CORPUS)('commit-files: the base line naming branch %j', (hostile) => {
    const line = describeBase(
      { mode: 'overwrite', reason: 'no checkout', requests: 0 } as never,
      hostile,
      'a'.repeat(40),
    );
    expectInert(new MarkdownIt({ html: true }).render(markdownText(line)));
    expectInert(new MarkdownIt({ html: true }).render(`Committed to ${codeSpan(hostile)}.`));
  });
});

describe("the service's JSON log", () => {
  /** Every character a terminal or a line-splitting log reader acts on, raw. */
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  const RAW_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udfff]/u;

  it.each(CORPUS)('%j: one printable line that parses back to the text', (hostile) => {
    const lines: string[] = [];
    const log = jsonLogger({ secrets: [], verbose: true, write: (_level, line) => lines.push(line) });
    log.child({ repository: hostile }).warning(`Label ${hostile} does not exist`);
    expect(lines).toHaveLength(1);
    const text = lines[0].slice(0, -1);
    expect(RAW_UNSAFE.test(text), JSON.stringify(text)).toBe(false);
    expect(text.split(/\r\n|\r|\n|\u0085|\u2028|\u2029/)).toHaveLength(1);
    expect(JSON.parse(text)).toMatchObject({ message: `Label ${hostile} does not exist`, repository: hostile });
  });
});

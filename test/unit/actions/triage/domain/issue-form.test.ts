import { describe, expect, it } from 'vitest';
import { formAnswer, parseIssueForm } from '../../../../../src/actions/triage/domain/issue-form';

const BODY = [
  '### Component',
  '',
  'API',
  '',
  '### Version',
  '',
  '_No response_',
  '',
  '### What happened?',
  '',
  'It crashed.',
  '```',
  '### Not a heading (in a fence)',
  '```',
  '',
  '### Checks',
  '',
  '- [X] I searched the issues',
  '- [ ] I read the docs',
  '- [x] I can reproduce',
].join('\r\n');

describe('parseIssueForm', () => {
  const answers = parseIssueForm(BODY);
  it.each([
    ['Component', 'API', []],
    ['component', 'API', []],
    ['Version', '', []],
    ['What happened?', 'It crashed.\n```\n### Not a heading (in a fence)\n```', []],
    [
      'Checks',
      '- [X] I searched the issues\n- [ ] I read the docs\n- [x] I can reproduce',
      ['I searched the issues', 'I can reproduce'],
    ],
  ])('%s', (heading, text, checked) => {
    expect(formAnswer(answers, heading)).toEqual({ text, checked });
  });

  it('has no answer for a missing heading or an empty body', () => {
    expect(formAnswer(answers, 'Not a heading (in a fence)')).toBeUndefined();
    expect(parseIssueForm(null).size).toBe(0);
    expect(parseIssueForm('just text\n## Component\nAPI').size).toBe(0);
  });

  it('keeps the first of two equal headings', () => {
    expect(formAnswer(parseIssueForm('### A\n1\n### A\n2'), 'a')?.text).toBe('1');
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../../../src/kernel/config-file';
import { normaliseColor, isColor } from '../../../../../src/actions/label-sync/domain/color';
import { parseLabelFile } from '../../../../../src/actions/label-sync/domain/config';

function configError(text: string): ConfigError {
  try {
    parseLabelFile(text, '.github/labels.yml');
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('colour normalisation', () => {
  it.each([
    ['#ABC', 'aabbcc'],
    ['abc', 'aabbcc'],
    ['AABBCC', 'aabbcc'],
    ['#aAbBcC', 'aabbcc'],
    ['d73a4a', 'd73a4a'],
    [' #d73a4a ', 'd73a4a'],
    ['#000', '000000'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseColor(input)).toBe(expected);
  });

  it.each(['', '#', 'abcd', '#abcde', 'ggg', '#12345g', 'red', '##abc', '0xabc'])('rejects %j', (input) => {
    expect(isColor(input)).toBe(false);
    expect(() => normaliseColor(input)).toThrow(/invalid colour/);
  });
});

describe('parseLabelFile: accepted forms', () => {
  it('reads a top-level list and normalises each label', () => {
    const labels = parseLabelFile(
      [
        '- name: bug',
        '  color: "#D73A4A"',
        '  description: Something is broken',
        '- name: docs',
        '  color: abc',
        '  aliases: [documentation, doc]',
      ].join('\n'),
      'labels.yml',
    );
    expect(labels).toEqual([
      { name: 'bug', color: 'd73a4a', description: 'Something is broken', aliases: [] },
      { name: 'docs', color: 'aabbcc', aliases: ['documentation', 'doc'] },
    ]);
  });

  it('reads the same list under a top-level labels: key', () => {
    expect(parseLabelFile('labels:\n  - name: bug\n    color: ff0000\n', 'labels.yml')).toEqual([
      { name: 'bug', color: 'ff0000', aliases: [] },
    ]);
  });

  it('reads JSON', () => {
    const json = JSON.stringify({ labels: [{ name: 'bug', color: '#F00', description: 'x', aliases: ['defect'] }] });
    expect(parseLabelFile(json, 'labels.json')).toEqual([
      { name: 'bug', color: 'ff0000', description: 'x', aliases: ['defect'] },
    ]);
  });

  it('an empty description (null, as GitHub exports a label without one, or "") clears; an omitted one is kept', () => {
    const labels = parseLabelFile(
      '- name: a\n  color: "000000"\n  description:\n- name: b\n  color: "000000"\n  description: ""\n' +
        '- name: c\n  color: "000000"\n',
      'l.yml',
    );
    expect(labels.map((l) => l.description)).toEqual(['', '', undefined]);
    expect(labels[2]).not.toHaveProperty('description');
  });

  it("reads GitHub's label export as is: id, node_id, url and default are ignored, colours have no #", () => {
    const text = JSON.stringify([
      {
        id: 208045946,
        node_id: 'MDU6TGFiZWwyMDgwNDU5NDY=',
        url: 'https://api.github.com/repos/octocat/Hello-World/labels/bug',
        name: 'bug',
        description: "Something isn't working",
        color: 'f29513',
        default: true,
      },
    ]);
    expect(parseLabelFile(text, 'labels.json')).toEqual([
      { name: 'bug', color: 'f29513', description: "Something isn't working", aliases: [] },
    ]);
  });

  it('accepts an unquoted six-digit colour that YAML reads as a number', () => {
    expect(parseLabelFile('- name: a\n  color: 123456\n', 'l.yml')[0].color).toBe('123456');
  });

  it('recovers unquoted colours that YAML reads as numbers from the source text (leading zeros, exponent)', () => {
    const text =
      '- { name: a, color: 008672, description: x }\n- name: b\n  color: 1e3456\n- name: c\n  color: 000\n- name: d\n  color: 000000\n';
    expect(parseLabelFile(text, 'l.yml').map((l) => l.color)).toEqual(['008672', '1e3456', '000000', '000000']);
  });

  it('trims descriptions: blank is empty, the newline of a folded block is dropped', () => {
    const text =
      '- { name: a, color: fff, description: "   " }\n- { name: b, color: fff, description: " x  " }\n- name: c\n  color: fff\n  description: >\n    folded\n';
    expect(parseLabelFile(text, 'l.yml').map((l) => l.description)).toEqual(['', 'x', 'folded']);
  });

  it("drops an alias equal to the label's own name in another case (a case change is an update anyway)", () => {
    expect(parseLabelFile('- name: Bug\n  color: f00\n  aliases: [bug, defect]\n', 'l.yml')[0].aliases).toEqual([
      'defect',
    ]);
  });

  it('reads ghaction-github-labeler files: from_name is an alias, unquoted numbers and booleans in names stay as typed', () => {
    const text =
      '- name: "1.0"\n  color: fff\n- name: 2.10\n  color: fff\n  from_name: 2.1\n  aliases: [true, 0x1F]\n- name: docs\n  color: fff\n  from_name: Docs\n';
    expect(parseLabelFile(text, 'l.yml')).toEqual([
      { name: '1.0', color: 'ffffff', aliases: [] },
      { name: '2.10', color: 'ffffff', aliases: ['true', '0x1F', '2.1'] },
      { name: 'docs', color: 'ffffff', aliases: [] },
    ]);
  });

  it('quoting recovered values keeps the line of a later problem', () => {
    const error = configError('- name: 1.0\n  color: 008672\n  description: 2024\n- name: b\n  color: nope\n');
    expect(error.issues.map((i) => [i.line, i.column])).toEqual([[5, 10]]);
  });

  it('reads a file saved with a byte order mark and CRLF line ends', () => {
    expect(parseLabelFile('\uFEFFlabels:\r\n  - name: a\r\n    color: 008672\r\n', 'l.yml')).toEqual([
      { name: 'a', color: '008672', aliases: [] },
    ]);
  });

  it('a from_name duplicating another name is located on its line', () => {
    expect(configError('- name: a\n  color: fff\n- name: b\n  color: fff\n  from_name: A\n').line).toBe(5);
  });

  it('an alias duplicate after a self-alias is located on its own line', () => {
    const error = configError(
      '- name: a\n  color: fff\n  aliases: [x]\n- name: b\n  color: fff\n  aliases:\n    - B\n    - X\n',
    );
    expect(error.line).toBe(8);
  });

  it('accepts an empty list', () => {
    expect(parseLabelFile('labels: []\n', 'l.yml')).toEqual([]);
  });

  it('counts characters as GitHub does: an emoji is one character', () => {
    const name = '🐛'.repeat(50);
    const description = '✨🚀'.repeat(50);
    expect(parseLabelFile(JSON.stringify([{ name, color: 'fff', description }]), 'l.json')[0]).toMatchObject({
      name,
      description,
    });
    expect(() => parseLabelFile(JSON.stringify([{ name: '🐛'.repeat(51), color: 'fff' }]), 'l.json')).toThrow(
      /longer than 50 characters \(51\)/,
    );
  });

  it('accepts names of exactly 50 characters and descriptions of exactly 100', () => {
    const name = 'n'.repeat(50);
    const description = 'd'.repeat(100);
    expect(parseLabelFile(JSON.stringify([{ name, color: 'fff', description }]), 'l.json')[0]).toMatchObject({
      name,
      description,
    });
  });
});

describe('parseLabelFile: every problem is located at its file and line', () => {
  it.each([
    {
      what: 'duplicate names differing only in case',
      text: '- name: bug\n  color: f00\n- name: Bug\n  color: 0f0\n',
      line: 3,
      message: /name "Bug" duplicates name "bug"/,
    },
    {
      what: 'an alias equal to another label name',
      text: '- name: bug\n  color: f00\n- name: defect\n  color: 0f0\n  aliases:\n    - BUG\n',
      line: 6,
      message: /alias "BUG" duplicates name "bug"/,
    },
    {
      what: 'the same alias on two labels',
      text: '- name: a\n  color: f00\n  aliases: [old]\n- name: b\n  color: 0f0\n  aliases:\n    - Old\n',
      line: 7,
      message: /alias "Old" duplicates alias "old"/,
    },
    {
      what: 'a name over 50 characters',
      text: `- name: ${'x'.repeat(51)}\n  color: f00\n`,
      line: 1,
      message: /longer than 50 characters \(51\)/,
    },
    {
      what: 'an alias over 50 characters',
      text: `- name: a\n  color: f00\n  aliases:\n    - ${'y'.repeat(60)}\n`,
      line: 4,
      message: /alias is longer than 50/,
    },
    {
      what: 'a description over 100 characters',
      text: `- name: a\n  color: f00\n  description: ${'d'.repeat(101)}\n`,
      line: 3,
      message: /description is longer than 100 characters \(101\)/,
    },
    {
      what: 'an invalid colour',
      text: '- name: a\n  color: f00\n- name: b\n  color: "#ggg"\n',
      line: 4,
      message: /not a hex colour/,
    },
    {
      what: 'a colour YAML would read as a short number, reported as written',
      text: '- name: a\n  color: 8672\n',
      line: 2,
      message: /color "8672" is not a hex colour/,
    },
    {
      what: 'a colour YAML would read as a hexadecimal number (4660), reported as written',
      text: '- name: a\n  color: 0x1234\n',
      line: 2,
      message: /color "0x1234" is not a hex colour/,
    },
    {
      what: "an alias that duplicates another label's: the first one named by the same 0-based path",
      text: 'labels:\n  - name: a\n    color: f00\n    aliases: [old]\n  - name: b\n    color: 0f0\n    aliases: [OLD]\n',
      line: 7,
      message: /labels\[1\]\.aliases\[0\]: alias "OLD" duplicates alias "old" at labels\[0\]\.aliases\[0\]/,
    },
    { what: 'a missing colour', text: '- name: a\n- name: b\n  color: fff\n', line: 1, message: /color/ },
    { what: 'a missing name', text: '- color: fff\n', line: 1, message: /name/ },
    {
      what: 'a line break in a name',
      text: '- name: "a\\n::warning::x"\n  color: fff\n',
      line: 1,
      message: /name must not contain line breaks/,
    },
    {
      what: 'a tab in an alias',
      text: '- name: a\n  color: fff\n  aliases: ["b\\tc"]\n',
      line: 3,
      message: /alias must not contain line breaks or other control/,
    },
    { what: 'an empty name', text: '- name: ""\n  color: fff\n', line: 1, message: /must not be empty/ },
    {
      what: 'an unknown key',
      text: '- name: a\n  color: fff\n  colour: fff\n',
      line: 3,
      message: /unknown key "colour"/,
    },
    { what: 'an unknown top-level key', text: 'labels: []\nprune: true\n', line: 2, message: /unknown key "prune"/ },
    { what: 'a label that is not a mapping', text: '- bug\n', line: 1, message: /must be a mapping/ },
    {
      what: 'aliases that are not a list',
      text: '- name: a\n  color: fff\n  aliases: 3\n',
      line: 3,
      message: /aliases must be a list/,
    },
    { what: 'a YAML syntax error', text: '- name: a\n  color: [fff\n', line: 3, message: /./ },
    { what: 'an empty file', text: '', line: 1, message: /must be a list of labels/ },
  ])('$what', ({ text, line, message }) => {
    const error = configError(text);
    expect(error.file).toBe('.github/labels.yml');
    expect(error.line).toBe(line);
    expect(error.message).toMatch(message);
  });

  it('reports every problem of the file, not only the first', () => {
    const error = configError('- name: a\n  color: nope\n- name: A\n  color: fff\n  extra: 1\n');
    expect(error.issues.map((i) => i.line)).toEqual([2, 3, 5]);
  });
});

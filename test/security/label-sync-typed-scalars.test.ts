// A label file from a pull request may hold every value as an unquoted number (names, colours, aliases), each of which
// is quoted from the source text before the file is read for good: that quoting must stay linear in the file's size.
// A 1 MB file of such values parses well within a second (the quadratic version took minutes).
import { describe, expect, it } from 'vitest';
import { parseLabelFile } from '../../src/label-sync/config';
import { quoteTypedScalars } from '../../src/label-sync/typed-scalars';

/** `n` labels whose name, colour and ten aliases are all plain numbers YAML would read as numbers. */
function numericFile(n: number): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const aliases = Array.from({ length: 10 }, (_, j) => 10_000_000 + i * 10 + j).join(', ');
    lines.push(
      `- name: ${1_000_000 + i}`,
      `  color: 00${String(i % 10_000).padStart(4, '0')}`,
      `  aliases: [${aliases}]`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function timed<T>(work: () => T): { ms: number; value: T } {
  const start = performance.now();
  const value = work();
  return { ms: performance.now() - start, value };
}

describe('a label file of unquoted numbers', () => {
  it('1 MB parses in well under a second, every value kept as written', () => {
    const text = numericFile(9_000);
    expect(text.length).toBeGreaterThan(1_000_000);
    const { ms, value: labels } = timed(() => parseLabelFile(text, '.github/labels.yml'));
    expect(labels).toHaveLength(9_000);
    expect(labels[7]).toEqual({
      name: '1000007',
      color: '000007',
      aliases: Array.from({ length: 10 }, (_, j) => String(10_000_070 + j)),
    });
    // generous for a shared two-core machine (measured: see the report); the quadratic version took minutes
    expect(ms).toBeLessThan(2_000);
  });

  it('quoting alone grows linearly: 4 times the text takes roughly 4 times as long', () => {
    const small = numericFile(2_000);
    const large = numericFile(8_000);
    timed(() => quoteTypedScalars(small)); // warm up
    const a = timed(() => quoteTypedScalars(small));
    const b = timed(() => quoteTypedScalars(large));
    expect(b.value.length).toBe(large.length + 2 * 12 * 8_000);
    expect(b.ms).toBeLessThan(Math.max(a.ms, 20) * 12);
  });
});

// A label file from a pull request may hold every value as an unquoted number (names, colours, aliases), each of which
// gets its source text back before validation: that must stay linear in the file's size. A 1 MB file of such values
// parses within a second or two on a busy machine (the version that rebuilt the text per value took minutes).
import { describe, expect, it } from 'vitest';
import { parseLabelFile } from '../../src/actions/label-sync/domain/config';
import { cpuTimed, growthRatio } from './cpu-time';

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

describe('a label file of unquoted numbers', () => {
  it('1 MB parses within seconds of CPU time (linear), every value kept as written', () => {
    const text = numericFile(7_000);
    expect(text.length).toBeGreaterThan(1_000_000);
    const { cpuMs, ms, value: labels } = cpuTimed(() => parseLabelFile(text, '.github/labels.yml'));
    expect(labels).toHaveLength(7_000);
    expect(labels[7]).toEqual({
      name: '1000007',
      color: '000007',
      aliases: Array.from({ length: 10 }, (_, j) => String(10_000_070 + j)),
    });
    // Generous: measured 1.1 to 4.3 s of CPU (4.5 to 19 s wall; the upper end in CI with coverage instrumentation) on
    // a two-core machine, where the text-rebuilding version needed 72 s for 832 KB and grows with the square.
    console.log(`1 MB label file: ${cpuMs.toFixed(0)} ms CPU, ${ms.toFixed(0)} ms wall`);
    expect(cpuMs).toBeLessThan(20_000);
  });

  it('grows linearly: 4 times the file takes roughly 4 times as long', () => {
    expect(parseLabelFile(numericFile(4_000), 'labels.yml')).toHaveLength(4_000);
    expect(growthRatio((n) => parseLabelFile(numericFile(n), 'labels.yml'), 1_000)).toBeLessThan(10);
  });
});

// A label file from a pull request may hold every value as an unquoted number (names, colours, aliases), each of which
// gets its source text back before validation: that must stay linear in the file's size. A 1 MB file of such values
// parses within a second or two on a busy machine (the version that rebuilt the text per value took minutes).
import { describe, expect, it } from 'vitest';
import { parseLabelFile } from '../../src/label-sync/config';

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

/** Wall time, and the CPU time of this process (what the work costs, whatever else shares the machine). */
function timed<T>(work: () => T): { ms: number; cpuMs: number; value: T } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = work();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000, value };
}

describe('a label file of unquoted numbers', () => {
  it('1 MB parses within seconds of CPU time (linear), every value kept as written', () => {
    const text = numericFile(7_000);
    expect(text.length).toBeGreaterThan(1_000_000);
    const { cpuMs, ms, value: labels } = timed(() => parseLabelFile(text, '.github/labels.yml'));
    expect(labels).toHaveLength(7_000);
    expect(labels[7]).toEqual({
      name: '1000007',
      color: '000007',
      aliases: Array.from({ length: 10 }, (_, j) => String(10_000_070 + j)),
    });
    // CPU time, not wall time: the machine running the tests may be shared. Generous: measured 1.1 to 2.2 s of CPU
    // (4.5 to 19 s wall) on a two-core machine under a load of 20, where the text-rebuilding version needed minutes.
    console.log(`1 MB label file: ${cpuMs.toFixed(0)} ms CPU, ${ms.toFixed(0)} ms wall`);
    expect(cpuMs).toBeLessThan(4_000);
  });

  it('grows linearly: 4 times the file takes roughly 4 times as long', () => {
    const small = numericFile(1_000);
    const large = numericFile(4_000);
    timed(() => parseLabelFile(small, 'labels.yml')); // warm up
    const a = timed(() => parseLabelFile(small, 'labels.yml'));
    const b = timed(() => parseLabelFile(large, 'labels.yml'));
    expect(b.value).toHaveLength(4_000);
    expect(b.cpuMs).toBeLessThan(Math.max(a.cpuMs, 20) * 12);
  });
});

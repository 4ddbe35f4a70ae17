import { describe, expect, it } from 'vitest';
import { PROGRESS_MIN_BYTES, progressReporter } from '../../../src/release/progress';

function clockAt(times: number[]) {
  let i = 0;
  return { now: () => times[Math.min(i++, times.length - 1)]! };
}

describe('progressReporter', () => {
  it('stays quiet below 8 MiB', () => {
    expect(progressReporter({ name: 'a', size: PROGRESS_MIN_BYTES - 1 }, clockAt([0]), { info: () => {} })).toBe(
      undefined,
    );
  });

  it('reports every 10% with MB/s, and every 30 s in between', () => {
    const lines: string[] = [];
    const size = 100_000_000;
    // start, then one clock reading per call
    const report = progressReporter({ name: 'big.iso', size }, clockAt([0, 1000, 2000, 40_000, 41_000, 42_000]), {
      info: (m) => lines.push(m),
    })!;
    report(5_000_000); // 5%, 1 s: quiet
    report(10_000_000); // 10%, 2 s: reported
    report(12_000_000); // 12%, 40 s: 30 s since the last report
    report(13_000_000); // 13%, 41 s: quiet
    report(35_000_000); // 35%, 42 s: past 20% and 30%: one line
    expect(lines).toEqual([
      'Uploading "big.iso": 10% (10.0 of 100.0 MB, 5.0 MB/s).',
      'Uploading "big.iso": 12% (12.0 of 100.0 MB, 0.3 MB/s).',
      'Uploading "big.iso": 35% (35.0 of 100.0 MB, 0.8 MB/s).',
    ]);
  });
});

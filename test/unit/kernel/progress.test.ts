// Progress on long work: a line every N items, every fraction of the total, or every T seconds, whichever first.
import { describe, expect, it } from 'vitest';
import { MERGE_PROGRESS, Progress, SWEEP_PROGRESS, UPLOAD_PROGRESS } from '../../../src/kernel/progress';

function setup(options: Partial<ConstructorParameters<typeof Progress>[0]>) {
  let now = 1_000_000;
  const lines: string[] = [];
  const progress = new Progress({ label: 'Work', clock: { now: () => now }, log: (l) => lines.push(l), ...options });
  return { progress, lines, tick: (ms: number) => (now += ms) };
}

describe('Progress', () => {
  it('reports a sweep every 100 items, with the total when known', () => {
    const { progress, lines } = setup({ ...SWEEP_PROGRESS, label: 'Stale sweep', total: 250, noun: 'issue' });
    for (let i = 0; i < 250; i++) progress.advance();
    progress.finish();
    expect(lines).toEqual([
      'Stale sweep: 100 of 250 issues (40%)',
      'Stale sweep: 200 of 250 issues (80%)',
      'Stale sweep: done, 250 of 250 issues (100%)',
    ]);
  });

  it('reports every 30 seconds when items come slowly', () => {
    const { progress, lines, tick } = setup({ ...SWEEP_PROGRESS, label: 'Stale sweep' });
    progress.advance();
    tick(29_999);
    progress.advance();
    expect(lines).toEqual([]);
    tick(1);
    progress.advance();
    expect(lines).toEqual(['Stale sweep: 3 items']);
  });

  it('reports an upload every 10% in MiB and MiB/s (the one size formatter of the kernel), and one closing line', () => {
    const total = 100 * 1024 * 1024;
    const { progress, lines, tick } = setup({ ...UPLOAD_PROGRESS, label: 'Uploading app.tgz', total });
    for (let i = 0; i < 100; i++) {
      tick(100);
      progress.advance(1024 * 1024);
    }
    progress.finish();
    progress.finish();
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('Uploading app.tgz: 10.0 MiB of 100.0 MiB (10%), 10.0 MiB/s');
    expect(lines[9]).toBe('Uploading app.tgz: done, 100.0 MiB of 100.0 MiB (100%), 10.0 MiB/s');
  });

  it('says "relabelled items" for a merge, singular when one', () => {
    const { progress, lines } = setup({ ...MERGE_PROGRESS, label: 'Merging "defect" into "bug"' });
    progress.advance();
    progress.finish();
    expect(lines).toEqual(['Merging "defect" into "bug": done, 1 relabelled item']);
  });

  it('ignores advances after finish and non-positive steps', () => {
    const { progress, lines } = setup({ everyUnits: 1 });
    progress.advance(0);
    progress.advance(-3);
    progress.finish();
    progress.advance(5);
    expect(lines).toEqual(['Work: done, 0 items']);
  });
});

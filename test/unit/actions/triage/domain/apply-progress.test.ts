// Progress while applying: a line every 100 operations, and every 30 s of API time even while waiting.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withApplyProgress } from '../../../../../src/actions/triage/domain/apply-progress';
import { applyOperations } from '../../../../../src/actions/triage/apply';
import { operation } from '../../../../../src/actions/triage/operations';

afterEach(() => {
  vi.useRealTimers();
});

const ops = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    operation({ number: i + 1, isPullRequest: false }, { type: 'add-label', label: 'x' }),
  );

describe('apply progress', () => {
  it('a line every 100 operations', async () => {
    const lines: string[] = [];
    const p = withApplyProgress(
      250,
      () => Promise.resolve(),
      (l) => lines.push(l),
      { now: () => 0, scale: 1 },
    );
    await applyOperations(ops(250), p.execute);
    p.stop();
    expect(lines).toEqual(['Applying: 100 of 250 operations (40%)', 'Applying: 200 of 250 operations (80%)']);
  });

  it('a line every 30 s while waiting, saying so', async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const clock = { now: () => Date.now(), scale: 1 };
    const p = withApplyProgress(
      3,
      (op) => (op.number === 2 ? gate : Promise.resolve()),
      (l) => lines.push(l),
      clock,
    );
    const applying = applyOperations(ops(3), p.execute, 1);
    await vi.advanceTimersByTimeAsync(30_000);
    await vi.advanceTimersByTimeAsync(30_000);
    release();
    await applying;
    p.stop();
    expect(lines[0]).toBe('Applying: 1 of 3 operations (33%)');
    expect(lines[1]).toBe("Applying: 1 of 3 operations (33%); waiting on GitHub's limits");
    expect(lines).toHaveLength(2);
  });
});

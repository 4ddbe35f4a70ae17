import { describe, expect, it } from 'vitest';
import { planSweep } from '../../../../../src/actions/triage/domain/sweep';
import type { Item } from '../../../../../src/actions/triage/domain/item';
import { WORKFLOW_TOKEN_IDENTITY } from '../../../../../src/actions/triage/domain/markers';
import { fakeClient, fakeReader, silentLog } from '../fakes';
import { config, makeItem } from '../items';

describe('planSweep', () => {
  it('plans an item listed twice (it moved to a later page while the pages were read) once, from its later copy', async () => {
    const cfg = config(
      "rules: [{ id: crash, if: { title: '/crash/i' }, then: { add-labels: [bug], comment: Thanks. } }]",
    );
    const early = makeItem({ number: 1, title: 'Crash', updatedAt: '2026-01-01T00:00:00Z' });
    const later: Item = { ...early, updatedAt: '2026-05-01T00:00:00Z', labels: ['bug'] };
    const reader = fakeReader({ items: [] });
    reader.openItems = () => ({
      async *[Symbol.asyncIterator]() {
        yield [early, makeItem({ number: 2, title: 'Other' })];
        yield [later];
      },
    });
    const result = await planSweep({
      config: cfg,
      reader,
      client: fakeClient(),
      log: silentLog,
      identity: WORKFLOW_TOKEN_IDENTITY,
      maxOperations: 100,
      now: () => new Date('2026-06-01T00:00:00Z'),
    });
    expect(result.operations.map((op) => `${op.kind} #${op.number}`)).toEqual(['comment #1']);
    expect(result).toMatchObject({ processed: 2, openIssues: 2, openPullRequests: 0 });
  });

  it('logs a progress line every 100 items and prices the reads it made', async () => {
    const cfg = config("rules: [{ id: crash, if: { title: '/crash/i' }, then: { add-labels: [bug] } }]");
    const reader = fakeReader({ items: [] });
    reader.openItems = () => ({
      async *[Symbol.asyncIterator]() {
        yield Array.from({ length: 250 }, (_, i) => makeItem({ number: i + 1, title: i % 50 === 0 ? 'Crash' : 'x' }));
      },
    });
    const lines: string[] = [];
    const result = await planSweep({
      config: cfg,
      reader,
      client: fakeClient(),
      log: { ...silentLog, info: (m) => lines.push(m) },
      identity: WORKFLOW_TOKEN_IDENTITY,
      maxOperations: 100,
      now: () => new Date('2026-06-01T00:00:00Z'),
      elapsed: () => 0,
    });
    expect(lines.filter((l) => l.startsWith('Sweep: '))).toEqual([
      'Sweep: 100 of 250 items (40%); 2 operations planned so far',
      'Sweep: 200 of 250 items (80%); 4 operations planned so far',
    ]);
    expect(result.operations).toHaveLength(5);
    expect(result.reads).toEqual({ pulls: 0, files: 0, comments: 0 });
  });
});

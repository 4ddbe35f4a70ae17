// The service's host of triage's run sequence (src/hosts/service/triage-host.ts): the report's log lines become JSON log
// lines marked `report: true` (no outputs, no job summary), nothing reaches the runner's workflow commands, the
// budget is checked once for the whole plan (the second check of the old service sequencer is gone), a dry run
// writes nothing, and a failed write comes back in the result for the dispatcher to classify instead of throwing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cost } from '../../../../src/github/client/types';
import { runReport } from '../../../../src/kernel/report';
import type { TriageOperation } from '../../../../src/actions/triage/operations';
import { jsonLogger, type LogLevel } from '../../../../src/hosts/service/json-log';
import { renderInService, runTriageInService } from '../../../../src/hosts/service/triage-host';
import { fakeClient, fakeReader } from '../../actions/triage/fakes';
import { config, makeItem } from '../../actions/triage/items';

const CONFIG = config(`
rules:
  - id: crash
    if: { type: issue, title: '/crash/i' }
    then: { add-labels: [bug], comment: Thanks. }
`);

/** A JSON logger whose lines are kept as parsed objects. */
function capturedLog() {
  const lines: { level: LogLevel; message: string; report?: boolean; delivery?: string }[] = [];
  const log = jsonLogger({ secrets: [], write: (_level, line) => lines.push(JSON.parse(line)) }, { delivery: 'd1' });
  return { lines, log };
}

/** A fake client whose budget counts its checks. */
function countingClient() {
  const client = fakeClient();
  const ensured: Cost[] = [];
  const ensure = client.budget.ensure.bind(client.budget);
  client.budget.ensure = async (cost: Cost | number, what?: string) => {
    ensured.push(typeof cost === 'number' ? { requests: cost, writes: 0 } : cost);
    await ensure(cost, what);
  };
  return { client, ensured };
}

const opened = {
  name: 'issues',
  payload: { action: 'opened', issue: { number: 3, title: 'Crash', pull_request: undefined } },
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('renderInService', () => {
  it('writes the log lines only, as JSON lines marked report: true (error as warning, notice as info)', () => {
    const { lines, log } = capturedLog();
    renderInService(
      runReport({
        outputs: { operations: 2 },
        summary: ['## Triage\n\nsecret summary'],
        log: [
          { level: 'info', text: 'two done' },
          { level: 'warning', text: 'one skipped' },
          { level: 'error', text: 'one failed' },
          { level: 'notice', text: 'a notice' },
        ],
      }),
      log,
    );
    expect(lines.map(({ level, message, report, delivery }) => ({ level, message, report, delivery }))).toEqual([
      { level: 'info', message: 'two done', report: true, delivery: 'd1' },
      { level: 'warning', message: 'one skipped', report: true, delivery: 'd1' },
      { level: 'warning', message: 'one failed', report: true, delivery: 'd1' },
      { level: 'info', message: 'a notice', report: true, delivery: 'd1' },
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret summary');
  });

  it('falls back to the plain log when it has no fields', () => {
    const info: string[] = [];
    renderInService(runReport({ log: [{ level: 'info', text: 'done' }] }), {
      debug: () => undefined,
      info: (m) => info.push(m),
      warning: () => undefined,
    });
    expect(info).toEqual(['done']);
  });
});

describe('runTriageInService', () => {
  it('applies through the sequence: one budget check, the report line in the JSON log, no workflow command', async () => {
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const { lines, log } = capturedLog();
    const { client, ensured } = countingClient();
    const written: TriageOperation[] = [];
    const result = await runTriageInService({
      client,
      repo: { owner: 'o', repo: 'r' },
      config: CONFIG,
      event: opened,
      log,
      reader: fakeReader({ items: [makeItem({ number: 3, title: 'Crash' })], labels: ['bug'] }),
      execute: async (op) => {
        written.push(op);
      },
    });
    expect(result.plan.map((op) => op.kind)).toEqual(['add-label', 'comment']);
    expect(written).toHaveLength(2);
    expect(result.report?.done).toBe(2);
    // Once, for the whole plan: the sequence's check before the first write.
    expect(ensured).toEqual([{ requests: 2, writes: 2 }]);
    const report = lines.filter((l) => l.report);
    expect(report.map((l) => l.message)).toEqual([expect.stringMatching(/2 operations/)]);
    expect(lines.every((l) => l.delivery === 'd1')).toBe(true);
    const printed = stdout.mock.calls.map(([chunk]) => String(chunk)).join('');
    expect(printed).not.toMatch(/::(group|endgroup|notice|warning|error)/);
  });

  it('a dry run plans, checks nothing and writes nothing; the identity given is the engine’s own', async () => {
    const { log } = capturedLog();
    const { client, ensured } = countingClient();
    const written: TriageOperation[] = [];
    // The service's own reply is already there: a command it answered is not answered again.
    const repo = {
      items: [makeItem({ number: 1 })],
      permissions: { mona: 'maintain' as const },
      comment: { 9: { id: 9, body: '/close', user: 'mona', isBot: false, number: 1 } },
      reactions: { 9: [{ content: '+1', user: { login: 'our-app[bot]', type: 'Bot' } }] },
    };
    const event = {
      name: 'issue_comment',
      payload: { action: 'created', issue: { number: 1 }, comment: { id: 9, body: '/close', user: { login: 'mona' } } },
    };
    const options = {
      client,
      repo: { owner: 'o', repo: 'r' },
      config: config('commands: { permission: write }'),
      event,
      log,
      dryRun: true,
      execute: async (op: TriageOperation) => {
        written.push(op);
      },
    };
    const foreign = await runTriageInService({ ...options, reader: fakeReader(repo) }, { identity: { appId: 1 } });
    expect(foreign.plan.map((op) => `${op.kind} ${op.target}`)).toEqual(['close #1', 'react #1']);
    expect(foreign.report).toBeUndefined();
    const own = await runTriageInService(
      { ...options, reader: fakeReader(repo) },
      { identity: { appId: 1, login: 'our-app[bot]' } },
    );
    expect(own.plan).toEqual([]);
    expect(written).toEqual([]);
    expect(ensured).toEqual([]);
  });

  it('a failed write comes back in the result (the dispatcher classifies it), not as a thrown error', async () => {
    const { log } = capturedLog();
    const result = await runTriageInService({
      client: fakeClient(),
      repo: { owner: 'o', repo: 'r' },
      config: CONFIG,
      event: opened,
      log,
      reader: fakeReader({ items: [makeItem({ number: 3, title: 'Crash' })], labels: ['bug'] }),
      execute: async (op) => {
        if (op.kind === 'comment') throw new Error('comment refused');
      },
    });
    const failed = result.report?.results.filter((r) => r.status !== 'done') ?? [];
    expect(failed.map((r) => r.error?.message)).toEqual(['comment refused']);
  });

  it('a budget that cannot pay for the plan refuses before any write', async () => {
    const { log } = capturedLog();
    const written: TriageOperation[] = [];
    await expect(
      runTriageInService({
        client: fakeClient(1),
        repo: { owner: 'o', repo: 'r' },
        config: CONFIG,
        event: opened,
        log,
        reader: fakeReader({ items: [makeItem({ number: 3, title: 'Crash' })], labels: ['bug'] }),
        execute: async (op) => {
          written.push(op);
        },
      }),
    ).rejects.toThrow('budget');
    expect(written).toEqual([]);
  });
});

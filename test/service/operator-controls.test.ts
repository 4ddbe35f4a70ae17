// The operator's commands (issue 36, "Two lanes": `deliveries pause|resume|cancel` and filtered `retry`), run as the
// CLI against a running service's PostgreSQL: a paused installation's deliveries are neither run nor failed (no
// attempt spent) while another installation's run, and `resume` runs them at once (not at the pause's 10-minute
// re-check); `cancel` ends a paused repository's deliveries as done with a `cancelled` entry, and nothing runs them
// on resume; a filtered `retry` queues only the failed deliveries it names. Each command says what it changed, and
// says so again (nothing changed) when run twice. The pause is a row in the database: a second store sees it.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/github/client/errors';
import type { TriageOptions, TriageResult } from '../../src/actions/triage/domain/engine';
import { OperatorControls, pauseOf } from '../../src/hosts/service/store/operator-controls';
import { createPools } from '../../src/hosts/service/store/open-store';
import { timeOf } from '../../src/hosts/cli/ops-commands';
import { eventually, runCli } from '../../harness/service';
import { deliverUntilStored, nothingToDo, useInProcessService } from './in-process-service';

const SECRET = 'operator secret';
const calls: { installation: number }[] = [];
/** Installations whose requests GitHub refuses (404: failed at once) until the test lifts it. */
const refused = new Set<number>();

async function engine(o: TriageOptions): Promise<TriageResult> {
  const installation = Number((o.event.payload as { installation?: { id?: number } }).installation?.id);
  calls.push({ installation });
  if (refused.has(installation))
    throw new ApiError({
      status: 404,
      method: 'POST',
      url: 'https://api.github.com/repos/octo/x/issues/1/labels',
      headers: {},
      message: 'Not Found',
    });
  return nothingToDo(o);
}

const svc = useInProcessService({ secret: SECRET, engine, concurrency: 4, service: { maxAttempts: 2 } });

async function deliver(id: string, installation: number, number: number, repository = `repo${installation}`) {
  const payload = {
    action: 'opened',
    issue: { number, title: 'Crash', body: 'It crashes', state: 'open', user: { login: 'octocat' }, labels: [] },
    repository: { name: repository, owner: { login: 'octo' } },
    installation: { id: installation },
  };
  const answer = await deliverUntilStored(svc.url, { id, event: 'issues', payload, secret: SECRET });
  expect(answer.status).toBe(202);
}

interface Row {
  id: string;
  state: string;
  attempts: number;
  history: { outcome: string; error?: string }[];
}

async function rows(where: string, values: unknown[]): Promise<Row[]> {
  const { rows: found } = await svc.store.pool.query<Row>(
    `SELECT id, state, attempts, history FROM repo_actions_deliveries WHERE ${where} ORDER BY id`,
    values,
  );
  return found;
}

const cli = (...args: string[]) => runCli(['deliveries', ...args, '--database', svc.postgres.url]);
const ran = (installation: number) => calls.filter((c) => c.installation === installation).length;

describe('the operator commands', () => {
  it('pauses an installation (its deliveries wait, none fails, another runs) and resumes it at once', async () => {
    const paused = await cli('pause', '--installation', '11', '--reason', 'noisy neighbour');
    expect(paused).toMatchObject({ code: 0, stdout: 'Paused installation 11.\n' });
    expect((await cli('pause', '--installation', '11')).stdout).toBe(
      'installation 11: paused already, nothing changed.\n',
    );
    // The pause is a row every replica reads: a store of its own sees it.
    const other = createPools(svc.postgres.url, 1, () => {});
    try {
      expect((await new OperatorControls(other.work).paused()).map((p) => [p.scope, p.reason])).toEqual([
        ['installation:11', 'noisy neighbour'],
      ]);
    } finally {
      await Promise.all([other.ingest.end(), other.work.end()]);
    }
    expect((await cli('paused')).stdout).toMatch(/^installation:11 {2}since \S+ {2}noisy neighbour\n$/);

    for (let i = 1; i <= 3; i++) await deliver(`p11-${i}`, 11, i);
    for (let i = 1; i <= 2; i++) await deliver(`p12-${i}`, 12, i);
    await eventually(
      async () => (await rows('installation = 12', [])).every((r) => r.state === 'done'),
      15_000,
      'installation 12 to run',
    );
    await eventually(
      async () => (await rows('installation = 11', [])).every((r) => r.history.at(-1)?.outcome === 'paused'),
      15_000,
      "installation 11's deliveries to be deferred",
    );
    const held = await rows('installation = 11', []);
    expect(held.map((r) => [r.state, r.attempts])).toEqual([
      ['queued', 0],
      ['queued', 0],
      ['queued', 0],
    ]);
    expect(held[0].history.at(-1)?.error).toBe('paused by the operator (installation:11)');
    expect(ran(11)).toBe(0);
    expect(ran(12)).toBe(2);

    const resumed = await cli('resume', '--installation', '11');
    expect(resumed.stdout).toMatch(/^Resumed installation 11: [1-3] waiting jobs? brought forward\.\n$/);
    // Run at once: the deferred jobs were due 10 minutes later.
    await eventually(
      async () => (await rows('installation = 11', [])).every((r) => r.state === 'done'),
      15_000,
      'installation 11 to run after resume',
    );
    expect(ran(11)).toBe(3);
    expect((await cli('resume', '--installation', '11')).stdout).toBe(
      'installation 11: not paused, nothing changed.\n',
    );
    expect((await cli('paused')).stdout).toBe('Nothing is paused.\n');
  });

  it("cancels a paused repository's deliveries as done with a history entry; resume runs nothing of them", async () => {
    expect((await cli('pause', '--repository', 'Octo/Held')).code).toBe(0);
    await deliver('c-1', 13, 1, 'held');
    await deliver('c-2', 13, 2, 'held');
    await eventually(
      async () => (await rows(`repository = 'octo/held'`, [])).every((r) => r.history.at(-1)?.outcome === 'paused'),
      15_000,
      'the repository to be deferred',
    );
    const cancelled = await cli('cancel', '--repository', 'octo/held', '--reason', 'spam wave');
    expect(cancelled).toMatchObject({ code: 0, stdout: '2 deliveries cancelled:\n  c-1\n  c-2\n' });
    expect((await cli('cancel', '--repository', 'octo/held')).stdout).toBe(
      'No delivery cancelled (nothing matched).\n',
    );
    const ended = await rows(`repository = 'octo/held'`, []);
    expect(ended.map((r) => [r.state, r.history.at(-1)])).toEqual([
      ['done', expect.objectContaining({ outcome: 'cancelled', error: 'spam wave' })],
      ['done', expect.objectContaining({ outcome: 'cancelled', error: 'spam wave' })],
    ]);
    expect((await cli('resume', '--repository', 'octo/held')).stdout).toMatch(/^Resumed repository octo\/held/);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(ran(13)).toBe(0);
    expect((await cli('list', '--limit', '5')).stdout).toMatch(/^c-2 .* done \(cancelled\)/m);
  });

  it('retries only the failed deliveries a filter names, once', async () => {
    refused.add(14).add(15);
    await deliver('r14-1', 14, 1);
    await deliver('r14-2', 14, 2);
    await deliver('r15-1', 15, 1);
    await eventually(
      async () => (await rows('installation IN (14, 15)', [])).every((r) => r.state === 'failed'),
      15_000,
      'the refused deliveries to fail',
    );
    refused.clear();
    expect((await cli('retry', '--until', '1h')).stdout).toBe('No delivery queued again (nothing matched).\n');
    const retried = await cli('retry', '--installation', '14', '--since', '1h');
    expect(retried).toMatchObject({ code: 0, stdout: '2 deliveries queued again:\n  r14-1\n  r14-2\n' });
    expect((await cli('retry', '--installation', '14', '--since', '1h')).stdout).toBe(
      'No delivery queued again (nothing matched).\n',
    );
    await eventually(
      async () => (await rows('installation = 14', [])).every((r) => r.state === 'done'),
      15_000,
      'the retried deliveries to run',
    );
    expect((await rows('installation = 15', [])).map((r) => r.state)).toEqual(['failed']);
    expect((await cli('retry', '--installation', '15', '--all')).code).toBe(2);
    expect((await cli('cancel')).code).toBe(2); // a cancel names what it cancels
  });
});

describe('pause scopes and times', () => {
  it('matches a delivery by installation, repository (any case), event and sweep', () => {
    const d = { event: 'issues', repository: 'Octo/App', installation: 3, itemKey: 'octo/app#1' };
    expect(pauseOf(new Set(['installation:3']), d)).toBe('installation:3');
    expect(pauseOf(new Set(['repository:octo/app']), d)).toBe('repository:octo/app');
    expect(pauseOf(new Set(['event:issues']), d)).toBe('event:issues');
    expect(pauseOf(new Set(['sweeps', 'installation:4', 'event:issue_comment']), d)).toBeUndefined();
    expect(pauseOf(new Set(['sweeps']), { ...d, event: 'schedule', itemKey: 'octo/app#sweep' })).toBe('sweeps');
    expect(pauseOf(new Set(['all']), d)).toBe('all');
  });

  it('reads --since as a duration back or an ISO time', () => {
    expect(timeOf('2h', 10_000_000)).toBe(10_000_000 - 7_200_000);
    expect(timeOf('2026-11-28T10:00:00Z')).toBe(Date.parse('2026-11-28T10:00:00Z'));
    expect(timeOf('yesterday')).toBeUndefined();
    expect(timeOf('2h; DROP TABLE x')).toBeUndefined();
  });
});

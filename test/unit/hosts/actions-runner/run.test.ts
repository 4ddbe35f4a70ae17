import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, BudgetError } from '../../../../src/github/client/errors';
import type { Client, ClientOptions, TelemetrySnapshot } from '../../../../src/github/client/types';
import { ConfigError, parseConfig } from '../../../../src/kernel/config-file';
import { applyPlan, planFailure, type Operation } from '../../../../src/kernel/plan';
import { costLine } from '../../../../src/github/client';
import { runAction } from '../../../../src/hosts/actions-runner/run';
import { defineAction, type ActionContext } from '../../../../src/kernel/action';

const TOKEN = 'ghs_16C7e42F292c6912E7710c838347Ae178B4a';
const dir = mkdtempSync(join(tmpdir(), 'core-run-'));
const summaryFile = join(dir, 'summary.md');
const eventFile = join(dir, 'event.json');
writeFileSync(eventFile, JSON.stringify({ ref: 'refs/heads/main', repository: { full_name: 'octo-org/octo-repo' } }));

const snapshot: TelemetrySnapshot = {
  requests: 12,
  notModified: 3,
  writes: 4,
  retries: 1,
  waitedMs: 0,
  budgetBefore: { known: true, limit: 5000, remaining: 4990, used: 10, reset: 1_900_000_000, resource: 'core' },
  budgetAfter: { known: true, limit: 5000, remaining: 4981, used: 19, reset: 1_900_000_000, resource: 'core' },
  byStatus: { '200': 8, '304': 3, '201': 1 },
};

function fakeClient(options: ClientOptions): Client {
  return {
    octokit: {} as Client['octokit'],
    budget: {} as Client['budget'],
    graphqlBudget: {} as Client['graphqlBudget'],
    graphqlUnavailable: () => undefined,
    retry: {} as Client['retry'],
    telemetry: { snapshot: () => snapshot, markdown: () => '### API usage\n\n| Requests sent | 12 |' },
    options: { ...options, cacheDir: null } as Client['options'],
    paginate: async () => [],
    pages: () => ({ async *[Symbol.asyncIterator]() {} }),
    pageAnswers: () => ({ async *[Symbol.asyncIterator]() {} }),
    find: async () => undefined,
    holdsList: () => false,
    graphqlUrl: `${options.baseUrl ?? ''}/graphql`,
    graphql: async () => ({}) as never,
    close: () => {},
  };
}

let out = '';
const savedEnv = { ...process.env };
beforeEach(() => {
  out = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  writeFileSync(summaryFile, '');
  process.env = {
    ...savedEnv,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_EVENT_NAME: 'push',
    GITHUB_EVENT_PATH: eventFile,
    GITHUB_REPOSITORY: 'octo-org/octo-repo',
    GITHUB_REF: 'refs/heads/main',
    GITHUB_SHA: 'a'.repeat(40),
    INPUT_TOKEN: TOKEN,
  };
  delete process.env.RUNNER_DEBUG;
  delete process.env['INPUT_DRY-RUN'];
  delete process.env['INPUT_BUDGET-RESERVE'];
});
afterEach(() => {
  vi.restoreAllMocks();
  process.env = { ...savedEnv };
  process.exitCode = 0;
});

const summary = () => readFileSync(summaryFile, 'utf8');
const errorLines = () => out.split('\n').filter((l) => l.startsWith('::error'));
const run = (main: (ctx: ActionContext) => Promise<void>, createClient = vi.fn(fakeClient)) =>
  runAction(defineAction({ name: 'label-sync', inputs: z.object({}), run: main }), { createClient });

describe('runAction', () => {
  it('reads the common inputs, builds the client and the context, writes telemetry and the cost line', async () => {
    process.env['INPUT_DRY-RUN'] = 'true';
    process.env['INPUT_BUDGET-RESERVE'] = '200';
    const createClient = vi.fn(fakeClient);
    let seen: ActionContext | undefined;
    const code = await run(async (ctx) => {
      seen = ctx;
    }, createClient);
    expect(code).toBe(0);
    expect(process.exitCode).not.toBe(1);
    expect(createClient).toHaveBeenCalledWith(
      expect.objectContaining({ token: TOKEN, action: 'label-sync', reserve: 200 }),
    );
    expect(seen?.inputs).toEqual({ token: TOKEN, dryRun: true, budgetReserve: 200 });
    expect(seen?.context).toMatchObject({ eventName: 'push', repository: 'octo-org/octo-repo', branch: 'main' });
    expect(out).toContain('API: 12 requests (3 answered 304, free), 4 writes, 1 retry; budget 4990 → 4981 of 5000\n');
    expect(summary()).toContain('### API usage');
    expect(summary()).not.toContain('Failed');
  });

  it('lays out every summary the same way: the action and its outcome, the budget chart, its own sections, then the API usage', async () => {
    process.env['INPUT_DRY-RUN'] = 'true';
    const code = await run(async () => {
      const { addHeading, addMarkdown } = await import('../../../../src/hosts/actions-runner/summary');
      addHeading('Plan', 3);
      addMarkdown('two labels to create');
    });
    expect(code).toBe(0);
    expect(summary()).toMatch(
      /^## label-sync: planned \(dry run: nothing written\)\n\n```mermaid\nxychart-beta\n[^`]*```\n\n### Plan\n\ntwo labels to create\n\n### API usage\n/,
    );
    expect(out.match(/Dry run: nothing will be written\./g)).toHaveLength(1);
  });

  it.each([
    ['defaults', {}, { dryRun: false, budgetReserve: 50 }],
    ['False / 0', { 'INPUT_DRY-RUN': 'False', 'INPUT_BUDGET-RESERVE': '0' }, { dryRun: false, budgetReserve: 0 }],
  ])('common inputs: %s', async (_what, env, expected) => {
    Object.assign(process.env, env);
    let inputs: ActionContext['inputs'] | undefined;
    await run(async (ctx) => {
      inputs = ctx.inputs;
    });
    expect(inputs).toEqual({ token: TOKEN, ...expected });
  });

  it.each([
    ['a missing token', { INPUT_TOKEN: '' }, ['::error::Input "token" is required']],
    [
      'a bad dry-run',
      { 'INPUT_DRY-RUN': 'yes please' },
      ['::error::Input "dry-run" must be true or false, got "yes please"'],
    ],
    [
      'a negative budget-reserve',
      { 'INPUT_BUDGET-RESERVE': '-5' },
      ['::error::Input "budget-reserve" must be a whole number ≥ 0, got "-5"'],
    ],
    [
      'two bad inputs (each listed)',
      { 'INPUT_DRY-RUN': 'maybe', 'INPUT_BUDGET-RESERVE': 'lots' },
      [
        '::error title=Invalid input::Input "dry-run" must be true or false, got "maybe"',
        '::error title=Invalid input::Input "budget-reserve" must be a whole number ≥ 0, got "lots"',
        '::error::2 inputs are invalid',
      ],
    ],
  ])('fails clearly on %s, before building the client', async (_what, env, messages) => {
    Object.assign(process.env, env);
    const createClient = vi.fn(fakeClient);
    const main = vi.fn(async () => {});
    expect(await run(main, createClient)).toBe(1);
    expect(process.exitCode).toBe(1);
    expect(createClient).not.toHaveBeenCalled();
    expect(main).not.toHaveBeenCalled();
    expect(errorLines()).toEqual(messages);
  });

  it('a ConfigError becomes one annotation per issue with file and line', async () => {
    const schema = z.strictObject({ labels: z.array(z.strictObject({ name: z.string() })) });
    const code = await run(async () => {
      parseConfig('labels:\n  - name: 1\n  - nmae: x\n', '.github/labels.yml', schema);
    });
    expect(code).toBe(1);
    const lines = errorLines();
    expect(lines).toContain(
      '::error title=Invalid configuration,file=.github/labels.yml,line=2,col=11::labels[0].name: Invalid input: expected string, received number',
    );
    expect(lines).toContain(
      '::error title=Invalid configuration,file=.github/labels.yml,line=3,col=5::labels[1].nmae: unknown key "nmae"',
    );
    // One annotation per problem: none repeats them in a summary error.
    expect(lines).toHaveLength(3);
    expect(lines.filter((l) => l.includes('unknown key "nmae"'))).toHaveLength(1);
    // Escaped in the summary: a message may quote text from anywhere.
    expect(summary()).toContain('- .github/labels.yml:3:5: labels\\[1\\].nmae: unknown key "nmae"');
  });

  it('an AggregateError of a failed plan reports every failure and still writes the summary', async () => {
    const ops: Operation[] = ['a', 'b', 'c'].map((s) => ({
      kind: 'create',
      target: 'label',
      subject: s,
      cost: { requests: 1, writes: 1 },
      payload: s,
    }));
    const code = await run(async () => {
      const report = await applyPlan(ops, async (op) => {
        if (op.subject !== 'b')
          throw new ApiError({
            status: 422,
            method: 'POST',
            url: 'https://api.github.com/repos/o/r/labels',
            message: `bad ${op.subject}`,
          });
      });
      const failure = planFailure(report);
      if (failure) throw failure;
    });
    expect(code).toBe(1);
    expect(errorLines()).toEqual([
      '::error title=Failed::create label a: POST /repos/o/r/labels → 422: bad a',
      '::error title=Failed::create label c: POST /repos/o/r/labels → 422: bad c',
      '::error::2 of 3 operations failed',
    ]);
    // One layout: the action and its outcome, the budget chart, what failed, then the API usage (a table with a header row).
    expect(summary()).toMatch(
      /^## label-sync: failed\n\n```mermaid\nxychart-beta\n[^`]*```\n\n### What failed in label-sync\n\n- create label a[^]*### API usage\n\n\| measure \| REST \| GraphQL \|\n/,
    );
    expect(summary()).toContain('- create label c: POST /repos/o/r/labels → 422: bad c');
  });

  it.each([
    [
      'an ApiError',
      () => new ApiError({ status: 404, method: 'GET', url: 'https://api.github.com/repos/o/r', message: 'Not Found' }),
      /^::error::GET \/repos\/o\/r → 404: Not Found\. The resource is missing, or it is private/,
    ],
    [
      'a BudgetError',
      () => new BudgetError(300, 120, 50, new Date(Date.now() + 600_000), 'the label plan'),
      /^::error::Budget too small for the label plan: it needs 300 requests, 120 remain and 50 are kept in reserve/,
    ],
    ['a plain Error', () => new Error('something odd'), /^::error::something odd$/],
    ['a thrown string', () => 'just text', /^::error::just text$/],
    ['a list of failures', () => [new Error('one'), new Error('two')], /^::error title=Failed::one$/],
    ['an empty list of failures (still a failure)', () => [], /^::error::0 operations failed$/],
    [
      'an AggregateError with one failure (its own line, then the headline)',
      () => new AggregateError([new Error('inner')], '1 of 4 operations failed'),
      /^::error title=Failed::inner$/,
    ],
  ])('%s fails the run with its message', async (_what, make, pattern) => {
    const code = await run(async () => {
      throw make();
    });
    expect(code).toBe(1);
    expect(errorLines()[0]).toMatch(pattern);
  });

  it('never prints the token, debug logs included, except to register the mask', async () => {
    process.env.RUNNER_DEBUG = '1';
    const code = await run(async (ctx) => {
      ctx.log.debug(`authorization: Bearer ${ctx.inputs.token}`);
      ctx.log.info(`token=${ctx.inputs.token}`);
      ctx.log.warning(`w ${ctx.inputs.token}`);
      throw new Error(`request failed with ${ctx.inputs.token}`);
    });
    expect(code).toBe(1);
    const lines = out.split('\n');
    expect(lines.filter((l) => l.includes(TOKEN))).toEqual([`::add-mask::${TOKEN}`]);
    expect(lines).toContain('::debug::authorization: Bearer ***');
    expect(lines).toContain('::error::request failed with ***');
    expect(lines[0]).toBe(`::add-mask::${TOKEN}`); // registered before anything else is printed
    expect(summary()).not.toContain(TOKEN);
  });

  it('without GITHUB_STEP_SUMMARY nothing throws', async () => {
    delete process.env.GITHUB_STEP_SUMMARY;
    expect(await run(async () => {})).toBe(0);
    expect(
      await run(async () =>
        Promise.reject(new ConfigError('x.yml', [{ path: '', message: 'file not found', line: 0, column: 0 }])),
      ),
    ).toBe(1);
    expect(errorLines()).toContain('::error title=Invalid configuration::x.yml: file not found');
  });

  it('builds the real client by default', async () => {
    delete process.env.RUNNER_TEMP;
    let ctx: ActionContext | undefined;
    expect(
      await runAction(defineAction({ name: 'triage', inputs: z.object({}), run: async (c) => void (ctx = c) })),
    ).toBe(0);
    expect(ctx?.client.options).toMatchObject({ action: 'triage', reserve: 50 });
    expect(out).toContain('API: 0 requests (0 answered 304, free), 0 writes, 0 retries\n');
  });
});

describe('costLine', () => {
  it('without budget numbers leaves the budget out', () => {
    expect(costLine({ ...snapshot, budgetBefore: undefined, budgetAfter: undefined })).toBe(
      'API: 12 requests (3 answered 304, free), 4 writes, 1 retry',
    );
  });
});

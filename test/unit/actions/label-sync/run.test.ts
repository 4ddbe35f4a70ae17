// The run of label-sync (src/actions/label-sync/run.ts) with a fake client: the order of reads and writes, dry-run, and a stop by the budget.
import { realClock } from '../../../../src/github/client/clock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BudgetError } from '../../../../src/github/client/errors';
import type { Client } from '../../../../src/github/client/types';
import type { EventContext } from '../../../../src/kernel/context';
import type { ActionContext } from '../../../../src/kernel/action';
import { runnerRenderer } from '../../../../src/hosts/actions-runner/runner-host';
import { run } from '../../../../src/actions/label-sync/run';
import { fakeClient } from './fake-client';

const outputs = new Map<string, string>();
vi.mock('@actions/core', async (original) => ({
  ...(await original<typeof import('@actions/core')>()),
  setOutput: (name: string, value: string) => outputs.set(name, value),
  info: () => undefined,
}));

const workspace = new URL('.', import.meta.url).pathname;

type Inputs = Record<string, string>;

const infos: string[] = [];

function context(client: Client, dryRun = false, given: Inputs = inputs()): ActionContext {
  const log = {
    debug: () => undefined,
    info: (line: string) => void infos.push(line),
    warning: () => undefined,
    error: () => undefined,
  };
  return {
    client,
    inputs: { token: 't', dryRun, budgetReserve: 0 },
    context: { repository: 'o/a' } as EventContext,
    log,
    readInput: (name) => given[name],
    workspace,
    tempDir: workspace,
    serverUrl: 'https://github.com',
    processEnv: process.env,
    clock: realClock(),
    render: runnerRenderer(log),
  };
}

function setup(budget: (cost: number, what: string) => void, graphql = false) {
  const fake = fakeClient({ labels: [{ name: 'old', color: 'ffffff', description: null }], graphql });
  const ensured: string[] = [];
  const client = Object.assign(fake.client, {
    options: { concurrency: 4 },
    budget: {
      reserve: 0,
      canAfford: () => true,
      ensure: async (cost: { requests: number }, what: string) => {
        ensured.push(`${what}: ${cost.requests}`);
        budget(cost.requests, what);
      },
    },
  }) as unknown as Client;
  return { fake, client, ensured };
}

function inputs(over: Inputs = {}): Inputs {
  return { config: 'labels.fixture.yml', repositories: 'o/a\no/b', prune: 'true', ...over };
}

beforeEach(() => {
  outputs.clear();
  infos.length = 0;
});

describe('run', () => {
  it('reads every repository, checks the whole plan against the budget, then applies each repository in order', async () => {
    const { fake, client, ensured } = setup(() => undefined);
    await run(context(client));
    // both lists before the first write (the fake shares one store, so o/b's creates find o/a's labels: re-read)
    const order = fake.calls.map((c) => `${c.route} ${c.params.repo}`);
    expect(order.slice(0, 3)).toEqual([
      'GET /repos/{owner}/{repo}/labels a',
      'GET /repos/{owner}/{repo}/labels b',
      'POST /repos/{owner}/{repo}/labels a',
    ]);
    expect(ensured).toEqual(['the label plan (2 repositories): 6', 'o/a: 3', 'o/b: 3']);
    expect(outputs.get('created')).toBe('4');
    expect(outputs.get('deleted')).toBe('2');
  });

  it('reads every repository through GraphQL when it serves, and the plan states both budgets', async () => {
    const { fake, client, ensured } = setup(() => undefined, true);
    await run(context(client));
    const order = fake.calls.map((c) => `${c.route} ${c.params.repo ?? c.params.name}`);
    expect(order.slice(0, 3)).toEqual([
      'POST /graphql (LabelList) a',
      'POST /graphql (LabelList) b',
      'POST /repos/{owner}/{repo}/labels a',
    ]);
    // REST lists only once the writes are done: each written list read again (a check, and the job's ETag)
    const lists = fake.calls.flatMap((c, i) => (c.route === 'GET /repos/{owner}/{repo}/labels' ? [i] : []));
    const lastWrite = fake.calls.findLastIndex(
      (c) => !c.route.startsWith('GET') && !c.route.startsWith('POST /graphql'),
    );
    expect(lists.map((i) => fake.calls[i].params.repo)).toEqual(['a', 'b']);
    expect(lists.every((i) => i > lastWrite)).toBe(true);
    expect(ensured).toEqual(['the label plan (2 repositories): 6', 'o/a: 3', 'o/b: 3']);
    expect(infos).toContain(
      'Plan: 6 requests (6 writes) over 2 repositories. Read with 2 GraphQL queries (2 points), 0 REST requests; ' +
        'then up to 2 REST requests once applied to read 2 lists again (a check of the writes, and the ETag that makes the same run again free).',
    );
  });

  it('says which repositories were read through REST and why', async () => {
    const { client } = setup(() => undefined);
    await run(context(client, true));
    expect(infos.filter((l) => /labels read through REST/.test(l))).toEqual([
      'o/a: labels read through REST (GraphQL unavailable: GraphQL cannot serve a document (missing): https://api.github.test/graphql answered 404; read through REST instead).',
      'o/b: labels read through REST (GraphQL unavailable: GraphQL cannot serve a document (missing): https://api.github.test/graphql answered 404; read through REST instead).',
    ]);
    // a dry run reads nothing more, but says what a real run would read again: the 2 lists it would write
    expect(infos).toContain(
      'Plan: 6 requests (6 writes) over 2 repositories. Read with 0 GraphQL queries (0 points), 2 REST requests; ' +
        'then up to 2 REST requests once applied to read 2 lists again (a check of the writes, and the ETag that makes the same run again free).',
    );
  });

  it('dry-run stops after the plan: no write, no budget check, counts of what would be done', async () => {
    const { fake, client, ensured } = setup(() => undefined);
    await run(context(client, true));
    expect(fake.calls.every((c) => c.route.startsWith('GET'))).toBe(true);
    expect(ensured).toEqual([]);
    expect(outputs.get('created')).toBe('4');
    expect(JSON.parse(outputs.get('plan')!).filter((e: { status: string }) => e.status === 'planned')).toHaveLength(6);
  });

  it('a plan the budget refuses fails before any write', async () => {
    const { fake, client } = setup((cost) => {
      throw new BudgetError(cost, 3, 0, new Date(Date.now() + 60_000), 'the label plan');
    });
    await expect(run(context(client))).rejects.toThrow(/it needs 6 requests, 3 remain/);
    expect(fake.calls.filter((c) => !c.route.startsWith('GET'))).toEqual([]);
  });

  it('a run stopped by the budget between repositories says which were done, and fails', async () => {
    const { fake, client } = setup((cost, what) => {
      if (what === 'o/b') throw new BudgetError(cost, 1, 0, new Date(Date.now() + 60_000), what);
    });
    const error = await run(context(client)).then(
      () => undefined,
      (e: unknown) => e as AggregateError,
    );
    expect(error).toBeInstanceOf(AggregateError);
    expect(error!.message).toBe('stopped by the budget after 1 of 2 repositories');
    expect(error!.errors[0].message).toMatch(
      /^Stopped by the budget before o\/b: it needs 3 requests, 1 remain and 0 are kept in reserve; the limit resets at \S+\. Done: o\/a; not done: o\/b\.$/,
    );
    expect(fake.calls.filter((c) => !c.route.startsWith('GET')).every((c) => c.params.repo === 'a')).toBe(true);
    const plan = JSON.parse(outputs.get('plan')!) as { repository: string; status: string }[];
    expect(plan.filter((e) => e.repository === 'o/b' && e.status === 'skipped')).toHaveLength(3);
    expect(outputs.get('created')).toBe('2');
  });

  it('refuses to prune with a file that lists no labels (it would delete every one)', async () => {
    const { fake, client } = setup(() => undefined);
    await expect(run(context(client, false, inputs({ config: 'empty.fixture.yml' })))).rejects.toThrow(
      /empty.fixture.yml lists no labels: with prune on, that would delete every label \(o\/a, o\/b\)/,
    );
    expect(fake.calls).toEqual([]);
  });

  it('reads the config through the contents API with the raw media type when config-repository is set', async () => {
    const { fake, client } = setup(() => undefined);
    const request = client.octokit.request as unknown as (
      route: string,
      params: Record<string, unknown>,
    ) => Promise<unknown>;
    const wrapped = async (route: string, params: Record<string, unknown>) => {
      if (route.startsWith('GET /repos/{owner}/{repo}/contents/')) {
        fake.calls.push({ route, params });
        return { status: 200, data: 'labels:\n  - name: remote\n    color: fff\n' };
      }
      return request(route, params);
    };
    Object.assign(wrapped, { endpoint: (request as unknown as { endpoint: unknown }).endpoint });
    (client.octokit as unknown as { request: typeof request }).request = wrapped;
    await run(
      context(
        client,
        true,
        inputs({ 'config-repository': 'org/settings', 'config-ref': 'v1', config: './labels.yml' }),
      ),
    );
    expect(fake.calls[0].params).toMatchObject({
      owner: 'org',
      repo: 'settings',
      path: 'labels.yml',
      ref: 'v1',
      headers: { accept: 'application/vnd.github.raw' },
    });
    expect(JSON.parse(outputs.get('plan')!).some((e: { label: string }) => e.label === 'remote')).toBe(true);
  });
});

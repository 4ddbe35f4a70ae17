// The service and the action plan the same writes for the same item: one emulator state, one triage config (on the
// default branch, where both read it), one token, one identity. Each event is run once as the action (the runner host's
// `runAction`, so the run sequence with the runner host renders it: outputs, job summary) and once through the
// service's dispatcher (the run sequence with the service host), both dry runs, and the plans are compared operation
// by operation. Dry runs write nothing, so every case sees the same state. Both hosts run actions/triage/steps.ts: a planning
// difference between them (an identity, a clock, a limit that one of them sets otherwise) fails here.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEmulator, type Emulator, type Scenario } from '../../../emulator';
import { daysAgo } from '../../../emulator/scenarios/triage';
import { parseOutputs } from '../../../harness/run-bundle';
import { runAction } from '../../../src/hosts/actions-runner/run';
import { STALE_MARKER } from '../../../src/actions/triage/domain/markers';
import type { TriageOperation } from '../../../src/actions/triage/operations';
import { action as triageAction } from '../../../src/actions/triage/action';
import { run as runTriageAction } from '../../../src/actions/triage/run';
import { createDispatcher, type DispatchOutcome } from '../../../src/hosts/service/dispatch';
import { jsonLogger } from '../../../src/hosts/service/json-log';
import { staticTokenProvider } from '../../../src/hosts/service/token-provider';

const REPO = 'octo/app';
const TOKEN = 'ghs_same_plan_installation';
const LOGIN = 'triage-app[bot]';
const INSTALLATION = 77;

const CONFIG = `
rules:
  - id: crash
    if: { type: issue, title: '/\\bcrash/i' }
    then: { add-labels: [bug] }
  - id: question
    if: { type: issue, body: '/how do i/i' }
    then:
      add-labels: [question]
      comment: Thanks for asking! Someone will answer soon.
commands:
  permission: write
stale:
  days-before-stale: 60
  days-before-close: 7
`;

function scenario(): Scenario {
  return {
    tokens: {
      [TOKEN]: {
        kind: 'installation',
        login: LOGIN,
        repositories: [REPO],
        permissions: { issues: 'write', 'pull-requests': 'write', contents: 'read' },
      },
    },
    repositories: [
      {
        owner: 'octo',
        name: 'app',
        branches: { main: { 'README.md': '# app\n', '.github/triage.yml': CONFIG } },
        labels: ['bug', 'question', 'stale'].map((name) => ({ name, color: 'ededed' })),
        collaborators: { alice: 'admin', rita: 'read' },
        issues: [
          { number: 1, title: 'Idle for months', createdAt: daysAgo(200), updatedAt: daysAgo(90) },
          {
            number: 2,
            title: 'Marked stale, nothing since',
            labels: ['stale'],
            createdAt: daysAgo(200),
            updatedAt: daysAgo(10),
            comments: [{ body: `Marked stale.\n\n${STALE_MARKER}`, user: LOGIN, createdAt: daysAgo(10) }],
          },
          { number: 3, title: 'App crash on start', createdAt: daysAgo(1), updatedAt: daysAgo(1) },
          {
            number: 4,
            title: 'Configuration',
            body: 'How do I configure the cache?',
            createdAt: daysAgo(1),
            updatedAt: daysAgo(1),
          },
          { number: 5, title: 'Please close this', createdAt: daysAgo(1), updatedAt: daysAgo(1) },
        ],
      },
    ],
  };
}

let emu: Emulator;
let dir: string;
let closeComment: number;
/** The job summary file: @actions/core keeps the first path it was given, so one file for the test, appended to. */
let summaryFile: string;

beforeAll(async () => {
  emu = await createEmulator(scenario(), { timeScale: 0.01 });
  closeComment = emu.webhooks.comment(REPO, 5, { body: '/close', user: 'alice' }).id;
  dir = mkdtempSync(join(tmpdir(), 'same-plan-'));
  summaryFile = join(dir, 'summary.md');
  writeFileSync(summaryFile, '');
  vi.stubEnv('GITHUB_STEP_SUMMARY', summaryFile);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await emu?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const repository = { full_name: REPO, name: 'app', owner: { login: 'octo' } };
const issue = (number: number) => {
  const i = emu.state.repo(REPO)!.issues.get(number)!;
  return { number, title: i.title, body: i.body, state: 'open', labels: [], user: { login: i.user } };
};

/** One operation as compared: everything the plan says, the comment bodies without a per-run token if any. */
function comparable(op: TriageOperation) {
  const payload = JSON.parse(JSON.stringify(op.payload).replace(/<!-- repo-actions:triage post=[0-9a-f]+ -->/g, ''));
  return { kind: op.kind, target: op.target, subject: op.subject, detail: op.detail, number: op.number, payload };
}

/** Runs the event as the action does on the runner (dry run); its plan and its step outputs. */
async function asAction(name: string, event: string, payload: Record<string, unknown>) {
  const runDir = join(dir, `action-${name}`);
  const workspace = join(runDir, 'workspace'); // empty: the config is read from the default branch, as the service does
  const temp = join(runDir, 'temp');
  mkdirSync(workspace, { recursive: true });
  mkdirSync(temp, { recursive: true });
  const files = { event: join(runDir, 'event.json'), output: join(runDir, 'output') };
  writeFileSync(files.event, JSON.stringify(payload));
  writeFileSync(files.output, '');
  // @actions/core writes the outputs to the file GITHUB_OUTPUT names (the runner's file command).
  vi.stubEnv('GITHUB_OUTPUT', files.output);
  const summaryBefore = readFileSync(summaryFile, 'utf8').length;
  const inputs: Record<string, string> = { token: TOKEN, 'dry-run': 'true', 'own-login': LOGIN };
  let plan: TriageOperation[] | undefined;
  const code = await runAction(
    {
      ...triageAction,
      run: async (ctx) => {
        const ran = await runTriageAction(ctx);
        plan = ran.outcome.plan.plan;
      },
    },
    {
      readInput: (input) => inputs[input],
      env: {
        GITHUB_API_URL: emu.apiUrl,
        GITHUB_GRAPHQL_URL: emu.graphqlUrl,
        GITHUB_SERVER_URL: emu.serverUrl,
        GITHUB_REPOSITORY: REPO,
        GITHUB_EVENT_NAME: event,
        GITHUB_EVENT_PATH: files.event,
        GITHUB_WORKSPACE: workspace,
        RUNNER_TEMP: temp,
        REPO_ACTIONS_TIME_SCALE: '0.01',
      },
    },
  );
  process.exitCode = 0;
  expect(code).toBe(0);
  return {
    plan: plan!,
    outputs: parseOutputs(readFileSync(files.output, 'utf8')),
    summary: readFileSync(summaryFile, 'utf8').slice(summaryBefore),
  };
}

/** Runs the event through the service's dispatcher (dry run); its outcome and the JSON log's messages. */
async function asService(name: string, event: string, payload: Record<string, unknown>) {
  const messages: string[] = [];
  const log = jsonLogger({ secrets: [TOKEN], write: (_level, line) => messages.push(JSON.parse(line).message) });
  const dispatcher = createDispatcher({
    tokenProvider: staticTokenProvider(TOKEN),
    identity: { login: LOGIN },
    client: { baseUrl: emu.apiUrl, timeScale: 0.01, cacheDir: null },
    log,
    dryRun: true,
  });
  const outcome: DispatchOutcome = await dispatcher.process(
    { id: `same-plan-${name}`, event, payload: { ...payload, repository, installation: { id: INSTALLATION } } },
    log.child({ delivery: `same-plan-${name}` }),
  );
  return { outcome, messages };
}

describe('the service and the action plan the same writes', () => {
  it.each([
    {
      name: 'label',
      event: 'issues',
      payload: () => ({ action: 'opened', issue: issue(3) }),
      expected: ['add-label #3 bug'],
    },
    {
      name: 'comment',
      event: 'issues',
      payload: () => ({ action: 'opened', issue: issue(4) }),
      expected: ['add-label #4 question', 'comment #4 Thanks for asking! Someone will answer soon.'],
    },
    {
      name: 'close',
      event: 'issue_comment',
      payload: () => ({
        action: 'created',
        issue: issue(5),
        comment: { id: closeComment, body: '/close', user: { login: 'alice' } },
      }),
      expected: ['close #5 completed'],
    },
    {
      name: 'stale',
      event: 'schedule',
      payload: () => ({ schedule: '0 3 * * *' }),
      // The sweep marks the idle issue and closes the one marked by this identity 10 days ago (its rules apply too).
      expected: ['add-label #1 stale', 'close #2 not_planned', 'add-label #3 bug'],
    },
  ])('$name', async ({ name, event, payload, expected }) => {
    const action = await asAction(name, event, payload());
    const service = await asService(name, event, payload());

    expect(service.outcome.status, service.outcome.message).toBe('done');
    const servicePlan = service.outcome.result!.plan;
    expect(servicePlan.map(comparable)).toEqual(action.plan.map(comparable));
    // Not an empty agreement: the plan holds the writes this item calls for.
    const described = servicePlan.map((op) => `${op.kind} ${op.target} ${op.subject}`);
    for (const write of expected) expect(described).toContain(write);

    // Each host rendered the same sequence's report its own way: the runner's outputs and job summary, the service's
    // log lines (no summary there) and its dry-run verdict.
    expect(action.outputs.operations).toBe(String(servicePlan.length));
    expect(action.summary).toContain('## Triage (dry run)');
    expect(service.outcome.operations).toBe(servicePlan.length);
    expect(service.outcome.message).toMatch(/^planned \(dry run\): /);
    expect(service.messages.some((m) => m.includes('Plan (dry run, nothing written)'))).toBe(true);
    expect(service.messages.some((m) => m.includes('## Triage'))).toBe(false);
  });
});

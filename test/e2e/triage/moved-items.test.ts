// Through the bundle: items are who they were (issue 39.1). A transferred issue's REST URL answers 301 to the
// issue in its new repository under another number (emulator/issue-moves.ts, with the evidence); GraphQL answers
// NOT_FOUND. The item is skipped with a log line, and nothing is written to the number asked for, in item mode and
// in workflow mode, with GraphQL reads on or off. A deleted issue (410) is skipped the same way.
import { describe, expect, it } from 'vitest';
import { deleteIssue, transferIssue } from '../../../emulator/issue-moves';
import { REPO, scenarioOf } from '../../../emulator/scenarios/triage';
import { triageHarness } from './harness';

const h = triageHarness();

const RULES = `
rules:
  - id: crash-report
    if: { title: '/crash/i' }
    then: { add-labels: [bug], comment: 'Thanks for the crash report.' }
`;

async function setup(graphql: boolean) {
  const scenario = scenarioOf({
    issues: [
      { number: 1, title: 'Crash on start', user: 'ann' },
      { number: 2, title: 'Unrelated: crash in docs build', user: 'bob' },
    ],
  });
  // A public repository the issue moves to: its new number (2) is an unrelated issue's number in octo/app.
  scenario.repositories.push({ owner: 'octo', name: 'other', issues: [{ title: 'first of other' }] });
  const emu = await h.start(scenario, { timeScale: 0.01, graphql });
  return { emu, app: emu.state.repo(REPO)!, other: emu.state.repo('octo/other')! };
}

const opened = (number: number) => ({
  name: 'issues',
  payload: { action: 'opened', issue: { number, title: 'Crash on start', labels: [], user: { login: 'ann' } } },
});

describe('triage: a transferred or deleted item is skipped, never written as another', () => {
  for (const graphql of [false, true]) {
    it(`item mode, a transferred issue (GraphQL ${graphql ? 'on' : 'off'}): skipped with a log line, no write`, async () => {
      const { app, other } = await setup(graphql);
      expect(transferIssue(app, 1, other)).toBe(2);
      const r = await h.run({ event: opened(1), workspace: { '.github/triage.yml': RULES } });
      expect(r.code, r.stdout).toBe(0);
      expect(r.stdout).toMatch(/#1 now answers as octo\/other#2 \(transferred or moved\)/);
      expect(r.requests.filter((e) => e.method !== 'GET' && !e.path.endsWith('/graphql'))).toEqual([]);
      expect(app.issues.get(2)!.labels).toEqual([]);
      expect(other.issues.get(2)!.labels).toEqual([]);
      expect([...app.comments.values(), ...other.comments.values()]).toEqual([]);
    });
  }

  it('workflow mode: a transferred pull-request number is skipped, nothing is written', async () => {
    const { app, other } = await setup(false);
    transferIssue(app, 1, other);
    const r = await h.run({
      event: {
        name: 'workflow_run',
        payload: {
          action: 'completed',
          workflow_run: { id: 7, name: 'CI', conclusion: 'failure', pull_requests: [{ number: 1 }] },
        },
      },
      workspace: { '.github/triage.yml': RULES.replace("title: '/crash/i'", 'workflow: { conclusion: failure }') },
    });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/transferred or moved/);
    expect(r.requests.filter((e) => e.method !== 'GET')).toEqual([]);
  });

  it('a deleted issue (410) is skipped with a log line', async () => {
    const { app } = await setup(false);
    deleteIssue(app, 1);
    const r = await h.run({ event: opened(1), workspace: { '.github/triage.yml': RULES } });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/#1 was deleted: left alone/);
    expect(r.requests.filter((e) => e.method !== 'GET')).toEqual([]);
    expect(app.issues.get(2)!.labels).toEqual([]);
  });
});

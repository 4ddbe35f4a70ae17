// Deliveries that are stale, repeated or overtaken by people: fresh state wins, a re-run writes nothing,
// a closed item is left alone, and a person overrules a rule through its `labels-absent` condition.
import { describe, expect, it } from 'vitest';
import { RequestLog, type Emulator } from '../../../emulator';
import { REPO, scenarioOf } from '../../../emulator/scenarios/triage';
import { triageHarness } from './harness';

const h = triageHarness();
let emu: Emulator | undefined;

const CONFIG = `
rules:
  - id: crash
    if: { title: '/crash/i', labels-absent: [triaged] }
    then:
      add-labels: [bug]
      remove-labels: [question]
      comment: Thanks for the crash report.
`;

const event = (action: string, labels: string[] = [], state = 'open') => ({
  name: 'issues',
  payload: {
    action,
    issue: { number: 1, title: 'Crash on start', state, labels: labels.map((name) => ({ name })), comments: 0 },
  },
});
const run = (ev: ReturnType<typeof event>) => h.run({ event: ev, workspace: { '.github/triage.yml': CONFIG } });
const issue = () => emu!.state.repo(REPO)!.issues.get(1)!;
const labels = () =>
  issue()
    .labels.map((l) => l.name)
    .sort();
const comments = () => [...emu!.state.repo(REPO)!.comments.values()].filter((c) => c.issueNumber === 1);

describe('triage races', () => {
  it('a stale payload: the fresh labels decide; the same delivery again writes nothing', async () => {
    // The payload says "question" and no "bug"; the issue really has "bug" and no "question" (someone fixed it).
    emu = await h.start(scenarioOf({ issues: [{ number: 1, title: 'Crash on start', labels: ['bug'] }] }), {
      timeScale: 0.01,
    });
    const first = await run(event('opened', ['question']));
    expect(first.code, first.stdout).toBe(0);
    expect(first.requests.filter((e) => e.contentCreating).map((e) => `${e.method} ${e.path}`)).toEqual([
      'POST /repos/octo/app/issues/1/comments',
    ]);
    expect(labels()).toEqual(['bug']);
    const again = await run(event('opened', ['question']));
    expect(again.code).toBe(0);
    expect(RequestLog.summarize(again.requests).writes).toBe(0);
    expect(comments()).toHaveLength(1);
  });

  it('an item closed meanwhile is left alone', async () => {
    emu = await h.start(scenarioOf({ issues: [{ number: 1, title: 'Crash on start', state: 'closed' }] }), {
      timeScale: 0.01,
    });
    const r = await run(event('reopened'));
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/closed now: left alone/);
    expect(RequestLog.summarize(r.requests).writes).toBe(0);
    expect(labels()).toEqual([]);
  });

  it('an item deleted before the run is a notice, not a failure', async () => {
    emu = await h.start(scenarioOf({ issues: [{ number: 1, title: 'Crash on start' }] }), { timeScale: 0.01 });
    emu.state.repo(REPO)!.issues.delete(1);
    const r = await run(event('opened'));
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/#1 is gone/);
    expect(RequestLog.summarize(r.requests).writes).toBe(0);
  });

  it('a rule assigning someone who cannot be assigned does not write on every run', async () => {
    emu = await h.start(scenarioOf({ issues: [{ number: 1, title: 'Crash on start' }] }), { timeScale: 0.01 });
    const config = "rules:\n  - id: crash\n    if: { title: '/crash/i' }\n    then: { assign: [mona, stranger] }\n";
    const sweep = () =>
      h.run({ event: { name: 'schedule', payload: {} }, workspace: { '.github/triage.yml': config } });
    const first = await sweep();
    expect(first.code, first.stdout).toBe(0);
    expect(issue().assignees).toEqual(['mona']);
    expect(first.stdout).toMatch(/@stranger cannot be assigned/);
    const again = await sweep();
    expect(again.code).toBe(0);
    expect(RequestLog.summarize(again.requests).writes).toBe(0);
  });

  it('a person overrules the rule: with the `triaged` label the removed `bug` is not put back on the next edit', async () => {
    emu = await h.start(scenarioOf({ issues: [{ number: 1, title: 'Crash on start' }] }), { timeScale: 0.01 });
    expect((await run(event('opened'))).code).toBe(0);
    expect(labels()).toEqual(['bug']);
    // A maintainer disagrees: removes bug, adds triaged.
    const item = issue();
    item.labels = [emu.state.repo(REPO)!.labels.find((l) => l.name === 'question')!];
    const edited = await run(event('edited', ['question']));
    expect(edited.code).toBe(0);
    expect(labels()).toEqual(['bug']); // without `triaged`, the rule still matches: declarative, it applies again
    const triaged = { id: 9999, name: 'triaged', color: 'ededed', description: null, default: false };
    emu.state.repo(REPO)!.labels.push(triaged);
    item.labels = [triaged];
    const overruled = await run(event('edited', ['triaged']));
    expect(overruled.code).toBe(0);
    expect(RequestLog.summarize(overruled.requests).writes).toBe(0);
    expect(labels()).toEqual(['triaged']);
    expect(comments()).toHaveLength(1);
  });
});

// The triage workflows (README examples and action templates) never put an event run into the sweeps'
// concurrency group: GitHub keeps one pending run per group and cancels an older pending one when a newer queues
// ("Using concurrency"), so a pending `/close` or CI-status run would be replaced by the next schedule.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { interpolate } from './workflow-expression';

const root = join(__dirname, '../../../..');
const EVENT_PAYLOADS: Record<string, Record<string, unknown>> = {
  issues: { action: 'opened', issue: { number: 12 } },
  issue_comment: { action: 'created', issue: { number: 12 }, comment: { id: 901 } },
  pull_request_target: { action: 'opened', pull_request: { number: 13 }, number: 13 },
  workflow_run: { action: 'completed', workflow_run: { id: 7001, pull_requests: [{ number: 13 }] } },
};
const SWEEPS = ['schedule', 'workflow_dispatch'];

interface Workflow {
  name: string;
  on: Record<string, unknown>;
  group: string;
}

function workflowsIn(file: string, text: string): Workflow[] {
  const docs = file.endsWith('.md') ? [...text.matchAll(/```ya?ml\n([\s\S]*?)```/g)].map((m) => m[1]) : [text];
  return docs.flatMap((doc, index) => {
    const parsed = parse(doc) as { on?: unknown; concurrency?: unknown; jobs?: unknown } | null;
    if (!parsed || typeof parsed !== 'object' || !parsed.jobs || !parsed.on) return [];
    const on = Array.isArray(parsed.on)
      ? Object.fromEntries(parsed.on.map((e: string) => [e, null]))
      : typeof parsed.on === 'string'
        ? { [parsed.on]: null }
        : (parsed.on as Record<string, unknown>);
    const concurrency = parsed.concurrency;
    const group =
      typeof concurrency === 'string' ? concurrency : ((concurrency as { group?: string } | undefined)?.group ?? '');
    return [{ name: `${file}#${index + 1}`, on, group }];
  });
}

/** What a workflow's concurrency group becomes for a run of this event (empty: no group). */
export function groupOf(workflow: Workflow, event: string, payload: Record<string, unknown>): string {
  return workflow.group ? interpolate(workflow.group, { github: { event_name: event, event: payload } }) : '';
}

/** Event runs whose group is a sweep's group. */
export function sharedWithSweeps(workflow: Workflow): string[] {
  const sweeps = SWEEPS.filter((e) => e in workflow.on).map((e) => groupOf(workflow, e, {}));
  if (sweeps.length === 0) return [];
  return Object.entries(EVENT_PAYLOADS)
    .filter(([event]) => event in workflow.on)
    .filter(([event, payload]) => {
      const group = groupOf(workflow, event, payload);
      return group !== '' && sweeps.includes(group);
    })
    .map(([event]) => event);
}

const FILES = [
  'README.md',
  'actions/triage/README.md',
  'action-templates/triage.yml',
  'action-templates/triage-ci-status.yml',
];

describe('triage workflows: event runs never share the sweeps’ concurrency group', () => {
  const workflows = FILES.flatMap((file) => workflowsIn(file, readFileSync(join(root, file), 'utf8'))).filter(
    (w) => /actions\/triage@|triage/.test(w.name) || w.group.includes('triage'),
  );

  it('finds the workflows (README examples and templates)', () => {
    expect(workflows.length).toBeGreaterThanOrEqual(3);
  });

  it.each(FILES)('%s', (file) => {
    for (const workflow of workflows.filter((w) => w.name.startsWith(`${file}#`)))
      expect(sharedWithSweeps(workflow), workflow.name).toEqual([]);
  });

  it('catches a workflow_run run in the sweeps group (the old README example)', () => {
    const old: Workflow = {
      name: 'old',
      on: { workflow_run: {}, schedule: [], issue_comment: {} },
      group:
        "triage-${{ github.event_name == 'issue_comment' && format('comment-{0}', github.event.comment.id) || (github.event.issue.number || github.event.pull_request.number) && format('item-{0}', github.event.issue.number || github.event.pull_request.number) || 'sweep' }}",
    };
    expect(sharedWithSweeps(old)).toEqual(['workflow_run']);
    expect(groupOf(old, 'issue_comment', EVENT_PAYLOADS.issue_comment)).toBe('triage-comment-901');
    expect(groupOf(old, 'schedule', {})).toBe('triage-sweep');
  });

  it('catches a fixed group shared by every event', () => {
    const fixed: Workflow = { name: 'fixed', on: { issues: {}, schedule: [] }, group: 'triage' };
    expect(sharedWithSweeps(fixed)).toEqual(['issues']);
  });
});

// `npm run bench` scenarios of the triage action: A a sweep over 500 items, B the same sweep again in the same job,
// C an issues.opened event matching 2 rules; D the stale sweep (20 to mark, 5 to close, 5 to label), E the same sweep
// again in the same job; F and G the same 500 items swept with actions/stale's settings, with triage's semantics and
// with actions/stale's (5 of them labelled stale by a maintainer). Triage reads through GraphQL (its own budget, in
// points), so its REST requests are its writes; each row checks both budgets.
import { RequestLog } from '../../emulator';
import {
  EVENT_CONFIG,
  eventScenario,
  REPO,
  STALE_SWEEP_CONFIG,
  staleSweepScenario,
  SWEEP_CONFIG,
  staleSemanticsConfig,
  staleSemanticsScenario,
  sweepScenario,
  TOKEN,
} from '../../emulator/scenarios/triage';
import type { BenchRun, BenchScenario } from '../types';

const sweepRun: BenchRun = {
  token: TOKEN,
  event: { name: 'schedule', payload: { schedule: '0 3 * * *' } },
  workspace: { '.github/triage.yml': SWEEP_CONFIG },
};

const staleSweepRun: BenchRun = {
  token: TOKEN,
  event: { name: 'schedule', payload: { schedule: '0 3 * * *' } },
  workspace: { '.github/triage.yml': STALE_SWEEP_CONFIG },
};

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

/** REST requests counted, writes, and GraphQL points of a run, as one line for a failed check. */
const both = (s: ReturnType<typeof RequestLog.summarize>) =>
  `${s.counted} REST requests (${s.writes} writes), ${s.graphqlPoints} GraphQL points`;

export const scenarios: BenchScenario[] = [
  {
    name: 'triage A: sweep 500 items (400 issues, 100 PRs), 30 need an operation',
    action: 'triage',
    description: 'REST: the 30 writes alone (the list, and the label list, read through GraphQL); at most 10 points.',
    minimum: { requests: 30, writes: 30 },
    setup() {
      const a = sweepScenario();
      return {
        scenario: a.scenario,
        run: sweepRun,
        verify(emu, r) {
          const s = RequestLog.summarize(r.requests);
          check(s.writes === 30 && s.counted === 30, `expected 30 REST requests, all writes: ${both(s)}`);
          check(s.graphqlPoints <= 10, `expected at most 10 points: ${both(s)}`);
          check(
            r.outputs['open-issues'] === '400' && r.outputs['open-pull-requests'] === '100',
            `counts ${r.outputs['open-issues']}/${r.outputs['open-pull-requests']}`,
          );
          const repo = emu.state.repo(REPO)!;
          check(
            a.needing.every((n) => repo.issues.get(n)!.labels.length === 1),
            'an item was not labelled',
          );
        },
      };
    },
  },
  {
    name: 'triage B: the same sweep again in the same job',
    action: 'triage',
    description: 'After A in the same job: no REST request; the list through GraphQL, at most 5 points.',
    minimum: { requests: 0, writes: 0 },
    setup() {
      return {
        scenario: sweepScenario().scenario,
        preRuns: [sweepRun, sweepRun],
        run: sweepRun,
        verify(_emu, r) {
          const s = RequestLog.summarize(r.requests);
          check(s.writes === 0 && s.counted === 0, `expected no REST request: ${both(s)}`);
          check(s.graphqlPoints <= 5, `expected at most 5 points: ${both(s)}`);
        },
      };
    },
  },
  {
    name: 'triage C: issues.opened matching 2 rules',
    action: 'triage',
    description: 'REST: 2 labels + 1 comment; the issue (and the label list) read through GraphQL.',
    minimum: { requests: 3, writes: 3 },
    setup() {
      const c = eventScenario();
      return {
        scenario: c.scenario,
        run: {
          token: TOKEN,
          event: { name: 'issues', payload: c.payload },
          workspace: { '.github/triage.yml': EVENT_CONFIG },
        },
        verify(_emu, r) {
          const s = RequestLog.summarize(r.requests);
          check(s.counted === 3 && s.writes === 3, `expected 3 REST requests, all writes: ${both(s)}`);
          check(s.graphqlPoints <= 3, `expected at most 3 points: ${both(s)}`);
        },
      };
    },
  },
  {
    name: 'triage D: stale sweep of 500 items (20 to mark, 5 to close, 5 to label by a rule)',
    action: 'triage',
    description:
      'REST: 20 × (label, comment) + 5 closes + 5 labels, no REST read; GraphQL: the list, one details query and the label list, at most 15 points.',
    minimum: { requests: 50, writes: 50 },
    setup() {
      const d = staleSweepScenario();
      return {
        scenario: d.scenario,
        run: staleSweepRun,
        verify(emu, r) {
          const s = RequestLog.summarize(r.requests);
          check(s.writes === 50 && s.counted === 50, `expected 50 REST requests, all writes: ${both(s)}`);
          check(s.graphqlPoints <= 15, `expected at most 15 points: ${both(s)}`);
          const repo = emu.state.repo(REPO)!;
          check(
            d.toClose.every((n) => repo.issues.get(n)!.state === 'closed'),
            'an item to close is still open',
          );
        },
      };
    },
  },
  {
    name: 'triage E: the stale sweep again in the same job',
    action: 'triage',
    description:
      'The job remembers its writes in RUNNER_TEMP: no REST request; the list through GraphQL, at most 5 points.',
    minimum: { requests: 0, writes: 0 },
    setup() {
      return {
        scenario: staleSweepScenario().scenario,
        preRuns: [staleSweepRun],
        run: staleSweepRun,
        verify(_emu, r) {
          const s = RequestLog.summarize(r.requests);
          check(s.writes === 0 && s.counted === 0, `expected no REST request: ${both(s)}`);
          check(s.graphqlPoints <= 5, `expected at most 5 points: ${both(s)}`);
        },
      };
    },
  },
  ...(['triage', 'actions-stale'] as const).map((semantics): BenchScenario => ({
    name: `triage ${semantics === 'triage' ? 'F' : 'G'}: stale sweep of 500 items, ${semantics} semantics`,
    action: 'triage',
    description:
      semantics === 'triage'
        ? "Issue 26: actions/stale's settings, triage's semantics: the 5 items a maintainer labelled get the stale comment first (5 pages + 20 × 2 marks + 10 comment reads + 5 closes + 5 comments)."
        : "Issue 26: the same with semantics actions-stale: the maintainer's label counts from its labeled event (5 event reads), and those 5 are closed (5 pages + 20 × 2 + 10 comment reads + 5 event reads + 10 closes).",
    minimum: staleSemanticsScenario().minimum[semantics === 'triage' ? 'triage' : 'actionsStale'],
    setup() {
      const f = staleSemanticsScenario();
      const minimum = f.minimum[semantics === 'triage' ? 'triage' : 'actionsStale'];
      return {
        scenario: f.scenario,
        run: {
          token: TOKEN,
          event: { name: 'schedule', payload: { schedule: '0 3 * * *' } },
          workspace: { '.github/triage.yml': staleSemanticsConfig(semantics) },
        },
        verify(emu, r) {
          const s = RequestLog.summarize(r.requests);
          check(
            s.writes === minimum.writes && s.counted <= minimum.requests,
            `expected ≤ ${minimum.requests} counted / ${minimum.writes} writes, got ${s.counted} / ${s.writes}`,
          );
          const repo = emu.state.repo(REPO)!;
          const closed = f.byHand.filter((n) => repo.issues.get(n)!.state === 'closed').length;
          check(
            closed === (semantics === 'triage' ? 0 : f.byHand.length),
            `${closed} of the items labelled by hand closed`,
          );
        },
      };
    },
  })),
];

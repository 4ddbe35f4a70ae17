// Repositories, configs and events for the triage end-to-end tests, the bench and the demo.
import type { IssueSeed, RepoSeed, Scenario } from '..';

export const TOKEN = 'ghs_triage_workflow';
export const REPO = 'octo/app';
const DAY = 24 * 60 * 60 * 1000;

export const daysAgo = (days: number, from = Date.now()) =>
  new Date(from - days * DAY).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The workflow token (issues and pull requests write, contents read) and the collaborators used by the command tests. */
export function scenarioOf(repo: Omit<RepoSeed, 'owner' | 'name'>): Scenario {
  return {
    tokens: {
      [TOKEN]: {
        kind: 'workflow',
        repositories: [REPO],
        permissions: { issues: 'write', 'pull-requests': 'write', contents: 'read' },
      },
    },
    repositories: [
      {
        owner: 'octo',
        name: 'app',
        labels: [
          { name: 'bug', color: 'd73a4a' },
          { name: 'question', color: 'cc317c' },
          { name: 'documentation', color: '0075ca' },
          // The labels the tests' rules, commands and stale settings add: adding a label the repository lacks
          // is skipped with a warning (answers.test.ts covers that, and creating it).
          ...[
            'stale',
            'old',
            'closed-stale',
            'triage',
            'needs-triage',
            'needs info',
            'area: api',
            'ci: failing',
            'kind-issue',
            'kind-pull',
            'newcomer',
            'panic',
            'release',
            'size/L',
            'size/XS',
            'feature',
            'source',
          ].map((name) => ({ name, color: 'ededed' })),
        ],
        collaborators: { mona: 'write', rita: 'read', tri: 'triage', max: 'maintain' },
        ...repo,
      },
    ],
  };
}

/** Scenario A/B config: a rule for issues, one for pull requests, stale settings no item is old enough for. */
export const SWEEP_CONFIG = `
rules:
  - id: crash
    if: { type: issue, title: '/\\bcrash/i' }
    then: { add-labels: [bug] }
  - id: docs
    if: { type: pull_request, title: '/^docs:/' }
    then: { add-labels: [documentation] }
stale:
  days-before-stale: 60
  days-before-close: 14
  only: issues
`;

/**
 * Scenario A: 500 open items (400 issues, 100 pull requests) of which 30 need one operation (20 crash reports
 * without the bug label, 10 docs pull requests without the documentation label); 10 crash reports are labelled
 * already. Theoretical minimum: 5 list requests + 30 writes.
 */
export function sweepScenario(): {
  scenario: Scenario;
  needing: number[];
  minimum: { requests: number; writes: number };
} {
  const issues: IssueSeed[] = [];
  const needing: number[] = [];
  const start = Date.now() - 30 * DAY;
  for (let n = 1; n <= 500; n++) {
    const updatedAt = new Date(start + n * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    if (n <= 400) {
      const crash = n % 20 === 0;
      const labelled = n % 40 === 10;
      issues.push({
        number: n,
        title: crash || labelled ? `Crash in module ${n}` : `Issue ${n}`,
        labels: labelled ? ['bug'] : [],
        updatedAt,
        createdAt: updatedAt,
      });
      if (crash) needing.push(n);
    } else {
      const docs = n % 10 === 0;
      issues.push({
        number: n,
        title: docs ? `docs: page ${n}` : `Change ${n}`,
        updatedAt,
        createdAt: updatedAt,
        pull: { head: `topic-${n}`, files: [{ filename: docs ? 'docs/a.md' : 'src/a.ts' }] },
      });
      if (docs) needing.push(n);
    }
  }
  return {
    scenario: scenarioOf({ issues }),
    needing,
    minimum: { requests: 5 + needing.length + (needing.length ? 1 : 0), writes: needing.length },
  };
}

/** Scenario C config: the opened issue matches `crash` and `api` (2 labels and 1 comment), not `docs`. */
export const EVENT_CONFIG = `
rules:
  - id: crash
    if: { type: issue, title: '/\\bcrash/i', labels-absent: [triaged] }
    then: { add-labels: [bug] }
  - id: api
    if: { form: { Component: [API, CLI] } }
    then:
      add-labels: ['area: api']
      comment: Thanks! The API team will look at this.
  - id: docs
    if: { type: pull_request, files: ['docs/**'] }
    then: { add-labels: [documentation] }
`;

export const FORM_BODY = '### Component\n\nAPI\n\n### What happened?\n\nIt crashed.\n';

/** Scenario C: one issue just opened; minimum 1 fresh read + the label list (the plan adds labels) + 3 writes. */
export function eventScenario(): {
  scenario: Scenario;
  payload: Record<string, unknown>;
  minimum: { requests: number; writes: number };
} {
  const issue: IssueSeed = { number: 1, title: 'App crash on start', body: FORM_BODY, user: 'someone' };
  return {
    scenario: scenarioOf({ issues: [issue] }),
    payload: {
      action: 'opened',
      issue: { number: 1, title: issue.title, body: issue.body, labels: [], user: { login: 'someone' } },
    },
    minimum: { requests: 5, writes: 3 },
  };
}

/** A posted comment's body without the hidden one-off token every triage comment ends with. */
export const withoutPostToken = (body: string): string =>
  body.replace(/\n<!-- repo-actions:triage post=[0-9a-f]+ -->$/, '');

/** The stale sweep's config: a rule for crash reports, stale marking with the defaults actions/stale users expect. */
export const STALE_SWEEP_CONFIG = `
rules:
  - id: crash
    if: { type: issue, title: '/\\bcrash/i' }
    then: { add-labels: [bug] }
stale:
  days-before-stale: 60
  days-before-close: 7
`;

/**
 * The stale sweep: 500 open items (400 issues, 100 pull requests); 20 idle items to mark stale (15 issues,
 * 5 pull requests), 5 marked stale 10 days ago with no activity since (to close; their one comment is the
 * workflow token's stale comment, which must be read: a person's label with someone else's comment looks the
 * same from the list), 5 crash reports to label by the rule; everything else active.
 * Minimum: 5 list pages + 20 × 2 (label, comment) + 5 comment reads + 5 closes + 5 labels + 1 read of the
 * repository's labels = 61 requests, 50 writes (the stale label is seen on the marked items, but the rule's `bug`
 * is on no item read, and adding a label the repository lacks must not create it silently).
 */
export function staleSweepScenario(): {
  scenario: Scenario;
  toMark: number[];
  toClose: number[];
  toLabel: number[];
  minimum: { requests: number; writes: number };
} {
  const issues: IssueSeed[] = [];
  const toMark: number[] = [];
  const toClose: number[] = [];
  const toLabel: number[] = [];
  const now = Date.now();
  for (let n = 1; n <= 500; n++) {
    const pull = n > 400;
    let updatedAt = new Date(now - 2 * DAY - n * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    let title = pull ? `Change ${n}` : `Issue ${n}`;
    let labels: string[] = [];
    let comments: IssueSeed['comments'];
    if (n % 20 === 1 && (pull || n <= 300)) {
      updatedAt = daysAgo(90, now - n * 60_000);
      toMark.push(n);
    } else if (!pull && n % 80 === 2) {
      updatedAt = daysAgo(10, now - n * 60_000);
      labels = ['stale'];
      comments = [
        {
          body: 'Marked stale.\n\n<!-- repo-actions:triage stale -->',
          user: 'github-actions[bot]',
          viaApp: 15368,
          createdAt: updatedAt,
        },
      ];
      toClose.push(n);
    } else if (!pull && n % 80 === 3) {
      title = `Crash in module ${n}`;
      toLabel.push(n);
    }
    issues.push({
      number: n,
      title,
      labels,
      updatedAt,
      createdAt: daysAgo(120),
      ...(comments ? { comments } : {}),
      ...(pull ? { pull: { head: `topic-${n}`, files: [{ filename: 'src/a.ts' }] } } : {}),
    });
  }
  return {
    scenario: scenarioOf({ issues }),
    toMark,
    toClose,
    toLabel,
    minimum: { requests: 5 + toMark.length * 2 + toClose.length * 2 + toLabel.length + 1, writes: 50 },
  };
}

/**
 * The same 500 items swept by actions/stale's step inputs, once with triage's semantics and once with
 * `stale-semantics: actions-stale`: the issue-17 sweep's items (20 to mark, 5 marked by the workflow token 10 days
 * ago), plus 5 issues a maintainer labelled stale 10 days ago by hand (a `labeled` event, no stale comment). No rule.
 * The config is the stale section by actions/stale's names (`staleSemanticsConfig`).
 * Triage's semantics read each stale item's comments (10) and post its stale comment on the 5 labelled by hand
 * (closed 7 days later): 5 pages + 40 + 10 + 5 closes + 5 comments = 65 requests, 50 writes.
 * actions/stale's semantics read the same comments, then the events of the 5 labelled by hand (when the label was put
 * on) and close them: 5 pages + 40 + 10 + 5 + 10 closes = 70 requests, 50 writes.
 */
export function staleSemanticsScenario(): {
  scenario: Scenario;
  byHand: number[];
  minimum: { triage: { requests: number; writes: number }; actionsStale: { requests: number; writes: number } };
} {
  const base = staleSweepScenario();
  const repo = base.scenario.repositories[0];
  const byHand: number[] = [];
  for (const issue of repo.issues ?? []) {
    const n = issue.number ?? 0;
    if (n > 400 || n % 80 !== 3) continue;
    // The rule's crash reports of the issue-17 sweep become items a maintainer labelled stale.
    const at = daysAgo(10, Date.now() - n * 60_000);
    issue.title = `Issue ${issue.number}`;
    issue.labels = ['stale'];
    issue.updatedAt = at;
    issue.labelEvents = [{ label: 'stale', actor: 'mona', createdAt: at }];
    byHand.push(n);
  }
  const stale = base.toClose.length + byHand.length;
  const pages = 5;
  const marks = base.toMark.length * 2;
  return {
    scenario: base.scenario,
    byHand,
    minimum: {
      triage: { requests: pages + marks + stale + base.toClose.length + byHand.length, writes: 50 },
      actionsStale: { requests: pages + marks + stale + byHand.length + stale, writes: 50 },
    },
  };
}

/** The semantics comparison's config, by actions/stale's names (days 60 / 7, its stale messages given). */
export function staleSemanticsConfig(semantics: 'triage' | 'actions-stale'): string {
  return `
stale:
  days-before-stale: 60
  days-before-close: 7
  stale-issue-message: This issue is stale.
  stale-pr-message: This pull request is stale.
  semantics: ${semantics}
`;
}

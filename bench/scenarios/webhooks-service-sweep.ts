// An organisation's nightly sweep while webhooks keep arriving (issue 36, "Measured (bench)"; `npm run bench --
// service-sweep`): one App installation on an organisation of 2,000 repositories, a tenth of them with an idle issue
// to mark stale (a label and a comment: two writes each), and a second installation with three repositories. `serve`
// runs as the App (its JWT, an installation token each) on its embedded PostgreSQL with `--sweep-cron` naming the
// first whole minute after it starts, so one slot fires at the row's start; meanwhile each installation's webhooks
// arrive open-loop at 1/s until every sweep row is done. The emulator enforces GitHub's documented limits
// (secondary: 80 content-creating requests a minute and 500 an hour; primary: see LIMITS).
//
// Time scale 0.1 (a GitHub hour is 6 real minutes): the sweep's reads take 0.45-0.55 s a repository in each of its
// two lanes (item-jobs.ts: SWEEP_LANES) on a shared 2-core machine, 7.5-9.5 real minutes for 2,003 repositories
// whatever the scale (the scale shortens GitHub's windows, not the API's round trips), so at 0.1 the sweep spans
// 75-95 GitHub minutes: whole hour-long windows of the write limit lie inside it and are measured. A larger scale would
// stretch the row past the limit of the sweep's own wall time; a smaller one would measure no whole hour. The
// sweep's ~400 writes spread over those 95 minutes stay under its lane's hourly share (write-history.ts: 75% of 500),
// so the hourly limit is measured, not forced: what paces this sweep is its lanes.
//
// Every number is read, none assumed: deliveries' receipt and completion times and states from the store, writes and
// rejections from the emulator's request log (a write is a counted content-creating request no limit refused, at
// its answer's time, as the emulator records it).
import { generateKeyPairSync } from 'node:crypto';
import { registerApp } from '../../emulator/app-hook-routes';
import type { IssueSeed, RepoSeed, Scenario } from '../../emulator';
import type { LogEntry } from '../../emulator/log';
import { BENCH_SECRET, describeFleet, drained, startFleet, warmUp, type Fleet } from '../service/fleet';
import { describeLoad, runLoad, type LoadOutcome } from '../service/load';
import { machine, refusals, rss } from '../service/measures';
import { cronAt, latencyOf, maxInWindow, slotAfter, type Latency } from '../service/sweep-measures';
import { failedInStore, sweepRows, sweepState, webhookRows } from '../service/sweep-store';
import type { StandaloneBench } from '../standalone';
import type { BenchResult } from '../types';

const TIME_SCALE = 0.1;
const APP_ID = 36_001;
const size = Number(process.env.BENCH_SWEEP_REPOSITORIES);
/**
 * The organisation's installation: 2,000 repositories (its `.github` with the shared config among them);
 * BENCH_SWEEP_REPOSITORIES=n sweeps fewer, to try the row out quickly.
 */
const ORG = {
  owner: 'octo',
  installation: 1_001,
  token: 'ghs_sweep_org',
  repositories: Number.isInteger(size) && size >= 3 ? size : 2_000,
};
/** The other installation: three repositories. */
const SMALL = { owner: 'acme', installation: 1_002, token: 'ghs_sweep_small' };
/** Every this-many repositories of the organisation has an idle issue to mark stale. */
const STALE_EVERY = 10;
/** Webhooks a second, per installation, open loop, over this many issues of its webhook repository. */
const RATE = 1;
const WEBHOOK_ISSUES = 20;
/** The load runs in chunks of this length until the sweep is done (a generator process each, started back to back). */
const CHUNK_MS = 20_000;
/** The row gives up waiting for the sweep after this long (real time; the sweep takes ~9.5 min, see above). */
const SWEEP_CAP_MS = 12 * 60_000;
/** Time for `serve` (and its embedded PostgreSQL) to start before the slot. */
const START_LEAD_MS = 45_000;
/**
 * GitHub's primary limit for an installation on an organisation of more than 20 repositories: 5,000 an hour plus 50
 * per repository, at most 12,500 (docs.github.com, "Rate limits for the REST API", GitHub App installations).
 */
const LIMITS = { installation: 12_500 };
const SECONDARY = { perMinute: 80, perHour: 500 };

const DAY = 86_400_000;
const CONFIG = `rules:
  - id: crash
    if: { type: issue, title: '/\\bcrash/i' }
    then: { add-labels: [bug] }
stale:
  days-before-stale: 60
  days-before-close: 7
`;
const LABELS = [
  { name: 'bug', color: 'd73a4a' },
  { name: 'stale', color: 'ededed' },
];

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function repo(owner: string, name: string, issues: IssueSeed[]): RepoSeed {
  return { owner, name, branches: { main: { 'README.md': '#\n' } }, labels: LABELS, issues };
}

/** Two active questions; with `idle`, a third issue nobody touched for 90 days (to mark stale). */
function everydayIssues(now: number, idle: boolean): IssueSeed[] {
  const issues: IssueSeed[] = [1, 2].map((n) => ({
    number: n,
    title: `Question ${n}`,
    user: 'alice',
    createdAt: iso(now - 120 * DAY),
    updatedAt: iso(now - DAY - n * 60_000),
  }));
  if (idle)
    issues.push({
      number: 3,
      title: 'Forgotten',
      user: 'alice',
      createdAt: iso(now - 200 * DAY),
      updatedAt: iso(now - 90 * DAY),
    });
  return issues;
}

/** The webhooks' repository of an installation: "Crash n" issues the rule labels (the first delivery of each writes). */
const crashIssues = (now: number): IssueSeed[] =>
  Array.from({ length: WEBHOOK_ISSUES }, (_, i) => ({
    number: i + 1,
    title: `Crash ${i + 1}`,
    user: 'alice',
    createdAt: iso(now - 2 * DAY),
    updatedAt: iso(now - DAY),
  }));

interface Organisation {
  scenario: Scenario;
  /** Repositories each installation reaches, and how many of them have an issue to mark. */
  orgRepositories: string[];
  smallRepositories: string[];
  toMark: number;
}

function organisation(): Organisation {
  const now = Date.now();
  const orgRepos: RepoSeed[] = [
    { owner: ORG.owner, name: '.github', branches: { main: { '.github/triage.yml': CONFIG } } },
    repo(ORG.owner, 'app', crashIssues(now)),
  ];
  let toMark = 0;
  for (let i = 1; orgRepos.length < ORG.repositories; i++) {
    const idle = i % STALE_EVERY === 0;
    if (idle) toMark++;
    orgRepos.push(repo(ORG.owner, `service-${String(i).padStart(4, '0')}`, everydayIssues(now, idle)));
  }
  const smallRepos: RepoSeed[] = [
    { owner: SMALL.owner, name: '.github', branches: { main: { '.github/triage.yml': CONFIG } } },
    repo(SMALL.owner, 'web', crashIssues(now)),
    repo(SMALL.owner, 'api', everydayIssues(now, false)),
  ];
  const names = (repos: RepoSeed[]) => repos.map((r) => `${r.owner}/${r.name}`);
  // One App, one bot: both installations act as the same login, so the emulator (which keys an identity's limits
  // by its login) counts their writes together — stricter than per installation.
  const installation = (token: typeof ORG | typeof SMALL, repositories: string[]) => ({
    kind: 'installation' as const,
    login: 'triage-app[bot]',
    appId: APP_ID,
    installationId: token.installation,
    repositories,
    permissions: { issues: 'write' as const, contents: 'read' as const },
  });
  return {
    scenario: {
      tokens: {
        [ORG.token]: installation(ORG, names(orgRepos)),
        [SMALL.token]: installation(SMALL, names(smallRepos)),
      },
      repositories: [...orgRepos, ...smallRepos],
    },
    orgRepositories: names(orgRepos),
    smallRepositories: names(smallRepos),
    toMark,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One installation's webhooks: open-loop chunks back to back until `running()` says stop. */
async function webhooksUntil(
  fleet: Fleet,
  who: { owner: string; installation: number },
  running: () => boolean,
): Promise<LoadOutcome[]> {
  const outcomes: LoadOutcome[] = [];
  const perChunk = Math.round((RATE * CHUNK_MS) / 1000);
  for (let chunk = 0; running(); chunk++) {
    outcomes.push(
      await runLoad({
        urls: fleet.serves.map((s) => s.url),
        secret: BENCH_SECRET,
        deliveries: {
          prefix: `hook-${who.installation}-${chunk}`,
          first: chunk * perChunk,
          issues: WEBHOOK_ISSUES,
          mixed: false,
          repository: `${who.owner}/${who.owner === ORG.owner ? 'app' : 'web'}`,
          installation: who.installation,
        },
        shape: { kind: 'open', rate: RATE, durationMs: CHUNK_MS },
      }),
    );
  }
  return outcomes;
}

/** The answer time of each write the emulator recorded (counted, content-creating, refused by no limit). */
function writeTimes(entries: LogEntry[], owner?: string): number[] {
  return entries
    .filter((e) => e.counted && e.contentCreating && !e.limited)
    .filter((e) => owner === undefined || e.path.startsWith(`/repos/${owner}/`))
    .map((e) => e.startedAt + e.durationMs);
}

/** Requests by route (owner, repository and numbers elided), the most frequent first: where the API time went. */
function routes(entries: LogEntry[], top: number): string {
  const counts = new Map<string, number>();
  for (const e of entries) {
    const route = `${e.method} ${e.path.replace(/^\/repos\/[^/]+\/[^/]+/, '/repos/:repo').replace(/\/\d+(?=\/|$)/g, '/:n')}`;
    counts.set(route, (counts.get(route) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([route, n]) => `${n}× ${route}`)
    .join(', ');
}

const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)}` : String(v));
const describeLatency = (l: Latency) =>
  `${l.count} received, receipt-to-done p50 ${ms(l.p50)} ms, p99 ${ms(l.p99)} ms, max ${ms(l.max)} ms`;

async function sweepRow(name: string): Promise<BenchResult> {
  const org = organisation();
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const slot = slotAfter(Date.now(), START_LEAD_MS);
  const fleet = await startFleet({
    kind: 'embedded',
    deliveries: { issues: WEBHOOK_ISSUES, mixed: false },
    latencyMs: 50,
    timeScale: TIME_SCALE,
    scenario: org.scenario,
    emulatorOptions: { limits: LIMITS },
    beforeServe: (emu) => registerApp(emu.state, APP_ID, publicKey.export({ type: 'spki', format: 'pem' }).toString()),
    serveArgs: ['--app-id', String(APP_ID), '--sweep-cron', cronAt(slot)],
    serveEnv: { GITHUB_APP_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
  });
  try {
    if (Date.now() >= slot) throw new Error(`serve started after its sweep slot ${new Date(slot).toISOString()}`);
    await warmUp(fleet);
    const started = Date.now();
    const expected = org.orgRepositories.length + org.smallRepositories.length;
    let sweeping = true;
    const loads = Promise.all([ORG, SMALL].map((who) => webhooksUntil(fleet, who, () => sweeping)));
    // Until every sweep row of the slot is done (or the cap): the slot fires within a minute, then queues `expected`.
    for (;;) {
      const s = await sweepState(fleet);
      if ((s.total >= expected && s.open === 0) || Date.now() - started > SWEEP_CAP_MS) break;
      await sleep(1_000);
    }
    sweeping = false;
    const [orgLoads, smallLoads] = await loads;
    const accepted = [...orgLoads, ...smallLoads].flatMap((l) => l.acceptedIds);
    await drained(fleet, accepted, 120_000);

    const sweep = await sweepRows(fleet);
    const hooks = await webhookRows(fleet, accepted);
    const during = (installation: number) =>
      latencyOf(
        hooks
          .filter((h) => h.installation === String(installation) && h.finishedAt !== null)
          .filter((h) => h.receivedAt >= sweep.queuedAt && h.receivedAt <= sweep.lastDoneAt)
          .map((h) => h.finishedAt! - h.receivedAt),
      );
    const orgLatency = during(ORG.installation);
    const smallLatency = during(SMALL.installation);
    const hooksDone = hooks.filter((h) => h.state === 'done').length;
    const failed = await failedInStore(fleet);

    const log = fleet.emu.log.entries;
    const secondary = log.filter((e) => e.limited === 'secondary');
    const primary = log.filter((e) => e.limited === 'primary').length;
    const minute = 60_000 * TIME_SCALE;
    const hour = 3_600_000 * TIME_SCALE;
    const windows = (owner?: string) => {
      const times = writeTimes(log, owner);
      return { total: times.length, minute: maxInWindow(times, minute), hour: maxInWindow(times, hour) };
    };
    const all = windows();
    const orgWrites = windows(ORG.owner);
    const smallWrites = windows(SMALL.owner);
    const swept = (installation: number) =>
      sweep.byInstallation.get(String(installation)) ?? { done: 0, failed: 0, open: 0, lastDoneAt: NaN };
    const orgSwept = swept(ORG.installation);
    const smallSwept = swept(SMALL.installation);
    const marked = org.orgRepositories.filter((r) =>
      fleet.emu.state
        .repo(r)
        ?.issues.get(3)
        ?.labels.some((l) => l.name === 'stale'),
    ).length;
    const gitHubMin = (realMs: number) => (realMs / TIME_SCALE / 60_000).toFixed(1);
    const durationMs = sweep.lastDoneAt - sweep.firstDoneAt;
    const sent = [...orgLoads, ...smallLoads].reduce((n, l) => n + l.summary.sent, 0);

    const ok =
      orgSwept.done === org.orgRepositories.length &&
      smallSwept.done === org.smallRepositories.length &&
      marked === org.toMark &&
      hooksDone === accepted.length &&
      accepted.length === sent &&
      secondary.length === 0 &&
      failed === 0 &&
      [all, orgWrites, smallWrites].every((w) => w.minute <= SECONDARY.perMinute && w.hour <= SECONDARY.perHour);
    // The sweep's own requests: those about the organisation's repositories but its webhooks' one.
    const sweepRequests = log.filter(
      (e) => e.path.startsWith(`/repos/${ORG.owner}/`) && !e.path.startsWith(`/repos/${ORG.owner}/app/`),
    ).length;
    const reasons = [...new Set(secondary.map((e) => e.limitReason ?? '?'))].join(', ');
    const note =
      `${describeFleet('embedded')} as App ${APP_ID}, time scale ${TIME_SCALE} (a GitHub hour is ${hour / 60_000} real min), ` +
      `API latency 50 ms; sweep slot ${cronAt(slot)} UTC over installation ${ORG.installation} ` +
      `(${org.orgRepositories.length} repositories, ${org.toMark} with an idle issue to mark) and ${SMALL.installation} ` +
      `(${org.smallRepositories.length}); webhooks ${RATE}/s per installation until the sweep was done. ` +
      `Swept: ${orgSwept.done} of ${org.orgRepositories.length} and ${smallSwept.done} of ${org.smallRepositories.length} done ` +
      `(failed ${orgSwept.failed + smallSwept.failed}, open ${orgSwept.open + smallSwept.open}, most attempts ${sweep.maxAttempts}); ` +
      `the last of each installation's done ${((orgSwept.lastDoneAt - sweep.queuedAt) / 1000).toFixed(1)} s and ` +
      `${((smallSwept.lastDoneAt - sweep.queuedAt) / 1000).toFixed(1)} s after the slot queued them; ` +
      `${marked} of ${org.toMark} idle issues marked stale; sweep duration first to last done ${(durationMs / 1000).toFixed(1)} s ` +
      `(${gitHubMin(durationMs)} GitHub min), slot queued to last done ${((sweep.lastDoneAt - sweep.queuedAt) / 1000).toFixed(1)} s ` +
      `(${gitHubMin(sweep.lastDoneAt - sweep.queuedAt)} GitHub min). Webhooks received while the sweep ran: installation ` +
      `${ORG.installation} ${describeLatency(orgLatency)}; installation ${SMALL.installation} ${describeLatency(smallLatency)}; ` +
      `${hooksDone} of ${accepted.length} accepted done. Load: installation ${ORG.installation} ` +
      `${orgLoads.map(describeLoad).slice(-1)[0] ?? 'none'} (last of ${orgLoads.length} chunks); ` +
      `installation ${SMALL.installation} ${smallLoads.map(describeLoad).slice(-1)[0] ?? 'none'} (last of ${smallLoads.length}); ` +
      `${sent} sent in all. API: ${log.length} requests (${routes(log, 8)}; about the swept repositories but ` +
      `${ORG.owner}/app: ${(sweepRequests / Math.max(1, org.orgRepositories.length - 1)).toFixed(1)} a repository); writes ${all.total} (installation ${ORG.installation} ` +
      `${orgWrites.total}, ${SMALL.installation} ${smallWrites.total}), most in a GitHub minute ${all.minute} ` +
      `(${orgWrites.minute}, ${smallWrites.minute}; limit ${SECONDARY.perMinute}), in a GitHub hour ${all.hour} ` +
      `(${orgWrites.hour}, ${smallWrites.hour}; limit ${SECONDARY.perHour}); secondary-limit rejections ${secondary.length}` +
      `${reasons ? ` (${reasons})` : ''}, primary ${primary}; permanent failures ${failed}; refused by the service: ` +
      `${await refusals(fleet)}; ${rss(fleet)}; ${machine()}`;
    return { name, action: 'webhooks', status: ok ? 'ok' : 'failed', note, wallMs: Date.now() - started };
  } finally {
    await fleet.close();
  }
}

const rowName = `service-sweep: ${ORG.repositories} repositories swept while webhooks arrive at ${RATE}/s, 0 secondary-limit rejections`;

export const standalone: StandaloneBench[] = [
  {
    name: rowName,
    action: 'webhooks',
    description:
      "An organisation's nightly sweep (2,000 repositories, GitHub's write limits) while two installations' webhooks arrive.",
    run: () => sweepRow(rowName),
  },
];

// `npm run bench` scenarios of label-sync: A 60 labels with 22 changes, B the same run again in the same
// job, C 250 labels to create (also against the emulator's strict secondary limits), D an organisation base file from another repository plus the repository's own file.
// The labels are read through GraphQL (its own budget, in points), so each row's REST requests are its writes, the
// files read through the API, and the list read once again after the writes (a page per 100 labels: the check of the
// writes, and the ETag that makes the same run again a free 304; src/actions/label-sync/domain/label-reads.ts); the "through REST"
// row has no GraphQL endpoint (404, as a server without it answers), so the run reads through REST by itself.
import { RequestLog } from '../../emulator';
import {
  expectedMap,
  labelFile,
  labelMap,
  scenarioA,
  scenarioC,
  scenarioD,
  scenarioOf,
  WORKFLOW_TOKEN,
} from '../../emulator/scenarios/label-sync';
import type { BenchRun, BenchScenario } from '../types';

const REPO = 'octo/app';

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

/** REST requests counted, writes, and GraphQL points of a run, as one line for a failed check. */
const both = (s: { counted: number; writes: number; graphqlPoints: number }) =>
  `${s.counted} REST requests (${s.writes} writes), ${s.graphqlPoints} GraphQL points`;

const runA: BenchRun = {
  token: WORKFLOW_TOKEN,
  repository: REPO,
  inputs: { prune: true },
  workspace: { '.github/labels.yml': labelFile(scenarioA().file) },
};

export const scenarios: BenchScenario[] = [
  {
    name: 'label-sync A: 60 labels, 40 identical, 10 changed, 3 aliases, 2 pruned, 7 missing',
    action: 'label-sync',
    description:
      'REST: the 10 + 3 + 2 + 7 = 22 writes, then 1 list read again after them (the check, and the ETag for a re-run) = 23; the list through GraphQL before: 1 point (60 labels, one page).',
    minimum: { requests: 23, writes: 22, points: 1 },
    setup() {
      const a = scenarioA();
      return {
        scenario: scenarioOf([{ owner: 'octo', name: 'app', labels: a.labels }]),
        run: runA,
        verify(emu, r) {
          const s = RequestLog.summarize(r.requests);
          check(s.counted === 23 && s.writes === 22, `expected 23 REST requests, 22 writes: ${both(s)}`);
          check(s.graphqlPoints === 1, `expected 1 GraphQL point: ${both(s)}`);
          check(!r.requests.some((e) => e.limited), 'a request was rejected by a rate limit');
          check(
            JSON.stringify(labelMap(emu.state.repo(REPO)!.labels)) === JSON.stringify(expectedMap(a.file)),
            'the labels differ from the file',
          );
        },
      };
    },
  },
  {
    name: 'label-sync A through REST (no GraphQL endpoint)',
    action: 'label-sync',
    description:
      'The fallback: 1 list + 22 writes + 1 list read again after them = 24 REST requests, no point; the same end state.',
    minimum: { requests: 24, writes: 22, points: 0 },
    setup() {
      const a = scenarioA();
      return {
        scenario: scenarioOf([{ owner: 'octo', name: 'app', labels: a.labels }]),
        prepare(emu) {
          emu.faults.respond({
            method: 'POST',
            path: /\/graphql$/,
            status: 404,
            body: { message: 'Not Found' },
            times: 1000,
          });
        },
        run: runA,
        verify(emu, r) {
          const s = RequestLog.summarize(r.requests);
          check(s.counted === 24 && s.writes === 22, `expected 24 REST requests, 22 writes: ${both(s)}`);
          check(s.graphqlPoints === 0, `expected no GraphQL point: ${both(s)}`);
          check(
            JSON.stringify(labelMap(emu.state.repo(REPO)!.labels)) === JSON.stringify(expectedMap(a.file)),
            'the labels differ from the file',
          );
        },
      };
    },
  },
  {
    name: 'label-sync B: the same run again in the same job',
    action: 'label-sync',
    description:
      'After A: A left the job the ETag of the list as its writes made it, so the list is read through REST and answered 304 (free): no counted request, no write, no point, every time.',
    minimum: { requests: 0, writes: 0, points: 0 },
    setup() {
      return {
        scenario: scenarioOf([{ owner: 'octo', name: 'app', labels: scenarioA().labels }]),
        preRuns: [runA, runA],
        run: runA,
        verify(emu, r) {
          const s = RequestLog.summarize(r.requests);
          check(s.counted === 0 && s.writes === 0, `expected no counted REST request: ${both(s)}`);
          check(s.graphqlPoints === 0 && s.graphqlRequests === 0, `expected no GraphQL request: ${both(s)}`);
          check(s.notModified === 1, `expected the list answered 304: ${s.notModified} 304s`);
          check(
            JSON.stringify(labelMap(emu.state.repo(REPO)!.labels)) === JSON.stringify(expectedMap(scenarioA().file)),
            'the labels differ from the file',
          );
        },
      };
    },
  },
  {
    name: 'label-sync C: 250 labels to create',
    action: 'label-sync',
    description:
      '250 creates, one at a time and 1 s apart (scaled by 0.01, so 2.5 s at least), as GitHub asks: no secondary-limit rejection; the (empty) list through GraphQL: 1 point; then the 250 labels read again: 3 pages, 253 REST requests.',
    minimum: { requests: 253, writes: 250, points: 1 },
    setup() {
      const c = scenarioC();
      return {
        scenario: scenarioOf([{ owner: 'octo', name: 'app', labels: [] }]),
        // The emulator's windows last a minute × 0.01, and the client scales its own the same way.
        emulatorOptions: { timeScale: 0.01 },
        run: { token: WORKFLOW_TOKEN, repository: REPO, workspace: { '.github/labels.yml': labelFile(c.file) } },
        verify(emu, r) {
          const rejected = r.requests.filter((e) => e.limited).length;
          check(rejected === 0, `${rejected} requests rejected by a rate limit`);
          const s = RequestLog.summarize(r.requests);
          check(s.counted === 253 && s.writes === 250, `expected 253 REST requests, 250 writes: ${both(s)}`);
          check(s.graphqlPoints === 1, `expected 1 GraphQL point: ${both(s)}`);
          check(emu.state.repo(REPO)!.labels.length === 250, 'not every label was created');
        },
      };
    },
  },
  {
    name: 'label-sync C against strict secondary limits (one write in flight, 1 s apart past 5, 60 a minute)',
    action: 'label-sync',
    description:
      'The same 250 creates (and 3 pages read again after them) against the emulator that refuses concurrent writes and writes closer than a second: none refused.',
    minimum: { requests: 253, writes: 250, points: 1 },
    setup() {
      const c = scenarioC();
      return {
        scenario: scenarioOf([{ owner: 'octo', name: 'app', labels: [] }]),
        emulatorOptions: { timeScale: 0.01, strictSecondary: true },
        run: { token: WORKFLOW_TOKEN, repository: REPO, workspace: { '.github/labels.yml': labelFile(c.file) } },
        verify(emu, r) {
          const rejected = r.requests.filter((e) => e.limited).length;
          check(rejected === 0, `${rejected} requests rejected by a strict secondary limit`);
          check(
            JSON.stringify(labelMap(emu.state.repo(REPO)!.labels)) === JSON.stringify(expectedMap(c.file)),
            'the labels differ from the file',
          );
        },
      };
    },
  },
  {
    name: 'label-sync D: an org base file (another repository) + the repository file, 5 overrides, 5 additions',
    action: 'label-sync',
    description:
      'REST: 1 file read + 5 updates + 5 creates + 1 list read again after them = 12 requests; the list through GraphQL before: 1 point.',
    minimum: { requests: 12, writes: 10, points: 1 },
    setup() {
      const d = scenarioD();
      return {
        scenario: scenarioOf([
          { owner: 'octo', name: 'app', labels: d.labels },
          { owner: 'octo', name: '.github', branches: { main: { 'labels/base.yml': labelFile(d.base) } } },
        ]),
        run: {
          token: WORKFLOW_TOKEN,
          repository: REPO,
          inputs: { config: 'octo/.github:labels/base.yml\n.github/labels.yml', prune: true },
          workspace: { '.github/labels.yml': labelFile(d.own) },
        },
        verify(emu, r) {
          const s = RequestLog.summarize(r.requests);
          check(s.counted === 12 && s.writes === 10, `expected 12 REST requests, 10 writes: ${both(s)}`);
          check(s.graphqlPoints === 1, `expected 1 GraphQL point: ${both(s)}`);
          check(
            JSON.stringify(labelMap(emu.state.repo(REPO)!.labels)) === JSON.stringify(expectedMap(d.merged)),
            'the labels differ from the merged files',
          );
        },
      };
    },
  },
];

// `npm run bench` scenarios of label-sync: A 60 labels with 22 changes, B the same run again in the same
// job, C 250 labels to create, D an organisation base file from another repository plus the repository's own file.
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
      'Theoretical minimum 1 list + 10 + 3 + 2 + 7 = 23 requests; required exactly that, the writes as one burst.',
    minimum: { requests: 23, writes: 22 },
    setup() {
      const a = scenarioA();
      return {
        scenario: scenarioOf([{ owner: 'octo', name: 'app', labels: a.labels }]),
        run: runA,
        verify(emu, r) {
          const s = RequestLog.summarize(r.requests);
          check(s.counted === 23 && s.writes === 22, `expected 23 counted / 22 writes, got ${s.counted} / ${s.writes}`);
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
    name: 'label-sync B: the same run again in the same job',
    action: 'label-sync',
    description:
      'After A (and one run that reads the list A changed), the list is answered 304: nothing counted, no writes.',
    minimum: { requests: 0, writes: 0 },
    setup() {
      return {
        scenario: scenarioOf([{ owner: 'octo', name: 'app', labels: scenarioA().labels }]),
        preRuns: [runA, runA],
        run: runA,
        verify(_emu, r) {
          const s = RequestLog.summarize(r.requests);
          check(s.counted === 0 && s.writes === 0, `expected 0 counted / 0 writes, got ${s.counted} / ${s.writes}`);
          check(s.notModified === 1, `expected 1 × 304, got ${s.notModified}`);
        },
      };
    },
  },
  {
    name: 'label-sync C: 250 labels to create',
    action: 'label-sync',
    description:
      '1 list + 250 creates, paced under 80 content-creating requests a minute (scaled window): no secondary-limit rejection.',
    minimum: { requests: 251, writes: 250 },
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
          check(
            s.counted === 251 && s.writes === 250,
            `expected 251 counted / 250 writes, got ${s.counted} / ${s.writes}`,
          );
          check(emu.state.repo(REPO)!.labels.length === 250, 'not every label was created');
        },
      };
    },
  },
  {
    name: 'label-sync D: an org base file (another repository) + the repository file, 5 overrides, 5 additions',
    action: 'label-sync',
    description: 'Theoretical minimum 1 file read + 1 list + 5 updates + 5 creates = 12 requests.',
    minimum: { requests: 12, writes: 10 },
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
          check(s.counted === 12 && s.writes === 10, `expected 12 counted / 10 writes, got ${s.counted} / ${s.writes}`);
          check(
            JSON.stringify(labelMap(emu.state.repo(REPO)!.labels)) === JSON.stringify(expectedMap(d.merged)),
            'the labels differ from the merged files',
          );
        },
      };
    },
  },
];

// `npm run bench` scenarios of commit-files: A 200 text + 5 binary + 3 deletions + 1 mode change,
// B the same again, C a concurrent push during the run, D one 30 MB binary (peak memory).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RequestLog } from '../../emulator';
import {
  REPO,
  SCENARIO_D_BYTES,
  scenarioA,
  scenarioOf,
  WORKFLOW_TOKEN,
  writeLargeBinary,
  writeWorkspace,
} from '../../emulator/scenarios/commit-files';
import { checkoutAs } from '../../harness/commit-files-checkout';
import type { BenchRun, BenchScenario } from '../types';

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

/** A workspace for scenario A, written to disk (binaries, an executable bit): removed after verification. */
function workspaceA(): { dir: string; run: BenchRun } {
  const a = scenarioA();
  const dir = writeWorkspace(a.workspace);
  return { dir, run: { token: WORKFLOW_TOKEN, repository: REPO, inputs: a.inputs, workspace: dir } };
}

function counted(requests: Parameters<typeof RequestLog.summarize>[0]) {
  return RequestLog.summarize(requests);
}

/** Scenario A's workspace as a real checkout of main (made once the emulator exists): its base is known. */
function checkoutA(): { dir: string; run: BenchRun; prepare(emu: Parameters<typeof checkoutAs>[0]): void } {
  const a = scenarioA();
  const dir = mkdtempSync(join(tmpdir(), 'commit-files-bench-checkout-'));
  return {
    dir,
    run: {
      token: WORKFLOW_TOKEN,
      repository: REPO,
      inputs: { ...a.inputs, 'on-unknown-base': 'fail' },
      workspace: dir,
    },
    prepare: (emu) => void checkoutAs(emu, 'main', a.workspace, dir),
  };
}

export const scenarios: BenchScenario[] = [
  {
    name: 'commit-files A: 200 text + 5 binary + 3 deletions + 1 mode change',
    action: 'commit-files',
    description:
      'Minimum 5 blobs + 1 tree + 1 commit + 1 ref update = 8 REST requests (the writes), the head and its tree in 1 GraphQL query (1 point); required exactly that.',
    minimum: { requests: 8, writes: 8, points: 1 },
    setup() {
      const a = scenarioA();
      // A real checkout of main: the base is the head, so knowing it costs no request.
      const { dir, run, prepare } = checkoutA();
      return {
        scenario: a.scenario,
        prepare,
        run,
        verify(emu, r) {
          try {
            const s = counted(r.requests);
            check(s.counted === 8 && s.writes === 8, `expected 8 counted / 8 writes, got ${s.counted} / ${s.writes}`);
            check(s.graphqlPoints === 1, `expected 1 GraphQL point, got ${s.graphqlPoints}`);
            check(r.outputs.committed === 'true' && r.outputs.verified === 'true', 'no verified commit');
            check(
              r.outputs['files-updated'] === '201' &&
                r.outputs['files-added'] === '5' &&
                r.outputs['files-deleted'] === '3',
              'wrong file counts',
            );
            check(
              emu.state.repo(REPO)!.filesAt(emu.state.branchSha(REPO, 'main')!).get('bin/build.sh')?.mode === '100755',
              'mode not changed',
            );
          } finally {
            rmSync(dir, { recursive: true, force: true });
          }
        },
      };
    },
  },
  {
    name: 'commit-files A, stale checkout: another push landed after the checkout',
    action: 'commit-files',
    description:
      'A from a real checkout of main, after someone pushed a change to another file: the descent check rides in the same GraphQL query (Ref.compare), so still 8 REST requests and 1 point; their change kept, history linear.',
    minimum: { requests: 8, writes: 8, points: 1 },
    setup() {
      const a = scenarioA();
      const { dir, run, prepare } = checkoutA();
      let other = '';
      return {
        scenario: a.scenario,
        prepare(emu) {
          prepare(emu);
          other = emu.state.commitFiles(REPO, 'main', { 'CHANGELOG.md': 'pushed meanwhile\n' }, 'Other', 'mona');
        },
        run,
        verify(emu, r) {
          try {
            const s = counted(r.requests);
            check(s.counted === 8 && s.writes === 8, `expected 8 counted / 8 writes, got ${s.counted} / ${s.writes}`);
            check(s.graphqlPoints === 1, `expected 1 GraphQL point, got ${s.graphqlPoints}`);
            const head = emu.state.branchSha(REPO, 'main')!;
            check(emu.state.commit(REPO, head)!.parents[0] === other, 'the other push is not the parent');
            check(
              emu.state.fileAt(REPO, 'main', 'CHANGELOG.md') === 'pushed meanwhile\n',
              "the other push's file is lost",
            );
            check(r.outputs['files-deleted'] === '3', 'wrong deletions');
          } finally {
            rmSync(dir, { recursive: true, force: true });
          }
        },
      };
    },
  },
  {
    name: 'commit-files B: the same again',
    action: 'commit-files',
    description:
      'After A in the same job: the head and tree in 1 GraphQL query, no REST request, nothing differs, no commit.',
    minimum: { requests: 0, writes: 0, points: 1 },
    setup() {
      const a = scenarioA();
      const { dir, run } = workspaceA();
      return {
        scenario: a.scenario,
        preRuns: [run],
        run,
        verify(_emu, r) {
          try {
            const s = counted(r.requests);
            check(s.counted === 0 && s.writes === 0, `expected 0 counted / 0 writes, got ${s.counted} / ${s.writes}`);
            check(r.outputs.committed === 'false', 'a commit was made');
          } finally {
            rmSync(dir, { recursive: true, force: true });
          }
        },
      };
    },
  },
  {
    name: 'commit-files B2: the same again from the checkout it moved, over REST',
    action: 'commit-files',
    description:
      "After A from a real checkout of main, in the same job, with GraphQL unreachable: the checkout's HEAD is behind the head A made, but the workspace already equals that head, so no compare: the ref and the tree, no commit.",
    minimum: { requests: 2, writes: 0, points: 0 },
    setup() {
      const { dir, run: checkedOut, prepare } = checkoutA();
      const run: BenchRun = { ...checkedOut, env: { GITHUB_GRAPHQL_URL: 'http://127.0.0.1:9/graphql' } };
      return {
        scenario: scenarioA().scenario,
        prepare,
        preRuns: [run],
        run,
        verify(_emu, r) {
          try {
            const s = counted(r.requests);
            check(s.counted === 2 && s.writes === 0, `expected 2 counted / 0 writes, got ${s.counted} / ${s.writes}`);
            check(!r.requests.some((q) => q.path.includes('/compare/')), 'a compare was read');
            check(r.outputs.committed === 'false', 'a commit was made');
          } finally {
            rmSync(dir, { recursive: true, force: true });
          }
        },
      };
    },
  },
  {
    name: 'commit-files C: a concurrent push lands before the ref update',
    action: 'commit-files',
    description:
      'A with another push between the tree read and the ref update: 1 compare + 1 tree + 1 commit + 1 ref = 4 extra REST requests; both commits kept.',
    minimum: { requests: 12, writes: 11, points: 1 },
    setup() {
      const a = scenarioA();
      const { dir, run } = workspaceA();
      let before = '';
      return {
        scenario: a.scenario,
        prepare(emu) {
          before = emu.state.branchSha(REPO, 'main')!;
          emu.faults.concurrentPush({ repo: REPO, branch: 'main', files: { 'CHANGELOG.md': 'pushed meanwhile\n' } });
        },
        run,
        verify(emu, r) {
          try {
            const s = counted(r.requests);
            check(s.counted <= 12, `expected at most 12 counted, got ${s.counted}`);
            const head = emu.state.branchSha(REPO, 'main')!;
            const other = emu.state.commit(REPO, head)!.parents[0];
            check(emu.state.commit(REPO, other)!.parents[0] === before, 'the other commit is not the parent');
            check(
              emu.state.fileAt(REPO, 'main', 'CHANGELOG.md') === 'pushed meanwhile\n',
              "the other push's file is lost",
            );
          } finally {
            rmSync(dir, { recursive: true, force: true });
          }
        },
      };
    },
  },
  {
    name: 'commit-files D: one 30 MB binary file',
    action: 'commit-files',
    description:
      'Hashed and uploaded streaming from disk: peak RSS of the action process stays near its baseline (~100 MB), not the file size.',
    minimum: { requests: 4, writes: 4, points: 1 },
    setup() {
      const dir = mkdtempSync(join(tmpdir(), 'commit-files-bench-d-'));
      writeLargeBinary(join(dir, 'data/model.bin'), SCENARIO_D_BYTES);
      return {
        scenario: scenarioOf({ main: { 'README.md': '# app\n' } }),
        run: {
          token: WORKFLOW_TOKEN,
          repository: REPO,
          inputs: { message: 'Add the model', paths: 'data', 'on-unknown-base': 'overwrite' },
          workspace: dir,
          timeoutMs: 600_000,
        },
        verify(emu, r) {
          try {
            const s = counted(r.requests);
            check(s.counted === 4 && s.writes === 4, `expected 4 counted / 4 writes, got ${s.counted} / ${s.writes}`);
            const file = emu.state.repo(REPO)!.filesAt(emu.state.branchSha(REPO, 'main')!).get('data/model.bin');
            check(emu.state.repo(REPO)!.objects.blob(file!.sha)!.length === SCENARIO_D_BYTES, 'the blob is incomplete');
          } finally {
            rmSync(dir, { recursive: true, force: true });
          }
        },
      };
    },
  },
];

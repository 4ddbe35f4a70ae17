// Shared set-up of the release end-to-end tests: one emulator per test (closed after it), throw-away
// workspaces, and a run of the release bundle on a tag push.
import { rmSync } from 'node:fs';
import { afterEach } from 'vitest';
import type { Emulator } from '../../../emulator';
import { runBundle, type RunOptions } from '../../../harness/run-bundle';
import { REPO, workspaceWith, WORKFLOW_TOKEN } from '../../../emulator/scenarios/release';

export interface ReleaseHarness {
  /** Set by each test (`h.emu = await createEmulator(…)`); closed after it. */
  emu: Emulator | undefined;
  ws(files: Record<string, string | Buffer>): string;
  run(inputs: RunOptions['inputs'], workspace: string, extra?: Partial<RunOptions>): ReturnType<typeof runBundle>;
  releases(): NonNullable<ReturnType<Emulator['state']['repo']>>['releases'];
}

export function releaseHarness(): ReleaseHarness {
  const dirs: string[] = [];
  const h: ReleaseHarness = {
    emu: undefined,
    ws(files) {
      const d = workspaceWith(files);
      dirs.push(d);
      return d;
    },
    run: (inputs, workspace, extra = {}) =>
      runBundle('release', {
        emulator: h.emu!,
        token: WORKFLOW_TOKEN,
        ref: 'refs/tags/v1.0.0',
        inputs,
        workspace,
        ...extra,
      }),
    releases: () => h.emu!.state.repo(REPO)!.releases,
  };
  afterEach(async () => {
    await h.emu?.close();
    h.emu = undefined;
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  return h;
}

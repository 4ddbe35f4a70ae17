// A real git checkout of a branch of the scenario's repository, as actions/checkout leaves one
// (`../git-checkout.ts` writes it).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Emulator } from '../emulator';
import { writeGitCheckout, type GitCheckoutOptions } from './git-checkout';
import { REPO, writeWorkspace, type LocalSeed } from '../emulator/scenarios/commit-files';

export interface CheckoutOptions extends GitCheckoutOptions {
  dir?: string;
}

/** Checks out `branch` of the scenario's repository into a fresh folder (or `dir`); returns the folder. */
export function gitCheckout(emu: Emulator, branch: string, options: CheckoutOptions = {}): string {
  const repo = emu.state.repo(REPO)!;
  const head = emu.state.branchSha(REPO, branch);
  if (!head) throw new Error(`no branch ${branch}`);
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'commit-files-checkout-'));
  writeGitCheckout(repo, head, branch, dir, options);
  return dir;
}

/** A checkout of `branch` whose files are then made exactly `files` (what the steps before commit-files left). */
export function checkoutAs(emu: Emulator, branch: string, files: Record<string, LocalSeed>, dir?: string): string {
  const root = gitCheckout(emu, branch, dir ? { dir } : {});
  for (const entry of readdirSync(root))
    if (entry !== '.git') rmSync(join(root, entry), { recursive: true, force: true });
  writeWorkspace(files, root);
  return root;
}

// `branch-suffix`, as create-pull-request names its branches: `<branch>-<suffix>` with the Unix time in seconds
// (`timestamp`), seven random lowercase letters and digits (`random`), or the short id of the commit the workspace
// was checked out at (`short-commit-hash`, else GITHUB_SHA's). Each run then works on a branch of its own.
import { randomInt } from 'node:crypto';
import type { ActionContext } from '../../../kernel/action';
import type { CheckoutBase } from './checkout-base';
import { isValidRefName, type CommitInputs } from '../inputs';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export function branchSuffix(
  kind: NonNullable<CommitInputs['branchSuffix']>,
  now: number,
  commit: string,
  random: (max: number) => number = randomInt,
): string {
  if (kind === 'timestamp') return String(Math.floor(now / 1000));
  if (kind === 'short-commit-hash') return commit.slice(0, 7);
  return Array.from({ length: 7 }, () => ALPHABET[random(ALPHABET.length)]).join('');
}

export function withBranchSuffix(config: CommitInputs, base: CheckoutBase, ctx: ActionContext): CommitInputs {
  if (!config.branchSuffix) return config;
  const commit = base.known ? base.sha : ctx.context.runSha;
  const branch = `${config.branch}-${branchSuffix(config.branchSuffix, ctx.clock.now(), commit)}`;
  if (!isValidRefName(branch))
    throw new Error(`branch-suffix: "${branch}" is not a valid branch name. Nothing was sent.`);
  ctx.log.info(`branch-suffix ${config.branchSuffix}: the branch is ${branch}`);
  return { ...config, branch };
}

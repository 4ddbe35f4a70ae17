// Settling the base against the branch the commit lands on. A base equal to the head costs nothing. Otherwise the
// comparison GraphQL made in the same query as the head (`Ref.compare`), or one compare read
// (`GET /compare/{base}...{head}`), tells whether the head descends from the base ("ahead"): then the
// change set goes three-way onto the head. When the workspace's files already equal the head's (a re-run after this
// job moved the branch), nothing is left to write whatever the head's history: no compare. A base GitHub does not know (a local commit never pushed, another
// repository: 404), or one the head does not descend from (a pull request's merge commit, a rewritten branch), is an
// unknown base like a missing checkout: `on-unknown-base` fails (the default) or overwrites, and the plan says which.
import { isStatus } from '../../../github/client';
import type { CheckoutBase, BaseSource } from './checkout-base';
import type { GitApi } from './git-api';
import type { Descent } from './remote-reads';
import { unknownBaseRefusal } from './refusals';
import type { Side } from './three-way';

export type OnUnknownBase = 'fail' | 'overwrite';

export type ChangeBase =
  | {
      mode: 'three-way';
      sha: string;
      source: BaseSource;
      files: ReadonlyMap<string, Side>;
      /** REST requests spent settling it (0 when it is the head or GraphQL compared it, else the compare). */
      requests: number;
      /** GraphQL compared it in the query that read the head. */
      viaGraphql?: boolean;
      /** Commits the head is ahead of the base. */
      behindBy: number;
      /** The workspace's files already equal the head's (a re-run after this job moved the branch): no compare. */
      equalToHead?: boolean;
    }
  | { mode: 'overwrite'; reason: string; requests: number };

/** The local part alone: fails before any request when the checkout cannot tell the base and `fail` is asked. */
export function checkLocalBase(local: CheckoutBase, onUnknown: OnUnknownBase): void {
  if (!local.known && onUnknown === 'fail') throw new Error(unknownBaseRefusal(local.reason));
}

export async function settleBase(
  api: GitApi,
  local: CheckoutBase,
  head: string,
  branch: string,
  onUnknown: OnUnknownBase,
  /** How the head relates to the base, when GraphQL compared them already (then no compare request). */
  descent?: Descent,
  /**
   * The selected workspace files already equal the head's: whatever the head's history, the change set leaves it
   * as it is (three-way onto it or not), so the compare read is not needed.
   */
  equalToHead = false,
): Promise<ChangeBase> {
  const unknown = (reason: string, requests: number): ChangeBase => {
    if (onUnknown === 'fail') throw new Error(unknownBaseRefusal(reason));
    return { mode: 'overwrite', reason, requests };
  };
  if (!local.known) return unknown(local.reason, 0);
  const known = { mode: 'three-way' as const, sha: local.sha, source: local.source, files: local.files };
  if (local.sha === head) return { ...known, requests: 0, behindBy: 0 };
  if (equalToHead && !descent) return { ...known, requests: 0, behindBy: 0, equalToHead: true };
  let status: string = descent?.status ?? '';
  let ahead = descent?.aheadBy ?? 0;
  const requests = descent ? 0 : 1;
  if (!descent) {
    try {
      const cmp = await api.compare(local.sha, head);
      status = cmp.status;
      ahead = cmp.totalCommits;
    } catch (err) {
      if (!isStatus(err, 404)) throw err;
      return unknown(
        `GitHub does not know the checkout's commit ${local.sha.slice(0, 7)} (a local commit never pushed, or another repository)`,
        1,
      );
    }
  }
  if (status === 'ahead' || status === 'identical')
    return { ...known, requests, behindBy: ahead, ...(descent ? { viaGraphql: true } : {}) };
  return unknown(
    `${branch} (${head.slice(0, 7)}) does not descend from the checkout's commit ${local.sha.slice(0, 7)} (compare: ${status}; ` +
      'a pull request merge commit, another branch, or a rewritten history: check out the branch itself)',
    requests,
  );
}

/** The plan's line about the base. */
export function describeBase(base: ChangeBase, branch: string, head: string): string {
  if (base.mode === 'overwrite')
    return `Base unknown: ${base.reason}. on-unknown-base: overwrite, so the workspace is committed as it is onto ${branch} (${head.slice(0, 7)}), replacing what it selects.`;
  const from = base.source === 'HEAD' ? "the checkout's HEAD" : 'GITHUB_SHA, which the checkout holds';
  if (base.sha === head) return `Base ${base.sha.slice(0, 7)} (${from}) is the head of ${branch}: no extra read.`;
  if (base.equalToHead)
    return `Base ${base.sha.slice(0, 7)} (${from}); ${branch} is at ${head.slice(0, 7)}, whose files already equal the workspace's: no compare read.`;
  return (
    `Base ${base.sha.slice(0, 7)} (${from}); ${branch} is ${base.behindBy} ${base.behindBy === 1 ? 'commit' : 'commits'} ahead at ${head.slice(0, 7)} ` +
    `(${base.viaGraphql ? 'compared in the GraphQL read of the head' : '1 compare read'}): the change set goes three-way onto it, keeping what changed there.`
  );
}

// The claim a job's run holds on its item's deliveries. `take` stamps the deliveries it takes with a fresh token;
// only the run holding the token may settle them (`settle`) or send a write for them (`write-history.ts`). When a
// run is taken over (its replica stopped beating for a lease, `queue.ts`, and another replica took the deliveries
// again), the stale run's writes are refused before they are sent and its settlements change nothing, so an item's
// effect happens once however a run was cut off: by a restart, a freeze, or a paused process.
//
// The claim travels with the run through AsyncLocalStorage: the clients that send the writes are shared by every
// delivery of an installation (`client-pool.ts`), so the run cannot be handed to them as an argument.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** The table of the deliveries a claim is held on (`delivery-log.ts`), column `run_token`. */
export const DELIVERIES = 'repo_actions_deliveries';

export interface RunClaim {
  itemKey: string;
  token: string;
  /**
   * Aborted when the run must stop (its deadline passed, or the service's shutdown timeout): the clients read it
   * through the same context (`client-pool.ts`), so the run's in-flight API calls end and no new one is sent.
   */
  signal?: AbortSignal;
}

const current = new AsyncLocalStorage<RunClaim>();

/** A fresh claim on `itemKey`'s deliveries (its token is what `take` stamps them with). */
export function newClaim(itemKey: string, signal?: AbortSignal): RunClaim {
  return { itemKey, token: randomUUID(), signal };
}

/** Runs `fn` as the run holding `claim`: every write it sends is checked against it. */
export function withClaim<T>(claim: RunClaim, fn: () => Promise<T>): Promise<T> {
  return current.run(claim, fn);
}

/** The claim of the run this code runs in, if any. */
export function currentClaim(): RunClaim | undefined {
  return current.getStore();
}

/** A write of a run whose deliveries another run has taken since: it is not sent. */
export class ClaimLostError extends Error {
  constructor(claim: RunClaim) {
    super(`another run took the deliveries of ${claim.itemKey}: this run's write is not sent`);
    this.name = 'ClaimLostError';
  }
}

// The durable side of the service, on PostgreSQL in every mode: the delivery log (dedupe key X-GitHub-Delivery,
// what `deliveries` lists and `redeliver` reads) beside the jobs of the queue library (graphile-worker), which
// holds only pending work. A delivery is stored and its item's job queued in one statement, before the 202.

/** queued: waiting for its item's job; running: taken by a job; done; failed: kept for `deliveries retry`. */
export type DeliveryState = 'queued' | 'running' | 'done' | 'failed';
/** A delivery as the receiver stores it before answering 202. */
export interface NewDelivery {
  /** X-GitHub-Delivery, or `sweep:<repository>:<slot>` for a scheduled sweep. */
  id: string;
  event: string;
  action?: string;
  /** 'owner/name' as received. */
  repository?: string;
  installation?: number;
  /** 'owner/name#number' (lower-cased owner/name) of the issue or pull request: its deliveries share one job. */
  itemKey?: string;
  /** The headers worth keeping (X-GitHub-*, content type); the seal (`seal.ts`) vouches for the row. */
  headers: Record<string, string>;
  /** The JSON payload as received (form bodies are stored decoded). */
  body: Buffer;
  /** SHA-256 of the raw body: the same body under another delivery id within the retention time is a replay. */
  bodySha256?: Buffer;
  /** Runs no sooner than this long after now (sweeps spread over their slot). */
  runAfterMs?: number;
  /**
   * A sweep row's turn among its installation's sweep rows of the slot (0, 1, 2, …): its job's priority in the sweep
   * lane, so the installations' sweeps take turns (`item-jobs.ts`) instead of one waiting behind another's whole sweep.
   */
  sweepTurn?: number;
}

export type AcceptOutcome =
  /** Stored and queued. */
  | 'accepted'
  /** Seen within the retention time and not failed (or the same body under another id): nothing to do. */
  | 'duplicate'
  /** A redelivery of a delivery that ended failed: queued again. */
  | 'requeued';

/** A delivery a job took. */
export interface TakenDelivery {
  id: string;
  event: string;
  repository?: string;
  installation?: number;
  itemKey?: string;
  headers: Record<string, string>;
  body: Buffer;
  /** Attempts including this one (since the last `deliveries retry`). */
  attempts: number;
  receivedAt: number;
  /** The row carries this service's seal (`seal.ts`): only then may a job act on it. */
  sealed: boolean;
}

export interface AttemptRecord {
  at: string;
  /**
   * `waited`: deferred while GitHub's limits or an outage last (no attempt spent); `paused`: deferred while an
   * operator's pause holds it (`operator-controls.ts`); `cancelled`: ended by an operator; `requeued`: `retry`.
   */
  outcome: 'retry' | 'waited' | 'paused' | 'failed' | 'done' | 'coalesced' | 'cancelled' | 'requeued';
  error?: string;
}

export interface DeliverySummary {
  id: string;
  event: string;
  action?: string;
  repository?: string;
  state: DeliveryState;
  attempts: number;
  receivedAt: number;
  lastError?: string;
  /** Every attempt's outcome, kept across `deliveries retry`. */
  history: AttemptRecord[];
}

export interface QueueStats {
  queued: number;
  running: number;
  /** Age (ms) of the oldest queued or running delivery, 0 when none. */
  oldestAgeMs: number;
  failed: number;
  /** Done deliveries: counted up to 10,000, estimated from the table's size past that. */
  done: number;
}

/** How a job's deliveries ended. */
export type Settlement =
  | { state: 'done'; ids: string[]; note?: AttemptRecord['outcome'] }
  /** `waited`: deferred for GitHub (`failure-kind.ts`), the attempt given back; `paused` too, by a pause. */
  | { state: 'queued'; ids: string[]; error: string; retryInMs: number; waited?: boolean; paused?: boolean }
  | { state: 'failed'; ids: string[]; error: string };

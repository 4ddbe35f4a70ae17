// The durable side of the service: deliveries (the dedupe key is X-GitHub-Delivery), the job each one becomes,
// per-item locks and sweep schedules. Two engines implement it with the same guarantees and the same tests:
// PostgreSQL (any number of replicas) and an embedded store on node:sqlite (one process per data directory).

export type JobState = 'queued' | 'running' | 'done' | 'failed';

/** A delivery as the receiver stores it before answering 202. */
export interface NewDelivery {
  /** X-GitHub-Delivery, or `sweep:<repository>:<slot>` for a scheduled sweep. */
  id: string;
  event: string;
  action?: string;
  /** 'owner/name' (lower-cased for keys, as received for display). */
  repository?: string;
  installation?: number;
  /** 'owner/name#number' of the issue or pull request the work touches; jobs with one key never run at once. */
  itemKey?: string;
  /** The headers worth keeping (X-GitHub-*, content type; never the signature). */
  headers: Record<string, string>;
  /** The raw body as received (the JSON payload; form bodies are stored decoded). */
  body: Buffer;
}

export type AcceptOutcome =
  /** Stored and queued. */
  | 'accepted'
  /** Seen within the retention time and not failed: nothing to do. */
  | 'duplicate'
  /** A redelivery of a delivery that ended failed: queued again. */
  | 'requeued';

/** A job this process holds a lease on. */
export interface ClaimedJob {
  id: string;
  event: string;
  repository?: string;
  installation?: number;
  itemKey?: string;
  headers: Record<string, string>;
  body: Buffer;
  /** Attempts including this one. */
  attempts: number;
  receivedAt: number;
}

export interface DeliverySummary {
  id: string;
  event: string;
  action?: string;
  repository?: string;
  state: JobState;
  attempts: number;
  receivedAt: number;
  dueAt: number;
  lastError?: string;
}

export interface QueueStats {
  /** Jobs queued or running. */
  depth: number;
  /** Age (ms) of the oldest queued or running job, 0 when none. */
  oldestAgeMs: number;
  failed: number;
}

export interface ReleaseItem {
  (): Promise<void>;
}

export interface DeliveryStore {
  /** 'postgres' or 'embedded'. */
  readonly kind: string;
  /** Stores a delivery (dedupe on id). Resolves only once it is durable. */
  accept(delivery: NewDelivery): Promise<AcceptOutcome>;
  /**
   * Takes up to `limit` jobs that are due (or whose lease expired: a dead replica's) and leases them to `owner`
   * for `leaseMs`; each claim counts an attempt.
   */
  claim(owner: string, limit: number, leaseMs: number): Promise<ClaimedJob[]>;
  /** Extends the leases of `ids` still held by `owner`; returns the ids no longer held (taken over). */
  renew(owner: string, ids: string[], leaseMs: number): Promise<string[]>;
  /** The job is done (only if `owner` still holds it). */
  complete(owner: string, id: string): Promise<void>;
  /** The attempt failed: queued again in `retryInMs`, or kept as failed when `retryInMs` is undefined. */
  fail(owner: string, id: string, error: string, retryInMs: number | undefined): Promise<void>;
  /** Gives a job back unstarted (drain): queued at once for another worker, the attempt not counted. */
  release(owner: string, id: string): Promise<void>;
  /** Waits until no other job with this key runs anywhere, and holds the key until the returned function runs. */
  lockItem(key: string): Promise<ReleaseItem>;
  list(filter: { state?: JobState; limit?: number }): Promise<DeliverySummary[]>;
  /** Queues failed deliveries again (one id, or all failed when `id` is undefined); resolves with how many. */
  retry(id?: string): Promise<number>;
  stats(): Promise<QueueStats>;
  /** Forgets finished deliveries received before `before` (ms epoch); resolves with how many. */
  prune(before: number): Promise<number>;
  /** True for exactly one caller per (name, slot): the scheduler that runs this slot. */
  claimSchedule(name: string, slot: number): Promise<boolean>;
  /** Repositories (with their installation) seen in stored deliveries, for sweeps. */
  knownRepositories(): Promise<{ repository: string; installation?: number }[]>;
  /** Throws when the store cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// The webhook service: receive → store → work. A delivery is verified (src/hosts/service/receive.ts), stored with
// its dedupe key and its item's job queued, and only then answered 202 (src/hosts/service/routes/webhook.ts);
// graphile-worker runs the jobs (src/hosts/service/queue.ts, src/hosts/service/item-job.ts). Beside the delivery path, each
// in its own module under src/hosts/service/routes/: /healthz (alive), /readyz (the database takes a write, not
// draining), /metrics (Prometheus text).
// Limits against hostile senders (src/hosts/service/edge/): connections counted per address at accept with headroom
// kept for senders with few connections, header and request time-outs from the first byte, a budget of
// unauthenticated body bytes (503 with Retry-After past it), a body limit, a cap on the requests in flight per
// client (429), `X-Forwarded-For` believed only from `trustProxy`, and /metrics and the operator's page (/operator)
// behind a token (else loopback only).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { realClock, type Clock } from '../../github/client/clock';
import { messageOf } from '../../kernel/words';
import { createDispatcher, type DispatcherOptions } from './dispatch';
import type { FieldLogger } from './json-log';
import { ServiceMetrics } from './metrics';
import { ServedTime } from './served-time';
import { UnauthenticatedBytes, byteBudgetLimits } from './edge/byte-budget';
import { addressKey, clientAddress, trustedProxies } from './edge/client-address';
import { connectionLimits, guardConnections } from './edge/connection-guard';
import { itemJobRunner } from './item-job';
import { Queue } from './queue';
import { ReceiverFirst } from './receiver-first';
import { Circuits, type CircuitTimes } from './store/circuits';
import { OperatorControls } from './store/operator-controls';
import { T as DELIVERIES } from './store/delivery-log';
import type { Store } from './store/open-store';
import { GITHUB_WRITE_LIMITS, SharedWrites, laneLimits } from './store/write-history';
import { installedRepositories } from './installed-repositories';
import { knownRepositories, sweepSlot } from './sweeps';
import { answer, refuseUnread } from './routes/answer';
import { healthzRoute } from './routes/healthz';
import { metricsRoute } from './routes/metrics';
import { OPERATOR_PATH, operatorPageRoute } from './routes/operator-page';
import { OperatorView } from './store/operator-view';
import { readyzRoute } from './routes/readyz';
import { installationBacklog } from './store/backlog';
import { createRouter } from './routes/router';
import { webhookRoute } from './routes/webhook';

export interface ServiceLimits {
  /** Largest body accepted (default 5 MB; GitHub caps payloads at 25 MB). */
  maxBodyBytes: number;
  /** Open connections at most (default 256). */
  maxConnections: number;
  /** Requests in flight per remote address at most; past it 429 (default 32). */
  maxInFlightPerClient: number;
  /** Time to receive the request headers (default 10 s). */
  headersTimeoutMs: number;
  /** Time to receive the whole request (default 30 s). */
  requestTimeoutMs: number;
  /** Body bytes held before their signature is checked, all senders together (default 64 MiB). */
  maxUnverifiedBytes: number;
}

export const DEFAULT_LIMITS: ServiceLimits = {
  maxBodyBytes: 5 * 1024 * 1024,
  maxConnections: 256,
  maxInFlightPerClient: 32,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  maxUnverifiedBytes: 64 * 1024 * 1024,
};

export interface ServiceOptions {
  secret: string;
  /** Secrets still accepted while the webhook secret is rotated (`--previous-secret-env`). */
  previousSecrets?: readonly string[];
  store: Store;
  dispatcher: Omit<DispatcherOptions, 'log'>;
  log: FieldLogger;
  /** Where deliveries are posted (default /api/github/webhooks). */
  webhookPath?: string;
  limits?: Partial<ServiceLimits>;
  /** Jobs run at once by this replica (default 4). */
  concurrency?: number;
  /** A stopped replica's jobs are taken back after this long (default 30 s). */
  leaseMs?: number;
  maxAttempts?: number;
  retryBaseMs?: number;
  /** A delivery waiting for GitHub's limits or an outage fails after this long since it was received (default 24 h). */
  maxWaitMs?: number;
  /** The circuits' probe intervals (tests: shorter). */
  circuitTimes?: Partial<CircuitTimes>;
  /** Done deliveries are forgotten after this long (default 7 days); failed ones after four times as long. */
  retentionMs?: number;
  /**
   * On drain, /readyz answers 503 "draining" this long while the listener still takes deliveries (a load balancer
   * sees the replica leave before its connections are refused); default 0.
   */
  drainGraceMs?: number;
  /** A job running longer than this is abandoned and its deliveries retried (`item-job.ts`; default: none). */
  jobDeadlineMs?: number;
  /** Proxies (IP addresses) whose `X-Forwarded-For` names the client (`--trust-proxy`). */
  trustProxy?: readonly string[];
  /** Bearer token for /metrics (`--metrics-token-env`); without one, only loopback clients may read it. */
  metricsToken?: string;
  /** `--sweep-cron`: the stale sweep of every repository on this schedule (five fields, UTC). */
  sweepCron?: string;
  /** The sweeps of one installation are spread over this time (default 10 minutes of the clients' time scale). */
  sweepSpreadMs?: number;
  clock?: Clock;
}

export interface ListenOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
}

/** A delivery gets its 503 after this long with no answer from the database (it is away). */
const ACCEPT_QUIET_MS = 900;
/** A delivery's write gets this long at most while the database answers (GitHub waits 10 s). */
const ACCEPT_LIMIT_MS = 5_000;
/** /readyz and /metrics answer within this time whatever the database does. */
const READY_TIMEOUT_MS = 1_500;

export function createService(options: ServiceOptions) {
  if (!options.secret) throw new Error('createService: the webhook secret is empty');
  const { store, log } = options;
  const limits: ServiceLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const webhookPath = options.webhookPath ?? '/api/github/webhooks';
  const clock = options.clock ?? realClock();
  const metrics = new ServiceMetrics();
  const servedTime = new ServedTime(metrics.registry, [webhookPath, '/healthz', '/readyz', '/metrics', OPERATOR_PATH]);
  // Every replica and every token of an installation count its writes in one history (issue 39 item 7).
  const sharedWrites = new SharedWrites(store.pool, {
    ...GITHUB_WRITE_LIMITS,
    timeScale: options.dispatcher.client?.timeScale ?? 1,
  });
  const dispatcher = createDispatcher({
    writeHistory: (identity, lane) => sharedWrites.for(identity, lane),
    ...options.dispatcher,
    client: { ...options.dispatcher.client, observe: (event) => metrics.api(event) },
    log,
  });
  const retentionMs = options.retentionMs ?? 7 * 86_400_000;

  const circuits = new Circuits(store.pool, DELIVERIES, options.circuitTimes);
  const runItem = itemJobRunner({
    deliveries: store.log,
    circuits,
    pauses: new OperatorControls(store.pool),
    jobDeadlineMs: options.jobDeadlineMs,
    maxWaitMs: options.maxWaitMs,
    dispatcher,
    log,
    metrics,
    clock,
    maxAttempts: options.maxAttempts ?? 5,
    retryBaseMs: options.retryBaseMs ?? 2_000,
  });
  const sweepSource = installedRepositories({
    tokenProvider: options.dispatcher.tokenProvider,
    clients: dispatcher.clients,
    known: knownRepositories(store.pool),
    log,
    now: () => clock.now(),
  });
  // Ten minutes of GitHub time, scaled like the write windows it protects (a scaled run's hour is shorter).
  const sweepSpreadMs = options.sweepSpreadMs ?? 600_000 * (options.dispatcher.client?.timeScale ?? 1);
  const sweep = (slot: number) =>
    sweepSlot({ slot, deliveries: store.log, source: sweepSource, log, spreadMs: sweepSpreadMs });
  // While the store's writes are slow, the workers run one job at a time (`receiver-first.ts`).
  const receiverFirst = new ReceiverFirst({ onHeldBack: () => metrics.heldBack.inc() });
  const queue = new Queue({
    pool: store.pool,
    concurrency: options.concurrency ?? 4,
    leaseMs: options.leaseMs ?? 30_000,
    runItem,
    admit: () => receiverFirst.admit(),
    onHeartbeat: async () => {
      const requeued = await store.log.requeueOrphans(2_000);
      if (requeued) log.info(`Queued the jobs of ${requeued} items left without one.`);
    },
    sweep: options.sweepCron ? { cron: options.sweepCron, run: async (slot) => void (await sweep(slot)) } : undefined,
    log,
  });

  let draining = false;
  let server: Server | undefined;
  let pruneTimer: NodeJS.Timeout | undefined;
  const inFlight = new Map<string, number>();
  const proxies = trustedProxies(options.trustProxy ?? []);
  const unverified = new UnauthenticatedBytes(byteBudgetLimits(limits.maxUnverifiedBytes));

  // One module per route (src/hosts/service/routes/), behind a tiny router.
  const route = createRouter([
    webhookRoute({
      path: webhookPath,
      secret: [options.secret, ...(options.previousSecrets ?? [])],
      maxBodyBytes: limits.maxBodyBytes,
      claim: (client, bytes) => unverified.claim(client, bytes),
      identity: options.dispatcher.identity ?? {},
      describe: (event, payload) => dispatcher.describe(event, payload),
      accept: (delivery) => store.log.accept(delivery),
      storeBound: { quietMs: ACCEPT_QUIET_MS, limitMs: ACCEPT_LIMIT_MS, lastAnswerAt: () => store.log.lastAnswerAt },
      writing: () => receiverFirst.begin(),
      metrics,
      log,
    }),
    healthzRoute(),
    readyzRoute({
      draining: () => draining,
      probe: () => store.log.probe(),
      circuits: () => circuits.list(),
      credentials: async () => {
        const tokens = options.dispatcher.tokenProvider;
        if (!tokens.credentialProblem?.()) return undefined;
        await tokens.recheckCredentials?.();
        return tokens.credentialProblem?.();
      },
      timeoutMs: READY_TIMEOUT_MS,
    }),
    metricsRoute({
      metrics,
      stats: () => store.log.stats(),
      budgets: () => dispatcher.budgets(),
      circuits: () => circuits.list(),
      credentialsRefused: () => !!options.dispatcher.tokenProvider.credentialProblem?.(),
      backlog: () => installationBacklog(store.pool),
      token: options.metricsToken,
      timeoutMs: READY_TIMEOUT_MS,
    }),
    // The operator's read-only page, behind the metrics token (`routes/operator-page.ts`).
    operatorPageRoute({
      metrics,
      view: new OperatorView(store.pool, options.dispatcher.client?.timeScale ?? 1),
      stats: () => store.log.stats(),
      budgets: () => dispatcher.budgets(),
      lanes: { webhook: laneLimits(GITHUB_WRITE_LIMITS, 'webhook'), sweep: laneLimits(GITHUB_WRITE_LIMITS, 'sweep') },
      token: options.metricsToken,
      timeoutMs: READY_TIMEOUT_MS,
    }),
  ]);

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const arrivedAt = performance.now();
    servedTime.track(req, res, arrivedAt);
    const client = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], proxies) ?? 'unknown';
    const remote = addressKey(client);
    const count = (inFlight.get(remote) ?? 0) + 1;
    if (count > limits.maxInFlightPerClient) {
      metrics.refused('client_in_flight');
      return refuseUnread(req, res, 429, { message: 'Too many requests in flight' }, { 'retry-after': '5' });
    }
    inFlight.set(remote, count);
    res.once('close', () => {
      const left = (inFlight.get(remote) ?? 1) - 1;
      if (left > 0) inFlight.set(remote, left);
      else inFlight.delete(remote);
    });
    route({ req, res, client, arrivedAt }).catch((err) => {
      log.warning(`Request error: ${messageOf(err)}`);
      answer(res, 500, { message: 'Internal error' });
    });
  };

  async function prune(): Promise<void> {
    try {
      const removed = await store.log.prune(clock.now() - retentionMs, clock.now() - 4 * retentionMs);
      if (removed) log.info(`Forgot ${removed} finished deliveries older than the retention time.`);
    } catch (err) {
      log.warning(`Cannot prune old deliveries: ${messageOf(err)}`);
    }
  }

  return {
    handler,
    dispatcher,
    metrics,
    queue,
    circuits,
    /** Queues the sweeps of one slot now (what the crontab does at each slot). */
    sweep,
    get server(): Server | undefined {
      return server;
    },
    get draining(): boolean {
      return draining;
    },

    /** Starts the workers and listens; resolves with the service's URL. */
    async listen({ port, host = '127.0.0.1' }: ListenOptions): Promise<string> {
      if (server) throw new Error('the service is listening already');
      const s = createServer(
        {
          headersTimeout: limits.headersTimeoutMs,
          requestTimeout: limits.requestTimeoutMs,
          // Node checks its own time-outs at this interval (30 s by default); the guard below is exact.
          connectionsCheckingInterval: 1_000,
        },
        handler,
      );
      // The guard counts and refuses first; Node's own cap stays as a backstop above it.
      s.maxConnections = limits.maxConnections + 1;
      guardConnections(s, {
        limits: connectionLimits(limits.maxConnections, limits.headersTimeoutMs, limits.requestTimeoutMs),
        proxies,
        onRefuse: (reason) => metrics.rejected.inc({ reason: `connection_${reason}` }),
      });
      s.keepAliveTimeout = 5_000;
      server = s;
      await queue.start();
      void prune();
      pruneTimer = setInterval(() => void prune(), 10 * 60_000);
      pruneTimer.unref();
      return new Promise((resolve, reject) => {
        s.once('error', reject);
        s.listen(port, host, () => {
          s.off('error', reject);
          const address = s.address() as AddressInfo;
          const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
          resolve(`http://${shown}:${address.port}`);
        });
      });
    },

    /**
     * Drains: /readyz says 503 at once, nothing new is taken, and after `drainGraceMs` (deliveries still stored) the
     * listener closes (deliveries on open connections are still stored); running jobs get `timeoutMs`; the rest
     * stays queued. Resolves true when every running job finished in time.
     */
    async drain(timeoutMs: number): Promise<boolean> {
      draining = true;
      clearInterval(pruneTimer);
      // No new job from now; running ones get `timeoutMs` (counted from now, the grace included).
      const stopping = queue.stop(timeoutMs);
      const graceMs = options.drainGraceMs ?? 0;
      if (graceMs > 0) await new Promise((r) => setTimeout(r, graceMs));
      const s = server;
      const closed = s ? new Promise<void>((resolve) => s.close(() => resolve())) : Promise.resolve();
      s?.closeIdleConnections();
      const finished = await stopping;
      // Requests still open after the jobs' time are cut (their senders see no 202 and GitHub redelivers).
      const cut = setTimeout(() => s?.closeAllConnections(), 5_000);
      await closed;
      clearTimeout(cut);
      return finished;
    },
  };
}

export type Service = ReturnType<typeof createService>;

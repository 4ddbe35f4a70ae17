// The webhook receiver as a service: the verifying handler, the dispatcher to the triage engine, a bounded
// work queue, an HTTP listener, and a graceful close (stop accepting, finish queued work, then close).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../client/types';
import type { TriageOptions, TriageResult } from '../triage/engine';
import type { PoolClientOptions } from './client-pool';
import { DeliveryStore } from './dedupe';
import { createDispatcher, type DispatchOutcome } from './dispatch';
import { createWebhookHandler } from './handler';
import { WorkQueue } from './queue';
import type { TokenProvider } from './token-provider';

export interface ReceiverOptions {
  secret: string;
  tokenProvider: TokenProvider;
  /** The triage config in each repository (default `.github/triage.yml`). */
  configPath?: string;
  /** Deliveries processed at once (default 4). */
  concurrency?: number;
  /** Deliveries waiting at most; past it the receiver answers 503 (default 10 000). */
  maxPending?: number;
  log?: Logger;
  /** The API base (default GITHUB_API_URL or https://api.github.com). */
  apiUrl?: string;
  /**
   * Where the clients keep their ETag cache on disk (default: in memory). The cache is keyed by token, so the
   * disk only helps across restarts with the same token; in memory a repeated config read is a 304 all the same.
   */
  cacheDir?: string;
  /** Other client options (timeScale for tests against the emulator, reserve, ...). */
  client?: Omit<PoolClientOptions, 'baseUrl' | 'cacheDir'>;
  dryRun?: boolean;
  maxOperations?: number;
  /** How long delivery ids are remembered (default 24 h). */
  dedupeTtlMs?: number;
  onOutcome?: (outcome: DispatchOutcome) => void;
  /** Replaces the triage engine (tests). */
  engine?: (options: TriageOptions) => Promise<TriageResult>;
  /** Defer starting new processing while deliveries keep arriving (default true). */
  answersFirst?: boolean;
}

export interface ListenOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
}

const silent: Logger = { debug() {}, info() {}, warning() {} };
const ANSWER_SAMPLES = 1000;

function serviceUnavailable(res: ServerResponse): void {
  const body = JSON.stringify({ message: 'Shutting down: redeliver later' });
  res
    .writeHead(503, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
      'retry-after': '10',
    })
    .end(body);
}

export function createReceiver(options: ReceiverOptions) {
  if (!options.secret) throw new Error('createReceiver: the webhook secret is empty');
  const log = options.log ?? silent;
  const dispatcher = createDispatcher({
    tokenProvider: options.tokenProvider,
    configPath: options.configPath,
    log,
    client: { ...options.client, baseUrl: options.apiUrl, cacheDir: options.cacheDir ?? null },
    dryRun: options.dryRun,
    maxOperations: options.maxOperations,
    onOutcome: options.onOutcome,
    engine: options.engine,
  });
  // Answers first: no new processing starts while deliveries keep arriving (a burst), 250 ms at most.
  let lastArrival = -Infinity;
  const queue = new WorkQueue({
    concurrency: options.concurrency ?? 4,
    maxPending: options.maxPending,
    onError: (err, label) => log.warning(`${label} failed: ${(err as Error)?.message ?? err}`),
    busy: options.answersFirst === false ? undefined : () => performance.now() - lastArrival < 5,
  });
  const dedupe = new DeliveryStore({ ttlMs: options.dedupeTtlMs });
  const verifying = createWebhookHandler({
    secret: options.secret,
    handles: dispatcher.handles,
    process: async (delivery) => {
      const outcome = await dispatcher.process(delivery);
      // A delivery that failed (or met a broken config) is forgotten, so a manual redelivery of the same
      // X-GitHub-Delivery, once the cause is fixed, is processed rather than answered as a duplicate.
      if (outcome.status === 'failed' || outcome.status === 'invalid-config') dedupe.forget(delivery.id);
    },
    dedupe,
    queue,
    log,
  });

  let closing: Promise<void> | undefined;
  let server: Server | undefined;

  // How long the last answers took, from the request's arrival to the end of the response (ms).
  const answerTimes: number[] = [];
  let answered = 0;
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    if (closing) {
      req.resume();
      return serviceUnavailable(res);
    }
    const started = performance.now();
    lastArrival = started;
    res.once('finish', () => {
      answerTimes[answered++ % ANSWER_SAMPLES] = performance.now() - started;
    });
    verifying(req, res);
  };

  return {
    handler,
    dispatcher,
    queue,
    dedupe: verifying.dedupe,
    get server(): Server | undefined {
      return server;
    },
    /** The receiver's own answer times (ms) of the last deliveries, oldest first. */
    answerTimes(): number[] {
      return answered <= ANSWER_SAMPLES
        ? answerTimes.slice(0, answered)
        : [...answerTimes.slice(answered % ANSWER_SAMPLES), ...answerTimes.slice(0, answered % ANSWER_SAMPLES)];
    },

    /** Starts listening; resolves with the receiver's URL. */
    listen({ port, host = '127.0.0.1' }: ListenOptions): Promise<string> {
      if (server) throw new Error('the receiver is listening already');
      const s = createServer(handler);
      s.headersTimeout = 20_000;
      s.requestTimeout = 30_000;
      server = s;
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

    /** Stops accepting deliveries (503 meanwhile), finishes the queued work, closes the listener. Idempotent. */
    close(): Promise<void> {
      closing ??= (async () => {
        const stopped = server ? new Promise<void>((resolve) => server!.close(() => resolve())) : Promise.resolve();
        server?.closeIdleConnections();
        if (queue.size > 0)
          log.info(`Finishing ${queue.size} queued deliver${queue.size === 1 ? 'y' : 'ies'} before exit.`);
        await queue.drain();
        server?.closeAllConnections();
        await stopped;
      })();
      return closing;
    },
  };
}

export type Receiver = ReturnType<typeof createReceiver>;

/** createReceiver + listen. */
export async function startServer(
  options: ReceiverOptions & ListenOptions,
): Promise<{ receiver: Receiver; url: string }> {
  const receiver = createReceiver(options);
  const url = await receiver.listen({ port: options.port, host: options.host });
  return { receiver, url };
}

/**
 * Closes the receiver gracefully on SIGTERM or SIGINT and resolves once closed: `finished` true when every
 * queued delivery was processed, false when `timeoutMs` passed first (the caller then exits non-zero).
 * A second signal while closing exits at once with 1.
 */
export function closeOnSignals(
  receiver: Receiver,
  log: Logger,
  options: { signals?: NodeJS.Signals[]; timeoutMs?: number } = {},
): Promise<{ signal: NodeJS.Signals; finished: boolean }> {
  const signals = options.signals ?? ['SIGTERM', 'SIGINT'];
  return new Promise((resolve) => {
    let received: NodeJS.Signals | undefined;
    const onSignal = (signal: NodeJS.Signals) => {
      if (received) {
        log.warning(`${signal} again: exiting without finishing the queue (${receiver.queue.size} unfinished).`);
        process.exit(1);
      }
      received = signal;
      log.info(`${signal}: no longer accepting deliveries; finishing queued work.`);
      let timer: NodeJS.Timeout | undefined;
      const done = (finished: boolean) => {
        clearTimeout(timer);
        for (const s of signals) process.off(s, onSignal);
        resolve({ signal, finished });
      };
      if (options.timeoutMs !== undefined) {
        timer = setTimeout(() => {
          log.warning(`Shutdown timeout (${options.timeoutMs} ms): ${receiver.queue.size} deliveries unfinished.`);
          done(false);
        }, options.timeoutMs);
      }
      receiver.close().then(
        () => done(true),
        (err) => {
          log.warning(`Error while closing: ${(err as Error).message}`);
          done(false);
        },
      );
    };
    for (const s of signals) process.on(s, onSignal);
  });
}

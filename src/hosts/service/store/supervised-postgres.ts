// `serve`'s private PostgreSQL, supervised: when the server exits while the service runs (killed, out of memory,
// crashed hard), the service says so (the exit code or signal and PostgreSQL's last lines), and starts it again on
// the same data directory and port, so the pools' connection string stays valid, with back-off
// (`restart-policy.ts`). Meanwhile the pools cannot connect, so a delivery and /readyz get 503, and the queue takes
// its jobs back after the restart. When the policy gives up, `gaveUp` resolves with the reason and `serve` exits
// non-zero. `stop` (the service's shutdown) ends supervision first: no restart during a shutdown, no orphan.
import { messageOf } from '../../../kernel/words';
import type { EmbeddedPostgres, ServerExit } from './embedded-postgres';
import { RestartPolicy } from './restart-policy';

export interface SupervisorOptions {
  /** Starts a server (on `port` when given; the first start picks one). */
  start(port?: number): Promise<EmbeddedPostgres>;
  policy?: RestartPolicy;
  /** Milliseconds (injectable for tests). */
  now?: () => number;
  /** Waits `ms`; resolves early when `cancel` fires (the service stops). */
  sleep?: (ms: number, cancel: AbortSignal) => Promise<void>;
  /** What happened to the server: its exits, each restart, giving up. */
  onEvent(line: string): void;
}

export interface SupervisedPostgres {
  url: string;
  /** The running server's process id (a new one after each restart). */
  readonly pid: number;
  /** How many times the server was started again. */
  readonly restarts: number;
  /** Resolves with the reason when the server could not be restarted (never when it keeps running). */
  gaveUp: Promise<Error>;
  /** Ends supervision, then stops the server (waiting for a start under way). */
  stop(): Promise<void>;
}

export function describeExit(exit: ServerExit): string {
  const how = exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
  return `${how}${exit.lastLog ? `; its last lines: ${exit.lastLog}` : ''}`;
}

function abortableSleep(ms: number, cancel: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      cancel.removeEventListener('abort', done);
      resolve();
    }
    cancel.addEventListener('abort', done);
  });
}

export async function superviseEmbedded(o: SupervisorOptions): Promise<SupervisedPostgres> {
  const policy = o.policy ?? new RestartPolicy();
  const now = o.now ?? Date.now;
  const sleep = o.sleep ?? abortableSleep;
  const stopping = new AbortController();
  let server = await o.start();
  const port = Number(new URL(server.url).port);
  let restarts = 0;
  let recovering: Promise<void> | undefined;
  let giveUp: (reason: Error) => void = () => {};
  const gaveUp = new Promise<Error>((resolve) => (giveUp = resolve));

  async function recover(exit: ServerExit): Promise<void> {
    o.onEvent(`The embedded PostgreSQL (pid ${server.pid}) exited unexpectedly: ${describeExit(exit)}`);
    let last = describeExit(exit);
    for (;;) {
      const decision = policy.failed(now());
      if (!decision.restart) {
        const reason = new Error(`the embedded PostgreSQL cannot be kept running: ${decision.reason}; last: ${last}`);
        o.onEvent(`Giving up on the embedded PostgreSQL: ${reason.message}`);
        giveUp(reason);
        return;
      }
      o.onEvent(
        `Restarting the embedded PostgreSQL on port ${port} in ${decision.delayMs} ms ` +
          `(failure ${decision.failures} of at most ${policy.options.maxFailures} within ${policy.options.windowMs / 1000} s).`,
      );
      await sleep(decision.delayMs, stopping.signal);
      if (stopping.signal.aborted) return;
      try {
        server = await o.start(port);
      } catch (err) {
        last = messageOf(err);
        o.onEvent(`The embedded PostgreSQL did not start: ${last}`);
        continue;
      }
      restarts++;
      o.onEvent(`The embedded PostgreSQL runs again (pid ${server.pid}, restart ${restarts}).`);
      watch(server);
      return;
    }
  }

  function watch(current: EmbeddedPostgres): void {
    void current.exited.then((exit) => {
      if (stopping.signal.aborted || current !== server) return;
      recovering = recover(exit);
    });
  }

  watch(server);
  return {
    url: server.url,
    get pid() {
      return server.pid;
    },
    get restarts() {
      return restarts;
    },
    gaveUp,
    async stop() {
      stopping.abort();
      await recovering;
      await server.stop();
    },
  };
}

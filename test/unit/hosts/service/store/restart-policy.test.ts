// The embedded server's restart policy and its supervisor, with an injected clock and fake servers: delays
// double with each failure in the window, old failures leave the window, one failure too many gives up; the
// supervisor restarts on the same port, reports the exit, gives up with the last reason, never restarts after stop.
import { describe, expect, it } from 'vitest';
import type { EmbeddedPostgres, ServerExit } from '../../../../../src/hosts/service/store/embedded-postgres';
import { RestartPolicy } from '../../../../../src/hosts/service/store/restart-policy';
import { superviseEmbedded } from '../../../../../src/hosts/service/store/supervised-postgres';

describe('RestartPolicy', () => {
  it('doubles the delay with each failure within the window, capped', () => {
    const policy = new RestartPolicy({ maxFailures: 6, windowMs: 60_000, firstDelayMs: 100, maxDelayMs: 1_000 });
    const delays = [0, 1, 2, 3, 4, 5].map((i) => policy.failed(1_000 + i));
    expect(delays).toEqual(
      [100, 200, 400, 800, 1_000, 1_000].map((delayMs, i) => ({ restart: true, delayMs, failures: i + 1 })),
    );
  });

  it('gives up on one failure more than the window allows, naming the count and the window', () => {
    const policy = new RestartPolicy({ maxFailures: 2, windowMs: 10_000, firstDelayMs: 100, maxDelayMs: 1_000 });
    expect(policy.failed(0).restart).toBe(true);
    expect(policy.failed(5_000).restart).toBe(true);
    const third = policy.failed(9_999);
    expect(third).toEqual({ restart: false, failures: 3, reason: '3 failures within 10 s (at most 2 are restarted)' });
  });

  it('forgets failures older than the window: a crash a day is restarted every time, at the first delay', () => {
    const policy = new RestartPolicy({ maxFailures: 2, windowMs: 10_000, firstDelayMs: 100, maxDelayMs: 1_000 });
    for (let day = 0; day < 30; day++)
      expect(policy.failed(day * 86_400_000)).toEqual({ restart: true, delayMs: 100, failures: 1 });
    expect(policy.failed(29 * 86_400_000 + 9_999)).toEqual({ restart: true, delayMs: 200, failures: 2 });
  });
});

/** A fake server on `port`: `die` ends it as a crash would, `stop` as the service does. */
function fakeServer(pid: number, port: number) {
  let end: (exit: ServerExit) => void = () => {};
  const exited = new Promise<ServerExit>((r) => (end = r));
  const server: EmbeddedPostgres & { die(exit: ServerExit): void; stopped: boolean } = {
    url: `postgres://postgres:pw@127.0.0.1:${port}/postgres`,
    pid,
    exited,
    stopped: false,
    die: (exit) => end(exit),
    async stop() {
      server.stopped = true;
      end({ code: 0, signal: null, lastLog: '' });
    },
  };
  return server;
}

/** A supervisor on fake servers: `starts` records each start's port, `results` decides each start after the first. */
async function supervised(results: ('ok' | string)[], policy = new RestartPolicy()) {
  let clock = 0;
  const servers: ReturnType<typeof fakeServer>[] = [];
  const starts: (number | undefined)[] = [];
  const events: string[] = [];
  const sleeps: number[] = [];
  let wake: () => void = () => {};
  const supervisor = await superviseEmbedded({
    async start(port) {
      starts.push(port);
      const result = starts.length === 1 ? 'ok' : results[starts.length - 2];
      if (result !== 'ok') throw new Error(result);
      const s = fakeServer(100 + starts.length, port ?? 5432);
      servers.push(s);
      return s;
    },
    policy,
    now: () => clock,
    sleep: (ms, cancel) =>
      new Promise<void>((resolve) => {
        sleeps.push(ms);
        clock += ms;
        wake = resolve;
        cancel.addEventListener('abort', () => resolve());
      }),
    onEvent: (line) => events.push(line),
  });
  /** Lets every pending promise run (the supervisor's reaction to an exit). */
  const settle = () => new Promise((r) => setImmediate(r));
  return { supervisor, servers, starts, events, sleeps, wake: () => wake(), settle };
}

describe('superviseEmbedded', () => {
  it('restarts an exited server on the same port after the delay, and says why it exited', async () => {
    const s = await supervised(['ok']);
    expect(s.supervisor.pid).toBe(101);
    s.servers[0].die({ code: null, signal: 'SIGKILL', lastLog: 'LOG:  checkpoint complete' });
    await s.settle();
    expect(s.sleeps).toEqual([250]);
    expect(s.events[0]).toContain('exited unexpectedly: killed by SIGKILL; its last lines: LOG:  checkpoint complete');
    s.wake();
    await s.settle();
    expect(s.starts).toEqual([undefined, 5432]);
    expect(s.supervisor.pid).toBe(102);
    expect(s.supervisor.restarts).toBe(1);
    expect(s.events.at(-1)).toContain('runs again (pid 102, restart 1)');
  });

  it("retries a start that fails with back-off, then gives up with PostgreSQL's last message", async () => {
    const policy = new RestartPolicy({ maxFailures: 3, windowMs: 60_000, firstDelayMs: 100, maxDelayMs: 10_000 });
    const s = await supervised(
      ['FATAL:  could not bind', 'FATAL:  could not bind', 'FATAL:  data directory broken'],
      policy,
    );
    let reason: Error | undefined;
    void s.supervisor.gaveUp.then((r) => (reason = r));
    s.servers[0].die({ code: 1, signal: null, lastLog: '' });
    for (let i = 0; i < 3; i++) {
      await s.settle();
      s.wake();
    }
    await s.settle();
    await s.settle();
    expect(s.sleeps).toEqual([100, 200, 400]);
    expect(s.starts).toEqual([undefined, 5432, 5432, 5432]);
    expect(reason?.message).toBe(
      'the embedded PostgreSQL cannot be kept running: 4 failures within 60 s (at most 3 are restarted); last: FATAL:  data directory broken',
    );
  });

  it('never restarts after stop: a stop during the back-off ends it, and the server is stopped', async () => {
    const s = await supervised(['ok']);
    s.servers[0].die({ code: null, signal: 'SIGKILL', lastLog: '' });
    await s.settle();
    await s.supervisor.stop();
    expect(s.starts).toEqual([undefined]);
    expect(s.servers[0].stopped).toBe(true);

    const t = await supervised(['ok']);
    await t.supervisor.stop();
    await t.settle();
    expect(t.sleeps).toEqual([]);
    expect(t.starts).toEqual([undefined]);
    expect(t.servers[0].stopped).toBe(true);
  });
});

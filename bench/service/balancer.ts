// A load balancer in front of the replicas for the rows that restart them (a rotation, an upgrade): as a proxy in
// front of a fleet does, it sends each delivery to a replica whose /readyz answered 200 at its last poll (every
// 100 ms, round robin among them), so a replica draining (`--drain-grace`: /readyz says 503 before it stops
// listening) gets no new deliveries. A connection refused before anything was sent goes to the next ready replica
// (nginx's `proxy_next_upstream error`); any other failure is answered 502 and counted as lost by the row.
import { request, createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServeProcess } from '../../harness/service';

/** What the balancer needs of a replica. */
type Upstream = Pick<ServeProcess, 'url' | 'origin'>;

export interface Balancer {
  /** The delivery URL to send to (the replicas' webhook path). */
  url: string;
  /** Deliveries sent on to another replica after a refused connection. */
  retried: number;
  close(): Promise<void>;
}

const POLL_MS = 100;

async function ready(s: Upstream): Promise<boolean> {
  try {
    const res = await fetch(`${s.origin}/readyz`, { signal: AbortSignal.timeout(1_000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Balances over `serves()` (read at each delivery: a restarted replica's new process is picked up). */
export async function startBalancer(serves: () => Upstream[]): Promise<Balancer> {
  let readySet = new Set<Upstream>(serves());
  let polling = true;
  const poll = async () => {
    while (polling) {
      const current = serves();
      const answers = await Promise.all(current.map(ready));
      readySet = new Set(current.filter((_, i) => answers[i]));
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  };
  const poller = poll();
  let next = 0;
  const state = { retried: 0 };

  const forward = (req: IncomingMessage, body: Buffer, target: Upstream) =>
    new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
      const headers = { ...req.headers } as Record<string, string>;
      const out = request(target.url, { method: req.method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: {}, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      out.on('error', reject);
      out.end(body);
    });

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        for (let tries = 0; tries < 4; tries++) {
          const candidates = serves().filter((s) => readySet.has(s));
          const target = candidates.length ? candidates[next++ % candidates.length] : undefined;
          if (!target) {
            await new Promise((r) => setTimeout(r, POLL_MS));
            continue;
          }
          try {
            const answer = await forward(req, body, target);
            res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
            return;
          } catch (e) {
            if ((e as NodeJS.ErrnoException).code !== 'ECONNREFUSED') break;
            readySet.delete(target);
            state.retried++;
          }
        }
        res.writeHead(502).end();
      })();
    });
  });
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const path = new URL(serves()[0].url).pathname;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    get retried() {
      return state.retried;
    },
    async close() {
      polling = false;
      await poller;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

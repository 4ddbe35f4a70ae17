// The load generator's process (see `load.ts`): reads a LoadPlan on stdin, sends the deliveries (each on a fresh
// connection, as GitHub delivers, from its own loopback address), and writes a LoadReport on stdout. Bodies are
// signed before the clock starts, so a send costs only the request itself.
import { request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { runClosedLoop, runOpenLoop, scheduleOffsets, type Sent } from '../open-loop';
import { signedDelivery, sourceAddress, type SignedDelivery } from './deliveries';
import type { LoadPlan, LoadReport } from './load';

/** GitHub gives up on a delivery after 10 s; an answer later than that is no answer. */
const GITHUB_TIMEOUT_MS = 10_000;

function post(url: string, d: SignedDelivery, localAddress: string): Promise<Sent> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (s: Sent) => {
      if (!settled) resolve(s);
      settled = true;
    };
    const req = request(url, { method: 'POST', headers: d.headers, agent: false, localAddress }, (res) => {
      res.on('data', () => {});
      res.on('end', () => settle({ status: res.statusCode ?? 0 }));
      res.on('error', (e: NodeJS.ErrnoException) => settle({ status: 0, error: e.code ?? e.message }));
    });
    req.setTimeout(GITHUB_TIMEOUT_MS, () => {
      settle({ status: 0, error: 'no answer within 10 s' });
      req.destroy();
    });
    req.on('error', (e: NodeJS.ErrnoException) => settle({ status: 0, error: e.code ?? e.message }));
    req.end(d.body);
  });
}

async function main(): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  const plan = JSON.parse(Buffer.concat(chunks).toString('utf8')) as LoadPlan;
  const count =
    plan.shape.kind === 'open' ? scheduleOffsets(plan.shape.rate, plan.shape.durationMs).length : plan.shape.count;
  const signed = Array.from({ length: count }, (_, i) => signedDelivery(i, plan.deliveries, plan.secret));
  const send = (i: number) => post(plan.urls[i % plan.urls.length], signed[i], sourceAddress(i));

  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const answers =
    plan.shape.kind === 'open'
      ? await runOpenLoop(plan.shape.rate, plan.shape.durationMs, send)
      : await runClosedLoop(plan.shape.senders, plan.shape.count, send);
  const wallMs = performance.now() - started;
  lag.disable();
  const used = process.cpuUsage(cpu);
  const report: LoadReport = {
    answers,
    generator: {
      lagP99Ms: lag.percentile(99) / 1e6,
      lagMaxMs: lag.max / 1e6,
      cpuMs: (used.user + used.system) / 1000,
      wallMs,
    },
  };
  process.stdout.write(JSON.stringify(report));
}

await main();

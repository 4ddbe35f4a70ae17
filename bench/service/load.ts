// The service benches' load runs in a process of its own (`load-generator.ts`), so the generator never shares an
// event loop with the emulator or the bench's bookkeeping: the bench hands it a plan on stdin and reads back every
// answer, with the generator's own event-loop delay and CPU time, so a row shows whether the generator kept up.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../../harness/run-bundle';
import { summarize, type Answer, type LoadSummary } from '../open-loop';
import type { DeliverySpec } from './deliveries';

export interface LoadPlan {
  /** Delivery URLs; request i goes to urls[i mod length]. */
  urls: string[];
  secret: string;
  deliveries: DeliverySpec;
  /** Open loop at `rate` per second for `durationMs`, or `count` requests through `senders` closed loops. */
  shape: { kind: 'open'; rate: number; durationMs: number } | { kind: 'closed'; senders: number; count: number };
}

/** The generator's own health during the run. */
export interface GeneratorHealth {
  /** Event-loop delay of the generator process (ms). */
  lagP99Ms: number;
  lagMaxMs: number;
  /** CPU time (user + system) the generator used, and the run's wall time (ms). */
  cpuMs: number;
  wallMs: number;
}

export interface LoadReport {
  answers: Answer[];
  generator: GeneratorHealth;
}

export interface LoadOutcome {
  summary: LoadSummary;
  generator: GeneratorHealth;
  /** Delivery ids answered 202 (only these count as stored). */
  acceptedIds: string[];
  /** Every answer, request i's at index i (sent `i / rate` seconds after the first in an open loop). */
  answers: Answer[];
  wallMs: number;
}

/** Runs `plan` in a generator process; rejects when the process fails. */
export function runLoad(plan: LoadPlan): Promise<LoadOutcome> {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/service/load-generator.ts')], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const out: Buffer[] = [];
  let err = '';
  proc.stdout.on('data', (c: Buffer) => out.push(c));
  proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
  proc.stdin.end(JSON.stringify(plan));
  return new Promise((resolve, reject) => {
    proc.once('error', reject);
    proc.once('close', (code) => {
      if (code !== 0) return reject(new Error(`the load generator exited with ${code}: ${err.slice(-2000)}`));
      const report = JSON.parse(Buffer.concat(out).toString('utf8')) as LoadReport;
      const acceptedIds = report.answers.flatMap((a, i) =>
        a.status === 202 ? [`${plan.deliveries.prefix}-${i}`] : [],
      );
      resolve({
        summary: summarize(report.answers),
        generator: report.generator,
        acceptedIds,
        answers: report.answers,
        wallMs: report.generator.wallMs,
      });
    });
  });
}

const fmt = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : String(v));

/** One line: answers by kind, latency, and whether the generator kept up. */
export function describeLoad(o: LoadOutcome): string {
  const s = o.summary;
  const g = o.generator;
  const non2xx = Object.entries(s.statuses)
    .filter(([status]) => status !== '0' && !status.startsWith('2'))
    .map(([status, n]) => `${n}× ${status}`);
  const failures = Object.entries(s.errors).map(([why, n]) => `${n}× ${why}`);
  return (
    `${s.sent} sent: ${s.accepted} answered 202, ${s.non2xx} non-2xx${non2xx.length ? ` (${non2xx.join(', ')})` : ''}, ` +
    `${s.connectionFailures} connection failures${failures.length ? ` (${failures.join(', ')})` : ''}; ` +
    `ack p50 ${fmt(s.p50)} ms, p99 ${fmt(s.p99)} ms, max ${fmt(s.max)} ms; generator: latest send ` +
    `${fmt(s.lateMaxMs)} ms behind schedule, event-loop delay p99 ${fmt(g.lagP99Ms)} ms (max ${fmt(g.lagMaxMs)}), ` +
    `CPU ${Math.round((g.cpuMs / Math.max(1, g.wallMs)) * 100)}% of one core`
  );
}

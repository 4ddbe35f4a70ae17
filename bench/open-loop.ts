// Open-loop load: requests leave at scheduled times whatever the answers do, and each latency is timed from the
// scheduled send, not from when the request actually left or the previous one finished, so a stalled server shows
// as latency instead of silently lowering the rate (the "coordinated omission" a closed loop suffers).
import { percentile } from './standalone';

/** When each request is due, in ms from the start: `ratePerSecond` evenly spaced over `durationMs`. */
export function scheduleOffsets(ratePerSecond: number, durationMs: number): number[] {
  if (!(ratePerSecond > 0) || !(durationMs > 0)) return [];
  const count = Math.floor((ratePerSecond * durationMs) / 1000);
  return Array.from({ length: count }, (_, i) => (i * 1000) / ratePerSecond);
}

export interface Answer {
  status: number;
  /** ms from the scheduled send to the answer. */
  latencyMs: number;
}

export interface LoadSummary {
  sent: number;
  non2xx: number;
  statuses: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
}

export function summarize(answers: Answer[]): LoadSummary {
  const statuses: Record<string, number> = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  const latencies = answers.map((a) => a.latencyMs);
  return {
    sent: answers.length,
    non2xx: answers.filter((a) => a.status < 200 || a.status > 299).length,
    statuses,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.length ? Math.max(...latencies) : NaN,
  };
}

/** Sends `send(i)` at each scheduled offset (never waiting for earlier answers); resolves when all answered. */
export async function runOpenLoop(
  ratePerSecond: number,
  durationMs: number,
  send: (i: number) => Promise<number>,
  now: () => number = () => performance.now(),
): Promise<Answer[]> {
  const offsets = scheduleOffsets(ratePerSecond, durationMs);
  const start = now();
  const pending: Promise<Answer>[] = [];
  for (let i = 0; i < offsets.length; i++) {
    const due = start + offsets[i];
    const wait = due - now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      send(i).then(
        (status) => ({ status, latencyMs: now() - due }),
        () => ({ status: 0, latencyMs: now() - due }),
      ),
    );
  }
  return Promise.all(pending);
}

// Open-loop load: requests leave at scheduled times whatever the answers do, and each latency is timed from the
// scheduled send, not from when the request actually left or the previous one finished, so a stalled server shows
// as latency instead of silently lowering the rate (the "coordinated omission" a closed loop suffers). How late
// each request actually left is kept too: a load generator that cannot keep its schedule is the bottleneck, and
// says so.
import { percentile } from './standalone';

/** When each request is due, in ms from the start: `ratePerSecond` evenly spaced over `durationMs`. */
export function scheduleOffsets(ratePerSecond: number, durationMs: number): number[] {
  if (!(ratePerSecond > 0) || !(durationMs > 0)) return [];
  const count = Math.floor((ratePerSecond * durationMs) / 1000);
  return Array.from({ length: count }, (_, i) => (i * 1000) / ratePerSecond);
}

export interface Answer {
  /** The HTTP status; 0 when no answer arrived (the connection failed). */
  status: number;
  /** ms from the scheduled send to the answer (or to the failure). */
  latencyMs: number;
  /** ms the request left after its scheduled time (open loop; 0 in a closed loop). */
  lateMs: number;
  /** Why the connection failed (the socket error's code), when it did. */
  error?: string;
}

/** What `send` resolves with: a status, or 0 with the reason no answer arrived. */
export interface Sent {
  status: number;
  error?: string;
}

export interface LoadSummary {
  sent: number;
  /** Answered 202: the only answer that means "stored". */
  accepted: number;
  /** Answered, but not 2xx (by status in `statuses`). */
  non2xx: number;
  /** No answer at all (status 0), by reason in `errors`. */
  connectionFailures: number;
  /** Every status seen, 0 included. */
  statuses: Record<string, number>;
  errors: Record<string, number>;
  /** Latency percentiles over the answered requests (connection failures are counted apart). */
  p50: number;
  p99: number;
  max: number;
  /** The latest a request left after its scheduled time (the generator's own delay). */
  lateMaxMs: number;
}

function tally(values: (string | undefined)[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) if (v !== undefined) out[v] = (out[v] ?? 0) + 1;
  return out;
}

export function summarize(answers: Answer[]): LoadSummary {
  const answered = answers.filter((a) => a.status > 0);
  const latencies = answered.map((a) => a.latencyMs);
  return {
    sent: answers.length,
    accepted: answers.filter((a) => a.status === 202).length,
    non2xx: answered.filter((a) => a.status < 200 || a.status > 299).length,
    connectionFailures: answers.length - answered.length,
    statuses: tally(answers.map((a) => String(a.status))),
    errors: tally(answers.map((a) => (a.status === 0 ? (a.error ?? 'unknown') : undefined))),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.reduce((m, v) => Math.max(m, v), latencies.length ? -Infinity : NaN),
    lateMaxMs: answers.reduce((m, a) => Math.max(m, a.lateMs), 0),
  };
}

/** Sends request `i`, timed from `from`; a rejection is a failed connection too. */
async function timed(send: (i: number) => Promise<Sent>, i: number, from: number, lateMs: number, now: () => number) {
  const s = await send(i).catch((err: unknown): Sent => ({ status: 0, error: String(err) }));
  const answer: Answer = { status: s.status, latencyMs: now() - from, lateMs };
  if (s.error) answer.error = s.error;
  return answer;
}

/** Sends `send(i)` at each scheduled offset (never waiting for earlier answers); resolves when all answered. */
export async function runOpenLoop(
  ratePerSecond: number,
  durationMs: number,
  send: (i: number) => Promise<Sent>,
  now: () => number = () => performance.now(),
): Promise<Answer[]> {
  const offsets = scheduleOffsets(ratePerSecond, durationMs);
  const start = now();
  const pending: Promise<Answer>[] = [];
  for (let i = 0; i < offsets.length; i++) {
    const due = start + offsets[i];
    const wait = due - now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(timed(send, i, due, Math.max(0, now() - due), now));
  }
  return Promise.all(pending);
}

/** Sends `count` requests through `senders` loops, each sending its next as soon as its last was answered. */
export async function runClosedLoop(
  senders: number,
  count: number,
  send: (i: number) => Promise<Sent>,
  now: () => number = () => performance.now(),
): Promise<Answer[]> {
  const answers: Answer[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(senders, count) }, async () => {
      while (next < count) {
        const i = next++;
        const started = now();
        const s = await send(i).catch((err: unknown): Sent => ({ status: 0, error: String(err) }));
        answers[i] = {
          status: s.status,
          latencyMs: now() - started,
          lateMs: 0,
          ...(s.error ? { error: s.error } : {}),
        };
      }
    }),
  );
  return answers;
}

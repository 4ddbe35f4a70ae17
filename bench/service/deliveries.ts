// The deliveries the service benches send: issue events over a fixed set of issues, signed as GitHub signs them
// (HMAC-SHA256 of the raw body in X-Hub-Signature-256), each from its own loopback address.
import { createHmac } from 'node:crypto';

/** Which deliveries a run sends. */
export interface DeliverySpec {
  /** Delivery ids are `<prefix>-<i>`. */
  prefix: string;
  /** Delivery i carries payload `first + i` (runs against one store take distinct ranges: distinct bodies). */
  first?: number;
  /** The issues the deliveries go round (issue n = i mod issues + 1). */
  issues: number;
  /**
   * Odd issues are titled "Crash number n", even ones "Question n", and the first round is `opened` (the labelling
   * check of the `webhooks:` rows); otherwise every issue is "Crash n" and every delivery `edited`.
   */
  mixed: boolean;
  /** The repository ('owner/name', default BENCH_REPO) and App installation (default 7) the deliveries are about. */
  repository?: string;
  installation?: number;
}

export const BENCH_REPO = 'octo/app';

/** Issue n's title, as the emulator's scenario seeds it and as every delivery about it says. */
export function issueTitle(n: number, mixed: boolean): string {
  if (!mixed) return `Crash ${n}`;
  return n % 2 === 1 ? `Crash number ${n}` : `Question ${n}`;
}

/** When the deliveries' issues were last updated: delivery i one second after delivery i - 1. */
const UPDATED_FROM = Date.UTC(2026, 0, 1);

/**
 * Delivery i's payload. Each is a distinct body (its `updated_at`), as GitHub's are: the service takes the same body
 * under another delivery id for a replay.
 */
export function issuePayload(i: number, spec: Pick<DeliverySpec, 'issues' | 'mixed' | 'repository' | 'installation'>) {
  const n = (i % spec.issues) + 1;
  const repository = spec.repository ?? BENCH_REPO;
  const [owner, name] = repository.split('/');
  return {
    action: spec.mixed && i < spec.issues ? 'opened' : 'edited',
    issue: {
      number: n,
      title: issueTitle(n, spec.mixed),
      body: null,
      state: 'open',
      user: { login: 'alice' },
      labels: [],
      updated_at: new Date(UPDATED_FROM + i * 1000).toISOString(),
    },
    repository: { name, full_name: repository, owner: { login: owner } },
    installation: { id: spec.installation ?? 7 },
  };
}

export interface SignedDelivery {
  body: Buffer;
  headers: Record<string, string>;
}

/** Delivery `i` of `spec`, its body signed with `secret`. */
export function signedDelivery(i: number, spec: DeliverySpec, secret: string): SignedDelivery {
  const body = Buffer.from(JSON.stringify(issuePayload((spec.first ?? 0) + i, spec)));
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'content-length': String(body.length),
      'user-agent': 'GitHub-Hookshot/bench',
      'x-github-event': 'issues',
      'x-github-delivery': `${spec.prefix}-${i}`,
      'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    },
  };
}

/** Loopback source addresses a run's connections spread over. */
export const SOURCE_ADDRESSES = 1000;

/**
 * The loopback address request `i` is sent from (127.100.0.1 … 127.100.3.232). GitHub delivers from many addresses
 * and the service caps connections per address (32), so one address for a whole run would measure that cap; the
 * spread also gives every address its own ephemeral ports, so sockets in TIME_WAIT never run a run out of them.
 */
export function sourceAddress(i: number): string {
  const k = i % SOURCE_ADDRESSES;
  return `127.100.${Math.floor(k / 250)}.${(k % 250) + 1}`;
}

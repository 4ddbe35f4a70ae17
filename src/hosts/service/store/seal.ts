// The database is not a trust boundary: anyone who can write a row must not be able to make the service act. Each
// delivery is sealed when it is accepted — an HMAC-SHA256, keyed with the seal key (`seal-key.ts`; earlier versions
// used the webhook secret), over its id, event, item and body — and a job acts only on a row whose seal matches. A
// row written by anything but this service (or altered after it was stored) is kept as failed, never processed.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface Sealable {
  id: string;
  event: string;
  itemKey: string;
  body: Buffer;
}

const DOMAIN = 'repo-actions delivery v1';

export function sealOf(key: string, d: Sealable): string {
  const hmac = createHmac('sha256', key);
  // Lengths before values: no two different deliveries give the same stream of bytes.
  for (const part of [DOMAIN, d.id, d.event, d.itemKey]) hmac.update(`${Buffer.byteLength(part)}:${part}\n`);
  hmac.update(`${d.body.length}:`).update(d.body);
  return hmac.digest('hex');
}

/** True only when `seal` is this delivery's seal under `key`. */
export function sealMatches(key: string, d: Sealable, seal: string | null | undefined): boolean {
  if (typeof seal !== 'string' || !/^[0-9a-f]{64}$/.test(seal)) return false;
  return timingSafeEqual(Buffer.from(sealOf(key, d), 'hex'), Buffer.from(seal, 'hex'));
}

/** Which of `keys` vouches for this delivery's seal: its index, or -1 when none does. */
export function sealedBy(keys: readonly string[], d: Sealable, seal: string | null | undefined): number {
  return keys.findIndex((key) => sealMatches(key, d, seal));
}

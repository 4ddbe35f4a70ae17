// X-Hub-Signature-256: `sha256=` + hex HMAC-SHA256 of the raw request bytes, keyed with the webhook secret.
// Verified over the bytes as received (never re-encoded JSON) and compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sha256=';

export function sign(secret: string, body: Uint8Array | string): string {
  return PREFIX + createHmac('sha256', secret).update(body).digest('hex');
}

/** True only for a well-formed `sha256=` signature that matches. `sha1=` alone is never enough. */
export function verifySignature(secret: string, body: Uint8Array, header: string | undefined): boolean {
  if (!secret || typeof header !== 'string' || !header.startsWith(PREFIX)) return false;
  const given = header.slice(PREFIX.length);
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

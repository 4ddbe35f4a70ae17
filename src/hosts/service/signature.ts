// X-Hub-Signature-256: `sha256=` + hex HMAC-SHA256 of the raw request bytes, keyed with the webhook secret. The one
// signature check of the service (receive.ts streams each delivery through it): verified over the bytes as received
// (never re-encoded JSON), against every accepted secret while one is rotated, each compared in constant time.
// Not @octokit/webhooks-methods' `verify`: it takes the payload as a string (bytes that are not UTF-8 would be
// re-encoded before the HMAC), throws on an empty body, checks fallback secrets one by one stopping at a match
// (the time tells which secret matched), and needs the whole body, while receive.ts hashes it as it streams in.
import { createHmac, timingSafeEqual, type Hmac } from 'node:crypto';

const PREFIX = 'sha256=';
const WELL_FORMED = /^sha256=[0-9a-f]{64}$/i;

export function sign(secret: string, body: Uint8Array | string): string {
  return PREFIX + createHmac('sha256', secret).update(body).digest('hex');
}

/** A `sha256=` header with 64 hex digits: the only form checked. `sha1=` alone is never enough. */
export function isWellFormedSignature(header: string | undefined): header is string {
  return typeof header === 'string' && WELL_FORMED.test(header);
}

/** The body's HMAC under each accepted secret, fed chunk by chunk: the body is read once. Empty secrets are ignored. */
export class SignatureCheck {
  private readonly hmacs: Hmac[];

  constructor(secrets: string | readonly string[]) {
    this.hmacs = (typeof secrets === 'string' ? [secrets] : secrets)
      .filter((s) => s !== '')
      .map((s) => createHmac('sha256', s));
  }

  update(chunk: Uint8Array): void {
    for (const hmac of this.hmacs) hmac.update(chunk);
  }

  /** True when the header matches the body under any secret; call once, after the last chunk. */
  matches(header: string | undefined): boolean {
    if (!isWellFormedSignature(header)) return false;
    const signed = Buffer.from(header.slice(PREFIX.length), 'hex');
    // Every digest is compared (no early exit): the time does not tell which secret matched.
    const matches = this.hmacs.map((hmac) => timingSafeEqual(hmac.digest(), signed));
    return matches.includes(true);
  }
}

/** True only for a well-formed `sha256=` signature of the whole body under the secret (or one of the secrets). */
export function verifySignature(
  secret: string | readonly string[],
  body: Uint8Array,
  header: string | undefined,
): boolean {
  const check = new SignatureCheck(secret);
  check.update(body);
  return check.matches(header);
}

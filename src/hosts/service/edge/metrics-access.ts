// Who may read /metrics (installation ids and each one's remaining budget are not for strangers): with a metrics
// token, a request carrying `Authorization: Bearer <token>` (compared in constant time); without one, only a
// client on the loopback interface (a sidecar, `curl` on the host). The client is the one `--trust-proxy` resolves,
// so a request relayed by a local proxy does not pass for a local one.
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

const digest = (text: string) => createHash('sha256').update(text).digest();

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = /^(?:::ffff:)?(\d+)\.\d+\.\d+\.\d+$/i.exec(address);
  if (v4 && isIP(address.replace(/^::ffff:/i, '')) === 4) return v4[1] === '127';
  return address === '::1';
}

/** True when the request may read the metrics. */
export function metricsAllowed(
  client: string | undefined,
  authorization: string | undefined,
  token: string | undefined,
): boolean {
  if (!token) return isLoopback(client);
  const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

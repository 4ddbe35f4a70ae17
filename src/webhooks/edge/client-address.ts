// Whose request is it: the key the per-address limits count under. The peer's address, unless the peer is one of
// the proxies named by `--trust-proxy`: then the address that proxy appended to `X-Forwarded-For` (its last entry;
// the entries before it were written by the client and prove nothing, so only the proxy's own hop is trusted).
// IPv6 addresses count by their /64 prefix (one host is usually given a whole /64); IPv4-mapped IPv6 as IPv4.
import { isIP } from 'node:net';

/** An address as the limits count it: IPv4 as is, IPv6 as its /64 (`2001:db8:0:1::/64`). */
export function addressKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (isIP(address) !== 6) return address;
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address (zone dropped), without leading zeros. */
function expandIpv6(address: string): string[] {
  const [head, tail] = address.split('%')[0].toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const fill = Array.from({ length: Math.max(0, 8 - left.length - right.length) }, () => '0');
  return [...left, ...(tail === undefined ? [] : fill), ...right].map((g) => g.replace(/^0+(?=.)/, '') || '0');
}

/** The proxies whose `X-Forwarded-For` is believed (exact addresses; IPv4-mapped forms match their IPv4). */
export function trustedProxies(list: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const entry of list) {
    const address = entry.trim();
    if (!address) continue;
    if (!isIP(address)) throw new Error(`--trust-proxy: "${address}" is not an IP address`);
    out.add(addressKeyExact(address));
  }
  return out;
}

const addressKeyExact = (address: string) => /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;

/**
 * The client's address for a connection from `peer` carrying `forwardedFor` (the header's values): the last
 * entry when `peer` is a trusted proxy and that entry is an IP address, else `peer`.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  proxies: ReadonlySet<string>,
): string | undefined {
  if (!peer || !proxies.has(addressKeyExact(peer)) || forwardedFor === undefined) return peer;
  const joined = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
  const last = joined.slice(Math.max(0, joined.lastIndexOf(',') + 1)).trim();
  return isIP(last) ? last : peer;
}

/** True when the peer is a trusted proxy (its connections are not capped per address at accept). */
export function isTrustedProxy(peer: string | undefined, proxies: ReadonlySet<string>): boolean {
  return peer !== undefined && proxies.has(addressKeyExact(peer));
}

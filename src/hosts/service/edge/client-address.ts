// Whose request is it: the key the per-address limits count under. The peer's address, unless the peer is inside a
// range named by `--trust-proxy` (addresses, CIDR ranges such as a cloud load balancer's subnet, or the keywords
// loopback, linklocal, uniquelocal): then X-Forwarded-For is read from its right end, each hop a trusted proxy
// appended is believed, and the first address outside the trusted ranges (the rightmost untrusted hop) is the
// client; entries left of it were written by the client and prove nothing. Matching uses node:net's BlockList.
// IPv6 addresses count by their /64 prefix (one host is usually given a whole /64); IPv4-mapped IPv6 as IPv4.
import { BlockList, isIP } from 'node:net';

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

/** The trusted ranges: `has` says whether an address (IPv4, IPv6, IPv4-mapped, with or without a zone) is inside. */
export interface TrustedProxies {
  has(address: string | undefined): boolean;
  readonly size: number;
}

/** The ranges a keyword names (the same words as Express's `trust proxy`). */
const KEYWORDS: Record<string, readonly string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** Why an entry of `--trust-proxy` is not a range, or undefined when it is one. */
export function trustProxyProblem(entry: string): string | undefined {
  try {
    trustedProxies([entry]);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

/**
 * The ranges of `--trust-proxy`: each entry an address (`10.0.0.5`, `::1`), a CIDR range (`10.0.0.0/8`,
 * `2001:db8::/32`) or a keyword (loopback, linklocal, uniquelocal). Anything else throws, naming the entry.
 */
export function trustedProxies(list: readonly string[]): TrustedProxies {
  const blocks = new BlockList();
  let size = 0;
  const add = (entry: string) => {
    const slash = entry.indexOf('/');
    const address = slash < 0 ? entry : entry.slice(0, slash);
    const family = isIP(address);
    if (!family) throw new Error(`--trust-proxy: "${entry}" is not an IP address, a CIDR range or a keyword`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (slash < 0) return void blocks.addAddress(address, type);
    const bits = entry.slice(slash + 1);
    const max = family === 4 ? 32 : 128;
    if (!/^\d{1,3}$/.test(bits) || Number(bits) > max)
      throw new Error(`--trust-proxy: "${entry}" needs a prefix length from 0 to ${max}`);
    blocks.addSubnet(address, Number(bits), type);
  };
  for (const raw of list) {
    const entry = raw.trim();
    if (!entry) continue;
    for (const range of KEYWORDS[entry.toLowerCase()] ?? [entry]) add(range);
    size += 1;
  }
  return {
    size,
    has: (address) => {
      if (!address || size === 0) return false;
      const bare = plainAddress(address);
      const family = isIP(bare);
      return family !== 0 && blocks.check(bare, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

/** The address without an IPv6 zone, an IPv4-mapped IPv6 address as its IPv4. */
const plainAddress = (address: string) => {
  const bare = address.split('%')[0];
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1] ?? bare;
};

/**
 * The client's address for a connection from `peer` carrying `forwardedFor` (the header's values): when `peer` is
 * trusted, the header is walked from its right end past every trusted hop; the first untrusted address is the
 * client. An entry that is not an IP address ends the walk at the last hop known (it could be anyone's forgery),
 * and a header made only of trusted hops gives its leftmost one.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  proxies: TrustedProxies,
): string | undefined {
  if (!peer || !proxies.has(peer) || forwardedFor === undefined) return peer;
  const joined = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
  let hop = peer;
  let end = joined.length;
  // A linear walk from the right: each step looks at the text between two commas once.
  while (end > 0) {
    const comma = joined.lastIndexOf(',', end - 1);
    const entry = plainAddress(joined.slice(comma + 1, end).trim());
    if (!isIP(entry)) return hop;
    hop = entry;
    if (!proxies.has(entry)) return entry;
    end = comma < 0 ? 0 : comma;
  }
  return hop;
}

/** True when the peer is a trusted proxy (its connections are not capped per address at accept). */
export function isTrustedProxy(peer: string | undefined, proxies: TrustedProxies): boolean {
  return proxies.has(peer);
}

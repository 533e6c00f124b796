/**
 * Who a per-client limit counts (rate limits, the upload allowance, open checkout holds): an IPv4
 * address on its own, but an IPv6 address by its /64. One subscriber, one home or one server is
 * handed a whole /64 and may pick any of its 2^64 addresses, so counting addresses would let a single
 * client rotate past every limit. An IPv4-mapped IPv6 address (::ffff:a.b.c.d, what a dual-stack
 * socket reports for an IPv4 peer) is that IPv4 address. Zone ids (fe80::1%eth0) are dropped.
 * Anything that is not an IP address is returned as it is (trimmed, lower case): it still names one
 * client, and a limit must never throw.
 */
import { isIPv4, isIPv6 } from 'node:net';

export function clientNetworkKey(ip: string): string {
  const raw = ip.trim().toLowerCase();
  const bare = raw.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (isIPv4(bare)) return bare;
  const groups = isIPv6(bare) ? ipv6Groups(bare) : null;
  if (!groups) return raw;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
    return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join('.');
  }
  return `${[g0, g1, g2, g3].map((g) => g.toString(16)).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (checked by isIPv6), "::" and a dotted tail expanded. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const missing = 8 - front.length - back.length;
  const groups = tail === undefined ? front : [...front, ...Array<number>(missing).fill(0), ...back];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

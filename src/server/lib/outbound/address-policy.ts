import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Which IP addresses a server-side request to a user-given URL may reach: public unicast only. IPv6 forms
 * that route to an IPv4 address (IPv4-mapped, NAT64, 6to4) are judged by that IPv4 address; the deprecated
 * IPv4-compatible and IPv4-translated forms, and Teredo, are refused outright.
 */

const REFUSED_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast 255.255.255.255
];

const REFUSED_V6: [string, number][] = [
  ['::', 96], // unspecified, loopback ::1 and the deprecated IPv4-compatible ::a.b.c.d
  ['::ffff:0:0:0', 96], // IPv4-translated
  ['100::', 64], // discard
  ['2001::', 32], // Teredo (hides an IPv4 address)
  ['2001:db8::', 32], // documentation
  ['64:ff9b:1::', 48], // local-use NAT64
  ['fc00::', 7], // unique-local (fd00:ec2::254, the EC2 metadata address, is here)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const refusedV4 = new BlockList();
for (const [net, prefix] of REFUSED_V4) refusedV4.addSubnet(net, prefix, 'ipv4');
const refusedV6 = new BlockList();
for (const [net, prefix] of REFUSED_V6) refusedV6.addSubnet(net, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 is allowed), or null. */
export function ipv6Groups(address: string): number[] | null {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIPv6(ip)) return null;
  let text = ip.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const groups = [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

const v4From = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

/** The IPv4 address an IPv6 address routes to (IPv4-mapped, NAT64 64:ff9b::/96, 6to4 2002::/16), if any. */
export function embeddedIPv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  if (!g) return undefined;
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = g;
  const zeroPrefix = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroPrefix && g5 === 0xffff) return v4From(g6, g7); // ::ffff:a.b.c.d (IPv4-mapped)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return v4From(g6, g7); // NAT64
  if (g0 === 0x2002) return v4From(g1 ?? 0, g2 ?? 0); // 6to4
  return undefined;
}

/** True for loopback (127.0.0.0/8, ::1 and the IPv4-mapped form of 127/8). */
export function isLoopbackAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '');
  if (isIPv4(ip)) return ip.split('.')[0] === '127';
  const g = ipv6Groups(ip);
  if (!g) return false;
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return true;
  const v4 = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff ? embeddedIPv4(ip) : undefined;
  return v4?.startsWith('127.') === true;
}

export interface AddressPolicyOptions {
  /** ALLOW_PRIVATE_NETWORK_TARGETS: loopback becomes reachable (tests on loopback); nothing else does. */
  allowLoopback?: boolean;
}

/**
 * True when a server-side request may connect to this IP address (a literal, never a host name). Anything
 * that is not a well-formed IPv4 or IPv6 address is refused.
 */
export function isAllowedAddress(address: string, options: AddressPolicyOptions = {}): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (options.allowLoopback && isLoopbackAddress(ip)) return true;
  if (isIPv4(ip)) return !refusedV4.check(ip, 'ipv4');
  if (!isIPv6(ip)) return false;
  const v4 = embeddedIPv4(ip);
  if (v4 !== undefined) return isAllowedAddress(v4, {});
  return !refusedV6.check(ip, 'ipv6');
}

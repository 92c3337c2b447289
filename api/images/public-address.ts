/**
 * Whether an IP address is a public one the server may fetch from on a seller's behalf. A
 * seller's image URL must never make the server reach itself, the private network or the
 * cloud's metadata service (169.254.169.254), so anything but global unicast is refused.
 */
import { isIPv4, isIPv6 } from 'node:net';

type Cidr = readonly [bytes: readonly number[], bits: number];

/** IANA's special-purpose IPv4 ranges: none of them is a public web server. */
const SPECIAL_IPV4: readonly Cidr[] = [
  cidr4('0.0.0.0', 8), // "this network"
  cidr4('10.0.0.0', 8), // private
  cidr4('100.64.0.0', 10), // carrier-grade NAT
  cidr4('127.0.0.0', 8), // loopback
  cidr4('169.254.0.0', 16), // link-local, cloud metadata
  cidr4('172.16.0.0', 12), // private
  cidr4('192.0.0.0', 24), // IETF protocol assignments
  cidr4('192.0.2.0', 24), // documentation
  cidr4('192.88.99.0', 24), // 6to4 relay anycast
  cidr4('192.168.0.0', 16), // private
  cidr4('198.18.0.0', 15), // benchmarking
  cidr4('198.51.100.0', 24), // documentation
  cidr4('203.0.113.0', 24), // documentation
  cidr4('224.0.0.0', 4), // multicast
  cidr4('240.0.0.0', 4), // reserved, broadcast
];

/** Global unicast IPv6 is 2000::/3; these parts of it are not public servers either. */
const GLOBAL_IPV6: Cidr = cidr6('2000::', 3);
const SPECIAL_IPV6: readonly Cidr[] = [
  cidr6('2001::', 23), // IETF protocol assignments, Teredo (which hides an IPv4 address)
  cidr6('2001:db8::', 32), // documentation
  cidr6('2002::', 16), // 6to4 (hides an IPv4 address)
  cidr6('3fff::', 20), // documentation
];
/** IPv6 forms of an IPv4 address: judged as that address (::ffff:10.0.0.1 is private). */
const IPV4_MAPPED: Cidr = cidr6('::ffff:0:0', 96);
const NAT64: Cidr = cidr6('64:ff9b::', 96);

export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return isPublicIpv4(ipv4Bytes(address));
  const bare = address.split('%')[0]!; // a zone (fe80::1%eth0) names an interface: link-local anyway
  if (!isIPv6(bare)) return false;
  const bytes = ipv6Bytes(bare);
  if (within(bytes, IPV4_MAPPED) || within(bytes, NAT64)) return isPublicIpv4(bytes.slice(12));
  return within(bytes, GLOBAL_IPV6) && !SPECIAL_IPV6.some((range) => within(bytes, range));
}

function isPublicIpv4(bytes: readonly number[]): boolean {
  return !SPECIAL_IPV4.some((range) => within(bytes, range));
}

function within(bytes: readonly number[], [prefix, bits]: Cidr): boolean {
  if (bytes.length !== prefix.length) return false;
  for (let bit = 0; bit < bits; bit += 8) {
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (prefix[bit / 8]! & mask)) return false;
  }
  return true;
}

function ipv4Bytes(address: string): number[] {
  return address.split('.').map(Number);
}

/** The 16 bytes of a valid IPv6 address, `::` and a dotted IPv4 tail included. */
function ipv6Bytes(address: string): number[] {
  let text = address;
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const [a, b, c, d] = ipv4Bytes(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const groups = (part: string | undefined) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const front = groups(head);
  const back = groups(tail);
  const words = tail === undefined ? front : [...front, ...new Array(8 - front.length - back.length).fill(0), ...back];
  return words.flatMap((word) => [word >> 8, word & 0xff]);
}

function cidr4(address: string, bits: number): Cidr {
  return [ipv4Bytes(address), bits];
}

function cidr6(address: string, bits: number): Cidr {
  return [ipv6Bytes(address), bits];
}

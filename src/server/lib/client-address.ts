import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** The eight 16-bit groups of an IPv6 address (with '::' expanded and an embedded IPv4 tail converted). */
function ipv6Groups(address: string): string[] | null {
  let text = address.split('%')[0] ?? '';
  const tail = text.match(/(\d+\.\d+\.\d+\.\d+)$/)?.[1];
  if (tail) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${text.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest === undefined ? [] : rest ? rest.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (rest === undefined ? missing !== 0 : missing < 0) return null;
  return [...left, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...right].map((g) =>
    Number.parseInt(g || '0', 16).toString(16),
  );
}

/**
 * The key of a client address for the per-address limits: an IPv4 address as it is (also when written as an
 * IPv4-mapped IPv6 address), an IPv6 address by its /64 network, which one subscriber gets whole and can change
 * addresses inside at will.
 */
export function addressKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  if (groups.slice(0, 5).every((g) => g === '0') && groups[5] === 'ffff') {
    const [hi = 0, lo = 0] = [Number.parseInt(groups[6] ?? '0', 16), Number.parseInt(groups[7] ?? '0', 16)];
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The request's client address as the per-address limits key it (see addressKey). */
export const requestAddress = (request: FastifyRequest): string => addressKey(request.ip);

import type { FunctionContext } from './handler.ts';

// Never a header: X-Forwarded-For is whatever the caller typed. '' only off Netlify.
export function clientIp(context: FunctionContext): string {
  return addressBucket(context.ip ?? '');
}

// IPv6 as its /64, the block one subscriber is given, so rotating addresses gives no new buckets.
export function addressBucket(raw: string): string {
  const ip = raw
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  if (!ip.includes(':')) return ip;
  const hextets = expandIpv6(ip);
  if (!hextets) return ip.toLowerCase();
  // An IPv4 address written as IPv6 (::ffff:192.0.2.1) is that IPv4 address.
  if (hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff) {
    return [hextets[6]! >> 8, hextets[6]! & 255, hextets[7]! >> 8, hextets[7]! & 255].join('.');
  }
  return `${hextets
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(':')}::/64`;
}

function expandIpv6(ip: string): number[] | null {
  const halves = ip.toLowerCase().split('::');
  if (halves.length > 2) return null;
  const groups = (part: string): number[] | null => {
    if (!part) return [];
    const out: number[] = [];
    const pieces = part.split(':');
    for (const [i, piece] of pieces.entries()) {
      if (i === pieces.length - 1 && piece.includes('.')) {
        const octets = piece.split('.').map(Number);
        if (octets.length !== 4 || octets.some((o) => !Number.isInteger(o) || o < 0 || o > 255))
          return null;
        out.push((octets[0]! << 8) | octets[1]!, (octets[2]! << 8) | octets[3]!);
      } else if (/^[0-9a-f]{1,4}$/.test(piece)) {
        out.push(parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return out;
  };
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  return [...head, ...Array<number>(missing).fill(0), ...tail];
}

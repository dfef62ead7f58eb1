import { describe, expect, it } from 'vitest';
import { addressBucket, clientIp } from './client-address';

describe('clientIp', () => {
  it("counts Netlify's context.ip and never a caller's X-Forwarded-For", () => {
    expect(clientIp({ ip: '203.0.113.7' })).toBe('203.0.113.7');
    // The header is not even looked at: only the context exists to the function.
    expect(clientIp({})).toBe('');
  });

  it('counts an IPv6 address as its /64, so rotating inside it gives no new bucket', () => {
    const bucket = '2001:db8:0:1::/64';
    expect(clientIp({ ip: '2001:db8:0:1::1' })).toBe(bucket);
    expect(clientIp({ ip: '2001:0db8:0000:0001:ffff:ffff:ffff:fffe' })).toBe(bucket);
    expect(clientIp({ ip: '2001:db8:0:1:a:b:c:d' })).toBe(bucket);
    expect(clientIp({ ip: '[2001:db8:0:1::9]' })).toBe(bucket);
    expect(clientIp({ ip: 'fe80::1%eth0' })).toBe('fe80:0:0:0::/64');
    expect(clientIp({ ip: '2001:db8:0:2::1' })).not.toBe(bucket);
    expect(clientIp({ ip: '::1' })).toBe('0:0:0:0::/64');
  });

  it('counts an IPv4 address written as IPv6 as that IPv4 address', () => {
    expect(addressBucket('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressBucket('::ffff:c000:201')).toBe('192.0.2.1');
  });

  it('keeps anything unparsable as typed (still one bucket per value)', () => {
    expect(addressBucket('2001:db8::1::2')).toBe('2001:db8::1::2');
    expect(addressBucket('')).toBe('');
  });
});

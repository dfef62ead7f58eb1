import { describe, expect, it, vi } from 'vitest';
import { erasedAddressesIn, erasureDigest } from './erasure-records.server.ts';

describe('erasure records applied to a restored backup', () => {
  const takenAt = new Date('2026-11-01T00:00:00Z');
  const people = { addresses: new Set(['ada@example.com', 'bob@example.com', 'cy@example.com']) };

  it('name the addresses erased after the backup was taken, by their digest only', () => {
    const records = [
      { addressDigest: erasureDigest(' Ada@Example.com '), erasedAt: new Date('2026-11-02') },
      // Erased before the backup: the backup holds what Cy gave since, which stays.
      { addressDigest: erasureDigest('cy@example.com'), erasedAt: new Date('2026-10-01') },
      { addressDigest: erasureDigest('zed@example.com'), erasedAt: new Date('2026-11-03') },
      { addressDigest: null, erasedAt: new Date('2026-11-04') },
    ];
    expect(erasedAddressesIn(records, people, takenAt)).toEqual(['ada@example.com']);
  });

  it('match records made under the previous SESSION_SECRET during a rotation', () => {
    try {
      vi.stubEnv('SESSION_SECRET', 'secret A, long enough to be a session secret.');
      const records = [
        { addressDigest: erasureDigest('ada@example.com'), erasedAt: new Date('2026-11-02') },
      ];
      vi.stubEnv('SESSION_SECRET', 'secret B, long enough to be a session secret.');
      expect(erasedAddressesIn(records, people, takenAt)).toEqual([]);
      vi.stubEnv('SESSION_SECRET_PREVIOUS', 'secret A, long enough to be a session secret.');
      expect(erasedAddressesIn(records, people, takenAt)).toEqual(['ada@example.com']);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('keep no address: the digest is keyed, so a plain hash of a guess does not match', () => {
    const digest = erasureDigest('ada@example.com')!;
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(digest).not.toContain('ada');
    expect(erasedAddressesIn([], people, takenAt)).toEqual([]);
  });
});

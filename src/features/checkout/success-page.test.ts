import { afterEach, describe, expect, it, vi } from 'vitest';
import { lookup } from './checkout.store';

afterEach(() => vi.unstubAllGlobals());

const answering = (status: number, headers: Record<string, string> = {}) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ error: 'Too many requests.' }, { status, headers })),
  );

describe('the success page lookup', () => {
  it('waits as long as a 429 asks before asking again, instead of giving up', async () => {
    answering(429, { 'Retry-After': '7' });
    expect(await lookup(new URLSearchParams('session_id=cs_test_1'))).toEqual({
      kind: 'throttled',
      waitMs: 7000,
    });
  });

  it('waits a while when a 429 names no time', async () => {
    answering(429);
    const next = await lookup(new URLSearchParams('session_id=cs_test_1'));
    expect(next).toMatchObject({ kind: 'throttled' });
    expect((next as { waitMs: number }).waitMs).toBeGreaterThanOrEqual(4000);
  });
});

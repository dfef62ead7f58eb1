import { describe, expect, it } from 'vitest';
import {
  CLIENT_SESSION_COOKIE,
  clearClientSessionCookie,
  createClientSessionCookie,
  decodeClientSession,
  encodeClientSession,
  readClientSession,
} from './client-session';

const secret = 'test-secret-with-enough-entropy-0123456789';
const requestWith = (cookie: string) =>
  new Request('http://localhost/api/x', { headers: { cookie } });
const valueOf = (setCookie: string) => setCookie.split(';')[0]!.split('=').slice(1).join('=');

describe('client session cookie', () => {
  it('is HttpOnly, Secure, SameSite=Lax, Path=/ and host-only', () => {
    const header = createClientSessionCookie(42, { secret });
    expect(header.startsWith(`${CLIENT_SESSION_COOKIE}=`)).toBe(true);
    expect(header).toContain('; Path=/');
    expect(header).toContain('; HttpOnly');
    expect(header).toContain('; Secure');
    expect(header).toContain('; SameSite=Lax');
    expect(header).toMatch(/Max-Age=2592000/);
    expect(header).not.toMatch(/Domain=/i);
  });

  it('round-trips the client id through the Cookie header', () => {
    const value = valueOf(createClientSessionCookie(42, { secret }));
    const req = requestWith(`other=1; ${CLIENT_SESSION_COOKIE}=${value}; theme=dark`);
    expect(readClientSession(req, { secret })).toEqual({ clientId: 42 });
    expect(readClientSession(requestWith('other=1'), { secret })).toBeNull();
  });

  it('rejects forged, tampered, foreign-secret and expired values', () => {
    const value = encodeClientSession(7, { secret });
    const [body, signature] = value.split('.') as [string, string];
    const forgedBody = Buffer.from(JSON.stringify({ c: 1, e: 9_999_999_999 })).toString(
      'base64url',
    );
    expect(decodeClientSession(`${forgedBody}.${signature}`, { secret })).toBeNull();
    expect(decodeClientSession(`${body}.${signature.slice(0, -2)}xx`, { secret })).toBeNull();
    expect(decodeClientSession(value, { secret: 'another-secret' })).toBeNull();
    expect(decodeClientSession('garbage', { secret })).toBeNull();
    expect(decodeClientSession(`${body}.${signature}.extra`, { secret })).toBeNull();

    const issued = new Date('2025-01-01T00:00:00Z');
    const short = encodeClientSession(7, { secret, now: issued, maxAgeSeconds: 60 });
    expect(decodeClientSession(short, { secret, now: new Date('2025-01-01T00:00:59Z') })).toEqual({
      clientId: 7,
    });
    expect(
      decodeClientSession(short, { secret, now: new Date('2025-01-01T00:01:00Z') }),
    ).toBeNull();
  });

  it('clears with an expired cookie of the same name and attributes', () => {
    expect(clearClientSessionCookie()).toBe(
      `${CLIENT_SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax`,
    );
  });
});

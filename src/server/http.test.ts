import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clientIp, handler, HttpError, json, parseJson } from './http';

const schema = z.object({ name: z.string().min(2, 'Name must be at least 2 characters') });
const echo = handler(['POST'], async (req) => json(await parseJson(req, schema)));
const post = (body: string, headers: Record<string, string> = {}) =>
  echo(new Request('http://localhost/api/x', { method: 'POST', body, headers }), {});

describe('function handler', () => {
  it('answers valid bodies with JSON and the security headers', async () => {
    const res = await post('{"name":"Ada"}');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: 'Ada' });
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('strict-transport-security')).toContain('max-age=63072000');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('maps schema failures to 400 with the field message', async () => {
    const res = await post('{"name":"A"}');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'name: Name must be at least 2 characters' });
  });

  it('refuses malformed JSON, oversized bodies and wrong methods', async () => {
    expect((await post('{nope')).status).toBe(400);
    expect((await post('x'.repeat(70_000))).status).toBe(413);
    const get = await echo(new Request('http://localhost/api/x'), {});
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('keeps HttpError status and headers, and hides unexpected errors', async () => {
    const limited = handler(['GET'], () => {
      throw new HttpError(429, 'Too many requests', { 'Retry-After': '60' });
    });
    const res = await limited(new Request('http://localhost/'), {});
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('60');
    const broken = handler(['GET'], () => {
      throw new Error('secret detail');
    });
    const res2 = await broken(new Request('http://localhost/'), {});
    expect(res2.status).toBe(500);
    expect(JSON.stringify(await res2.json())).not.toContain('secret detail');
  });
});

describe('clientIp', () => {
  const withHeaders = (headers: Record<string, string>) =>
    new Request('http://localhost/api/x', { headers });

  it("prefers Netlify's connection address, then the first forwarded address", () => {
    expect(
      clientIp(
        withHeaders({
          'x-nf-client-connection-ip': '203.0.113.7',
          'x-forwarded-for': '198.51.100.1',
        }),
      ),
    ).toBe('203.0.113.7');
    expect(clientIp(withHeaders({ 'x-forwarded-for': '198.51.100.1, 10.0.0.1' }))).toBe(
      '198.51.100.1',
    );
  });

  it('passes on an empty address as "unknown" for the shared local-run limit', () => {
    expect(clientIp(withHeaders({ 'x-nf-client-connection-ip': '' }))).toBe('');
    expect(clientIp(withHeaders({}))).toBe('127.0.0.1');
  });
});

import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it, vi } from 'vitest';
import { z } from '../lib/zod.ts';
import {
  assertSameOrigin,
  addressBucket,
  clientIp,
  handler,
  HttpError,
  json,
  MAX_JSON_DEPTH,
  parseJson,
  readJson,
  unstorableTextAt,
} from './http';

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

describe('bad input is a 4xx, never a 5xx', () => {
  const open = handler(['POST'], async (req) => {
    assertSameOrigin(req);
    return json(await readJson(req));
  });
  const call = (headers: Record<string, string>, body: BodyInit = '{"name":"Ada"}') =>
    open(
      new Request('http://localhost:4321/api/x', {
        method: 'POST',
        body,
        headers,
        duplex: 'half',
      } as RequestInit),
      {},
    );

  it('refuses Origin null and unparsable origins with 403 JSON (was 500)', async () => {
    for (const origin of ['null', 'http://', '::::', 'not a url']) {
      const res = await call({ origin });
      expect(res.status, origin).toBe(403);
      expect(await res.json()).toEqual({ error: 'Cross-site request refused' });
    }
    expect((await call({ origin: 'http://localhost:4321' })).status).toBe(200);
    expect((await call({})).status).toBe(200);
  });

  it('takes the expected host from the request URL, not from X-Forwarded-Host', async () => {
    const res = await call({ origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' });
    expect(res.status).toBe(403);
  });

  it('stops reading a body without Content-Length at the limit (413)', async () => {
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 64 * 1024 * 1024) return controller.close();
        sent += 1024 * 1024;
        controller.enqueue(new Uint8Array(1024 * 1024).fill(32));
      },
    });
    const res = await call({}, stream);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(4 * 1024 * 1024);
  });

  it('refuses NUL and unpaired surrogates anywhere in a JSON body, naming the field', async () => {
    for (const [body, field] of [
      ['{"name":"A\\u0000da"}', 'name'],
      ['{"data":{"notes":["ok","\\ud800"]}}', 'data.notes.1'],
      ['{"data":{"x\\udfffy":1}}', 'data.x\udfffy'],
    ] as const) {
      const res = await call({}, body);
      expect(res.status, body).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(
        new RegExp(`^${field.replace('.', '\\.')}`),
      );
    }
    expect(unstorableTextAt({ ok: ['Zoë 山田 😀'] })).toBeNull();
  });

  it('refuses a body nested deeper than the limit at once (the fuzz found 34 s per request)', async () => {
    const nested = (depth: number, inner = '') => '['.repeat(depth) + inner + ']'.repeat(depth);
    const started = performance.now();
    const deep = await call({}, nested(30_000));
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual({ error: 'Request body is nested too deeply' });
    // At the limit, a body is read as usual; one level more is refused.
    expect((await call({}, nested(MAX_JSON_DEPTH))).status).toBe(200);
    expect((await call({}, nested(MAX_JSON_DEPTH + 1))).status).toBe(400);
    // Outside bodies (a Stripe event), the text rule walks any depth in linear time.
    const bottom = JSON.parse(nested(30_000, '"\\u0000"')) as unknown;
    const walked = performance.now();
    expect(unstorableTextAt(bottom)).toEqual(Array.from({ length: 30_000 }, () => '0'));
    expect(performance.now() - walked).toBeLessThan(1_000);
  });

  it('answers 503 with Retry-After when the database cannot be reached', async () => {
    const down = handler(['GET'], () => {
      throw Object.assign(new Error('Failed query: select 1'), {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
          code: 'ECONNREFUSED',
        }),
      });
    });
    const res = await down(new Request('http://localhost/'), {});
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({
      error:
        'We could not reach our database. Nothing you typed was lost; please try again in a minute.',
    });
    const shutdown = handler(['GET'], () => {
      throw Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      });
    });
    expect((await shutdown(new Request('http://localhost/'), {})).status).toBe(503);
  });

  it('logs a failed query without the values it was bound to (personal data, tokens)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const values = ['ada.private@example.com', 'Ada Lovelace', 'token-hash-3f9a'];
      for (const cause of [
        Object.assign(new Error('duplicate key value violates unique constraint'), {
          code: '23505',
        }),
        Object.assign(new Error('terminating connection due to administrator command'), {
          code: '57P01',
        }),
      ]) {
        const failing = handler(['GET'], () => {
          throw new DrizzleQueryError(
            'insert into "clients" ("email", "name") values ($1, $2)',
            values,
            cause,
          );
        });
        const res = await failing(new Request('http://localhost/'), {});
        expect([500, 503]).toContain(res.status);
      }
      const log = logged.mock.calls.flat().map(String).join('\n');
      expect(log).toContain('insert into "clients"');
      expect(log).toContain('[23505]');
      expect(log).toContain('[57P01]');
      for (const value of ['ada.private@example.com', 'Ada Lovelace', 'token-hash-3f9a'])
        expect(log).not.toContain(value);
    } finally {
      logged.mockRestore();
    }
  });
});

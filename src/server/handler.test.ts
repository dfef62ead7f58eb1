import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it, vi } from 'vitest';
import { z } from '../lib/zod.ts';
import { handler } from './handler';
import { parseJson } from './request-body';
import { HttpError, json } from './responses';

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

describe('failures of the deploy, not the request', () => {
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

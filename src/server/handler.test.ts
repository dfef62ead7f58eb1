import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
      const errors = logged.mock.calls.map((call) => JSON.parse(String(call[0])).error as string);
      const log = errors.join('\n');
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

describe('the request log and the error webhook', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    delete process.env.ERROR_WEBHOOK_URL;
  });

  /** Every JSON line the handler wrote, whichever console method it used. */
  function captureLines() {
    const lines: Record<string, unknown>[] = [];
    for (const method of ['error', 'warn', 'info'] as const) {
      vi.spyOn(console, method).mockImplementation((text: unknown) => {
        lines.push(JSON.parse(String(text)) as Record<string, unknown>);
      });
    }
    return lines;
  }

  const secretRequest = (url: string) =>
    new Request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-nf-request-id': '01KJD9FATBP38BK9EPSN617QKP',
        cookie: 'client_session=cookie-value-that-must-not-be-logged',
      },
      body: JSON.stringify({ email: 'ada.private@example.com', note: 'body-text-not-logged' }),
    });

  it('writes one JSON line for a failed request: id, function, status, duration, no body, token or address', async () => {
    const lines = captureLines();
    const failing = handler(['POST'], async (req) => {
      const body = (await req.json()) as { email: string };
      throw new Error(`could not store ${body.email}`);
    });
    const res = await failing(
      secretRequest('https://site.example/api/x/ada%40example.com?token=tok_9f8e7d6c5b4a&x=1'),
      {},
    );
    expect(res.status).toBe(500);
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line).toMatchObject({
      level: 'error',
      msg: 'Unhandled function error',
      requestId: '01KJD9FATBP38BK9EPSN617QKP',
      function: 'handler.test',
      method: 'POST',
      path: '/api/x/[address]',
      status: 500,
      durationMs: expect.any(Number),
      time: expect.any(String),
    });
    expect(line.error).toContain('could not store [address]');
    const text = JSON.stringify(line);
    for (const secret of [
      'ada.private',
      'ada%40example',
      'tok_9f8e7d6c5b4a',
      'token=',
      'body-text-not-logged',
      'cookie-value',
    ])
      expect(text).not.toContain(secret);
  });

  it('logs refusals (4xx) as warnings and leaves quick successes out', async () => {
    const lines = captureLines();
    const refusing = handler(['GET'], () => {
      throw new HttpError(404, 'Order not found');
    });
    expect((await refusing(new Request('http://localhost/api/orders/1'), {})).status).toBe(404);
    const fine = handler(['GET'], () => json({ ok: true }));
    expect((await fine(new Request('http://localhost/api/ok'), {})).status).toBe(200);
    expect(lines).toEqual([
      expect.objectContaining({ level: 'warn', status: 404, path: '/api/orders/1' }),
    ]);
  });

  it('posts each 5xx to ERROR_WEBHOOK_URL and no 4xx', async () => {
    captureLines();
    process.env.ERROR_WEBHOOK_URL = 'https://errors.example/hook?key=tracker-key';
    const posted: { url: string; body: Record<string, unknown> }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL, init: RequestInit) => {
        posted.push({ url: String(url), body: JSON.parse(String(init.body)) });
        return new Response('ok');
      }),
    );
    const kept: Promise<unknown>[] = [];
    const context = { waitUntil: (p: Promise<unknown>) => void kept.push(p) };
    const refusing = handler(['POST'], () => {
      throw new HttpError(400, 'Bad input');
    });
    expect((await refusing(secretRequest('https://site.example/api/x'), context)).status).toBe(400);
    expect(posted).toEqual([]);
    const failing = handler(['POST'], () => {
      throw new Error('broken');
    });
    expect((await failing(secretRequest('https://site.example/api/x'), context)).status).toBe(500);
    await Promise.all(kept);
    expect(kept).toHaveLength(1);
    expect(posted).toEqual([
      {
        url: 'https://errors.example/hook?key=tracker-key',
        body: expect.objectContaining({
          level: 'error',
          status: 500,
          requestId: '01KJD9FATBP38BK9EPSN617QKP',
          function: 'handler.test',
          path: '/api/x',
        }),
      },
    ]);
    expect(JSON.stringify(posted)).not.toContain('ada.private');
  });

  it('answers the same when the webhook fails or hangs, and logs no URL of it', async () => {
    const lines = captureLines();
    process.env.ERROR_WEBHOOK_URL = 'https://errors.example/hook?key=tracker-key';
    const failing = handler(['GET'], () => {
      throw new Error('broken');
    });
    const kept: Promise<unknown>[] = [];
    const context = { waitUntil: (p: Promise<unknown>) => void kept.push(p) };
    for (const tracker of [
      async () => {
        throw new TypeError('fetch failed');
      },
      async () => new Response('no', { status: 500 }),
      // A tracker that never answers: the response does not wait for it.
      () => new Promise<Response>(() => undefined),
    ]) {
      vi.stubGlobal('fetch', vi.fn(tracker));
      const res = await failing(new Request('http://localhost/api/x'), context);
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({
        error: 'Something went wrong on our side. Please try again.',
      });
    }
    await Promise.all(kept.slice(0, 2));
    expect(lines.filter((l) => String(l.msg).startsWith('Error webhook'))).toHaveLength(2);
    expect(JSON.stringify(lines)).not.toContain('tracker-key');
  });

  it('ignores an ERROR_WEBHOOK_URL that is not https, saying so', async () => {
    const lines = captureLines();
    process.env.ERROR_WEBHOOK_URL = 'http://errors.example/hook';
    const fetched = vi.fn();
    vi.stubGlobal('fetch', fetched);
    const failing = handler(['GET'], () => {
      throw new Error('broken');
    });
    expect((await failing(new Request('http://localhost/'), {})).status).toBe(500);
    expect(fetched).not.toHaveBeenCalled();
    expect(lines.map((l) => l.msg)).toContain('Error webhook not used');
  });
});

import { describe, expect, it } from 'vitest';
import { handler } from './handler';
import { MAX_JSON_DEPTH, readJson, unstorableTextAt } from './request-body';
import { json } from './responses';
import { rawPost } from '../testing/requests';

describe('a bad body is a 4xx, never a 5xx', () => {
  const open = handler(['POST'], async (req) => json(await readJson(req)));
  const call = (headers: Record<string, string>, body: BodyInit = '{"name":"Ada"}') =>
    open(rawPost('http://localhost:4321/api/x', headers, body), {});

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

  it('answers a body cut off by the visitor (ECONNRESET) with 400, not "database unavailable"', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"name":'));
        controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      },
    });
    const res = await call({}, stream);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'The request body ended before it was complete' });
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

  it('refuses a body nested deeper than the limit (the fuzz found 34 s per request; npm run bench:inputs times it)', async () => {
    const nested = (depth: number, inner = '') => '['.repeat(depth) + inner + ']'.repeat(depth);
    const deep = await call({}, nested(30_000));
    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual({ error: 'Request body is nested too deeply' });
    // At the limit, a body is read as usual; one level more is refused.
    expect((await call({}, nested(MAX_JSON_DEPTH))).status).toBe(200);
    expect((await call({}, nested(MAX_JSON_DEPTH + 1))).status).toBe(400);
    // Outside bodies (a Stripe event), the text rule walks any depth in linear time.
    const bottom = JSON.parse(nested(30_000, '"\\u0000"')) as unknown;
    expect(unstorableTextAt(bottom)).toEqual(Array.from({ length: 30_000 }, () => '0'));
  });
});

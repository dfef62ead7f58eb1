import { describe, expect, it } from 'vitest';
import { handler } from './handler';
import { readJson } from './request-body';
import { json } from './responses';
import { rawPost } from '../testing/requests';
import { assertSameOrigin } from './same-origin';

describe('a cross-site request is a 403, never a 5xx', () => {
  const open = handler(['POST'], async (req) => {
    assertSameOrigin(req);
    return json(await readJson(req));
  });
  const call = (headers: Record<string, string>, body: BodyInit = '{"name":"Ada"}') =>
    open(rawPost('http://localhost:4321/api/x', headers, body), {});

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
});

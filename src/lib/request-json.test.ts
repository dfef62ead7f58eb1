import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpErrorMessage, NETWORK_ERROR, RequestError, requestJson } from './request-json';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('httpErrorMessage', () => {
  it('formats non-OK responses as "{status}: {body text or status text}"', () => {
    expect(httpErrorMessage(400, 'Bad Request', '{"error":"Unknown item: x"}')).toBe(
      '400: Unknown item: x',
    );
    expect(httpErrorMessage(500, 'Server Error', '{"broken"')).toBe('500: {"broken"');
    expect(httpErrorMessage(500, 'Server Error', '{"error":42}')).toBe('500: {"error":42}');
    expect(httpErrorMessage(502, 'Bad Gateway', '')).toBe('502: Bad Gateway');
  });
});

describe('requestJson', () => {
  it('sends a JSON body with credentials and returns the parsed answer', async () => {
    const fetchMock = vi.fn(async () => Response.json({ url: '/pay' }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(requestJson('POST', '/api/x', { items: [] })).resolves.toEqual({ url: '/pay' });
    expect(fetchMock).toHaveBeenCalledWith('/api/x', {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"items":[]}',
    });
  });

  it('sends extra headers, and a Blob body as it is', async () => {
    const fetchMock = vi.fn(async () => Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    const file = new Blob(['png'], { type: 'image/png' });

    await requestJson('POST', '/api/upload', file, { headers: { 'X-Requested-With': 'x' } });
    expect(fetchMock).toHaveBeenCalledWith('/api/upload', {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'X-Requested-With': 'x' },
      body: file,
    });
  });

  it('turns a failed network call into a RequestError with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(requestJson('GET', '/api/x')).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR,
    });
  });

  it("throws the spec's error text for a non-OK response", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"Unknown item: x"}', { status: 400 })),
    );
    await expect(requestJson('POST', '/api/x', {})).rejects.toThrow('400: Unknown item: x');
    await expect(requestJson('POST', '/api/x', {})).rejects.toBeInstanceOf(RequestError);
    await expect(requestJson('POST', '/api/x', {})).rejects.toMatchObject({ status: 400 });
  });
});

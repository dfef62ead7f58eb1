import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpErrorMessage, RequestError, requestJson } from './request-json';

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
      headers: { 'Content-Type': 'application/json' },
      body: '{"items":[]}',
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

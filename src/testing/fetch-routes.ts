/**
 * The browser's fetch as the store tests stand it in: answers by `"METHOD url"` from `routes`
 * (JSON `body`, or `text` as is; `status` 200 unless set) and records every call with its JSON
 * body. A route not listed, or one marked `network`, fails as fetch does offline.
 */
import { vi } from 'vitest';

export type FakeRoute = { status?: number; body?: unknown; text?: string; network?: boolean };
export type FetchCall = { method: string; url: string; body: unknown };

/** Stubs the global fetch (undo with `vi.unstubAllGlobals()`); fill `routes` before calling. */
export function stubFetchRoutes(): { routes: Record<string, FakeRoute>; calls: FetchCall[] } {
  const routes: Record<string, FakeRoute> = {};
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const route = routes[`${method} ${url}`];
      if (!route || route.network) throw new TypeError('Failed to fetch');
      if (route.text !== undefined)
        return new Response(route.text, { status: route.status ?? 200 });
      return Response.json(route.body ?? {}, { status: route.status ?? 200 });
    }),
  );
  return { routes, calls };
}

/**
 * The browser's fetch as the store tests stand it in: answers by `"METHOD url"` from `routes`
 * (JSON `body`, or `text` as is; `status` 200 unless set) and records every call with its JSON
 * body. A route not listed, or one marked `network`, fails as fetch does offline.
 */
import { afterEach, beforeEach, vi } from 'vitest';

export type FakeRoute = { status?: number; body?: unknown; text?: string; network?: boolean };
export type FetchCall = { method: string; url: string; body: unknown };
type FetchRoutes = { routes: Record<string, FakeRoute>; calls: FetchCall[] };

/**
 * Stubs the global fetch (undo with `vi.unstubAllGlobals()`); fill `routes` before calling, or
 * pass the `routes` and `calls` to answer from and record into.
 */
export function stubFetchRoutes(
  routes: Record<string, FakeRoute> = {},
  calls: FetchCall[] = [],
): FetchRoutes {
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

/**
 * For a whole test file: stubs fetch before each test, with `routes` and `calls` emptied, and
 * undoes every stubbed global after it. Call it at the top of the file.
 */
export function useFetchRoutes(): FetchRoutes {
  const routes: Record<string, FakeRoute> = {};
  const calls: FetchCall[] = [];
  beforeEach(() => {
    for (const key of Object.keys(routes)) delete routes[key];
    calls.length = 0;
    stubFetchRoutes(routes, calls);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return { routes, calls };
}

/**
 * Holds every request until the returned `release` is called (a press while one is under way);
 * then the fetch stubbed before answers it.
 */
export function holdRequests(): () => void {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const routed = globalThis.fetch;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    await gate;
    return routed(url, init);
  });
  return release;
}

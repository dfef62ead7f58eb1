import { vi } from 'vitest';

/** Stubs `localStorage` with an in-memory one holding `initial`; returns its items. */
export function stubLocalStorage(initial: Record<string, string> = {}): Map<string, string> {
  const items = new Map(Object.entries(initial));
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  });
  return items;
}

// Browser-only and fail soft: private mode or a full quota just means no draft.
export function readDraft(key: string): unknown {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** The keys this kit wrote, so that signing out can clear every draft (they hold personal data). */
const DRAFT_INDEX_KEY = 'form-drafts';

function draftKeys(): string[] {
  const keys = readDraft(DRAFT_INDEX_KEY);
  return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : [];
}

export function writeDraft(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
    const keys = draftKeys();
    if (!keys.includes(key))
      globalThis.localStorage?.setItem(DRAFT_INDEX_KEY, JSON.stringify([...keys, key]));
  } catch {
    // No storage available: the form still works, only without a draft.
  }
}

/** Signing out on a shared computer must leave no draft (names, addresses) to the next person. */
export function clearAllDrafts(): void {
  for (const key of draftKeys()) clearDraft(key);
  clearDraft(DRAFT_INDEX_KEY);
}

export function clearDraft(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}

/** Only known keys whose type matches the default's: a stale or tampered draft puts no odd values in. */
export function mergeDraft<T extends Record<string, unknown>>(defaults: T, draft: unknown): T {
  if (typeof draft !== 'object' || draft === null) return defaults;
  const merged: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(draft as Record<string, unknown>)) {
    if (key in defaults && typeof value === typeof defaults[key]) merged[key] = value;
  }
  return merged as T;
}

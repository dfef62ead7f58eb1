/**
 * Form drafts in localStorage, so nothing typed is lost on a reload. Browser-only helpers
 * that fail soft: private mode or a full quota just means no draft.
 */
export function readDraft(key: string): unknown {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // No storage available: the form still works, only without a draft.
  }
}

export function clearDraft(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}

/**
 * Copies the draft's values onto `defaults`, keeping only known keys whose type matches the
 * default's, so a stale or tampered draft can never put odd values into the form.
 */
export function mergeDraft<T extends Record<string, unknown>>(defaults: T, draft: unknown): T {
  if (typeof draft !== 'object' || draft === null) return defaults;
  const merged: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(draft as Record<string, unknown>)) {
    if (key in defaults && typeof value === typeof defaults[key]) merged[key] = value;
  }
  return merged as T;
}

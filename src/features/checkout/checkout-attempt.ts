// In sessionStorage, so every retry of one checkout (a double click too) sends the same id and gets
// the same payment session. No zod here: the checkout island loads none.
const KEY = 'checkout-attempt';

export function cartFingerprint(
  items: readonly { id: string; billingCycle?: string; quantity?: number }[],
) {
  return items.map((i) => `${i.id}:${i.billingCycle ?? ''}:${i.quantity ?? 1}`).join('|');
}

export function checkoutAttemptFor(
  stored: { id: string; cart: string } | null,
  cart: string,
  fresh: string,
): { id: string; cart: string } {
  return stored && stored.cart === cart ? stored : { id: fresh, cart };
}

function read(): { id: string; cart: string } | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as unknown;
    if (value && typeof value === 'object' && 'id' in value && 'cart' in value) {
      const { id, cart } = value as { id: unknown; cart: unknown };
      if (typeof id === 'string' && typeof cart === 'string') return { id, cart };
    }
  } catch {
    // Storage off or unreadable: every click is then its own attempt.
  }
  return null;
}

function freshId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function attemptIdFor(
  items: readonly { id: string; billingCycle?: string; quantity?: number }[],
) {
  const attempt = checkoutAttemptFor(read(), cartFingerprint(items), freshId());
  try {
    sessionStorage.setItem(KEY, JSON.stringify(attempt));
  } catch {
    // Not remembered: a retry becomes a new attempt, which is still one session per click.
  }
  return attempt.id;
}

export function forgetCheckoutAttempt(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}

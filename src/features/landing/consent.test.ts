import { describe, expect, it } from 'vitest';
import {
  CONSENT_BANNER_DELAY_MS,
  CONSENT_DATE_KEY,
  CONSENT_KEY,
  consentState,
  pushConsent,
  readConsent,
  shouldShowBanner,
  storeConsent,
} from './consent';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('consent storage', () => {
  it('shows the banner only when no valid choice is stored', () => {
    expect(shouldShowBanner(memoryStorage())).toBe(true);
    expect(shouldShowBanner(memoryStorage({ [CONSENT_KEY]: 'maybe' }))).toBe(true);
    expect(shouldShowBanner(memoryStorage({ [CONSENT_KEY]: 'declined' }))).toBe(false);
    expect(CONSENT_BANNER_DELAY_MS).toBe(2000);
  });

  it.each(['accepted', 'declined'] as const)('stores "%s" with the date', (choice) => {
    const storage = memoryStorage();
    const now = new Date('2026-03-04T05:06:07.000Z');
    expect(storeConsent(storage, choice, now)).toEqual({ choice, date: now.toISOString() });
    expect(storage.data.get(CONSENT_KEY)).toBe(choice);
    expect(storage.data.get(CONSENT_DATE_KEY)).toBe('2026-03-04T05:06:07.000Z');
    expect(readConsent(storage)).toEqual({ choice, date: now.toISOString() });
  });

  it('treats blocked storage as no choice and does not throw', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readConsent(blocked)).toBeNull();
    expect(storeConsent(blocked, 'accepted').choice).toBe('accepted');
  });
});

describe('consent update', () => {
  it('grants analytics and ad storage on accept and denies them otherwise', () => {
    expect(consentState('accepted')).toEqual({
      analytics_storage: 'granted',
      ad_storage: 'granted',
    });
    expect(consentState('declined')).toEqual({ analytics_storage: 'denied', ad_storage: 'denied' });
    expect(consentState(null)).toEqual({ analytics_storage: 'denied', ad_storage: 'denied' });
  });

  it('pushes gtag-style consent commands onto dataLayer', () => {
    const win: { dataLayer?: unknown[] } = {};
    pushConsent(win, 'update', consentState('accepted'));
    expect(win.dataLayer).toHaveLength(1);
    expect(Array.from(win.dataLayer![0] as ArrayLike<unknown>)).toEqual([
      'consent',
      'update',
      { analytics_storage: 'granted', ad_storage: 'granted' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  applyConsentOnLoad,
  choiceOf,
  CONSENT_BANNER_DELAY_MS,
  CONSENT_WAIT_FOR_UPDATE_MS,
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

describe('Consent Mode v2 signals', () => {
  const all = (value: 'granted' | 'denied') => ({
    ad_storage: value,
    ad_user_data: value,
    ad_personalization: value,
    analytics_storage: value,
  });
  const commands = (win: { dataLayer?: unknown[] }) =>
    (win.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));

  it.each([
    ['accepted', all('granted')],
    ['declined', all('denied')],
    ['customize', all('granted')],
  ] as const)('the %s button sends every signal of its choice', (button, signals) => {
    expect(consentState(choiceOf(button))).toEqual(signals);
  });

  it('starts from a denied default that tags wait on, before any update', () => {
    const win: { dataLayer?: unknown[] } = {};
    applyConsentOnLoad(win, null);
    expect(commands(win)).toEqual([
      ['consent', 'default', { ...all('denied'), wait_for_update: CONSENT_WAIT_FOR_UPDATE_MS }],
    ]);
    expect(CONSENT_WAIT_FOR_UPDATE_MS).toBeGreaterThan(0);
  });

  it.each([
    ['accepted', 'granted'],
    ['declined', 'denied'],
  ] as const)('re-applies a stored "%s" on load, after the default', (choice, value) => {
    const win: { dataLayer?: unknown[] } = { dataLayer: [['js', 'earlier']] };
    applyConsentOnLoad(win, { choice, date: '2026-11-01T00:00:00.000Z' });
    expect(commands(win).slice(1)).toEqual([
      ['consent', 'default', { ...all('denied'), wait_for_update: CONSENT_WAIT_FOR_UPDATE_MS }],
      ['consent', 'update', all(value)],
    ]);
  });

  it('pushes gtag-style commands (Arguments objects) onto dataLayer', () => {
    const win: { dataLayer?: unknown[] } = {};
    pushConsent(win, 'update', consentState('accepted'));
    expect(win.dataLayer).toHaveLength(1);
    expect(Object.prototype.toString.call(win.dataLayer![0])).toBe('[object Arguments]');
    expect(commands(win)).toEqual([['consent', 'update', all('granted')]]);
  });
});

/**
 * Cookie consent for the rental-host landing page (post-purchase §4): the stored choice
 * and date, and the gtag-style consent commands pushed to window.dataLayer. No analytics
 * script is loaded here; a tag added later reads the consent state from the data layer.
 */

export const CONSENT_KEY = 'cookie-consent';
export const CONSENT_DATE_KEY = 'cookie-consent-date';
/** The banner appears this long after load when no choice is stored. */
export const CONSENT_BANNER_DELAY_MS = 2000;

export type ConsentChoice = 'accepted' | 'declined';
export type ConsentRecord = { choice: ConsentChoice; date: string };

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

export function readConsent(storage: KeyValueStore): ConsentRecord | null {
  try {
    const choice = storage.getItem(CONSENT_KEY);
    if (choice !== 'accepted' && choice !== 'declined') return null;
    return { choice, date: storage.getItem(CONSENT_DATE_KEY) ?? '' };
  } catch {
    // Storage can be blocked (private modes, sandboxed frames): treat as no choice.
    return null;
  }
}

export function storeConsent(
  storage: KeyValueStore,
  choice: ConsentChoice,
  now = new Date(),
): ConsentRecord {
  const record = { choice, date: now.toISOString() };
  try {
    storage.setItem(CONSENT_KEY, record.choice);
    storage.setItem(CONSENT_DATE_KEY, record.date);
  } catch {
    // Unable to persist: the choice still applies to this page view.
  }
  return record;
}

export function shouldShowBanner(storage: KeyValueStore): boolean {
  return readConsent(storage) === null;
}

export type ConsentState = {
  analytics_storage: 'granted' | 'denied';
  ad_storage: 'granted' | 'denied';
};

export function consentState(choice: ConsentChoice | null): ConsentState {
  const value = choice === 'accepted' ? 'granted' : 'denied';
  return { analytics_storage: value, ad_storage: value };
}

type DataLayerWindow = { dataLayer?: unknown[] };

/**
 * gtag('consent', mode, state). gtag.js only reads Arguments objects from the data layer,
 * hence the `arguments` push rather than an array.
 */
export function pushConsent(win: DataLayerWindow, mode: 'default' | 'update', state: ConsentState) {
  win.dataLayer ??= [];
  const layer = win.dataLayer;
  function gtag(..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    layer.push(arguments);
  }
  gtag('consent', mode, state);
}

// Post-purchase §4, Google's Consent Mode v2. No analytics script loads here: a tag added later
// reads the data layer, which starts with a denied default and then the stored choice.

export const CONSENT_KEY = 'cookie-consent';
export const CONSENT_DATE_KEY = 'cookie-consent-date';
/** The banner appears this long after load when no choice is stored. */
export const CONSENT_BANNER_DELAY_MS = 2000;

export type ConsentChoice = 'accepted' | 'declined';
/** The banner's buttons; Customize has no settings screen and behaves like accepting all. */
export type ConsentButton = ConsentChoice | 'customize';

export function choiceOf(button: ConsentButton): ConsentChoice {
  return button === 'declined' ? 'declined' : 'accepted';
}
type ConsentRecord = { choice: ConsentChoice; date: string };

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

type Signal = 'granted' | 'denied';

type ConsentState = {
  ad_storage: Signal;
  ad_user_data: Signal;
  ad_personalization: Signal;
  analytics_storage: Signal;
};

/** gtag's `wait_for_update` (ms): how long a tag loaded before the stored choice waits for it. */
export const CONSENT_WAIT_FOR_UPDATE_MS = 500;

export function consentState(choice: ConsentChoice | null): ConsentState {
  const value: Signal = choice === 'accepted' ? 'granted' : 'denied';
  return {
    ad_storage: value,
    ad_user_data: value,
    ad_personalization: value,
    analytics_storage: value,
  };
}

function defaultConsent(): ConsentState & { wait_for_update: number } {
  return { ...consentState(null), wait_for_update: CONSENT_WAIT_FOR_UPDATE_MS };
}

type DataLayerWindow = { dataLayer?: unknown[] };

/** gtag.js reads only Arguments objects from the data layer, hence `arguments`, not an array. */
export function pushConsent(
  win: DataLayerWindow,
  mode: 'default' | 'update',
  state: ConsentState | ReturnType<typeof defaultConsent>,
) {
  win.dataLayer ??= [];
  const layer = win.dataLayer;
  function gtag(..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    layer.push(arguments);
  }
  gtag('consent', mode, state);
}

/** The denied default first, before any tag can read the data layer, then the stored choice. */
export function applyConsentOnLoad(win: DataLayerWindow, stored: ConsentRecord | null): void {
  pushConsent(win, 'default', defaultConsent());
  if (stored) pushConsent(win, 'update', consentState(stored.choice));
}

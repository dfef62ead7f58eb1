import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $notification } from '../../lib/notifications';
import {
  CLIENT_ONBOARDING_DEFAULTS,
  HONEYPOT_FIELD,
  SUBMIT_ERROR_FALLBACK,
  type ClientOnboardingValues,
} from './client-onboarding';
import {
  $confirmation,
  $draft,
  $result,
  $submitting,
  confirmAccount,
  DRAFT_KEY,
  showConfirmation,
  goToStage,
  restoreClientOnboarding,
  setClientOnboardingField,
  SUBMITTED_NOTICE,
  submitClientOnboarding,
} from './client-onboarding.store';
import { stubLocalStorage } from '../../testing/local-storage';

const values = {
  ...CLIENT_ONBOARDING_DEFAULTS,
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
} as ClientOnboardingValues;

function answer(response: Response | Error) {
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  $result.set(null);
  $submitting.set(false);
  $notification.set(null);
  $confirmation.set({ state: 'none' });
  $draft.set({ values: { ...CLIENT_ONBOARDING_DEFAULTS } as ClientOnboardingValues, stage: 0 });
  cleanStores($result, $submitting, $notification, $draft, $confirmation);
});

/** localStorage holding `saved` under the draft's key. */
function storage(saved?: unknown) {
  return stubLocalStorage(saved === undefined ? {} : { [DRAFT_KEY]: JSON.stringify(saved) });
}

/** The server-rendered first stage, holding what was typed before hydration. */
function firstStage(typed: Record<string, string>) {
  return {
    elements: {
      namedItem: (name: keyof typeof CLIENT_ONBOARDING_DEFAULTS) =>
        typeof CLIENT_ONBOARDING_DEFAULTS[name] === 'string'
          ? { value: typed[name] ?? CLIENT_ONBOARDING_DEFAULTS[name] }
          : null,
    },
  } as unknown as HTMLFormElement;
}

describe('the client onboarding draft', () => {
  it('restores the saved draft and stage when nothing was typed before hydration', () => {
    storage({ values: { fullName: 'Ada Lovelace', businessName: 'Engines' }, stage: 2 });
    restoreClientOnboarding(firstStage({}));
    expect($draft.get().stage).toBe(2);
    expect($draft.get().values).toMatchObject({
      fullName: 'Ada Lovelace',
      businessName: 'Engines',
    });
  });

  it('puts what was typed before hydration over the draft in one change, on the first stage', () => {
    const items = storage({
      values: { fullName: 'Ada Lovelace', businessName: 'Engines' },
      stage: 2,
    });
    const seen: unknown[] = [];
    const stop = $draft.listen((d) => seen.push(d));
    restoreClientOnboarding(firstStage({ fullName: 'Ada King', phone: '+1 555 010 0100' }));
    stop();
    expect(seen).toHaveLength(1);
    expect($draft.get()).toMatchObject({
      stage: 0,
      values: { fullName: 'Ada King', businessName: 'Engines', phone: '+1 555 010 0100' },
    });
    // Every later change is written through, on top of the current values.
    setClientOnboardingField('email', 'ada@example.com');
    goToStage(1);
    expect(JSON.parse(items.get(DRAFT_KEY)!)).toMatchObject({
      stage: 1,
      values: { fullName: 'Ada King', email: 'ada@example.com', businessName: 'Engines' },
    });
  });
});

describe('submitting the client onboarding form', () => {
  it('sends the values with the product, keeps the answer and says so', async () => {
    const fetchMock = answer(Response.json({ success: true, accountCreated: false }));
    expect(await submitClientOnboarding(values, { productId: 'advanced', honeypot: '' })).toBe(
      true,
    );
    const sent = JSON.parse(
      String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body),
    );
    expect(sent).toMatchObject({ fullName: 'Ada Lovelace', productId: 'advanced' });
    expect(sent).not.toHaveProperty(HONEYPOT_FIELD);
    expect($result.get()).toEqual({ success: true, accountCreated: false });
    expect($notification.get()).toMatchObject(SUBMITTED_NOTICE);
    expect($submitting.get()).toBe(false);
  });

  it('passes a filled honeypot on for the server to drop', async () => {
    const fetchMock = answer(Response.json({ success: true }));
    await submitClientOnboarding(values, { productId: 'starter', honeypot: 'spam' });
    const sent = JSON.parse(
      String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body),
    );
    expect(sent[HONEYPOT_FIELD]).toBe('spam');
  });

  it('shows the server’s sentence for a refusal, the fallback for anything else', async () => {
    answer(Response.json({ error: 'email: Please enter a valid email address.' }, { status: 400 }));
    expect(await submitClientOnboarding(values, { productId: 'starter', honeypot: '' })).toBe(
      false,
    );
    expect($notification.get()).toMatchObject({
      title: 'Error submitting form',
      description: 'email: Please enter a valid email address.',
    });
    answer(new TypeError('Failed to fetch'));
    await submitClientOnboarding(values, { productId: 'starter', honeypot: '' });
    expect($notification.get()?.description).toBe(SUBMIT_ERROR_FALLBACK);
    expect($result.get()).toBeNull();
  });

  it('ignores a second press while the first is being sent', async () => {
    $submitting.set(true);
    const fetchMock = answer(Response.json({ success: true }));
    expect(await submitClientOnboarding(values, { productId: 'starter', honeypot: '' })).toBe(
      false,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the e-mailed confirmation link', () => {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('asks first: opening the page sends nothing', () => {
    const fetchMock = answer(json({ account: 'ready', redirectUrl: null }));
    showConfirmation('tok_123', null);
    expect($confirmation.get()).toEqual({ state: 'asking', token: 'tok_123' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the token once on the press, and shows the outcome', async () => {
    const fetchMock = answer(json({ account: 'ready', redirectUrl: null }));
    showConfirmation('tok_123', null);
    const opened: string[] = [];
    expect(await confirmAccount((url) => opened.push(url))).toBe('ready');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/clients/onboarding/confirm');
    expect(JSON.parse(String(init.body))).toEqual({ token: 'tok_123' });
    expect($confirmation.get()).toEqual({ state: 'done', outcome: 'ready' });
    expect(opened).toEqual([]);
    // A second press does nothing.
    expect(await confirmAccount()).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("opens Demo Mode's portal, and keeps the token for another press after a failure", async () => {
    answer(json({ account: 'ready', redirectUrl: '/dashboard/demo-portal?location=demo-1' }));
    showConfirmation('tok_demo', null);
    const opened: string[] = [];
    await confirmAccount((url) => opened.push(url));
    expect(opened).toEqual(['/dashboard/demo-portal?location=demo-1']);

    answer(json({ error: 'We could not reach our database.' }, 503));
    showConfirmation('tok_again', null);
    expect(await confirmAccount()).toBeNull();
    expect($confirmation.get()).toEqual({ state: 'asking', token: 'tok_again' });
    expect($notification.get()).toMatchObject({ variant: 'destructive' });
  });

  it("shows an old link's outcome from the address", () => {
    showConfirmation(null, 'invalid');
    expect($confirmation.get()).toEqual({ state: 'done', outcome: 'invalid' });
  });
});

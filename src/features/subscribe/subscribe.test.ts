import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitSubscribe } from './subscribe.client';
import { HONEYPOT_MAX, subscribeSchema } from './subscribe';

describe('subscribe schema', () => {
  it('treats a missing or empty honeypot as empty', () => {
    expect(subscribeSchema.parse({ email: 'host@example.com' })).toEqual({
      email: 'host@example.com',
      source: 'airbnb-automation',
      website: '',
    });
    expect(subscribeSchema.parse({ email: 'host@example.com', website: null }).website).toBe('');
    expect(subscribeSchema.parse({ email: 'host@example.com', website: '  ' }).website).toBe('');
  });

  it('keeps a filled honeypot (trimmed) for the server to drop, within the contact forms’ limit', () => {
    const filled = subscribeSchema.parse({ email: 'a@b.co', website: ' http://spam.example ' });
    expect(filled.website).toBe('http://spam.example');
    const long = subscribeSchema.safeParse({
      email: 'a@b.co',
      website: 'x'.repeat(HONEYPOT_MAX + 1),
    });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.path).toEqual(['website']);
  });
});

/** The least of a DOM the form script touches: the form, its fields and the status line. */
function fakeForm(email: string, honeypot: string) {
  const input = { value: email, setAttribute: vi.fn(), removeAttribute: vi.fn(), focus: vi.fn() };
  const button = { disabled: false };
  const status = { dataset: {} as Record<string, string>, textContent: '' };
  const fields: Record<string, unknown> = {
    '[data-subscribe-email]': input,
    '[data-subscribe-button]': button,
    '[data-subscribe-status]': status,
    '[data-subscribe-honeypot]': { value: honeypot },
  };
  const form = {
    dataset: { source: 'airbnb-automation' },
    querySelector: (selector: string) => fields[selector] ?? null,
    reset: vi.fn(),
  };
  return { form: form as unknown as HTMLFormElement, status };
}

describe('subscribe form script', () => {
  afterEach(() => vi.unstubAllGlobals());

  const sentBodies = async (honeypot: string) => {
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) => new Response('{"success":true}', { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    const { form, status } = fakeForm('Host@Example.com', honeypot);
    await submitSubscribe(form);
    expect(status.dataset.tone).toBe('success');
    return fetch.mock.calls.map(([, init]) => JSON.parse(String(init.body)) as unknown);
  };

  it('posts no honeypot when it is empty', async () => {
    expect(await sentBodies('')).toEqual([
      { email: 'host@example.com', source: 'airbnb-automation' },
    ]);
  });

  it('posts the honeypot when something filled it', async () => {
    expect(await sentBodies('http://spam.example')).toEqual([
      { email: 'host@example.com', source: 'airbnb-automation', website: 'http://spam.example' },
    ]);
  });
});

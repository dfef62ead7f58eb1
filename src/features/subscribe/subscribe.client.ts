/**
 * Submits an early-access form. The zod schema (and zod) load on the first submit, so the
 * page pays nothing for them before someone uses the form.
 */
import { SUBSCRIBE_MESSAGES } from './subscribe.messages';

async function errorFrom(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { error?: unknown };
    if (typeof body.error === 'string' && body.error) return body.error.replace(/^email: /, '');
  } catch {
    // Not JSON: fall through to the generic text.
  }
  return SUBSCRIBE_MESSAGES.failure;
}

export async function submitSubscribe(form: HTMLFormElement) {
  const input = form.querySelector<HTMLInputElement>('[data-subscribe-email]');
  const button = form.querySelector<HTMLButtonElement>('[data-subscribe-button]');
  const status = form.querySelector<HTMLElement>('[data-subscribe-status]');
  if (!input || !button || !status) return;
  // The hidden honeypot (see subscribe.ts): posted only when something filled it.
  const website = form.querySelector<HTMLInputElement>('[data-subscribe-honeypot]')?.value ?? '';

  const show = (tone: 'success' | 'error' | '', text: string) => {
    status.dataset.tone = tone;
    status.textContent = text;
    if (tone === 'error') input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  };

  // Loaded on first submit so the page ships no zod up front (src/lib/zod.ts sets jitless).
  const { subscribeSchema } = await import('./subscribe');
  const parsed = subscribeSchema.safeParse({ email: input.value, source: form.dataset.source });
  if (!parsed.success) {
    show('error', SUBSCRIBE_MESSAGES.invalidEmail);
    input.focus();
    return;
  }

  button.disabled = true;
  show('', 'Subscribing…');
  try {
    const res = await fetch('/api/subscribe', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: parsed.data.email,
        source: parsed.data.source,
        ...(website ? { website } : {}),
      }),
    });
    if (!res.ok) {
      show('error', await errorFrom(res));
      return;
    }
    form.reset();
    show('success', SUBSCRIBE_MESSAGES.success);
  } catch {
    show('error', SUBSCRIBE_MESSAGES.failure);
  } finally {
    button.disabled = false;
  }
}

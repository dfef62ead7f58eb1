import { RequestError, sendRequest } from '../../lib/request-json';
import { SUBSCRIBE_MESSAGES } from './subscribe-texts';

/** A second press while a submission is under way is the same press. */
const busy = new WeakSet<HTMLFormElement>();

export async function submitSubscribe(form: HTMLFormElement) {
  const input = form.querySelector<HTMLInputElement>('[data-subscribe-email]');
  const button = form.querySelector<HTMLButtonElement>('[data-subscribe-button]');
  const status = form.querySelector<HTMLElement>('[data-subscribe-status]');
  if (!input || !button || !status || busy.has(form)) return;
  // Taken before the first await: the schema's download leaves time for another press.
  busy.add(form);
  try {
    await subscribe(form, input, button, status);
  } finally {
    busy.delete(form);
  }
}

async function subscribe(
  form: HTMLFormElement,
  input: HTMLInputElement,
  button: HTMLButtonElement,
  status: HTMLElement,
) {
  const website = form.querySelector<HTMLInputElement>('[data-subscribe-honeypot]')?.value ?? '';

  const show = (tone: 'success' | 'error' | '', text: string) => {
    status.dataset.tone = tone;
    status.textContent = text;
    if (tone === 'error') input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  };

  // Loaded on first submit so the page ships no zod up front (src/lib/zod-mini.ts sets jitless).
  const { subscribeSchema } = await import('./subscribe');
  const typed = input.value;
  const parsed = subscribeSchema.safeParse({ email: typed, source: form.dataset.source });
  if (!parsed.success) {
    show('error', SUBSCRIBE_MESSAGES.invalidEmail);
    input.focus();
    return;
  }

  button.disabled = true;
  show('', 'Subscribing…');
  try {
    await sendRequest('POST', '/api/subscribe', {
      email: parsed.data.email,
      source: parsed.data.source,
      ...(website ? { website } : {}),
    });
    // An address typed while this one was on its way is newer typing: it stays.
    if (input.value === typed) form.reset();
    show('success', SUBSCRIBE_MESSAGES.success);
  } catch (error) {
    const detail = error instanceof RequestError ? error.detail : undefined;
    show('error', detail ? detail.replace(/^email: /, '') : SUBSCRIBE_MESSAGES.failure);
  } finally {
    button.disabled = false;
  }
}

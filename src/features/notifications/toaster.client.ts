import { announceNativeResults } from '../../page-runtime/native-result';
import { $notification, dismiss, pausableTimeout } from '../../lib/notifications';

function render(
  region: HTMLElement,
  n: NonNullable<ReturnType<typeof $notification.get>>,
): HTMLElement {
  const card = document.createElement('div');
  card.className = `toast toast--${n.variant}`;
  card.dataset.testid = 'toast';
  const text = document.createElement('div');
  const title = document.createElement('p');
  title.className = 'toast__title';
  title.textContent = n.title;
  text.append(title);
  if (n.description) {
    const desc = document.createElement('p');
    desc.className = 'toast__description';
    desc.textContent = n.description;
    text.append(desc);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast__close';
  close.setAttribute('aria-label', 'Dismiss notification');
  close.textContent = '×';
  close.addEventListener('click', () => dismiss(n.id));
  card.append(text, close);
  region.replaceChildren(card);
  return card;
}

export function mountToaster() {
  const polite = document.querySelector<HTMLElement>('[data-toast-live="polite"]');
  const assertive = document.querySelector<HTMLElement>('[data-toast-live="assertive"]');
  let timer: ReturnType<typeof pausableTimeout> | undefined;

  $notification.subscribe((n) => {
    timer?.cancel();
    polite?.replaceChildren();
    assertive?.replaceChildren();
    if (!n) return;
    const region = n.variant === 'destructive' ? assertive : polite;
    const card = region && render(region, n);
    const closing = pausableTimeout(() => dismiss(n.id), n.durationMs);
    timer = closing;
    // The notice stays while the pointer is on it or focus is in it, then gets its time left.
    card?.addEventListener('pointerenter', () => closing.hold('hover'));
    card?.addEventListener('pointerleave', () => closing.release('hover'));
    card?.addEventListener('focusin', () => closing.hold('focus'));
    card?.addEventListener('focusout', (event) => {
      if (!card.contains(event.relatedTarget as Node | null)) closing.release('focus');
    });
  });
  // The notices the page arrived with: a form the browser posted itself came back here.
  announceNativeResults();
}

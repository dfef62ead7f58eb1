/**
 * The few lines every page runs for a chat launcher. The launcher is static HTML; the
 * React panel (widget.tsx and React itself) and its stylesheet are fetched ahead of the
 * press, as the cart's are: when the visitor heads for a launcher (hover, focus, a touch) and
 * in a quiet moment once they use the page at all, never on a page nobody touches. A press
 * then waits for no round trip on a slow connection.
 */
import { notify } from '../../lib/notifications';
import { afterFirstUse } from '../../lib/after-first-use';
import { lazyIsland } from '../../lib/lazy-island';
import { whenIdle } from '../../lib/when-idle';
// `?url`: the same file widget.tsx loads, fetched here ahead of the press.
import chatCss from './chat.css?url';

type Widget = { toggle: () => void };

const island = lazyIsland(() => import('./widget'), chatCss);
const prefetch = island.prefetch;

let watching = false;

/** Once per page, for every launcher on it: the first use of the page fetches the panel. */
function prefetchOnFirstUse() {
  if (watching) return;
  watching = true;
  afterFirstUse(() => whenIdle(prefetch));
}

export function bindChatLauncher(id: 'header' | 'products') {
  const root = document.querySelector<HTMLElement>(`[data-chat-widget="${id}"]`);
  const button = root?.querySelector<HTMLButtonElement>('[data-chat-launcher]');
  if (!root || !button || root.dataset.bound) return;
  root.dataset.bound = 'true';

  let widget: Promise<Widget> | undefined;

  for (const intent of ['pointerenter', 'pointerdown', 'touchstart', 'focus']) {
    button.addEventListener(intent, prefetch, { once: true, passive: true });
  }
  prefetchOnFirstUse();

  button.addEventListener('click', async () => {
    button.setAttribute('aria-busy', 'true');
    widget ??= island.load().then((m) => m.mountChatWidget(root));
    try {
      (await widget).toggle();
    } catch (error) {
      widget = undefined;
      island.reset();
      console.error('Chat failed to load', error);
      notify({
        title: 'Chat unavailable',
        description: 'The chat could not be loaded. Please check your connection and try again.',
        variant: 'destructive',
      });
    } finally {
      button.removeAttribute('aria-busy');
    }
  });
}

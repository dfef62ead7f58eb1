/**
 * The few lines every page runs for a chat launcher. The launcher is static HTML; the
 * React panel (widget.tsx and React itself) and its stylesheet are fetched ahead of the
 * press, as the cart's are: when the visitor heads for a launcher (hover, focus, a touch) and
 * in a quiet moment once they use the page at all, never on a page nobody touches. A press
 * then waits for no round trip on a slow connection.
 */
import { loadStylesheet } from '../../lib/load-stylesheet';
import { notify } from '../../lib/notifications';
import { afterFirstUse } from '../../lib/after-first-use';
import { whenIdle } from '../../lib/when-idle';
// `?url`: the same file widget.tsx loads, fetched here ahead of the press.
import chatCss from './chat.css?url';

type Widget = { toggle: () => void };

let code: Promise<typeof import('./widget')> | undefined;

function fetchWidget() {
  // In development Vite needs React's refresh preamble first; production builds drop this.
  const preamble = import.meta.env.DEV
    ? import('../../lib/dev-react-preamble').then((m) => m.ensureReactDevPreamble())
    : Promise.resolve();
  code ??= preamble.then(() => import('./widget'));
  void loadStylesheet(chatCss);
  return code;
}

const prefetch = () =>
  void fetchWidget().catch(() => {
    code = undefined;
  });

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
    widget ??= fetchWidget().then((m) => m.mountChatWidget(root));
    try {
      (await widget).toggle();
    } catch (error) {
      widget = undefined;
      code = undefined;
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

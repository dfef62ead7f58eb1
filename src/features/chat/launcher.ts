/**
 * The few lines every page runs for a chat launcher. The launcher is static HTML; the
 * React panel (widget.tsx and React itself) is fetched only when the visitor first
 * presses it, then cached for later presses.
 */
import { notify } from '../../lib/notifications';

type Widget = { toggle: () => void };

export function bindChatLauncher(id: 'header' | 'products') {
  const root = document.querySelector<HTMLElement>(`[data-chat-widget="${id}"]`);
  const button = root?.querySelector<HTMLButtonElement>('[data-chat-launcher]');
  if (!root || !button || root.dataset.bound) return;
  root.dataset.bound = 'true';

  let widget: Promise<Widget> | undefined;

  button.addEventListener('click', async () => {
    button.setAttribute('aria-busy', 'true');
    // In development Vite needs React's refresh preamble first; production builds drop this.
    const preamble = import.meta.env.DEV
      ? import('../../lib/dev-react-preamble').then((m) => m.ensureReactDevPreamble())
      : Promise.resolve();
    widget ??= preamble.then(() => import('./widget')).then((m) => m.mountChatWidget(root));
    try {
      (await widget).toggle();
    } catch (error) {
      widget = undefined;
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

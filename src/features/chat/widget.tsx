/**
 * Loaded by launcher.ts on the first press of a chat launcher: creates the widget's store,
 * renders the React panel into the launcher's mount point and keeps the launcher's
 * aria-expanded in step with the panel.
 */
import { createRoot } from 'react-dom/client';
import { HEADER_CHAT, PRODUCTS_CHAT, type ChatConfig } from './chat';
import { createChatStore, type ChatStore } from './chat.store';
import { ChatPanel } from './ChatPanel';
import { loadStylesheet } from '../../lib/load-stylesheet';
// `?url`: fetched with the panel, not inlined into every page (see load-stylesheet.ts).
import chatCss from './chat.css?url';

const CONFIGS: Record<ChatConfig['id'], ChatConfig> = {
  header: HEADER_CHAT,
  products: PRODUCTS_CHAT,
};

function required(root: HTMLElement, key: string): string {
  const value = root.dataset[key];
  if (!value) throw new Error(`Chat widget is missing data-${key}`);
  return value;
}

/** Mounts the panel for a `[data-chat-widget]` root and returns its store. */
export async function mountChatWidget(root: HTMLElement): Promise<ChatStore> {
  const id = root.dataset.chatWidget as ChatConfig['id'];
  const config = CONFIGS[id];
  if (!config) throw new Error(`Unknown chat widget "${id}"`);
  const launcher = root.querySelector<HTMLElement>('[data-chat-launcher]');
  const mount = root.querySelector<HTMLElement>('[data-chat-mount]');
  if (!launcher || !mount) throw new Error('Chat widget markup is incomplete');

  const store = createChatStore(config, {
    phone: required(root, 'phone'),
    email: required(root, 'email'),
  });

  store.$view.subscribe((view) => {
    launcher.setAttribute('aria-expanded', String(view !== 'closed'));
    root.dataset.view = view;
  });

  await loadStylesheet(chatCss);
  createRoot(mount).render(
    <ChatPanel
      store={store}
      title={required(root, 'title')}
      launcher={launcher}
      links={{
        scheduleHref: '/schedule-meeting',
        phoneHref: required(root, 'phoneHref'),
        emailHref: `mailto:${required(root, 'email')}`,
      }}
    />,
  );
  return store;
}

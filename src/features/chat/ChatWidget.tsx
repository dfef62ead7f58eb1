// Site facts the replies quote come in as props, so the panel needs no content lookups.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { Icon } from '../../components/ui/Icon';
import { useStylesheet } from '../../page-runtime/use-stylesheet';
import { HEADER_CHAT, PRODUCTS_CHAT, type ChatConfig } from './chat';
import { createChatStore } from './chat.store';
import { ChatPanel } from './ChatPanel';
// `?inline`: travels with the panel's code, not inlined into every page (see use-stylesheet.ts).
import chatCss from './chat.css?inline';

const CONFIGS: Record<ChatConfig['id'], ChatConfig> = {
  header: HEADER_CHAT,
  products: PRODUCTS_CHAT,
};

type Props = {
  id: ChatConfig['id'];
  label: string;
  title: string;
  phone: string;
  phoneHref: string;
  email: string;
};

export default function ChatWidget({ id, label, title, phone, phoneHref, email }: Props) {
  const [store] = useState(() => createChatStore(CONFIGS[id], { phone, email }));
  const view = useStore(store.$view);
  const styled = useStylesheet(chatCss);
  // A callback ref in state: the panel needs the launcher (focus goes back to it on close).
  const [launcher, setLauncher] = useState<HTMLButtonElement | null>(null);

  return (
    <div className={`chat-widget chat-widget--${id}`} data-chat-widget={id} data-view={view}>
      {styled && launcher && (
        <ChatPanel
          store={store}
          title={title}
          launcher={launcher}
          links={{ scheduleHref: '/schedule-meeting', phoneHref, emailHref: `mailto:${email}` }}
        />
      )}
      <button
        ref={setLauncher}
        type="button"
        className="fab chat-launcher"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={view !== 'closed'}
        data-chat-launcher=""
        onClick={store.toggle}
      >
        <Icon name={id === 'header' ? 'chat' : 'robot'} className="icon chat-launcher__icon" />
        <span className="spinner chat-launcher__spinner" aria-hidden="true" />
        <span className="chat-launcher__tooltip" aria-hidden="true">
          {label}
        </span>
      </button>
    </div>
  );
}

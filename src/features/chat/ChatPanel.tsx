// Rendered only after the first press on a launcher, so no page pays for React before that. A
// non-modal dialog: the page stays usable beside it.
import { Fragment, useEffect, useId, useRef, type KeyboardEvent, type SyntheticEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Icon } from '../../components/ui/Icon';
import { IconButton } from '../../components/ui/IconButton';
import type { ChatMessage, ReplyBlock } from './chat';
import { QUICK_QUESTIONS, messageTime, replyBlocks } from './chat';
import type { ChatStore } from './chat.store';

type ChatLinks = {
  scheduleHref: string;
  phoneHref: string;
  emailHref: string;
};

type Props = {
  store: ChatStore;
  title: string;
  links: ChatLinks;
  /** The launcher button, which gets focus back when the panel closes. */
  launcher: HTMLElement;
};

/** Figures like "$359/month" stand out, so a list of prices can be scanned. */
const PRICE = /(\$[\d,]+(?:\/month)?)/;

function Prices({ text }: { text: string }) {
  return text.split(PRICE).map((piece, i) =>
    i % 2 ? (
      <strong key={i} className="chat-msg__price">
        {piece}
      </strong>
    ) : (
      piece
    ),
  );
}

/** The spaces between an item's pieces stay in the text, so the message reads word for word. */
function Block({ block }: { block: ReplyBlock }) {
  if (block.kind === 'paragraph') return <p>{block.text}</p>;
  const choices = block.parts.length > 1;
  return (
    <p className={`chat-msg__item${choices ? ' chat-msg__item--choices' : ''}`}>
      <span className="chat-msg__marker">{block.marker}</span>{' '}
      <span>
        {block.lead && (
          <>
            <strong className="chat-msg__lead">{block.lead}</strong>{' '}
          </>
        )}
        {block.parts.map((part, i) => (
          <Fragment key={i}>
            {i > 0 && ' '}
            <span className="chat-msg__choice">
              <Prices text={part} />
            </span>
          </Fragment>
        ))}
      </span>
    </p>
  );
}

function ReplyText({ content }: { content: string }) {
  return (
    <div className="chat-msg__text chat-msg__text--reply">
      {replyBlocks(content).map((block, i) => (
        <Fragment key={i}>
          {i > 0 && '\n'}
          <Block block={block} />
        </Fragment>
      ))}
    </div>
  );
}

function Message({ message, assistantName }: { message: ChatMessage; assistantName: string }) {
  const mine = message.sender === 'user';
  return (
    <li
      className={`chat-msg chat-msg--${mine ? 'user' : 'assistant'}`}
      data-sender={message.sender}
    >
      <span className="sr-only">{mine ? 'You' : assistantName}: </span>
      {mine ? (
        <p className="chat-msg__text">{message.content}</p>
      ) : (
        <ReplyText content={message.content} />
      )}
      <time className="chat-msg__time" dateTime={new Date(message.timestamp).toISOString()}>
        {messageTime(message.timestamp)}
      </time>
    </li>
  );
}

export function ChatPanel({ store, title, links, launcher }: Props) {
  const view = useStore(store.$view);
  const messages = useStore(store.$messages);
  const replying = useStore(store.$replying);
  const input = useStore(store.$input);
  const quick = useStore(store.$showQuickQuestions);
  const titleId = useId();
  const inputId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const restoreFocusToInput = useRef(false);
  const { assistantName } = store.config;

  useEffect(() => {
    if (view === 'open') inputRef.current?.focus();
  }, [view]);

  // A disabled textarea drops focus while the assistant replies; give it back afterwards.
  useEffect(() => {
    if (replying) {
      restoreFocusToInput.current =
        restoreFocusToInput.current || document.activeElement === inputRef.current;
    } else if (restoreFocusToInput.current) {
      restoreFocusToInput.current = false;
      inputRef.current?.focus();
    }
  }, [replying]);

  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    // Follow the conversation to its end, but never past the top of the newest message: a
    // reply taller than a phone's short panel is read from its first line.
    const newest = log.querySelector<HTMLElement>('.chat-panel__messages > li:last-child');
    const newestTop = newest
      ? newest.getBoundingClientRect().top - log.getBoundingClientRect().top + log.scrollTop
      : Number.POSITIVE_INFINITY;
    const padding = parseFloat(getComputedStyle(log).paddingTop) || 0;
    log.scrollTop = Math.min(log.scrollHeight, newestTop - padding);
  }, [messages.length, replying, view]);

  if (view === 'closed') return null;

  function closeAndReturnFocus() {
    store.close();
    launcher.focus();
  }

  function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    // The send button is disabled while Lily replies, which drops focus; resume in the input.
    restoreFocusToInput.current = true;
    store.send();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter keeps its usual new line. IME composition must not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      restoreFocusToInput.current = true;
      store.send();
    }
  }

  function onPanelKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      closeAndReturnFocus();
    }
  }

  const minimised = view === 'minimised';

  return (
    <section
      ref={panelRef}
      className={`chat-panel chat-panel--${store.config.id}${minimised ? ' chat-panel--minimised' : ''}`}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={onPanelKeyDown}
    >
      <header className="chat-panel__header">
        <span className="chat-panel__avatar" aria-hidden="true">
          <Icon name={store.config.id === 'header' ? 'sparkles' : 'robot'} />
        </span>
        <div className="chat-panel__heading">
          <h2 id={titleId}>{title}</h2>
          <p>
            <span className="chat-panel__dot" aria-hidden="true" />
            <span className="chat-panel__status">Online · replies in seconds</span>
          </p>
        </div>
        <IconButton
          icon={minimised ? 'plus' : 'minus'}
          label={minimised ? 'Restore chat' : 'Minimize chat'}
          className="icon-btn-on-dark"
          aria-expanded={!minimised}
          onClick={() => (minimised ? store.open() : store.minimise())}
        />
        <IconButton
          icon="close"
          label="Close chat"
          className="icon-btn-on-dark"
          onClick={closeAndReturnFocus}
        />
      </header>

      {!minimised && (
        <>
          <div
            ref={logRef}
            className="chat-panel__log"
            role="log"
            aria-live="polite"
            aria-label="Conversation"
            tabIndex={0}
          >
            <ol className="chat-panel__messages">
              {messages.map((m) => (
                <Message key={m.id} message={m} assistantName={assistantName} />
              ))}
              {replying && (
                <li
                  className="chat-msg chat-msg--assistant chat-msg--typing"
                  data-testid="typing-indicator"
                >
                  <span className="sr-only">{assistantName} is typing…</span>
                  <span className="chat-typing" aria-hidden="true">
                    <span />
                    <span />
                    <span />
                  </span>
                </li>
              )}
            </ol>
          </div>

          {quick && (
            <div className="chat-panel__quick" role="group" aria-label="Quick questions">
              {QUICK_QUESTIONS.map((q) => (
                <button
                  key={q}
                  type="button"
                  className="chat-quick"
                  disabled={replying}
                  onClick={() => {
                    restoreFocusToInput.current = true;
                    store.askQuickQuestion(q);
                  }}
                >
                  {q}
                </button>
              ))}
            </div>
          )}

          <form className="chat-panel__form" onSubmit={onSubmit}>
            <label htmlFor={inputId} className="sr-only">
              Type your message
            </label>
            <textarea
              ref={inputRef}
              id={inputId}
              rows={1}
              value={input}
              placeholder="Type your message…"
              disabled={replying}
              onChange={(e) => store.setInput(e.target.value)}
              onKeyDown={onKeyDown}
            />
            <IconButton
              type="submit"
              icon="arrowRight"
              label="Send message"
              className="chat-panel__send"
              disabled={replying}
            />
          </form>

          <nav className="chat-panel__links" aria-label="Other ways to reach us">
            <a href={links.scheduleHref} target="_blank" rel="noopener">
              <Icon name="calendar" />
              Schedule Meeting<span className="sr-only"> (opens in a new tab)</span>
            </a>
            <a href={links.phoneHref}>
              <Icon name="phone" />
              Call Us
            </a>
            <a href={links.emailHref}>
              <Icon name="mail" />
              Email Us
            </a>
          </nav>
        </>
      )}
    </section>
  );
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanStores } from 'nanostores';
import { HEADER_CHAT, PRODUCTS_CHAT, replyTo } from './chat';
import { createChatStore, QUICK_QUESTION_SEND_DELAY_MS, type ChatStore } from './chat.store';

const ctx = { phone: '(555) 014-2024', email: 'hello@novareach.example' };
let store: ChatStore;

beforeEach(() => {
  vi.useFakeTimers();
  // random() = 0.5 → header delay 1200 + floor(0.5 * 801) = 1600 ms.
  store = createChatStore(HEADER_CHAT, ctx, { random: () => 0.5 });
});

afterEach(() => {
  store.dispose();
  cleanStores(
    store.$view,
    store.$messages,
    store.$replying,
    store.$input,
    store.$showQuickQuestions,
  );
  vi.useRealTimers();
});

describe('chat store', () => {
  it('greets once on first open and moves between closed, open and minimised', () => {
    expect(store.$view.get()).toBe('closed');
    store.open();
    expect(store.$view.get()).toBe('open');
    expect(store.$messages.get()).toHaveLength(1);
    expect(store.$messages.get()[0]).toMatchObject({
      sender: 'lily',
      content: HEADER_CHAT.greeting,
    });
    store.minimise();
    expect(store.$view.get()).toBe('minimised');
    store.open();
    store.close();
    store.open();
    expect(store.$messages.get()).toHaveLength(1);
    store.toggle();
    expect(store.$view.get()).toBe('closed');
  });

  it('shows a typing state, then replies after the random delay', () => {
    store.open();
    expect(store.send('What are your prices?')).toBe(true);
    expect(store.$replying.get()).toBe(true);
    expect(store.$messages.get().at(-1)).toMatchObject({
      sender: 'user',
      content: 'What are your prices?',
    });
    vi.advanceTimersByTime(1599);
    expect(store.$messages.get()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(store.$replying.get()).toBe(false);
    expect(store.$messages.get().at(-1)).toMatchObject({
      sender: 'lily',
      content: replyTo('pricing', ctx),
    });
  });

  it('does not send empty input or while a reply is pending', () => {
    store.open();
    expect(store.send('   ')).toBe(false);
    expect(store.$messages.get()).toHaveLength(1);
    store.send('hello');
    expect(store.send('again')).toBe(false);
    expect(store.$messages.get()).toHaveLength(2);
  });

  it('clears the input once sent', () => {
    store.open();
    store.setInput('  How does it work?  ');
    store.send();
    expect(store.$input.get()).toBe('');
    expect(store.$messages.get().at(-1)?.content).toBe('How does it work?');
  });

  it('quick questions fill the input and send after 100 ms, shown only while ≤ 1 message', () => {
    store.open();
    expect(store.$showQuickQuestions.get()).toBe(true);
    store.askQuickQuestion('How does it work?');
    expect(store.$input.get()).toBe('How does it work?');
    vi.advanceTimersByTime(QUICK_QUESTION_SEND_DELAY_MS - 1);
    expect(store.$messages.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.$messages.get()).toHaveLength(2);
    expect(store.$showQuickQuestions.get()).toBe(false);
  });

  it('the products chatbot answers as "bot" within 1000–2000 ms', () => {
    const bot = createChatStore(PRODUCTS_CHAT, ctx, { random: () => 0 });
    bot.open();
    bot.send('thanks');
    vi.advanceTimersByTime(1000);
    expect(bot.$messages.get().map((m) => m.sender)).toEqual(['bot', 'user', 'bot']);
    bot.dispose();
  });
});

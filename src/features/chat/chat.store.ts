// Timers and randomness are injectable so tests can drive them deterministically.
import { atom, computed, type ReadableAtom } from 'nanostores';
import {
  isSendable,
  replyDelay,
  replyTo,
  showQuickQuestions,
  type ChatConfig,
  type ChatContext,
  type ChatMessage,
} from './chat';

type ChatView = 'closed' | 'open' | 'minimised';

/** Gap between a quick-question click filling the input and it being sent (spec §4). */
export const QUICK_QUESTION_SEND_DELAY_MS = 100;

type ChatDeps = {
  random?: () => number;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
};

export type ChatStore = ReturnType<typeof createChatStore>;

export function createChatStore(config: ChatConfig, context: ChatContext, deps: ChatDeps = {}) {
  const random = deps.random ?? Math.random;
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer =
    deps.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>));

  const $view = atom<ChatView>('closed');
  const $messages = atom<ChatMessage[]>([]);
  const $replying = atom(false);
  const $input = atom('');
  const $showQuickQuestions: ReadableAtom<boolean> = computed($messages, (m) =>
    showQuickQuestions(m.length),
  );

  let seq = 0;
  const pending = new Set<unknown>();

  function schedule(fn: () => void, ms: number) {
    const handle: unknown = setTimer(() => {
      pending.delete(handle);
      fn();
    }, ms);
    pending.add(handle);
  }

  function push(content: string, sender: ChatMessage['sender']) {
    seq += 1;
    const message: ChatMessage = { id: `${config.id}-${seq}`, content, sender, timestamp: now() };
    $messages.set([...$messages.get(), message]);
    return message;
  }

  function open() {
    if ($messages.get().length === 0) push(config.greeting, config.assistantSender);
    $view.set('open');
  }

  function minimise() {
    if ($view.get() === 'open') $view.set('minimised');
  }

  function close() {
    $view.set('closed');
  }

  function toggle() {
    if ($view.get() === 'open') close();
    else open();
  }

  function send(text = $input.get()): boolean {
    if (!isSendable(text) || $replying.get()) return false;
    const content = text.trim();
    push(content, 'user');
    $input.set('');
    $replying.set(true);
    schedule(
      () => {
        push(replyTo(content, context), config.assistantSender);
        $replying.set(false);
      },
      replyDelay(config.replyDelayMs, random),
    );
    return true;
  }

  function askQuickQuestion(question: string) {
    if ($replying.get()) return;
    $input.set(question);
    schedule(() => send(question), QUICK_QUESTION_SEND_DELAY_MS);
  }

  function dispose() {
    for (const handle of pending) clearTimer(handle);
    pending.clear();
  }

  return {
    config,
    $view,
    $messages,
    $replying,
    $input,
    $showQuickQuestions,
    open,
    close,
    minimise,
    toggle,
    send,
    askQuickQuestion,
    setInput: (value: string) => $input.set(value),
    dispose,
  };
}

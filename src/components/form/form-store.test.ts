import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $notification } from '../../lib/notifications';
import { z } from '../../lib/zod-mini';
import {
  formStore,
  submittedForm,
  typedBeforeHydration,
  type FormStore,
  type SubmittedForm,
} from './form-store';

const INITIAL = { name: '', email: '', topic: '' };
type Values = typeof INITIAL;
const schema = () =>
  z.object({
    name: z.string().check(z.minLength(2, 'Name is required')),
    email: z.email('Email is required'),
    topic: z.string(),
  });

/** A server-rendered form as far as these modules look at one: named controls with values. */
function renderedForm(controls: Record<string, { value?: string; checked?: boolean }>) {
  return {
    elements: { namedItem: (name: string) => controls[name] ?? null },
  } as unknown as HTMLFormElement;
}

let stores: FormStore<Values>[] = [];
afterEach(() => {
  for (const s of stores) cleanStores(s.$values, s.$errors);
  stores = [];
  cleanStores($notification);
  $notification.set(null);
});

function make() {
  const store = formStore(INITIAL, schema);
  stores.push(store);
  return store;
}

let sent: SubmittedForm<Values>[] = [];
afterEach(() => {
  for (const form of sent) cleanStores(form.$sending, form.$website);
  sent = [];
});

/** A submitted form that hands its values to `send`. */
function makeSubmitted(send: (values: Values, honeypot: { website?: string }) => Promise<void>) {
  const form = submittedForm({
    initial: INITIAL,
    schema,
    send,
    success: { title: 'Sent', description: 'Thanks' },
    failure: 'Failed',
  });
  stores.push(form);
  sent.push(form);
  return form;
}

describe('a form store on a slow phone', () => {
  it('keeps the adopted values and a keystroke, in whichever order they land', () => {
    // Issue 32: a keystroke handled after hydration but before the adopted values' render
    // was built on the render's empty copy and wiped the others.
    const adoptFirst = make();
    adoptFirst.adopt({ name: 'Ada', topic: 'demo' });
    adoptFirst.setField('email', 'ada@example.com');
    expect(adoptFirst.$values.get()).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      topic: 'demo',
    });

    const keyFirst = make();
    keyFirst.setField('email', 'ada@example.com');
    keyFirst.adopt({ name: 'Ada', topic: 'demo' });
    expect(keyFirst.$values.get()).toEqual(adoptFirst.$values.get());
  });

  it('reads what the controls hold that differs from the start, text, choices and boxes', () => {
    const form = renderedForm({
      name: { value: 'Grace' },
      email: { value: '' },
      topic: { value: 'ai-demo' },
      terms: { value: 'on', checked: true },
    });
    expect(typedBeforeHydration(form, { ...INITIAL, terms: false, missing: '' })).toEqual({
      name: 'Grace',
      topic: 'ai-demo',
      terms: true,
    });
    const store = make();
    store.adoptFrom(form);
    expect(store.$values.get()).toEqual({ name: 'Grace', email: '', topic: 'ai-demo' });
  });

  it('shows messages after a failed validation and follows corrections live', () => {
    const store = make();
    store.setField('name', 'A');
    expect(store.$errors.get()).toEqual({});
    expect(store.validate()).toBe('name');
    expect(store.$errors.get()).toEqual({ name: 'Name is required', email: 'Email is required' });
    store.setField('name', 'Ada');
    expect(store.$errors.get()).toEqual({ email: 'Email is required' });
  });
});

describe('a submitted form', () => {
  it('sends once per press, however many presses land while it is sending', async () => {
    let finish = () => {};
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const form = makeSubmitted(send);
    form.adopt({ name: 'Ada', email: 'ada@example.com' });
    const first = form.submit();
    expect(await form.submit()).toBe('busy');
    // Typed while the request was on its way: newer than what was sent, so it stays.
    form.setField('topic', 'pricing');
    finish();
    expect(await first).toBe('sent');
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ name: 'Ada', email: 'ada@example.com', topic: '' }, {});
    expect(form.$values.get()).toEqual({ name: '', email: '', topic: 'pricing' });
    expect($notification.get()).toMatchObject({ title: 'Sent' });
  });

  it('answers the first invalid field and sends nothing', async () => {
    const send = vi.fn(async () => {});
    const form = makeSubmitted(send);
    form.setField('name', 'Ada');
    expect(await form.submit()).toEqual({ invalid: 'email' });
    expect(send).not.toHaveBeenCalled();
  });
});

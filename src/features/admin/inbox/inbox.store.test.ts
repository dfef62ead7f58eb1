import { describe, expect, it } from 'vitest';
import { $notification } from '../../../lib/notifications';
import { expectToldAndReloaded, useActionStores } from '../../../testing/store-actions';
import { useFetchRoutes, holdRequests } from '../../../testing/fetch-routes';
import type { AdminContactMessage, AdminMeetingRequest } from './inbox.server';
import { createContactToggle, createMeetingAnswer, nextContactStatus } from './inbox.store';

const { routes, calls } = useFetchRoutes();
const { make, reload } = useActionStores();

const message = (status: AdminContactMessage['status']) =>
  ({ id: 4, name: 'Ada', email: 'ada@example.com', status }) as AdminContactMessage;

const meeting = {
  id: 9,
  name: 'Grace',
  email: 'grace@example.com',
  status: 'requested',
} as AdminMeetingRequest;
const SLOTS = ['9:30 AM', '10:00 AM'];

const contactToggle = () => make(createContactToggle);
const meetingAnswer = () => make(createMeetingAnswer);

describe('marking a contact message', () => {
  it('marks a new message handled, says so and reloads the list', async () => {
    routes['PATCH /api/admin/contact-messages/4'] = { body: { message: {} } };
    const store = contactToggle();
    await store.toggle(message('new'), reload);
    expect(calls).toEqual([
      { method: 'PATCH', url: '/api/admin/contact-messages/4', body: { status: 'handled' } },
    ]);
    expectToldAndReloaded(store, reload, {
      title: 'Marked as handled',
      description: 'Message from Ada',
      variant: 'default',
    });
  });

  it('marks a handled message as new again', async () => {
    routes['PATCH /api/admin/contact-messages/4'] = { body: { message: {} } };
    expect(nextContactStatus(message('handled'))).toBe('new');
    await contactToggle().toggle(message('handled'), reload);
    expect(calls[0]!.body).toEqual({ status: 'new' });
    expect($notification.get()?.title).toBe('Marked as new');
  });

  it('tells a failure in a notice and keeps the list as it is', async () => {
    routes['PATCH /api/admin/contact-messages/4'] = {
      status: 404,
      body: { error: 'Message not found.' },
    };
    await contactToggle().toggle(message('new'), reload);
    expect($notification.get()).toMatchObject({
      title: 'Error',
      description: 'Message not found.',
      variant: 'destructive',
    });
    expect(reload).not.toHaveBeenCalled();
  });

  it('is busy while the request runs and ignores a second press', async () => {
    routes['PATCH /api/admin/contact-messages/4'] = { body: { message: {} } };
    const store = contactToggle();
    const other = contactToggle();
    const release = holdRequests();
    const first = store.toggle(message('new'), reload);
    expect(store.$state.get().busy).toBe(true);
    // Another row's button is its own.
    expect(other.$state.get().busy).toBe(false);
    await store.toggle(message('new'), reload);
    expect($notification.get()).toBeNull();
    release();
    await first;
    expect(calls).toHaveLength(1);
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('answering a meeting request', () => {
  it('confirms with the note, says so and answers true (the dialog closes)', async () => {
    routes['POST /api/admin/meeting-requests/9'] = { body: { request: {} } };
    const store = meetingAnswer();
    await expect(store.send(meeting, 'confirm', { note: 'See you' }, SLOTS)).resolves.toBe(true);
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/admin/meeting-requests/9',
        body: { action: 'confirm', note: 'See you' },
      },
    ]);
    expect($notification.get()).toMatchObject({
      title: 'Meeting confirmed',
      description: 'We e-mailed Grace (grace@example.com).',
    });
    expect(store.$state.get()).toMatchObject({ busy: false, error: '' });
  });

  it('proposes an offered time, and declines, each with its own notice', async () => {
    routes['POST /api/admin/meeting-requests/9'] = { body: { request: {} } };
    const store = meetingAnswer();
    const fields = { note: null, date: '2099-05-04', time: '10:00 AM' };
    await expect(store.send(meeting, 'propose', fields, SLOTS)).resolves.toBe(true);
    expect(calls[0]!.body).toEqual({
      action: 'propose',
      date: '2099-05-04',
      time: '10:00 AM',
      note: '',
    });
    expect($notification.get()?.title).toBe('New time proposed');

    await store.send(meeting, 'decline', fields, SLOTS);
    // Only a proposal carries a date and a time.
    expect(calls[1]!.body).toEqual({ action: 'decline', note: '' });
    expect($notification.get()?.title).toBe('Meeting declined');
  });

  it('refuses a time that is not offered in the browser, without a request', async () => {
    const store = meetingAnswer();
    const fields = { note: '', date: '2099-05-04', time: '3:00 AM' };
    await expect(store.send(meeting, 'propose', fields, SLOTS)).resolves.toBe(false);
    expect(calls).toEqual([]);
    expect(store.$state.get().error).toBe('Please choose one of the offered times');
  });

  it('shows the server’s sentence in the dialog, and forgets it when the dialog closes', async () => {
    routes['POST /api/admin/meeting-requests/9'] = {
      status: 409,
      body: { error: 'This meeting request was declined.' },
    };
    const store = meetingAnswer();
    await expect(store.send(meeting, 'confirm', { note: '' }, SLOTS)).resolves.toBe(false);
    expect(store.$state.get()).toMatchObject({
      busy: false,
      error: 'This meeting request was declined.',
    });
    expect($notification.get()).toBeNull();
    store.dismissError();
    expect(store.$state.get().error).toBe('');
  });

  it('is busy while sending and ignores a second press', async () => {
    routes['POST /api/admin/meeting-requests/9'] = { body: { request: {} } };
    const store = meetingAnswer();
    const release = holdRequests();
    const first = store.send(meeting, 'confirm', { note: '' }, SLOTS);
    expect(store.$state.get().busy).toBe(true);
    await expect(store.send(meeting, 'confirm', { note: '' }, SLOTS)).resolves.toBe(false);
    // Closing the dialog meanwhile does not make the button pressable again.
    store.dismissError();
    expect(store.$state.get().busy).toBe(true);
    release();
    await expect(first).resolves.toBe(true);
    expect(calls).toHaveLength(1);
  });
});

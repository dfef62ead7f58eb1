// Factories, as admin.store.ts's lists: each row's buttons are busy on their own.
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notifications';
import { requestAction } from '../../../lib/request-action';
import { meetingActionSchema, type MeetingAction } from '../../meeting/meeting';
import { adminFetch } from '../shell/api';
import type { AdminContactMessage, AdminMeetingRequest } from './inbox.server';

export const INBOX_ERROR = 'That did not work. Please try again.';

export const nextContactStatus = (m: Pick<AdminContactMessage, 'status'>) =>
  m.status === 'handled' ? 'new' : 'handled';

export function createContactToggle() {
  const toggle = requestAction(
    async (m: AdminContactMessage) => {
      const status = nextContactStatus(m);
      await adminFetch(`/api/admin/contact-messages/${m.id}`, {
        method: 'PATCH',
        body: { status },
      });
      return status;
    },
    (error) => errorMessage(error, INBOX_ERROR),
  );
  return {
    $state: toggle.$state,
    toggle: async (m: AdminContactMessage, reload: () => void): Promise<void> => {
      const status = await toggle.run(m);
      if (status) {
        notify({
          title: status === 'handled' ? 'Marked as handled' : 'Marked as new',
          description: `Message from ${m.name}`,
        });
        reload();
        return;
      }
      const { error } = toggle.$state.get();
      if (error) notify({ title: 'Error', description: error, variant: 'destructive' });
    },
  };
}

export type ContactToggle = ReturnType<typeof createContactToggle>;

export type MeetingAnswerKind = MeetingAction['action'];

const DONE: Record<MeetingAnswerKind, string> = {
  confirm: 'Meeting confirmed',
  propose: 'New time proposed',
  decline: 'Meeting declined',
};

/** The answer dialog's fields as the form has them (`date` and `time` only to propose). */
export type MeetingAnswerFields = { note: unknown; date?: unknown; time?: unknown };

export function createMeetingAnswer() {
  const answer = requestAction(
    async (m: AdminMeetingRequest, body: MeetingAction) => {
      await adminFetch(`/api/admin/meeting-requests/${m.id}`, { method: 'POST', body });
      return body.action;
    },
    (error) => errorMessage(error, INBOX_ERROR),
  );
  return {
    $state: answer.$state,
    /** Checked against the offered `timeSlots`; false leaves the dialog open with its sentence. */
    send: async (
      m: AdminMeetingRequest,
      kind: MeetingAnswerKind,
      fields: MeetingAnswerFields,
      timeSlots: readonly string[],
    ): Promise<boolean> => {
      const parsed = meetingActionSchema(timeSlots).safeParse({
        action: kind,
        note: fields.note ?? '',
        ...(kind === 'propose' ? { date: fields.date, time: fields.time } : {}),
      });
      if (!parsed.success) {
        answer.fail(parsed.error.issues[0]?.message ?? 'Please check the form');
        return false;
      }
      const done = await answer.run(m, parsed.data);
      if (!done) return false;
      notify({ title: DONE[done], description: `We e-mailed ${m.name} (${m.email}).` });
      return true;
    },
    /** The dialog was closed: its sentence goes (a request under way carries on). */
    dismissError: () => answer.fail(''),
  };
}

export type MeetingAnswer = ReturnType<typeof createMeetingAnswer>;

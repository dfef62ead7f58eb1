import { submittedForm } from '../../components/form/form-store';
import { sendRequest } from '../../lib/request-json';
import {
  EMPTY_MEETING_FORM,
  localToday,
  MEETING_FAILED,
  MEETING_FAILED_RETRY,
  MEETING_SUCCESS,
  meetingRequestSchema,
  type MeetingFormValues,
} from './meeting';

export const meetingForm = submittedForm<MeetingFormValues>({
  initial: EMPTY_MEETING_FORM,
  schema: () => meetingRequestSchema(localToday()),
  /** The function answers `{ success, message }`; a 200 without success is still a failure. */
  send: async (values, honeypot) => {
    const res = await sendRequest('POST', '/api/schedule-meeting', { ...values, ...honeypot });
    const result = (await res.json()) as { success?: boolean; message?: string };
    if (!result.success) throw new Error(result.message || MEETING_FAILED);
  },
  success: MEETING_SUCCESS,
  failure: MEETING_FAILED_RETRY,
});

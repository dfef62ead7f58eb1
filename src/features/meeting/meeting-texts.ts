// Free of zod, so the page script that announces a native submission's outcome stays small.
import type { NativeResultTexts } from '../../page-runtime/native-result.ts';
import type { FormPages } from '../../lib/native-form.ts';

export const MEETING_SUCCESS = {
  title: 'Meeting Request Sent!',
  description:
    "You'll receive a confirmation email shortly. We'll contact you within 24 hours to confirm your meeting time.",
} as const;
export const MEETING_FAILED = 'Failed to send meeting request';
export const MEETING_FAILED_RETRY = 'Failed to send meeting request. Please try again.';
/** A native submission the server refused (the island shows the field messages instead). */
export const MEETING_INVALID =
  'Your meeting request was not sent: please check what you entered and send it again.';

export const MEETING_RESULT_TEXTS: NativeResultTexts = {
  success: MEETING_SUCCESS,
  invalid: MEETING_INVALID,
  failed: MEETING_FAILED_RETRY,
};

export const MEETING_FORM_PAGES: FormPages = { form: 'meeting', pages: ['/schedule-meeting'] };

// Free of zod, so the page script that announces a native submission's outcome stays small.
import type { NativeResultTexts } from '../../page-runtime/native-result.ts';
import type { FormPages } from '../../lib/native-form.ts';

export const CONTACT_SUCCESS = {
  title: 'Message Sent!',
  description: "Thank you for contacting us. We'll get back to you within 24 hours.",
} as const;
export const CONTACT_FAILED = 'Failed to send message. Please try again.';
/** A native submission the server refused (the island shows the field messages instead). */
export const CONTACT_INVALID =
  'Your message was not sent: please check what you entered and send it again.';

export const CONTACT_RESULT_TEXTS: NativeResultTexts = {
  success: CONTACT_SUCCESS,
  invalid: CONTACT_INVALID,
  failed: CONTACT_FAILED,
};

/** The pages with the contact form; a native post from elsewhere returns to the first. */
export const CONTACT_FORM_PAGES: FormPages = { form: 'contact', pages: ['/contact', '/'] };

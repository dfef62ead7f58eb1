/**
 * Contact messages on the server, the feature's front door: validate with the form's schema,
 * rate-limit per client address, drop honeypot submissions, then store the message and queue
 * both e-mails in one transaction (storeWithEmails).
 * The table is contact-messages.server.ts's.
 */
import type { Db } from '../../server/db/client.ts';
import type { ContactMessage } from '../../server/db/schema.ts';
import {
  enforceFormLimit,
  formSubmissionHandler,
  storeWithEmails,
  type SubmitOptions,
  type Submitted,
} from '../../server/form-submissions.ts';
import type { RateLimit } from '../../server/rate-limit.ts';
import { contactReceiptEmail, contactTeamEmail } from './contact-emails.tsx';
import { insertContactMessage } from './contact-messages.server.ts';
import { CONTACT_FORM_PAGES, CONTACT_SUCCESS, contactSchema } from './contact.ts';

export {
  contactMessageCounts,
  contactMessagesByWeek,
  findContactMessageIds,
  listContactMessages,
  setContactMessageStatus,
  type ContactStatus,
} from './contact-messages.server.ts';

/** Per client address, in the app (the function's Netlify rateLimit guards the edge). */
const CONTACT_RATE_LIMIT: RateLimit = { limit: 10, windowSeconds: 10 * 60 };

export async function submitContactMessage(
  db: Db,
  body: unknown,
  options: SubmitOptions,
): Promise<Submitted<'message', ContactMessage>> {
  const input = contactSchema.parse(body);
  await enforceFormLimit(db, 'contact-form', options, CONTACT_RATE_LIMIT);
  if (input.website) return { message: null, emailIds: [] };

  const { row, emailIds } = await storeWithEmails(
    db,
    (tx) =>
      insertContactMessage(tx, {
        name: input.name,
        email: input.email,
        phone: input.phone,
        company: input.company,
        message: input.message,
        formType: input.formType,
      }),
    (message) => ({
      team: { kind: 'contact.team', ...contactTeamEmail(message) },
      receipt: { kind: 'contact.receipt', ...contactReceiptEmail(message) },
    }),
  );
  return { message: row, emailIds };
}

/** The /api/contact-form handler (`rateLimit` replaces the app limit; `false` turns it off). */
export function contactFormHandler(options: { rateLimit?: RateLimit | false } = {}) {
  return formSubmissionHandler(
    CONTACT_FORM_PAGES,
    submitContactMessage,
    CONTACT_SUCCESS.description,
    options,
  );
}

import type { ContactMessage } from '../../server/db/schema.ts';
import { storedForm } from '../../server/form-submissions.ts';
import { countStep } from '../insights/insights.server.ts';
import { contactReceiptEmail, contactTeamEmail } from './contact-emails.tsx';
import { insertContactMessage } from './contact-messages.server.ts';
import { CONTACT_FORM_PAGES, CONTACT_SUCCESS, contactSchema } from './contact.ts';

export {
  contactMessageCounts,
  contactMessagesByWeek,
  findContactMessageIds,
  listContactMessages,
  contactAddressesSince,
  setContactMessageStatus,
} from './contact-messages.server.ts';

const contactForm = storedForm({
  pages: CONTACT_FORM_PAGES,
  key: 'message',
  limitName: 'contact-form',
  parse: (body) => contactSchema.parse(body),
  store: (tx, fields): Promise<ContactMessage> => insertContactMessage(tx, fields),
  emails: (message) => ({
    team: { kind: 'contact.team', ...contactTeamEmail(message) },
    receipt: { kind: 'contact.receipt', ...contactReceiptEmail(message) },
  }),
  successMessage: CONTACT_SUCCESS.description,
  onStored: (db, visitor) => countStep(db, 'contacts', visitor),
});

export const submitContactMessage = contactForm.submit;

/** The /api/contact-form handler (`rateLimit` replaces the app limit; `false` turns it off). */
export const contactFormHandler = contactForm.handler;

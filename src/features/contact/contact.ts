// Honeypot "website": hidden from people and assistive technology; bots fill it. The server answers
// it like a success but stores and sends nothing, so a bot learns nothing.
import {
  EMAIL_MAX,
  emailAddress,
  HONEYPOT_MAX,
  optionalText,
  requiredText,
  withDefault,
  z,
} from '../../lib/zod-mini';

export { optionalText };

export * from './contact-texts.ts';

/** Longest accepted value per field (the database columns are unbounded text). */
export const FIELD_LIMITS = {
  name: 100,
  email: EMAIL_MAX,
  phone: 40,
  company: 120,
  message: 5000,
  honeypot: HONEYPOT_MAX,
} as const;

export const CONTACT_MESSAGES = {
  name: 'Name must be at least 2 characters',
  email: 'Please enter a valid email address',
  message: 'Message must be at least 10 characters',
} as const;

export const emailField = () =>
  emailAddress(CONTACT_MESSAGES.email, `Email must be at most ${FIELD_LIMITS.email} characters`);

const limitedText = (field: 'name' | 'message', min: number, message: string, label: string) =>
  requiredText(
    min,
    FIELD_LIMITS[field],
    message,
    `${label} must be at most ${FIELD_LIMITS[field]} characters`,
  );

export const contactSchema = z.object({
  name: limitedText('name', 2, CONTACT_MESSAGES.name, 'Name'),
  email: emailField(),
  phone: optionalText(FIELD_LIMITS.phone, 'Phone'),
  company: optionalText(FIELD_LIMITS.company, 'Company'),
  message: limitedText('message', 10, CONTACT_MESSAGES.message, 'Message'),
  formType: withDefault(z.literal('contact', { error: 'formType must be "contact"' }), 'contact'),
  /** Honeypot (see above); sent only when something filled it. */
  website: optionalText(FIELD_LIMITS.honeypot, 'Website'),
});

export type ContactFormValues = {
  name: string;
  email: string;
  phone: string;
  company: string;
  message: string;
};

export const EMPTY_CONTACT_FORM: ContactFormValues = {
  name: '',
  email: '',
  phone: '',
  company: '',
  message: '',
};

/**
 * The contact form's ONE zod schema, shared by the island (field messages) and
 * /api/contact-form (400 answers), plus the texts the spec fixes. Browser-safe.
 *
 * Honeypot: both forms carry a field named "website" that is hidden from people and from
 * assistive technology. Browsers' autofill and people never fill it; naive bots do. The
 * server answers a filled honeypot exactly like a success but stores and sends nothing, so a
 * bot learns nothing from the response.
 */
import { z } from '../../lib/zod';

export * from './contact.texts.ts';

/** Longest accepted value per field (the database columns are unbounded text). */
export const FIELD_LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  company: 120,
  message: 5000,
  honeypot: 500,
} as const;

export const CONTACT_MESSAGES = {
  name: 'Name must be at least 2 characters',
  email: 'Please enter a valid email address',
  message: 'Message must be at least 10 characters',
} as const;

export const emailField = z
  .string({ error: CONTACT_MESSAGES.email })
  .trim()
  .max(FIELD_LIMITS.email, `Email must be at most ${FIELD_LIMITS.email} characters`)
  .pipe(z.email(CONTACT_MESSAGES.email));

/** An optional free-text field: missing or null becomes '', always trimmed and bounded. */
export const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');

export const contactSchema = z.object({
  name: z
    .string({ error: CONTACT_MESSAGES.name })
    .trim()
    .min(2, CONTACT_MESSAGES.name)
    .max(FIELD_LIMITS.name, `Name must be at most ${FIELD_LIMITS.name} characters`),
  email: emailField,
  phone: optionalText(FIELD_LIMITS.phone, 'Phone'),
  company: optionalText(FIELD_LIMITS.company, 'Company'),
  message: z
    .string({ error: CONTACT_MESSAGES.message })
    .trim()
    .min(10, CONTACT_MESSAGES.message)
    .max(FIELD_LIMITS.message, `Message must be at most ${FIELD_LIMITS.message} characters`),
  formType: z.literal('contact', { error: 'formType must be "contact"' }).default('contact'),
  /** Honeypot (see above); sent only when something filled it. */
  website: optionalText(FIELD_LIMITS.honeypot, 'Website'),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessageInput = z.output<typeof contactSchema>;

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

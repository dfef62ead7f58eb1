/**
 * The early-access subscribe box's ONE zod schema, shared by the form (loaded on submit)
 * and POST /api/subscribe, plus the texts it shows. Browser-safe.
 *
 * Honeypot, as on the contact and meeting forms (see src/features/contact/contact.ts): the
 * form carries a field named "website" that is hidden from people and from assistive
 * technology. Browsers' autofill and people never fill it; naive bots do. The server answers
 * a filled honeypot exactly like a success but stores nothing, so a bot learns nothing from
 * the response.
 */
import { emailAddress, HONEYPOT_MAX, optionalText, withDefault, z } from '../../lib/zod-mini';
import { SUBSCRIBE_MESSAGES } from './subscribe-texts.ts';

const SUBSCRIBE_SOURCES = ['airbnb-automation'] as const;

export { HONEYPOT_MAX };

export { SUBSCRIBE_MESSAGES };

export const subscribeSchema = z.object({
  // Addresses are stored lower-case so a second sign-up with different casing is the same row.
  email: z.pipe(
    emailAddress(SUBSCRIBE_MESSAGES.invalidEmail),
    z.transform((email) => email.toLowerCase()),
  ),
  source: withDefault(z.enum(SUBSCRIBE_SOURCES), 'airbnb-automation'),
  /** Honeypot (see above); sent only when something filled it. */
  website: optionalText(HONEYPOT_MAX, 'Website'),
});

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
  /** Honeypot (see contact.ts); sent only when something filled it. */
  website: optionalText(HONEYPOT_MAX, 'Website'),
});

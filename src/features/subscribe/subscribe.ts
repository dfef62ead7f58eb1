/**
 * The early-access subscribe box's ONE zod schema, shared by the form (loaded on submit)
 * and POST /api/subscribe, plus the texts it shows. Browser-safe.
 */
import { z } from '../../lib/zod';
import { SUBSCRIBE_MESSAGES } from './subscribe.messages.ts';

export const SUBSCRIBE_SOURCES = ['airbnb-automation'] as const;

export { SUBSCRIBE_MESSAGES };

export const subscribeSchema = z.object({
  email: z
    .string({ error: SUBSCRIBE_MESSAGES.invalidEmail })
    .trim()
    .max(254, SUBSCRIBE_MESSAGES.invalidEmail)
    .pipe(z.email(SUBSCRIBE_MESSAGES.invalidEmail))
    // Addresses are stored lower-case so a second sign-up with different casing is the same row.
    .transform((email) => email.toLowerCase()),
  source: z.enum(SUBSCRIBE_SOURCES).default('airbnb-automation'),
});

export type SubscribeInput = z.infer<typeof subscribeSchema>;

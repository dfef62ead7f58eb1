/**
 * Client identity as the browser sees it: the sign-in form's schema (the texts of the flow
 * live in clients-texts.ts, which loads no zod). Browser-safe: no server imports here.
 */
import { z } from '../../lib/zod';

export * from './clients-texts';

export const signInRequestSchema = z.object({
  email: z
    .string({ error: 'Please enter a valid email address.' })
    .trim()
    .max(254, 'Please enter a valid email address.')
    .pipe(z.email('Please enter a valid email address.')),
});

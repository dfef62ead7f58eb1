/**
 * Client identity as the browser sees it: the sign-in form's schema (the texts of the flow
 * live in clients-texts.ts, which loads no zod). Browser-safe: no server imports here.
 */
import { emailAddress, z } from '../../lib/zod-mini';

export * from './clients-texts';

export const signInRequestSchema = z.object({
  email: emailAddress('Please enter a valid email address.'),
});

import { emailAddress, z } from '../../lib/zod-mini';

export * from './clients-texts';

export const signInRequestSchema = z.object({
  email: emailAddress('Please enter a valid email address.'),
});

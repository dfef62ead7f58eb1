/** Texts of the early-access box, kept apart from the schema so the page script stays zod-free. */
export const SUBSCRIBE_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  success: "You're on the list! We'll e-mail you as soon as early access opens.",
  failure: 'Something went wrong. Please try again.',
} as const;

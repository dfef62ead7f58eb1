/**
 * What the admin guard (src/server/auth/guard.ts) and the admin panel both know about the
 * second factor: the answers that make the panel ask for it, and how long a verified factor
 * counts for the actions that ask again.
 */

/** A session opened by the password alone, asking for data: the panel shows the factor screen. */
export const SECOND_FACTOR_REQUIRED = 'Please confirm it’s you with your second factor.';

/**
 * Exports, erasure and changes to admin accounts need a factor verified this recently; past it
 * the answer is 403 with STEP_UP_REQUIRED and the panel asks for the factor again.
 */
export const STEP_UP_WINDOW_MS = 10 * 60 * 1000;
export const STEP_UP_REQUIRED =
  'For this, please confirm it’s you again with your second factor (the last time was over 10 minutes ago).';

export const SECOND_FACTOR_REQUIRED = 'Please confirm it’s you with your second factor.';

export const STEP_UP_WINDOW_MS = 10 * 60 * 1000;
export const STEP_UP_REQUIRED =
  'For this, please confirm it’s you again with your second factor (the last time was over 10 minutes ago).';

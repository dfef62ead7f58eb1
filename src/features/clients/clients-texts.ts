/** The texts of sign-in and the CRM link; no imports, so zod-free islands can show them. */

export const SIGN_IN_SENT =
  'If we have an order for that address, a sign-in link is on its way. It works once and expires in 30 minutes.';

export const MAGIC_LINK_INVALID =
  'This sign-in link is invalid, used or expired. Please request a new one below.';

export const SIGN_IN_LINK_CONFIRM =
  'Press Sign in to open your client dashboard in this browser. The link works once.';

/** The dashboard when only the orders paid in this browser are open to it. */
export const CONFIRM_EMAIL_NOTICE =
  'You are seeing the orders paid for in this browser. To see every order, connect GoHighLevel and manage billing, confirm your e-mail address with a sign-in link.';

/** Spec texts of the CRM (GoHighLevel) link. */
export const STATUS_ERROR = 'Unable to verify your GoHighLevel account status.';
export const DASHBOARD_ERROR =
  'Unable to access your GoHighLevel dashboard. Please try again later.';

// No imports, so zod-free islands can show these texts.

export const SIGN_IN_TOKEN_PARAM = 'token';

export const SIGN_IN_SENT =
  'If we have an order for that address, a sign-in link is on its way. It works once and expires in 30 minutes.';

export const MAGIC_LINK_INVALID =
  'This sign-in link is invalid, used or expired. Please request a new one below.';

export const CONFIRM_EMAIL_NOTICE =
  'You are seeing the orders paid for in this browser. To see every order, connect GoHighLevel and manage billing, confirm your e-mail address with a sign-in link.';

export const CONFIRM_TO_CONNECT =
  'Please confirm your e-mail address with a sign-in link to connect GoHighLevel: press "Email me a sign-in link" on your dashboard and sign in with the link we e-mail you.';

export const STATUS_ERROR = 'Unable to verify your GoHighLevel account status.';
export const DASHBOARD_ERROR =
  'Unable to access your GoHighLevel dashboard. Please try again later.';

/** "j•••@example.com": enough to recognise your own address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

export const signInAsTitle = (account: string) => `Sign in as ${account}?`;

export const SIGN_IN_AS_HINT =
  'Press Sign in to open this account’s client dashboard in this browser. If this is not your address, do not sign in: someone may be trying to sign you in to their account.';

export const switchAccountTitle = (account: string) => `Switch to ${account}?`;
export const switchAccountHint = (current: string) =>
  `This browser is signed in as ${current}. Switching signs it out of that account. If you did not ask for this link, do not switch: someone may be trying to sign you in to their account.`;
export const SWITCH_NOT_CONFIRMED =
  'This browser is signed in to another account. Please confirm the switch on the dashboard first.';

/** The full address the link was sent to proves the mailbox, not only a copy of the link. */
export const LINK_EMAIL_LABEL = 'Your e-mail address';
export const linkEmailHint = (account: string) =>
  `This link was e-mailed to ${account}. To use it in this browser, enter that address in full.`;
export const LINK_EMAIL_NEEDED = 'Please enter the e-mail address this link was sent to.';
export const LINK_EMAIL_WRONG =
  'That is not the e-mail address this link was sent to. After five wrong tries the link stops working.';

export const LINK_OTHER_BROWSER_TITLE = 'This sign-in link was requested in another browser';
export const LINK_OTHER_BROWSER =
  'For your safety, a sign-in link works only in the browser where it was requested. Open it there, or request a new link below. If someone sent you this link, do not use it.';

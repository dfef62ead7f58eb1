// No imports, so the server and the island share these texts.

export type PrivacyRequestKind = 'export' | 'erase';

export const YOUR_DATA_TITLE = 'Your data';
export const YOUR_DATA_INTRO =
  'You can ask for a copy of everything we hold about you, or for your account and data to be deleted. We answer within 30 days and e-mail you when it is done.';

export const EXPORT_LABEL = 'Download my data';
export const ERASE_LABEL = 'Delete my account';

export const ERASE_CONFIRM_TITLE = 'Delete your account and your data?';
export const ERASE_CONFIRM_TEXT =
  'We will delete your account and the data we hold about you, and sign you out everywhere. Order and invoice records stay for accounting, without your name or e-mail address. This cannot be undone.';
export const ERASE_CONFIRM_LABEL = 'Yes, delete my account';
export const ERASE_CANCEL_LABEL = 'Keep my account';

export const REQUEST_NAME: Record<PrivacyRequestKind, string> = {
  export: 'A copy of your data',
  erase: 'Deleting your account',
};

export const answerBy = (date: string) => `We will answer by ${date}.`;
export const requestedOn = (kind: PrivacyRequestKind, date: string) =>
  `${REQUEST_NAME[kind]}, asked for on ${date}.`;

export function requestSent(kind: PrivacyRequestKind, due: string, created: boolean): string {
  const when =
    kind === 'export'
      ? `We will answer by ${due} and e-mail you when your data is ready.`
      : `We will answer by ${due} and e-mail you when your account is deleted.`;
  return `${created ? 'Your request was sent.' : 'You have already asked.'} ${when}`;
}

export const EXPORT_READY = 'Your data is ready.';
export const downloadUntil = (date: string) => `The download works until ${date}.`;

export const PRIVACY_LOAD_ERROR =
  'Your requests about your data could not be loaded. Please reload the page.';
export const PRIVACY_REQUEST_ERROR = 'Your request could not be sent. Please try again.';

export const EXPORT_NOT_READY =
  'Your data is not ready to download. Press "Download my data" on your dashboard to ask for it: we e-mail you when it is ready, and the download then works for 30 days.';
export const SIGN_IN_FOR_DATA = 'Please sign in to ask about your data.';
export const CONFIRM_FOR_DATA =
  'Please confirm your e-mail address with a sign-in link to ask about your data.';

// A typed address proves nothing: the CRM account is created now only for a session proven for
// that very address, else when the e-mailed link is used. A CRM failure or a filled honeypot
// answers success without credentials (the team, e-mailed, finishes a real one by hand).
import { countStep } from '../insights/insights.server.ts';
import { findItem } from '../catalogue/catalogue';
import {
  accountReadyEmail,
  findClient,
  isProven,
  normaliseEmail,
  type ClientAccess,
} from '../clients/clients.server.ts';
import { getCrm, type CrmClient } from '../../server/crm/crm.ts';
import { createAccountWithinDailyCap, type PathCap } from '../../server/crm/daily-cap.ts';
import type { Db } from '../../server/db/client.ts';
import { readEnv } from '../../server/env.ts';
import { HttpError } from '../../server/responses.ts';
import { enqueueEmail } from '../../server/mail/outbox.ts';
import { MessageSecrets } from '../../server/mail/sealed.ts';
import {
  clientOnboardingConfirmEmail,
  clientOnboardingTeamEmail,
} from './client-onboarding-emails.tsx';
import {
  enforceFormLimit,
  type SubmitOptions as FormSubmitOptions,
  VISITOR_FORM_LIMIT,
} from '../../server/form-submissions.ts';
import { hit, type RateLimit } from '../../server/rate-limit.ts';
import { hashToken, newToken, privateDigest } from '../../server/tokens.ts';
import {
  confirmSubmission,
  insertSubmission,
  recordSubmissionAccount,
} from './client-onboarding-submissions.server.ts';
import {
  clientOnboardingRequestSchema,
  clientOnboardingSchema,
  CONFIRM_PARAM,
  type ClientOnboardingRequest,
  type ClientOnboardingResponse,
} from './client-onboarding';

export {
  countClientOnboardingSubmissions,
  listClientOnboardingSubmissions,
} from './client-onboarding-submissions.server.ts';
import { logError } from '../../server/log.ts';

/** Confirmation e-mails per address and day: the form cannot be used to flood an inbox. */
const CONFIRM_EMAILS_PER_ADDRESS: RateLimit = { limit: 3, windowSeconds: 24 * 60 * 60 };
const CONFIRM_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Accounts a day through this anonymous form: the rest of the shared cap stays for Connect. */
export const CLIENT_ONBOARDING_ACCOUNTS: PathCap = {
  name: 'client-onboarding',
  cap: { limit: 10, windowSeconds: 24 * 60 * 60 },
};
/** Where the e-mailed link leads: the page, which asks before the token is used. */
const CONFIRM_PAGE = '/client-onboarding';

export type SubmitOptions = FormSubmitOptions & {
  crm?: CrmClient;
  access?: ClientAccess | null;
};

type SubmitResult = {
  response: ClientOnboardingResponse;
  /** The stored submission, or null for a honeypot submission (nothing stored). */
  submissionId: number | null;
  emailIds: number[];
};

async function sessionProves(db: Db, access: ClientAccess | null | undefined, email: string) {
  if (!access?.wholeAccount || access.clientId === null) return false;
  const client = await findClient(db, access.clientId);
  return client !== null && isProven(client) && client.email === normaliseEmail(email);
}

export async function submitClientOnboarding(
  db: Db,
  body: unknown,
  options: SubmitOptions,
): Promise<SubmitResult> {
  const input = clientOnboardingRequestSchema().parse(body);
  if (!findItem(input.productId)) throw new HttpError(400, 'productId: Unknown product');
  await enforceFormLimit(db, 'client-onboarding', options, VISITOR_FORM_LIMIT);
  const crm = options.crm ?? getCrm();
  const now = options.now ?? new Date();

  const pending: ClientOnboardingResponse = {
    redirectUrl: null,
    tempPassword: null,
    locationId: null,
    simulated: crm.simulated,
  };
  // The honeypot is never stored: a filled one answers like a real submission without
  // credentials, and nothing is stored, sent or created.
  const { productId, fullName, email, businessName, homepage, ...rest } = input;
  if (homepage) return { response: pending, submissionId: null, emailIds: [] };

  const authorized = input.termsAccepted === true;
  const proven = authorized && (await sessionProves(db, options.access, email));
  // Only an unproven address needs the link, and only so many a day (counted by the
  // address's hash: a stranger's typed address is never stored in the limits table).
  const confirm =
    authorized && !proven && (options.rateLimit === false || (await confirmMailAllowed(db, email)))
      ? newToken()
      : null;

  const { submissionId, emailIds } = await db.transaction(async (tx) => {
    const id = await insertSubmission(tx, {
      productId,
      fullName,
      email,
      businessName,
      data: { ...rest, fullName, email, businessName },
      confirmTokenHash: confirm ? hashToken(confirm) : null,
      confirmExpiresAt: confirm ? new Date(now.getTime() + CONFIRM_TTL_SECONDS * 1000) : null,
      confirmedAt: proven ? now : null,
    });
    const ids = [(await enqueueEmail(tx, teamEmail(input, id))).id];
    if (confirm) {
      const confirmUrl = new URL(CONFIRM_PAGE, readEnv().siteUrl);
      const secrets = new MessageSecrets();
      confirmUrl.searchParams.set(CONFIRM_PARAM, secrets.slot(confirm));
      const mail = await enqueueEmail(tx, {
        kind: 'client-onboarding.confirm',
        to: email,
        about: { emails: [email] },
        secrets,
        ...clientOnboardingConfirmEmail({
          name: fullName,
          businessName,
          confirmUrl: confirmUrl.href,
        }),
      });
      ids.push(mail.id);
    }
    return { submissionId: id, emailIds: ids };
  });

  // Creating an account on the client's behalf needs their authorization (the terms box) and
  // a proven address; anything else waits for the confirmation link.
  if (!proven) return { response: pending, submissionId, emailIds };
  const account = await createAccount(db, crm, submissionId, input);
  if (!account) return { response: { ...pending, simulated: false }, submissionId, emailIds };
  const ready = accountReadyEmail({ name: fullName, email }, account);
  if (ready) emailIds.push((await enqueueEmail(db, ready)).id);
  return {
    response: {
      redirectUrl: account.dashboardUrl,
      tempPassword: account.tempPassword,
      locationId: account.locationId,
      simulated: account.simulated,
    },
    submissionId,
    emailIds,
  };
}

async function confirmMailAllowed(db: Db, email: string): Promise<boolean> {
  const key = `client-onboarding:confirm:${privateDigest(normaliseEmail(email))}`;
  return (await hit(db, key, CONFIRM_EMAILS_PER_ADDRESS)).allowed;
}

async function createAccount(
  db: Db,
  crm: CrmClient,
  submissionId: number,
  input: Pick<ClientOnboardingRequest, 'businessName' | 'fullName' | 'email' | 'phone' | 'website'>,
) {
  try {
    const account = await createAccountWithinDailyCap(
      db,
      crm,
      {
        businessName: input.businessName,
        contactName: input.fullName,
        email: input.email,
        phone: input.phone,
        website: input.website || undefined,
      },
      { path: CLIENT_ONBOARDING_ACCOUNTS },
    );
    await recordSubmissionAccount(db, submissionId, account);
    return account;
  } catch (error) {
    logError('Client account creation failed; the team finishes it by hand', error);
    return null;
  }
}

type ConfirmResult =
  | { state: 'created'; simulated: boolean; dashboardUrl: string; emailIds: number[] }
  /** Proven, but not created now (CRM failure, daily cap): the team finishes it. */
  | { state: 'pending'; emailIds: number[] }
  | { state: 'invalid' };

/** Single use (one conditional UPDATE); e-mails that address how to sign in, never a password. */
export async function confirmClientOnboarding(
  db: Db,
  token: string,
  options: { crm?: CrmClient; now?: Date; visitor?: Request } = {},
): Promise<ConfirmResult> {
  if (!token || token.length > 200) return { state: 'invalid' };
  const now = options.now ?? new Date();
  const row = await confirmSubmission(db, hashToken(token), now);
  if (!row) return { state: 'invalid' };
  await countStep(db, 'clientOnboardings', options.visitor, now);
  const crm = options.crm ?? getCrm();
  const data = row.data as { phone?: string; website?: string };
  const account = await createAccount(db, crm, row.id, {
    businessName: row.businessName,
    fullName: row.fullName,
    email: row.email,
    phone: typeof data.phone === 'string' ? data.phone : '',
    website: typeof data.website === 'string' ? data.website : '',
  });
  if (!account) return { state: 'pending', emailIds: [] };
  const ready = accountReadyEmail({ name: row.fullName, email: row.email }, account);
  const emailIds = ready ? [(await enqueueEmail(db, ready)).id] : [];
  return {
    state: 'created',
    simulated: account.simulated,
    dashboardUrl: account.dashboardUrl,
    emailIds,
  };
}

function teamEmail(input: ClientOnboardingRequest, id: number) {
  const { teamEmail: to, siteUrl } = readEnv();
  return {
    kind: 'client-onboarding.team',
    to,
    about: { emails: [input.email] },
    ...clientOnboardingTeamEmail(input, id, new URL('/admin', siteUrl).toString()),
  };
}

export const clientOnboardingFields = (): string[] => Object.keys(clientOnboardingSchema().shape);

// An account (an admin login in the agency's CRM) is made only for a proven address.
import {
  CrmError,
  getCrm,
  type ClientAccount,
  type ClientAccountInput,
  type CrmClient,
} from '../../server/crm/crm.ts';
import { createAccountWithinDailyCap } from '../../server/crm/daily-cap.ts';
import type { Db } from '../../server/db/client.ts';
import type { Client } from '../../server/db/schema.ts';
import { HttpError } from '../../server/responses.ts';
import { readEnv } from '../../server/env.ts';
import { enqueueEmail, type EmailInput } from '../../server/mail/outbox.ts';
import { crmAccountReadyEmail } from './clients-emails.tsx';
import { CONFIRM_TO_CONNECT, DASHBOARD_ERROR, STATUS_ERROR } from './clients.ts';
import {
  claimCrmProvisioning,
  findClient,
  isProven,
  releaseCrmClaim,
  storeCrmAccount,
} from './client-records.server.ts';
import { actingClientId, type ClientAccess } from './client-sessions.server.ts';

const NOT_YOUR_ACCOUNT = 'You can only access your own account.';
export const NOT_LINKED = 'Your GoHighLevel account is not connected yet.';
export const CRM_IN_PROGRESS =
  'Your GoHighLevel account is being set up right now. Please check again in a minute.';

/** Whole-account session, or the order session of the browser that created an unproven client. */
export function requireOwnAccount(
  access: ClientAccess | null,
  requestedId: string | undefined,
): number {
  if (!access) throw new HttpError(403, 'Please sign in to see your account.');
  const clientId = actingClientId(access);
  if (
    clientId === null ||
    !requestedId ||
    !/^\d{1,10}$/.test(requestedId) ||
    Number(requestedId) !== clientId
  ) {
    throw new HttpError(403, NOT_YOUR_ACCOUNT);
  }
  return clientId;
}

export function requireProvenAccount(
  access: ClientAccess | null,
  requestedId: string | undefined,
): number {
  const clientId = requireOwnAccount(access, requestedId);
  if (!access?.wholeAccount) throw new HttpError(403, CONFIRM_TO_CONNECT);
  return clientId;
}

async function loadClient(db: Db, clientId: number): Promise<Client> {
  const client = await findClient(db, clientId);
  if (!client) throw new HttpError(403, NOT_YOUR_ACCOUNT);
  return client;
}

function accountDetails(
  client: Pick<Client, 'name' | 'email'>,
  businessInfo: Record<string, unknown> | null,
): ClientAccountInput {
  const info = businessInfo ?? {};
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  return {
    businessName: str(info.businessName) ?? (client.name || client.email),
    contactName: str(info.contactName) ?? (client.name || client.email),
    email: client.email,
    phone: str(info.phone),
    website: str(info.website),
  };
}

type LinkResult = {
  locationId: string;
  dashboardUrl: string;
  created: boolean;
  emailIds: number[];
};

// No password (see clients-emails.tsx); Demo Mode sends it too, so a local run shows the flow.
export function accountReadyEmail(
  person: { name: string; email: string },
  account: ClientAccount,
): EmailInput | null {
  if (!account.userId) return null;
  return {
    kind: 'crm.account-ready',
    to: person.email,
    about: { emails: [person.email] },
    ...crmAccountReadyEmail({
      name: person.name,
      email: person.email,
      signInUrl: new URL(account.dashboardUrl, readEnv().siteUrl).href,
      simulated: account.simulated,
    }),
  };
}

/** 403 for an unproven address: a typed one could be anyone's. */
export async function linkClientToCrm(
  db: Db,
  clientId: number,
  options: {
    crm?: CrmClient | undefined;
    businessInfo?: Record<string, unknown> | null | undefined;
  } = {},
): Promise<LinkResult> {
  const crm = options.crm ?? getCrm();
  const client = await loadClient(db, clientId);
  if (client.ghlLocationId && (await crm.locationExists(client.ghlLocationId))) {
    return {
      locationId: client.ghlLocationId,
      dashboardUrl: crm.dashboardUrl(client.ghlLocationId),
      created: false,
      emailIds: [],
    };
  }
  if (!isProven(client)) throw new HttpError(403, CONFIRM_TO_CONNECT);
  // One request provisions: the others neither call the CRM nor send login details.
  if (!(await claimCrmProvisioning(db, client))) throw new HttpError(409, CRM_IN_PROGRESS);
  const details = accountDetails(client, options.businessInfo ?? null);
  let account: ClientAccount;
  try {
    account = await createAccountWithinDailyCap(db, crm, { ...details, email: client.email });
  } catch (error) {
    await releaseCrmClaim(db, client.id);
    throw error;
  }
  await storeCrmAccount(db, client, account);

  const ready = accountReadyEmail(client, account);
  const emailIds = ready ? [(await enqueueEmail(db, ready)).id] : [];
  return {
    locationId: account.locationId,
    dashboardUrl: account.dashboardUrl,
    created: true,
    emailIds,
  };
}

type CrmStatus = { isLinked: boolean; simulated: boolean; locationId: string | null };

/** Whether the client is linked; a CRM that cannot be asked is a 502 with the spec's message. */
export async function crmStatus(
  db: Db,
  clientId: number,
  crm: CrmClient = getCrm(),
): Promise<CrmStatus> {
  const client = await loadClient(db, clientId);
  if (!client.ghlLocationId) return { isLinked: false, simulated: crm.simulated, locationId: null };
  try {
    const exists = await crm.locationExists(client.ghlLocationId);
    return {
      isLinked: exists,
      simulated: crm.simulated,
      locationId: exists ? client.ghlLocationId : null,
    };
  } catch (error) {
    if (error instanceof CrmError) throw new HttpError(502, STATUS_ERROR);
    throw error;
  }
}

export async function crmDashboardUrl(
  db: Db,
  clientId: number,
  crm: CrmClient = getCrm(),
): Promise<string> {
  const client = await loadClient(db, clientId);
  if (!client.ghlLocationId) throw new HttpError(404, NOT_LINKED);
  return crm.dashboardUrl(client.ghlLocationId);
}

export async function connectClient(
  db: Db,
  clientId: number,
  {
    crm = getCrm(),
    businessInfo = null,
  }: { crm?: CrmClient; businessInfo?: Record<string, unknown> | null } = {},
): Promise<LinkResult> {
  try {
    return await linkClientToCrm(db, clientId, { crm, businessInfo });
  } catch (error) {
    if (error instanceof CrmError) throw new HttpError(502, DASHBOARD_ERROR);
    throw error;
  }
}

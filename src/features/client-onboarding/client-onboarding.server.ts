/**
 * POST /api/clients/onboarding on the server: validate with the form's schema, store the
 * submission (before anything can fail), queue the team's e-mail, then create the client's
 * marketing-platform account when the terms were accepted. A CRM failure still answers
 * success without credentials, so the form shows "Account Creation In Progress" and the team
 * (who got the e-mail) finishes the account by hand. A filled honeypot (see
 * client-onboarding.ts) gets that same success answer, with nothing stored, sent or created.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { findItem } from '../catalogue/catalogue';
import { getCrm, type CrmClient } from '../../server/crm/crm.ts';
import type { Db } from '../../server/db/client.ts';
import {
  countAll,
  createdWithin,
  listPage,
  searchCondition,
  type Listed,
  type ListFilter,
  type PageRequest,
} from '../../server/db/list-query.ts';
import {
  clientOnboardingSubmissions,
  type ClientOnboardingSubmission,
} from '../../server/db/schema.ts';
import { readEnv } from '../../server/env.ts';
import { HttpError } from '../../server/http.ts';
import { enqueueEmail } from '../../server/mail/outbox.ts';
import { clientOnboardingTeamEmail } from './client-onboarding-emails.tsx';
import { enforce, type RateLimit } from '../../server/rate-limit.ts';
import {
  clientOnboardingRequestSchema,
  clientOnboardingSchema,
  type ClientOnboardingRequest,
  type ClientOnboardingResponse,
} from './client-onboarding';

export const CLIENT_ONBOARDING_RATE_LIMIT: RateLimit = { limit: 10, windowSeconds: 10 * 60 };

export type SubmitOptions = {
  ip: string;
  crm?: CrmClient;
  rateLimit?: RateLimit | false;
};

export type SubmitResult = {
  response: ClientOnboardingResponse;
  /** The stored submission, or null for a honeypot submission (nothing stored). */
  submissionId: number | null;
  /** Outbox rows queued for this submission. */
  emailIds: number[];
};

export async function submitClientOnboarding(
  db: Db,
  body: unknown,
  options: SubmitOptions,
): Promise<SubmitResult> {
  const input = clientOnboardingRequestSchema().parse(body);
  if (!findItem(input.productId)) throw new HttpError(400, 'productId: Unknown product');
  if (options.rateLimit !== false) {
    await enforce(
      db,
      `client-onboarding:${options.ip}`,
      options.rateLimit ?? CLIENT_ONBOARDING_RATE_LIMIT,
    );
  }
  const crm = options.crm ?? getCrm();

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

  const { submissionId, emailId } = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(clientOnboardingSubmissions)
      .values({
        productId,
        fullName,
        email,
        businessName,
        data: { ...rest, fullName, email, businessName },
      })
      .returning({ id: clientOnboardingSubmissions.id });
    const mail = await enqueueEmail(tx as unknown as Db, teamEmail(input, row!.id));
    return { submissionId: row!.id, emailId: mail.id };
  });

  // Creating an account on the client's behalf needs their authorization (the terms box).
  if (input.termsAccepted !== true) return { response: pending, submissionId, emailIds: [emailId] };

  try {
    const account = await crm.createClientAccount({
      businessName,
      contactName: fullName,
      email,
      phone: input.phone,
      website: input.website || undefined,
    });
    await db
      .update(clientOnboardingSubmissions)
      .set({ ghlLocationId: account.locationId, simulated: account.simulated })
      .where(eq(clientOnboardingSubmissions.id, submissionId));
    return {
      response: {
        redirectUrl: account.dashboardUrl,
        tempPassword: account.tempPassword,
        locationId: account.locationId,
        simulated: account.simulated,
      },
      submissionId,
      emailIds: [emailId],
    };
  } catch (error) {
    console.error(
      'Client account creation failed; the team finishes it by hand',
      (error as Error).message,
    );
    return { response: { ...pending, simulated: false }, submissionId, emailIds: [emailId] };
  }
}

function teamEmail(input: ClientOnboardingRequest, id: number) {
  const { teamEmail: to, siteUrl } = readEnv();
  return {
    kind: 'client-onboarding.team',
    to,
    ...clientOnboardingTeamEmail(input, id, new URL('/admin', siteUrl).toString()),
  };
}

/* Reading the client_onboarding_submissions table (owned here) for the admin. */

/** The form's fields in the form's order: the keys of every stored submission's `data`. */
export const clientOnboardingFields = (): string[] => Object.keys(clientOnboardingSchema().shape);

/** `status`: "crm-account" (an account was created) or "demo-mode" (simulated CRM). */
export async function listClientOnboardingSubmissions(
  db: Db,
  filter: ListFilter,
  page: PageRequest,
): Promise<Listed<ClientOnboardingSubmission>> {
  const t = clientOnboardingSubmissions;
  const where = and(
    searchCondition(filter.q, t.searchText),
    filter.status === 'crm-account' ? isNotNull(t.ghlLocationId) : undefined,
    filter.status === 'demo-mode' ? eq(t.simulated, true) : undefined,
    ...createdWithin(t.createdAt, filter),
  );
  return listPage(db, t, where, { at: t.createdAt, id: t.id }, page);
}

export async function countClientOnboardingSubmissions(db: Db): Promise<number> {
  const [row] = await db.select({ total: countAll }).from(clientOnboardingSubmissions);
  return row?.total ?? 0;
}

import { and, eq, gt, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import {
  countAll,
  listByStatus,
  type Listed,
  type ListFilter,
  type PageRequest,
} from '../../server/db/list-query.ts';
import {
  clientOnboardingSubmissions,
  type ClientOnboardingSubmission,
} from '../../server/db/schema.ts';
import {
  deleteRows,
  exported,
  type PersonalDataOwner,
} from '../../server/privacy/personal-data.ts';
import { cutoffOf } from '../../server/privacy/retention.ts';

export async function insertSubmission(
  tx: Db,
  values: typeof clientOnboardingSubmissions.$inferInsert,
): Promise<number> {
  const [row] = await tx
    .insert(clientOnboardingSubmissions)
    .values(values)
    .returning({ id: clientOnboardingSubmissions.id });
  if (!row) throw new Error('Storing the onboarding submission returned no row');
  return row.id;
}

export async function recordSubmissionAccount(
  db: Db,
  submissionId: number,
  account: { locationId: string; simulated: boolean },
): Promise<void> {
  await db
    .update(clientOnboardingSubmissions)
    .set({ ghlLocationId: account.locationId, simulated: account.simulated })
    .where(eq(clientOnboardingSubmissions.id, submissionId));
}

/** One conditional UPDATE: a link works once. */
export async function confirmSubmission(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<ClientOnboardingSubmission | null> {
  const t = clientOnboardingSubmissions;
  const [row] = await db
    .update(t)
    .set({ confirmedAt: now })
    .where(
      and(eq(t.confirmTokenHash, tokenHash), isNull(t.confirmedAt), gt(t.confirmExpiresAt, now)),
    )
    .returning();
  return row ?? null;
}

/** `status`: "crm-account" (an account was created) or "demo-mode" (simulated CRM). */
export async function listClientOnboardingSubmissions(
  db: Db,
  filter: ListFilter,
  page: PageRequest,
): Promise<Listed<ClientOnboardingSubmission>> {
  const t = clientOnboardingSubmissions;
  return listByStatus(db, t, filter, page, {
    byStatus: (status) =>
      status === 'crm-account'
        ? isNotNull(t.ghlLocationId)
        : status === 'demo-mode'
          ? eq(t.simulated, true)
          : undefined,
  });
}

export async function countClientOnboardingSubmissions(db: Db): Promise<number> {
  const [row] = await db.select({ total: countAll }).from(clientOnboardingSubmissions);
  return row?.total ?? 0;
}

const ofPerson = (person: { email: string }) =>
  sql`lower(${clientOnboardingSubmissions.email}) = ${person.email}`;

export const personalData: PersonalDataOwner = {
  async identify(db, person) {
    const rows = await db
      .select({
        locationId: clientOnboardingSubmissions.ghlLocationId,
      })
      .from(clientOnboardingSubmissions)
      .where(ofPerson(person));
    return {
      crmLocationIds: rows.flatMap((r) => (r.locationId ? [r.locationId] : [])),
    };
  },
  async holds(db, person) {
    const rows = await db.select().from(clientOnboardingSubmissions).where(ofPerson(person));
    return {
      client_onboarding_submissions: rows.map((r) => exported(r, 'confirmTokenHash')),
    };
  },
  async erase(db, person) {
    return {
      client_onboarding_submissions: await deleteRows(
        db,
        clientOnboardingSubmissions,
        ofPerson(person),
      ),
    };
  },
  // The form opens a CRM account for an address: kept while a client of that address is
  // served, else for the period after it was sent or confirmed.
  async purge(db, scope) {
    const t = clientOnboardingSubmissions;
    const cutoff = cutoffOf('onboarding', scope.now);
    const expired = and(
      sql`greatest(${t.createdAt}, ${t.confirmedAt}) < ${cutoff.toISOString()}::timestamptz`,
      notInArray(sql`lower(${t.email})`, scope.addressesServedSince(cutoff)),
    );
    return { onboarding: { client_onboarding_submissions: await deleteRows(db, t, expired) } };
  },
};

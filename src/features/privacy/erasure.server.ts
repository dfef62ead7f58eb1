// Outside the database first: should a part fail, the database is untouched and still holds the
// keys to try again (every outside step may be repeated).
import { recordSecurityEvent } from '../../server/auth/security-log.ts';
import { isDemoLocation, type CrmClient } from '../../server/crm/crm.ts';
import type { Db } from '../../server/db/client.ts';
import { enqueueEmail, type EmailInput } from '../../server/mail/outbox.ts';
import type { CustomerEraser } from '../../server/payments/customers.ts';
import { addCounts, type Person, type TableCounts } from '../../server/privacy/personal-data.ts';
import { HttpError } from '../../server/responses.ts';
import { removeLogosOf, type LogoStore } from '../../server/uploads/logo.ts';
import { actorFields, identifyPerson, type PrivacyActor } from './person.server.ts';
import { ERASE_ORDER } from './personal-data-owners.server.ts';
import { recordErasure } from './erasure-records.server.ts';
import { completePrivacyRequest, recordCrmLeft } from './privacy-requests.server.ts';

export type OutsidePart = 'logos' | 'stripe_customers' | 'crm';

const PART_NAMES: Record<OutsidePart, string> = {
  logos: 'the logo store',
  stripe_customers: 'Stripe',
  crm: 'GoHighLevel',
};

export const ALREADY_ANSWERED = 'This request was already completed.';

export type ErasureResult = {
  /** Rows deleted or anonymised per table; `logos`, `stripe_customers`, `crm_accounts` outside. */
  counts: TableCounts;
  skipped: OutsidePart[];
  /** CRM sub-accounts left in place: the erasure's record keeps them as the admin's to-do. */
  crmLeft: string[];
};

export type ErasureReach = {
  stripe?: CustomerEraser | undefined;
  logoStore?: LogoStore | undefined;
  crm?: CrmClient | undefined;
  /** Parts it may leave where it cannot reach them (and the CRM also where it fails). */
  leave?: OutsidePart[] | undefined;
};

// Nothing is erased when a part cannot be reached: afterwards nothing would find the person's
// logos, customer or CRM account any more.
export class ErasureIncomplete extends Error {
  readonly parts: OutsidePart[];
  constructor(parts: OutsidePart[]) {
    super(
      `Cannot reach ${parts.map((part) => PART_NAMES[part]).join(' and ')}; nothing was erased.`,
    );
    this.parts = parts;
    this.name = 'ErasureIncomplete';
  }
}

/** A part outside the database failed; nothing in the database was erased. */
export class ErasureFailed extends Error {
  readonly part: OutsidePart;
  constructor(part: OutsidePart, what: string, cause: unknown) {
    super(`${what}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.part = part;
    this.name = 'ErasureFailed';
  }
}

async function failing<T>(part: OutsidePart, what: string, step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (error) {
    throw new ErasureFailed(part, what, error);
  }
}

async function eraseOutside(person: Person, reach: ErasureReach) {
  const { stripe, logoStore, crm } = reach;
  const leave = reach.leave ?? [];
  // Demo Mode deletes only its own demo accounts; a real one needs the API key.
  const crmReaches = (id: string) => crm !== undefined && (!crm.simulated || isDemoLocation(id));
  const unreachable: OutsidePart[] = [];
  if (person.customerIds.length && !stripe) unreachable.push('stripe_customers');
  if (person.orderIds.length && !logoStore) unreachable.push('logos');
  if (person.crmLocationIds.some((id) => !crmReaches(id))) unreachable.push('crm');
  const refused = unreachable.filter((part) => !leave.includes(part));
  if (refused.length) throw new ErasureIncomplete(refused);

  const outside: TableCounts = {};
  if (stripe && person.customerIds.length) {
    outside.stripe_customers = 0;
    for (const id of person.customerIds) {
      const erased = await failing(
        'stripe_customers',
        'Stripe refused to delete the customer',
        stripe.eraseCustomer(id),
      );
      if (erased === 'deleted') outside.stripe_customers++;
    }
  }
  if (logoStore) {
    outside.logos = 0;
    for (const orderId of person.orderIds)
      outside.logos += await failing(
        'logos',
        'The logo store failed',
        removeLogosOf(logoStore, orderId),
      );
  }
  const crmLeft: string[] = [];
  if (person.crmLocationIds.length) {
    outside.crm_accounts = 0;
    for (const locationId of person.crmLocationIds) {
      if (!crm || !crmReaches(locationId)) {
        crmLeft.push(locationId);
        continue;
      }
      const account = { locationId, userIds: person.crmUserIds, email: person.email };
      try {
        if ((await crm.deleteClientAccount(account)) === 'deleted') outside.crm_accounts++;
      } catch (error) {
        if (!leave.includes('crm'))
          throw new ErasureFailed(
            'crm',
            `GoHighLevel could not delete sub-account ${locationId}`,
            error,
          );
        crmLeft.push(locationId);
      }
    }
  }
  const skipped = unreachable.concat(crmLeft.length && !unreachable.includes('crm') ? ['crm'] : []);
  return { outside, skipped, crmLeft };
}

export type AnsweredRequest = { id: number; adminUsername: string; notice: EmailInput };

// Rows deleted, or anonymised where the accounting period keeps the record. With `answering`, the
// same transaction completes it (a 409, nothing erased, when it was completed meanwhile).
export async function eraseIdentified(
  db: Db,
  person: Person,
  options: ErasureReach & {
    actor?: PrivacyActor | undefined;
    now?: Date | undefined;
    /** A recorded erasure applied again to a restored backup: recorded and done outside already. */
    reapplied?: boolean | undefined;
  },
  answering?: AnsweredRequest,
): Promise<ErasureResult & { emailIds: number[] }> {
  const now = options.now ?? new Date();
  const { outside, skipped, crmLeft } = await eraseOutside(person, options);
  return db.transaction(async (tx) => {
    if (answering && !(await completePrivacyRequest(tx, answering.id, answering, now)))
      throw new HttpError(409, ALREADY_ANSWERED);
    const erased: TableCounts[] = [];
    for (const owner of ERASE_ORDER) erased.push(await owner.erase(tx, person, now));
    const counts = addCounts(...erased, outside);
    const by = options.actor?.username ?? answering?.adminUsername ?? null;
    if (!options.reapplied) {
      await recordCrmLeft(tx, { requestId: answering?.id ?? null, locationIds: crmLeft, by }, now);
      await recordErasure(tx, person, now);
    }
    await recordSecurityEvent(tx, {
      event: 'person.erased',
      ...actorFields(options.actor),
      detail: {
        via: options.reapplied ? 'restore' : (options.actor?.via ?? 'command'),
        counts,
        skipped,
        ...(crmLeft.length ? { crmLeft } : {}),
      },
      at: now,
    });
    // Queued after the owners erased: the notice is the one e-mail to the person that stays.
    const emailIds = answering ? [(await enqueueEmail(tx, answering.notice, now)).id] : [];
    return { counts, skipped, crmLeft, emailIds };
  });
}

// A part with no way to reach it stops the erasure unless `leave` names it; a failing part stops
// it too, except the CRM when `leave` names it (the account is then kept as a to-do).
export async function erasePerson(
  db: Db,
  email: string,
  options: ErasureReach & { actor?: PrivacyActor; now?: Date } = {},
): Promise<ErasureResult> {
  const { counts, skipped, crmLeft } = await eraseIdentified(
    db,
    await identifyPerson(db, email),
    options,
  );
  return { counts, skipped, crmLeft };
}

/** Why an erasure failed, in words for the admin (kept on the request it was to answer). */
export function erasureFailureReason(error: unknown): string {
  if (error instanceof ErasureIncomplete || error instanceof ErasureFailed) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return `The database could not complete the erasure (${message}); nothing was erased.`;
}

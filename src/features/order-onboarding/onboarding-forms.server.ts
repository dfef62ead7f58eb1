/**
 * The onboarding_forms table (one row per order, one JSON column per wizard step): this module
 * is its only reader and writer. Order fields are never joined here; whoever needs them asks
 * the orders feature (by id, or with its search subquery).
 */
import { and, desc, eq, inArray, isNotNull, lt, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import {
  countAll,
  countWhere,
  createdWithin,
  idIn,
  listPage,
  searchCondition,
  type Listed,
  type ListFilter,
  type PageRequest,
} from '../../server/db/list-query.ts';
import { onboardingForms, type OnboardingForm } from '../../server/db/schema.ts';
import {
  deleteRows,
  exported,
  type PersonalDataOwner,
} from '../../server/privacy/personal-data.ts';
import { cutoffOf } from '../../server/privacy/retention.ts';
import type { StepKey } from './order-onboarding';

export async function findOnboardingForm(db: Db, orderId: number): Promise<OnboardingForm | null> {
  const [form] = await db
    .select()
    .from(onboardingForms)
    .where(eq(onboardingForms.orderId, orderId));
  return form ?? null;
}

/** Stores one step's answers (creating the order's row on the first step). */
export async function storeOnboardingStep(
  tx: Db,
  orderId: number,
  step: StepKey,
  data: Record<string, unknown>,
  { completing, now }: { completing: boolean; now: Date },
): Promise<void> {
  await tx
    .insert(onboardingForms)
    .values({ orderId, [step]: data, completed: completing, updatedAt: now })
    .onConflictDoUpdate({
      target: onboardingForms.orderId,
      set: { [step]: data, updatedAt: now, ...(completing ? { completed: true } : {}) },
    });
}

/** The forms of these orders, by order id (orders without a form are absent). */
export async function onboardingFormsOf(
  db: Db,
  orderIds: number[],
): Promise<Map<number, OnboardingForm>> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .select()
    .from(onboardingForms)
    .where(idIn(onboardingForms.orderId, orderIds));
  return new Map(rows.map((r) => [r.orderId, r]));
}

export async function onboardingFormCounts(
  db: Db,
): Promise<{ orderForms: number; completed: number }> {
  const [row] = await db
    .select({ orderForms: countAll, completed: countWhere(sql`${onboardingForms.completed}`) })
    .from(onboardingForms);
  return row ?? { orderForms: 0, completed: 0 };
}

/**
 * Forms for the admin, latest update first. A search word matches the stored answers or, via
 * `ordersMatching(word)` (a subquery of order ids from the orders feature), the form's order.
 * `status`: "completed" or "in-progress".
 */
export async function listOnboardingForms(
  db: Db,
  filter: ListFilter,
  page: PageRequest,
  ordersMatching?: (word: string) => SQLWrapper,
): Promise<Listed<OnboardingForm>> {
  const t = onboardingForms;
  const where = and(
    searchCondition(
      filter.q,
      t.searchText,
      ordersMatching && ((word) => inArray(t.orderId, ordersMatching(word))),
    ),
    filter.status ? eq(t.completed, filter.status === 'completed') : undefined,
    ...createdWithin(t.createdAt, filter),
  );
  return listPage(db, t, where, { at: t.updatedAt, id: t.id }, page);
}

/** The most recently updated business details among these orders (a subquery of order ids). */
export async function latestBusinessInfo(
  db: Db,
  orderIds: SQLWrapper,
): Promise<Record<string, unknown> | null> {
  const [latest] = await db
    .select({ businessInfo: onboardingForms.businessInfo })
    .from(onboardingForms)
    .where(and(inArray(onboardingForms.orderId, orderIds), isNotNull(onboardingForms.businessInfo)))
    .orderBy(desc(onboardingForms.updatedAt))
    .limit(1);
  return (latest?.businessInfo as Record<string, unknown> | undefined) ?? null;
}

/**
 * The answers hold the business's details and the person's words; they are the person's by
 * their orders. The uploaded logos live in Blobs, removed by the privacy feature alongside.
 */
export const personalData: PersonalDataOwner = {
  async holds(db, person) {
    const forms = await onboardingFormsOf(db, person.orderIds);
    return { onboarding_forms: [...forms.values()].map((f) => exported(f)) };
  },
  async erase(db, person) {
    if (!person.orderIds.length) return { onboarding_forms: 0 };
    const ofTheirOrders = idIn(onboardingForms.orderId, person.orderIds);
    return { onboarding_forms: await deleteRows(db, onboardingForms, ofTheirOrders) };
  },
  // A form still being changed within the period stays, whatever its order's dates say.
  async purge(db, scope) {
    const cutoff = cutoffOf('onboarding', scope.now);
    const expired = and(
      inArray(onboardingForms.orderId, scope.ordersEndedBefore(cutoff)),
      lt(onboardingForms.updatedAt, cutoff),
    );
    return { onboarding: { onboarding_forms: await deleteRows(db, onboardingForms, expired) } };
  },
};

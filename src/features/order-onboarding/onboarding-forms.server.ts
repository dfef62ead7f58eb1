// Order fields are never joined here: whoever needs them asks the orders feature.
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

// The logos live in Blobs, removed by the privacy feature alongside.
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

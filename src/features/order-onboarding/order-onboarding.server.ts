import { countStep } from '../insights/insights.server.ts';
import { z } from '../../lib/zod-mini';
import { linkClientToCrm } from '../clients/clients.server.ts';
import { getDb, type Db } from '../../server/db/client.ts';
import type { OnboardingForm, Order } from '../../server/db/schema.ts';
import { readEnv } from '../../server/env.ts';
import { handler } from '../../server/handler.ts';
import { readJson } from '../../server/request-body.ts';
import { HttpError, json } from '../../server/responses.ts';
import { assertSameOrigin } from '../../server/same-origin.ts';
import { deliverInBackground } from '../../server/mail/delivery.ts';
import { enqueueEmail } from '../../server/mail/outbox.ts';
import { onboardingCompletedEmail } from './order-onboarding-emails.tsx';
import {
  actingClientId,
  canSeeOrder,
  readClientAccess,
  type ClientAccess,
} from '../clients/clients.server.ts';
import type { CrmClient } from '../../server/crm/crm.ts';
import {
  LOGO_URL_PATTERN,
  STEP_KEYS,
  STEP_SCHEMAS,
  stepRequestSchema,
  type StepKey,
} from './order-onboarding';
import { findOrder } from '../orders/orders.server.ts';
import { findOnboardingForm, storeOnboardingStep } from './onboarding-forms.server.ts';

export {
  latestBusinessInfo,
  listOnboardingForms,
  onboardingFormCounts,
  onboardingFormsOf,
} from './onboarding-forms.server.ts';
import { logError } from '../../server/log.ts';

const SIGN_IN_FOR_ORDER = 'Please sign in to continue with this order.';
const ORDER_NOT_FOUND = 'Order not found';

// Without a session: 403, whatever the id. Signed in: 404 alike for a missing and another client's
// order, so sequential ids tell nobody which orders exist.
export async function requireOwnedOrder(
  db: Db,
  orderId: number,
  access: ClientAccess | null,
): Promise<Order> {
  if (!access) throw new HttpError(403, SIGN_IN_FOR_ORDER);
  const order = await findOrder(db, orderId);
  if (!order || !canSeeOrder(access, order)) throw new HttpError(404, ORDER_NOT_FOUND);
  return order;
}

export type OnboardingState = {
  order: {
    id: number;
    orderNumber: string;
    productId: string;
    productName: string;
    customerName: string;
    customerEmail: string;
  };
  clientId: number | null;
  form: Pick<
    OnboardingForm,
    'businessInfo' | 'projectDetails' | 'designPreferences' | 'completed'
  > | null;
};

export async function loadOnboardingState(
  db: Db,
  orderId: number,
  access: ClientAccess | null,
): Promise<OnboardingState> {
  const order = await requireOwnedOrder(db, orderId, access);
  const form = await findOnboardingForm(db, order.id);
  return {
    order: {
      id: order.id,
      orderNumber: order.orderNumber,
      productId: order.productId,
      productName: order.productName,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
    },
    clientId:
      order.clientId !== null && actingClientId(access) === order.clientId ? order.clientId : null,
    form: form
      ? {
          businessInfo: form.businessInfo,
          projectDetails: form.projectDetails,
          designPreferences: form.designPreferences,
          completed: form.completed,
        }
      : null,
  };
}

type SaveStepOptions = { crm?: CrmClient; visitor?: Request };

type SaveStepResult = {
  success: true;
  step: StepKey;
  completed: boolean;
  emailIds: number[];
};

/** Steps are saved in order: a later step before an earlier one is a 409. */
async function saveOnboardingStep(
  db: Db,
  step: StepKey,
  body: unknown,
  access: ClientAccess | null,
  options: SaveStepOptions = {},
): Promise<SaveStepResult> {
  // Who may write comes before what is written: a stranger learns nothing from validation.
  const envelope = stepRequestSchema(z.unknown()).safeParse(body);
  if (!envelope.success) throw new HttpError(400, 'orderId: Invalid order');
  const order = await requireOwnedOrder(db, envelope.data.orderId, access);
  const parsed = (STEP_SCHEMAS[step]() as z.ZodMiniType<Record<string, unknown>>).safeParse(
    envelope.data.data,
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = (issue?.path ?? []).join('.');
    throw new HttpError(
      400,
      path ? `${path}: ${issue?.message}` : (issue?.message ?? 'Invalid request'),
    );
  }
  const data = parsed.data;

  if (step === 'businessInfo' && typeof data.logoUrl === 'string' && data.logoUrl) {
    // Only a logo uploaded for this very order may be referenced.
    const match = LOGO_URL_PATTERN.exec(data.logoUrl);
    if (!match || Number(match[1]) !== order.id)
      throw new HttpError(400, 'logoUrl: Please upload the logo again');
  }

  const existing = await findOnboardingForm(db, order.id);
  const index = STEP_KEYS.indexOf(step);
  const missing = STEP_KEYS.slice(0, index).find((key) => existing?.[key] == null);
  if (missing) throw new HttpError(409, 'Please complete the previous step first.');

  const completing = step === 'designPreferences';
  const wasCompleted = existing?.completed ?? false;
  const now = new Date();
  const emailIds: number[] = [];

  await db.transaction(async (tx) => {
    await storeOnboardingStep(tx, order.id, step, data, { completing, now });
    if (completing && !wasCompleted) {
      const mail = await enqueueEmail(tx, completedEmail(order));
      emailIds.push(mail.id);
    }
  });
  if (completing && !wasCompleted) await countStep(db, 'onboardings', options.visitor, now);

  // Only a browser signed in to the order's client by a sign-in link (the address proven) may
  // have a CRM account made for it; one that only paid is offered the proof on the dashboard.
  if (
    completing &&
    order.clientId !== null &&
    access?.wholeAccount &&
    actingClientId(access) === order.clientId
  ) {
    // The CRM link is best effort: the saved onboarding stands even if the CRM is down;
    // the dashboard then offers "Connect to GoHighLevel".
    try {
      const linked = await linkClientToCrm(db, order.clientId, {
        crm: options.crm,
        businessInfo: existing?.businessInfo ?? null,
      });
      emailIds.push(...linked.emailIds);
    } catch (error) {
      logError('Linking the client to the CRM failed', error);
    }
  }

  return { success: true, step, completed: completing || wasCompleted, emailIds };
}

function completedEmail(order: Order) {
  const { teamEmail, siteUrl } = readEnv();
  return {
    kind: 'onboarding.completed',
    to: teamEmail,
    about: {
      emails: [order.customerEmail],
      clientIds: order.clientId === null ? [] : [order.clientId],
    },
    ...onboardingCompletedEmail(order, new URL('/admin', siteUrl).toString()),
  };
}

/** For the logo endpoints, which answer 404 rather than 403 for others' files. */
export async function ownsOrder(
  db: Db,
  orderId: number,
  access: ClientAccess | null,
): Promise<boolean> {
  if (!access) return false;
  const order = await findOrder(db, orderId);
  return Boolean(order && canSeeOrder(access, order));
}

export function onboardingStepHandler(step: StepKey) {
  return handler(['POST'], async (req, context) => {
    assertSameOrigin(req);
    const body = await readJson(req);
    const db = await getDb();
    const result = await saveOnboardingStep(db, step, body, await readClientAccess(db, req), {
      visitor: req,
    });
    if (result.emailIds.length) deliverInBackground(db, result.emailIds, context);
    return json({ success: true, step, completed: result.completed });
  });
}

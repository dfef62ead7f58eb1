/** Test fixtures for the admin panel's integration tests (never imported by app code). */
import type { Db } from '../server/db/client';
import {
  clientOnboardingSubmissions,
  contactMessages,
  meetingRequests,
  onboardingForms,
  orderItems,
  orders,
} from '../server/db/schema';
import { textAttachment } from '../server/mail/attachments';
import { enqueueEmail } from '../server/mail/outbox';
import { createSession, verifySessionFactor } from '../server/auth/session';
import { createOrResetUser } from '../server/auth/accounts';

export const TEST_ORIGIN = 'http://localhost:4321';
export const TEST_PASSWORD = 'correct horse battery staple';

let seq = 0;

export async function seedAdmin(db: Db, username = `admin${++seq}`) {
  const user = await createOrResetUser(db, username, TEST_PASSWORD);
  return {
    ...user,
    /**
     * A new session cookie for this admin (each call is a separate browser), signed in with the
     * password and a second factor, so it reaches the data.
     */
    cookie: async () => `__Host-admin_session=${await verifiedSession(db, user.id)}`,
    /** A session opened by the password alone: it reaches only the second-factor screens. */
    passwordOnlyCookie: async () =>
      `__Host-admin_session=${(await createSession(db, user.id)).token}`,
  };
}

/** The token of a session whose second factor was verified `ageMs` ago. */
export async function verifiedSession(db: Db, userId: number, ageMs = 0): Promise<string> {
  const now = new Date(Date.now() - ageMs);
  const { token } = await createSession(db, userId, { now });
  return (await verifySessionFactor(db, token, now))!;
}

export async function seedOrder(
  db: Db,
  overrides: Partial<typeof orders.$inferInsert> = {},
  withOnboarding = true,
) {
  const n = ++seq;
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `ORD-T${n}`,
      checkoutSessionId: `cs_test_${n}`,
      productId: 'starter',
      productName: 'Starter Website Package',
      amount: 100_000,
      stripePaymentIntentId: `sim_pi_${n}`,
      customerEmail: `buyer${n}@example.com`,
      customerName: `Buyer ${n}`,
      status: 'paid',
      items: '[]',
      isTest: true,
      ...overrides,
    })
    .returning();
  await db.insert(orderItems).values({
    orderId: order!.id,
    productId: 'starter',
    name: 'Starter Website Package',
    type: 'website',
    billingCycle: 'oneTime',
    unitAmountCents: 100_000,
    quantity: 1,
  });
  if (withOnboarding) {
    await db.insert(onboardingForms).values({
      orderId: order!.id,
      businessInfo: {
        businessName: 'Acme Bakery',
        industry: 'Food',
        contactName: 'Ada Baker',
        email: 'ada@acme.example',
        phone: '5550100100',
        description: 'Fresh bread every morning',
        logoUrl: `/api/onboarding/logo/${order!.id}/abcdefgh1234`,
        logoFile: 'logo.png',
      },
      projectDetails: {
        goals: 'Sell more bread online',
        targetAudience: 'Locals',
        keyFeatures: 'Online ordering',
        timeline: '1 month',
      },
    });
  }
  return order!;
}

export async function seedContact(
  db: Db,
  overrides: Partial<typeof contactMessages.$inferInsert> = {},
) {
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      message: 'Please call me back about a site',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function seedMeeting(
  db: Db,
  overrides: Partial<typeof meetingRequests.$inferInsert> = {},
) {
  const [row] = await db
    .insert(meetingRequests)
    .values({
      name: 'Alan Turing',
      email: 'alan@example.com',
      meetingType: 'consultation',
      preferredDate: '2099-03-10',
      preferredTime: '9:30 AM',
      timezone: 'EST',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function seedClientOnboarding(db: Db) {
  const [row] = await db
    .insert(clientOnboardingSubmissions)
    .values({
      fullName: 'Linus T',
      email: 'linus@example.com',
      businessName: 'Kernel Cafe',
      simulated: true,
      data: {
        fullName: 'Linus T',
        businessType: 'restaurant',
        projectType: 'new-website',
        termsAccepted: true,
      },
    })
    .returning();
  return row!;
}

export async function seedEmail(db: Db) {
  return enqueueEmail(db, {
    kind: 'test.email',
    to: 'someone@example.com',
    about: { emails: ['someone@example.com'] },
    subject: 'Hello',
    text: 'Hello there',
    html: '<p>Hello there</p>',
    attachments: [
      textAttachment(
        'invite.ics',
        'text/calendar; charset=utf-8',
        'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
      ),
    ],
  });
}

/**
 * An admin (`username`) and a row in every list the panel shows: a paid order with its
 * onboarding, a contact message, a meeting request, a client-onboarding submission and an
 * e-mail in the outbox.
 */
export async function seedAdminLists(db: Db, username?: string) {
  const admin = await seedAdmin(db, username);
  const order = await seedOrder(db);
  const contact = await seedContact(db);
  const meeting = await seedMeeting(db);
  const clientOnboarding = await seedClientOnboarding(db);
  const email = await seedEmail(db);
  return { admin, order, contact, meeting, clientOnboarding, email };
}

/** A browser-like request from the panel's own origin. */
export function adminRequest(
  method: string,
  path: string,
  {
    cookie,
    body,
    csrf = true,
    origin = TEST_ORIGIN,
    ip,
  }: {
    cookie?: string;
    body?: unknown;
    csrf?: boolean;
    origin?: string;
    ip?: string;
  } = {},
): Request {
  const headers: Record<string, string> = { origin };
  if (cookie) headers.cookie = cookie;
  if (csrf) headers['x-requested-with'] = 'fetch';
  if (ip) headers['x-nf-client-connection-ip'] = ip;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return new Request(`${TEST_ORIGIN}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

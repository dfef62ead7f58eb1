/**
 * Fixtures of the admin specs: admin accounts, and what the panel shows seeded through the real
 * public endpoints (leads, orders, onboarding), never through pages other specs click through.
 */
import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import {
  adminHeaders,
  createAdmin,
  enrolApp,
  nextCode,
  unique,
  type AdminAccount,
} from '../admin-accounts';
import { expect, fromIp, fromOwnAddress, isoDateInDays, randomIp, test as base } from '../fixtures';
import { query } from '../whole-account';

/** An admin with an authenticator app, and a request context signed in to its own session. */
export type SignedInAdmin = AdminAccount & {
  appKey: string;
  session: APIRequestContext;
  origin: string;
  factorVerifiedAt: number;
};

export type Person = { name: string; email: string };
export type Lead = Person & { marker: string };

/** A 1×1 PNG, the smallest logo the upload endpoint accepts. */
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

// Exports and long lists ask for the factor again 10 minutes after it was given (STEP_UP_WINDOW_MS).
const REVERIFY_AFTER_MS = 7 * 60 * 1000;

/** Posts JSON to a public endpoint from `ip`, as the site's forms do; answers the JSON. */
async function post(
  request: APIRequestContext,
  baseURL: string | undefined,
  path: string,
  ip: string,
  data: unknown,
) {
  const res = await request.post(path, { data, headers: { Origin: baseURL!, ...fromIp(ip) } });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

async function newSignedInAdmin(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  prefix?: string,
): Promise<SignedInAdmin> {
  const account = await createAdmin(prefix);
  const session = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: fromIp(randomIp()),
  });
  const origin = new URL(baseURL).origin;
  const appKey = await enrolApp(session, account, origin);
  return { ...account, appKey, session, origin, factorVerifiedAt: Date.now() };
}

/** Confirms the app's code again on a session whose factor is about to need it. */
async function keepFactorRecent(admin: SignedInAdmin) {
  if (Date.now() - admin.factorVerifiedAt < REVERIFY_AFTER_MS) return;
  const verified = await admin.session.post('/api/admin/verify', {
    headers: adminHeaders(admin.origin),
    data: { method: 'totp', code: await nextCode(admin.appKey) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  admin.factorVerifiedAt = Date.now();
}

/** Opens the panel in `page` on the session of `admin` (its cookie), from an address of its own. */
export async function openPanelAs(page: Page, admin: SignedInAdmin) {
  await keepFactorRecent(admin);
  await fromOwnAddress(page.context());
  await page.context().addCookies((await admin.session.storageState()).cookies);
  await page.goto('/admin');
  await expect(page.getByText(`Signed in as ${admin.username}`)).toBeVisible();
}

type WorkerFixtures = {
  /** One admin per worker (each sign-in enrols an app), for tests that only read. */
  admin: SignedInAdmin;
};

type TestFixtures = {
  /** An admin of this test alone, for tests that sign out or change factors or sessions. */
  ownAdmin: SignedInAdmin;
  /** A new admin with no second factor yet. */
  newAdmin: AdminAccount;
  /** The panel open on the worker's admin. */
  signedInAdmin: Page;
  contactMessage: Lead;
  meetingRequest: Lead;
  /** The meeting request, confirmed by the worker's admin through the panel's API. */
  confirmedMeeting: Lead;
  /** An order paid through the simulated checkout (what its "Pay" button submits). */
  paidOrder: Person;
  /** A mock order whose buyer uploaded a logo and sent the business information. */
  onboardedOrder: { business: string };
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  admin: [
    async ({ playwright }, use, workerInfo) => {
      const admin = await newSignedInAdmin(playwright, workerInfo.project.use.baseURL!);
      await use(admin);
      await admin.session.dispose();
    },
    { scope: 'worker', timeout: 180_000 },
  ],

  ownAdmin: [
    async ({ playwright, baseURL }, use) => {
      const admin = await newSignedInAdmin(playwright, baseURL!);
      await use(admin);
      await admin.session.dispose();
    },
    { timeout: 180_000 },
  ],

  newAdmin: [async ({}, use) => use(await createAdmin('e2e-factors')), { timeout: 180_000 }],

  signedInAdmin: async ({ page, admin }, use) => {
    await openPanelAs(page, admin);
    await use(page);
  },

  contactMessage: async ({ request, baseURL }, use) => {
    const lead = newLead();
    await post(request, baseURL, '/api/contact-form', randomIp(), {
      name: lead.name,
      email: lead.email,
      phone: '',
      company: 'E2E Widgets',
      message: `Please call me about a new website (${lead.marker}).`,
      formType: 'contact',
    });
    await use(lead);
  },

  meetingRequest: async ({ request, baseURL }, use) => {
    const lead = newLead();
    const meeting = await post(request, baseURL, '/api/schedule-meeting', randomIp(), {
      name: lead.name,
      email: lead.email,
      phone: '',
      company: 'E2E Widgets',
      meetingType: 'consultation',
      preferredDate: isoDateInDays(9),
      preferredTime: '10:00 AM',
      timezone: 'EST',
      message: '',
    });
    expect(meeting.success).toBe(true);
    await use(lead);
  },

  confirmedMeeting: async ({ meetingRequest, admin }, use) => {
    const [row] = await query<{ id: number }>('select id from meeting_requests where email = $1', [
      meetingRequest.email,
    ]);
    const confirmed = await admin.session.post(`/api/admin/meeting-requests/${row!.id}`, {
      headers: adminHeaders(admin.origin),
      data: { action: 'confirm' },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    await use(meetingRequest);
  },

  paidOrder: async ({ request, baseURL }, use) => {
    const id = unique();
    const ip = randomIp();
    const buyer = { name: `Buyer ${id}`, email: `buyer-${id}@example.com` };
    const { url } = await post(request, baseURL, '/api/create-checkout-session', ip, {
      items: [{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }],
      success_url: `${baseURL}/checkout/success`,
      cancel_url: `${baseURL}/checkout`,
    });
    const session = new URL(url).searchParams.get('session')!;
    const paid = await request.post('/api/simulated-checkout', {
      form: { session, name: buyer.name, email: buyer.email, action: 'pay' },
      headers: { Origin: baseURL!, ...fromIp(ip) },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(303);
    expect(paid.headers().location).toContain('/checkout/success');
    await use(buyer);
  },

  onboardedOrder: async ({ request, baseURL }, use) => {
    const id = unique();
    const ip = randomIp();
    const business = `Bakery ${id}`;
    const { orderId } = await post(request, baseURL, '/api/test/create-mock-order', ip, {
      productId: 'starter',
      customerName: `Baker ${id}`,
      customerEmail: `baker-${id}@example.com`,
    });
    // The mock order signed `request` in as its buyer, whom the upload asks for.
    const upload = await request.post(`/api/onboarding/logo?orderId=${orderId}`, {
      data: Buffer.from(PNG_1PX, 'base64'),
      headers: { Origin: baseURL!, ...fromIp(ip), 'Content-Type': 'image/png' },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const { logoUrl } = await upload.json();
    await post(request, baseURL, '/api/onboarding/business-info', ip, {
      orderId,
      data: {
        businessName: business,
        industry: 'Food and drink',
        contactName: 'Ada Baker',
        email: `baker-${id}@example.com`,
        phone: '555 010 0100',
        description: 'Fresh bread every morning, delivered.',
        logoUrl,
        logoFile: 'logo.png',
      },
    });
    await use({ business });
  },
});

export { expect };

function newLead(): Lead {
  const marker = unique();
  return { name: `Visitor ${marker}`, email: `visitor-${marker}@example.com`, marker };
}

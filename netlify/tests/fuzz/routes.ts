/**
 * What the fuzz knows about each route: the only file to edit when an endpoint is added.
 *
 * - `shapesFor`: valid-looking bodies for a route pattern (from the feature schemas); the engine
 *   sends them as they are, mutates them field by field and poisons every string in them.
 *   A route not listed gets `{}`, which still exercises methods, origins, sessions and junk.
 * - `validParam` / `validQuery` / `QUERY_KEYS`: valid path params and query values, which the
 *   engine mixes with junk so the fuzz reaches past the 404s of unknown ids.
 * - `BODY_KINDS` / `baseQuery`: routes whose body is not JSON (a browser form, raw upload bytes,
 *   a signed Stripe event) and the query a well-formed request carries.
 *
 * Values that point at seeded rows (order ids, sessions, logo keys) come from the fixtures the
 * engine creates before the first route runs (fixtures.ts, `Fixtures`).
 */
import { CLIENT_ONBOARDING_DEFAULTS } from '../../../src/features/client-onboarding/client-onboarding.ts';
import { TEST_PASSWORD } from '../../../src/testing/admin-seed.ts';
import {
  BUSINESS_INFO,
  DESIGN_PREFERENCES,
  PROJECT_DETAILS,
} from '../../../src/testing/onboarding-fixtures.ts';
import { ORIGIN, type BodyKind, type Routes, type Shape } from './cases.ts';
import type { Fixtures } from './fixtures.ts';

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Valid-looking payloads per route (from the feature schemas); mutated by the fuzz. */
export function shapesFor(pattern: string, f: Fixtures): Shape[] {
  switch (pattern) {
    case '/api/contact-form':
      return [
        {
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          phone: '555-0142',
          company: 'Analytical Engines',
          message: 'Hello, I would like a new website for my bakery.',
          formType: 'contact',
        },
        {
          name: 'Bot',
          email: 'bot@example.com',
          message: 'Buy cheap things now!!',
          website: 'http://spam.example',
        },
      ];
    case '/api/schedule-meeting':
      return [
        {
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          phone: '555-0142',
          company: 'Analytical Engines',
          meetingType: 'consultation',
          preferredDate: inDays(10),
          preferredTime: '9:30 AM',
          timezone: 'EST',
          message: 'Looking forward to it.',
          website: '',
        },
      ];
    case '/api/insights':
      return [
        { k: 'view', p: '/products', r: 'https://www.google.com/', q: '?utm_source=news' },
        { k: 'step', s: 'cartAdds', p: '/products' },
        { k: 'vitals', p: '/', m: { LCP: 1200, CLS: 0.01, INP: 80 }, a: { LCP: 'main>h1' } },
      ];
    case '/api/subscribe':
      return [{ email: 'ada@example.com', source: 'airbnb-automation', website: '' }];
    case '/api/auth/magic-link':
      return [{ email: 'fuzz.client@example.com' }];
    case '/api/auth/magic':
      return [{ token: 'A'.repeat(43) }];
    case '/api/clients/onboarding':
      return [
        {
          // The form's own defaults (project type, domain, hosting, SEO, ...), then every field.
          ...CLIENT_ONBOARDING_DEFAULTS,
          fullName: 'Ada Lovelace',
          email: 'ada.onboarding@example.com',
          businessName: 'Acme Bakery',
          phone: '555-0142',
          businessType: 'restaurant',
          website: 'https://acme.example.com',
          yearsInBusiness: '3-5',
          businessDescription: 'A neighbourhood bakery.',
          productsServices: 'Bread and cakes',
          projectBudget: 'not-sure',
          timeline: 'asap',
          targetAudience: 'Locals',
          competitors: 'The other bakery',
          projectNotes: 'None',
          goalsObjectives: 'More orders',
          websiteType: 'brochure',
          numberOfPages: '1-5',
          requiredPages: 'Home, Menu',
          contentCreation: 'partial',
          imageSource: 'stock',
          functionalRequirements: 'Online ordering',
          integrationRequirements: 'None',
          colorPreferences: 'Cream',
          brandStyle: 'modern',
          existingAssets: 'logo-only',
          inspirationalWebsites: 'https://example.com',
          designDislikes: 'Pop-ups',
          additionalRequirements: 'None',
          referralSource: 'search',
          questions: 'When can you start?',
          termsAccepted: true,
          productId: 'starter',
          homepage: '',
        },
      ];
    case '/api/onboarding/business-info':
      return [
        {
          orderId: f.orderId,
          data: {
            ...BUSINESS_INFO,
            logoUrl: `/api/onboarding/logo/${f.orderId}/${f.logoKey}`,
            logoFile: 'logo.png',
          },
        },
      ];
    case '/api/onboarding/project-details':
      return [
        { orderId: f.orderId, data: { ...PROJECT_DETAILS, competitors: 'The other bakery' } },
      ];
    case '/api/onboarding/design-preferences':
      return [
        {
          orderId: f.orderId,
          data: {
            ...DESIGN_PREFERENCES,
            logoUpload: true,
            inspirationalWebsites: 'https://example.com',
            additionalNotes: 'None',
          },
        },
      ];
    case '/api/create-checkout-session':
      return [
        {
          items: [
            {
              id: 'starter',
              billingCycle: 'oneTime',
              quantity: 1,
              price: 0.01,
              name: 'Free website',
            },
            { id: 'lily-ai', billingCycle: 'monthly', quantity: 1 },
          ],
          success_url: `${ORIGIN}/checkout/success`,
          cancel_url: `${ORIGIN}/checkout`,
        },
      ];
    case '/api/create-payment-intent':
      return [
        {
          items: [{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }],
          totalAmount: 1000,
          customerInfo: { name: 'Ada Lovelace', email: 'ada@example.com' },
        },
      ];
    case '/api/simulated-checkout':
      return [
        {
          session: f.simSessions[0],
          action: 'pay',
          name: 'Ada Lovelace',
          email: 'ada@example.com',
        },
        { session: f.simSessions[1], action: 'decline' },
        { session: f.simSessions[2], action: 'cancel' },
        {
          session: f.simSessions[3],
          action: 'expire',
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          promotions: 'opt_in',
        },
        { session: f.simSessions[4], action: 'apply', code: 'SAVE10' },
        { session: f.simSessions[5], action: 'remove_code' },
      ];
    case '/api/unsubscribe':
      // RFC 8058's one-click body, as a mail client posts it.
      return [{ 'List-Unsubscribe': 'One-Click' }];
    case '/api/test/create-mock-order':
      return [
        {
          productId: 'starter',
          productName: 'Starter Website Package',
          amount: 1000,
          stripePaymentIntentId: 'pi_fuzz_mock',
          status: 'paid',
          customerName: 'Ada Lovelace',
          customerEmail: 'ada.mock@example.com',
        },
      ];
    case '/api/test/submission':
      return [
        {
          kind: 'contact',
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          message: 'Hello there, a website please.',
        },
        {
          kind: 'meeting',
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          meetingType: 'consultation',
          preferredDate: inDays(10),
          preferredTime: '9:30 AM',
          timezone: 'EST',
        },
      ];
    case '/api/privacy/requests':
      return [{ kind: 'export' }, { kind: 'erase' }];
    case '/api/admin/login':
      return [
        { username: 'fuzz.admin', password: TEST_PASSWORD },
        { username: 'fuzz.admin', password: 'not the password' },
      ];
    case '/api/admin/people':
      return [{ email: 'ada@example.com' }];
    case '/api/admin/people/export':
      return [{ email: 'ada@example.com' }, { email: 'ada@example.com', table: 'orders' }];
    case '/api/admin/contact-messages/:id':
      return [{ status: 'handled' }, { status: 'new' }];
    case '/api/admin/privacy-requests/:id/answer':
      return [{ leave: [] }, { leave: ['crm'] }];
    case '/api/admin/meeting-requests/:id':
      return [
        { action: 'confirm', note: 'See you then' },
        { action: 'propose', date: inDays(20), time: '10:00 AM', note: 'How about this?' },
        { action: 'decline', note: 'Sorry' },
      ];
    default:
      return [{}];
  }
}

/** Valid values for path params, by pattern and name (the fuzz mixes them with junk). */
export function validParam(pattern: string, name: string, f: Fixtures): string {
  const byName: Record<string, string> = {
    sessionId: f.simSessions[3]!,
    paymentIntentId: f.paymentIntentId,
    itemId: String(f.itemId),
    userId: String(f.clientId),
    orderId: String(f.orderId),
    key: f.logoKey,
    index: '0',
  };
  if (name === 'id') {
    if (pattern.includes('contact-messages')) return String(f.contactId);
    if (pattern.includes('meeting-requests')) return String(f.meetingId);
    if (pattern.includes('outbox')) return String(f.emailId);
    return String(f.clientId);
  }
  return byName[name] ?? String(f.orderId);
}

/** Valid values for query keys any route might read. */
export function validQuery(key: string, f: Fixtures): string {
  const values: Record<string, string> = {
    q: 'starter',
    status: 'paid',
    from: '2026-01-01',
    to: '2099-12-31',
    page: '1',
    pageSize: '20',
    format: 'csv',
    orderId: String(f.orderId),
    token: 'A'.repeat(43),
    session: f.simSessions[4]!,
    session_id: f.simSessions[4]!,
    ref: 'A'.repeat(32),
  };
  return values[key] ?? 'x';
}
/** Query keys any route might read; the fuzz sends them with valid values and junk. */
export const QUERY_KEYS = [
  'q',
  'status',
  'from',
  'to',
  'page',
  'pageSize',
  'format',
  'orderId',
  'token',
  'session',
  'session_id',
  'ref',
];

/** Routes whose body is not JSON; every other route gets JSON bodies. */
const BODY_KINDS: Record<string, BodyKind> = {
  '/api/simulated-checkout': 'form',
  '/api/unsubscribe': 'form',
  '/api/onboarding/logo': 'upload',
  '/api/stripe-webhook': 'stripe-event',
};

/** The query string of a well-formed request (the logo upload names its order there). */
export function baseQuery(pattern: string, f: Fixtures): [string, string][] | null {
  return pattern === '/api/onboarding/logo' ? [['orderId', String(f.orderId)]] : null;
}

export const routes: Routes = {
  shapesFor,
  validParam,
  validQuery,
  queryKeys: QUERY_KEYS,
  bodyKind: (pattern) => BODY_KINDS[pattern] ?? 'json',
  baseQuery,
};

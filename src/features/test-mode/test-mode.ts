// The checks take their dependencies as arguments: unit tests run them against fakes.
import { errorMessage } from '../../lib/error-message';
import type { BillingCycle } from '../catalogue/catalogue';
import type {
  BusinessInfo,
  DesignPreferences,
  ProjectDetails,
} from '../order-onboarding/order-onboarding';

type TestProduct = {
  id: string;
  price: number;
  type: 'website' | 'agent';
  billingCycle: BillingCycle;
};

/** Post-purchase §3: the test products. */
export const TEST_PRODUCTS: readonly TestProduct[] = [
  { id: 'starter', price: 1000, type: 'website', billingCycle: 'oneTime' },
  { id: 'advanced', price: 2500, type: 'website', billingCycle: 'oneTime' },
  { id: 'lily-ai', price: 199, type: 'agent', billingCycle: 'monthly' },
  { id: 'social-media-empire', price: 10000, type: 'agent', billingCycle: 'oneTime' },
];

/** Post-purchase §9: a starter plus lily-ai cart must total 1199, tolerance 0.01. */
const EXPECTED_SUITE_TOTAL = 1199;
const TOTAL_TOLERANCE = 0.01;

export const TEST_CHECKOUT_PACKAGES = [
  { id: 'starter', name: 'Starter Website Package', price: 1000 },
  { id: 'advanced', name: 'Advanced Website Package', price: 2500 },
] as const;

const CANNED_BUSINESS_INFO: BusinessInfo = {
  businessName: 'Test Business Inc.',
  industry: 'Professional Services',
  contactName: 'Test Customer',
  email: 'test.customer@example.com',
  phone: '(555) 010-0000',
  website: 'https://example.com',
  description: 'A test business created by the test checkout page to exercise onboarding.',
};

const CANNED_PROJECT_DETAILS: ProjectDetails = {
  goals: 'Launch a modern website that turns visitors into booked consultations.',
  targetAudience: 'Small business owners in the local area',
  keyFeatures: 'Contact form, online booking, service pages and a blog',
  timeline: 'Within 4-6 weeks',
  competitors: 'example.org, example.net',
};

const CANNED_DESIGN_PREFERENCES: DesignPreferences = {
  colorPreferences: 'Deep blue and white with an orange accent',
  stylePreferences: 'Modern, clean and minimal',
  logoUpload: false,
  inspirationalWebsites: 'https://example.com',
  additionalNotes: 'Created by the test checkout page.',
};

export const TEST_STEPS = [
  {
    n: 1,
    title: 'Business Information',
    path: '/api/onboarding/business-info',
    data: CANNED_BUSINESS_INFO,
  },
  {
    n: 2,
    title: 'Project Details',
    path: '/api/onboarding/project-details',
    data: CANNED_PROJECT_DETAILS,
  },
  {
    n: 3,
    title: 'Design Preferences',
    path: '/api/onboarding/design-preferences',
    data: CANNED_DESIGN_PREFERENCES,
  },
] as const;

export const TEST_REDIRECT_DELAY_MS = 3000;

type TestStatus = 'passed' | 'failed' | 'error';
export type TestResult = { name: string; status: TestStatus; timestamp: string; error?: string };

/** A check answers pass/fail (with why); throwing is recorded as an error. */
type CheckOutcome = { ok: true } | { ok: false; error: string };
type SuiteCheck = { name: string; run: () => Promise<CheckOutcome> };

export type SuiteDeps = {
  fetch: typeof fetch;
  origin: string;
  publishableKey: string;
  fillCart: (productIds: string[]) => {
    items: readonly { id: string; billingCycle: BillingCycle; quantity: number; price: number }[];
    total: number;
  };
};

const pass = (): CheckOutcome => ({ ok: true });
const fail = (error: string): CheckOutcome => ({ ok: false, error });

async function describeFailure(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  return `${res.status}: ${text || res.statusText}`;
}

async function postJson(deps: SuiteDeps, path: string, body: unknown): Promise<Response> {
  return deps.fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The suite's checks, in order. They share the cart filled by the first one. */
export function purchaseFlowChecks(deps: SuiteDeps): SuiteCheck[] {
  let cart: ReturnType<SuiteDeps['fillCart']> = { items: [], total: 0 };
  let paymentIntentId = '';
  let orderId = 0;

  return [
    {
      name: 'Cart total: Starter Website Package + Lily AI equals $1,199',
      run: async () => {
        cart = deps.fillCart(['starter', 'lily-ai']);
        if (cart.items.length !== 2)
          return fail(`Expected 2 cart lines, found ${cart.items.length}`);
        return Math.abs(cart.total - EXPECTED_SUITE_TOTAL) <= TOTAL_TOLERANCE
          ? pass()
          : fail(`Expected ${EXPECTED_SUITE_TOTAL}, got ${cart.total}`);
      },
    },
    {
      name: 'Stripe publishable key is configured (pk_ prefix)',
      run: async () =>
        deps.publishableKey.startsWith('pk_')
          ? pass()
          : fail('The publishable key does not start with pk_'),
    },
    {
      name: 'Checkout session endpoint returns a payment URL',
      run: async () => {
        const res = await postJson(deps, '/api/create-checkout-session', {
          items: cart.items,
          success_url: `${deps.origin}/checkout/success`,
          cancel_url: `${deps.origin}/checkout`,
        });
        if (!res.ok) return fail(await describeFailure(res));
        const body = (await res.json()) as { url?: unknown };
        return typeof body.url === 'string' && body.url.length > 0
          ? pass()
          : fail('No url in the response');
      },
    },
    {
      name: 'Payment intent endpoint returns a client secret',
      run: async () => {
        const res = await postJson(deps, '/api/create-payment-intent', {
          items: cart.items,
          totalAmount: cart.total,
          customerInfo: { name: 'Test Customer', email: 'test.customer@example.com' },
        });
        if (!res.ok) return fail(await describeFailure(res));
        const body = (await res.json()) as { clientSecret?: unknown };
        return typeof body.clientSecret === 'string' && body.clientSecret
          ? pass()
          : fail('No clientSecret in the response');
      },
    },
    {
      name: 'Mock order is created',
      run: async () => {
        paymentIntentId = `pi_test_suite_${Date.now()}`;
        const res = await postJson(deps, '/api/test/create-mock-order', {
          productId: 'starter',
          productName: 'Starter Website Package',
          amount: 1000,
          stripePaymentIntentId: paymentIntentId,
          status: 'completed',
        });
        if (!res.ok) return fail(await describeFailure(res));
        const body = (await res.json()) as { orderId?: unknown };
        if (typeof body.orderId !== 'number') return fail('No orderId in the response');
        orderId = body.orderId;
        return pass();
      },
    },
    {
      name: 'Order lookup by payment reference',
      run: async () => {
        const res = await deps.fetch(`/api/orders/${encodeURIComponent(paymentIntentId)}`, {
          credentials: 'include',
        });
        if (!res.ok) return fail(await describeFailure(res));
        const body = (await res.json()) as { order?: { id?: unknown; status?: unknown } };
        if (body.order?.id !== orderId)
          return fail(`Expected order ${orderId}, got ${String(body.order?.id)}`);
        return body.order.status === 'completed'
          ? pass()
          : fail(`Unexpected status ${String(body.order.status)}`);
      },
    },
    {
      name: 'Products page loads',
      run: async () => {
        const res = await deps.fetch('/products', { credentials: 'include' });
        return res.ok ? pass() : fail(`${res.status}: ${res.statusText}`);
      },
    },
  ];
}

export async function runSuite(
  checks: SuiteCheck[],
  onResult: (result: TestResult) => void,
  now: () => Date = () => new Date(),
): Promise<TestResult[]> {
  const results: TestResult[] = [];
  for (const check of checks) {
    let result: TestResult;
    try {
      const outcome = await check.run();
      result = outcome.ok
        ? { name: check.name, status: 'passed', timestamp: now().toISOString() }
        : {
            name: check.name,
            status: 'failed',
            timestamp: now().toISOString(),
            error: outcome.error,
          };
    } catch (error) {
      const message = errorMessage(error, 'Unknown error');
      result = {
        name: check.name,
        status: 'error',
        timestamp: now().toISOString(),
        error: message,
      };
    }
    results.push(result);
    onResult(result);
  }
  return results;
}

import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import type { PricedLine } from '../db/schema.ts';
import type { ServerEnv } from '../env.ts';
import { chargeFromStripeSession, SESSION_EXPAND } from './stripe-charge.ts';
import {
  planLabel,
  type CreateCheckoutInput,
  type CreatedCheckout,
  type PaymentProvider,
  type ProviderSession,
  type StoredCheckout,
} from './provider.ts';
import { forgetPrices, lookupKeyOf, resolvePrices } from './stripe-prices.ts';

// Pinned so an SDK upgrade never changes a payload's shape silently.
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

const METADATA_VALUE_LIMIT = 500;

type StripeKeys = Pick<ServerEnv, 'stripeSecretKey' | 'stripeApiHost'>;

// Loaded by the first Stripe call: the SDK weighs as much as the rest of a function together.
export async function loadStripe(): Promise<typeof Stripe> {
  return (await import('stripe')).default;
}

export async function createStripeClient(env: StripeKeys): Promise<Stripe> {
  if (!env.stripeSecretKey) throw new Error('STRIPE_SECRET_KEY is not set');
  const config: Stripe.StripeConfig = {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'novareach-storefront' },
  };
  if (env.stripeApiHost) {
    const api = new URL(env.stripeApiHost);
    const protocol = api.protocol === 'http:' ? 'http' : 'https';
    config.host = api.hostname;
    config.port = api.port || (protocol === 'http' ? 80 : 443);
    config.protocol = protocol;
    config.telemetry = false;
  }
  const StripeSdk = await loadStripe();
  return new StripeSdk(env.stripeSecretKey, config);
}

// A very large cart spills into items_2, items_3, ... so every value stays under Stripe's limit.
export function itemsMetadata(lines: readonly PricedLine[]): Record<string, string> {
  const compact = lines.map((l) => ({
    id: l.id,
    cycle: l.billingCycle,
    qty: l.quantity,
    unit: l.unitAmountCents,
  }));
  const chunks: string[] = [];
  let current: typeof compact = [];
  for (const entry of compact) {
    const next = [...current, entry];
    if (current.length && JSON.stringify(next).length > METADATA_VALUE_LIMIT) {
      chunks.push(JSON.stringify(current));
      current = [entry];
    } else {
      current = next;
    }
  }
  chunks.push(JSON.stringify(current));
  return Object.fromEntries(
    chunks.map((chunk, i) => [i === 0 ? 'items' : `items_${i + 1}`, chunk]),
  );
}

function checkoutSessionParams(
  input: CreateCheckoutInput,
  priceIds: readonly string[],
): Stripe.Checkout.SessionCreateParams {
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: input.mode,
    line_items: input.lines.map((line, i) => ({ price: priceIds[i]!, quantity: line.quantity })),
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    metadata: itemsMetadata(input.lines),
    allow_promotion_codes: true,
    billing_address_collection: 'auto',
    automatic_tax: { enabled: true },
    // A checkout reminder (src/features/recovery) goes only to a buyer who ticked this.
    consent_collection: { promotions: 'auto' },
    after_expiration: { recovery: { enabled: true, allow_promotion_codes: true } },
  };
  if (input.customerId) {
    // A proven client's own Customer, so every plan is in one Billing Portal.
    params.customer = input.customerId;
    params.customer_update = { address: 'auto', name: 'auto' };
  } else if (input.mode === 'payment') {
    // Payment mode creates a Customer only when asked; the portal and repeat purchases need one.
    params.customer_creation = 'always';
  }
  if (input.mode === 'payment') {
    params.invoice_creation = { enabled: true };
  } else {
    params.subscription_data = { metadata: { plan: planLabel(input.lines) } };
  }
  return params;
}

// Webhook payloads are signed, not typed: a field of the wrong type or size is treated as absent
// rather than failing the insert and making Stripe retry forever.
function textOf(value: unknown, max = 500): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : null;
}

function idOf(value: unknown): string | null {
  if (value && typeof value === 'object' && 'id' in value) return textOf(value.id, 255);
  return textOf(value, 255);
}

function centsOf(value: unknown): number | null {
  return typeof value === 'number' &&
    Number.isSafeInteger(value) &&
    value >= 0 &&
    value <= 2_147_483_647
    ? value
    : null;
}

export function fromStripeSession(session: Stripe.Checkout.Session): ProviderSession {
  const details: unknown = session.customer_details;
  const detail = (key: 'email' | 'name') =>
    details && typeof details === 'object' ? (details as Record<string, unknown>)[key] : undefined;
  const { charge, incomplete } = chargeFromStripeSession(session);
  return {
    id: session.id,
    status:
      session.status === 'complete'
        ? 'complete'
        : session.status === 'expired'
          ? 'expired'
          : 'open',
    paymentStatus:
      session.payment_status === 'paid'
        ? 'paid'
        : session.payment_status === 'no_payment_required'
          ? 'no_payment_required'
          : 'unpaid',
    customerEmail: textOf(detail('email'), 320) ?? textOf(session.customer_email, 320),
    customerName: textOf(detail('name'), 200),
    paymentIntentId: idOf(session.payment_intent),
    subscriptionId: idOf(session.subscription),
    customerId: idOf(session.customer),
    amountTotalCents: centsOf(session.amount_total),
    charge,
    chargeIncomplete: incomplete,
    promotionsConsent: consentOf(session.consent),
    recoveryUrl: recoveryUrlOf(session.after_expiration),
    recoveredFrom: textOf(session.recovered_from, 200),
  };
}

function consentOf(consent: unknown): 'opt_in' | 'opt_out' | null {
  const promotions =
    consent && typeof consent === 'object'
      ? (consent as { promotions?: unknown }).promotions
      : null;
  return promotions === 'opt_in' || promotions === 'opt_out' ? promotions : null;
}

// Only an https link: it goes into an e-mail's button.
function recoveryUrlOf(afterExpiration: unknown): string | null {
  const recovery =
    afterExpiration && typeof afterExpiration === 'object'
      ? (afterExpiration as { recovery?: unknown }).recovery
      : null;
  const url =
    recovery && typeof recovery === 'object'
      ? textOf((recovery as { url?: unknown }).url, 2000)
      : null;
  return url && /^https:\/\//.test(url) ? url : null;
}

// Stripe reads only the id; the other fields are placeholders.
export function unstoredSession(id: string): StoredCheckout {
  return {
    id,
    provider: 'stripe',
    mode: 'payment',
    status: 'open',
    customerEmail: null,
    customerName: null,
    paymentIntentId: null,
    amountTotalCents: 0,
    lines: [],
    currency: 'usd',
    promotionCode: null,
  };
}

function refusesPrice(error: unknown): boolean {
  const { type, param } = error as { type?: unknown; param?: unknown };
  return (
    type === 'StripeInvalidRequestError' &&
    typeof param === 'string' &&
    /^line_items\[\d+\]\[price\]$/.test(param)
  );
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;

  #client: Promise<Stripe> | undefined;

  private readonly keys: StripeKeys;

  constructor(keys: StripeKeys) {
    this.keys = keys;
    if (!keys.stripeSecretKey) throw new Error('STRIPE_SECRET_KEY is not set');
  }

  private stripe(): Promise<Stripe> {
    return (this.#client ??= createStripeClient(this.keys));
  }

  private get account(): string {
    const key = createHash('sha256')
      .update(this.keys.stripeSecretKey ?? '')
      .digest('hex');
    return `${this.keys.stripeApiHost ?? 'api.stripe.com'} ${key}`;
  }

  async createCheckout(input: CreateCheckoutInput): Promise<CreatedCheckout> {
    const stripe = await this.stripe();
    const { priceIds, fromCache } = await resolvePrices(stripe, this.account, input.lines);
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.create(checkoutSessionParams(input, priceIds), {
        idempotencyKey: input.idempotencyKey,
      });
    } catch (error) {
      if (!fromCache || !refusesPrice(error)) throw error;
      // `npm run stripe:setup` replaced a Price this instance remembered: look them up again.
      forgetPrices(this.account, input.lines.map(lookupKeyOf));
      const fresh = await resolvePrices(stripe, this.account, input.lines);
      const digest = createHash('sha256').update(fresh.priceIds.join(',')).digest('base64url');
      session = await stripe.checkout.sessions.create(
        checkoutSessionParams(input, fresh.priceIds),
        {
          idempotencyKey: `${input.idempotencyKey}:${digest.slice(0, 16)}`,
        },
      );
    }
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { id: session.id, url: session.url };
  }

  async invoiceOfPayment(paymentIntentId: string): Promise<string | null> {
    const stripe = await this.stripe();
    const params: Stripe.InvoicePaymentListParams = {
      payment: { type: 'payment_intent', payment_intent: paymentIntentId },
      status: 'paid',
      limit: 1,
    };
    const { data } = await stripe.invoicePayments.list(params);
    const invoice = data[0]?.invoice;
    return (typeof invoice === 'string' ? invoice : invoice?.id) ?? null;
  }

  async retrieveSession({ id }: StoredCheckout): Promise<ProviderSession | null> {
    const stripe = await this.stripe();
    try {
      return fromStripeSession(
        await stripe.checkout.sessions.retrieve(id, { expand: SESSION_EXPAND }),
      );
    } catch (error) {
      const { type, statusCode } = error as { type?: unknown; statusCode?: unknown };
      if (type === 'StripeInvalidRequestError' && statusCode === 404) return null;
      throw error;
    }
  }
}

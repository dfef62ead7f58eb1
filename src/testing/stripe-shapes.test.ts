/**
 * Our Stripe stand-in and test payloads against the objects Stripe publishes
 * (stripe-fixtures.json, from stripe/openapi's fixtures3.json): the comparison itself, and every
 * endpoint of the stand-in answering only fields Stripe's own objects have.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '../server/payments/stripe';
import fixtures from './stripe-fixtures.json' with { type: 'json' };
import { eventObjectResource, STRIPE_FIXTURES_SOURCE, stripeShapeProblems } from './stripe-shapes';
import { startStripeStandIn, type StandIn } from './stripe-stand-in';

const example = (resource: keyof typeof fixtures.resources) =>
  structuredClone(fixtures.resources[resource].example) as Record<string, unknown>;

describe('the published objects', () => {
  it('come from a recorded commit of stripe/openapi', () => {
    expect(STRIPE_FIXTURES_SOURCE).toMatchObject({
      repository: 'https://github.com/stripe/openapi',
      file: 'openapi/fixtures3.json',
      commit: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
  });

  it('each match themselves', () => {
    for (const resource of Object.keys(fixtures.resources) as (keyof typeof fixtures.resources)[]) {
      const object = example(resource);
      // Stripe's example event carries an older plan (aggregate_usage); its own plan stands in.
      if (resource === 'event') object.data = { object: example('plan') };
      expect(stripeShapeProblems(object, { resource }), resource).toEqual([]);
    }
  });
});

describe('stripeShapeProblems', () => {
  const session = { id: 'cs_1', object: 'checkout.session', amount_total: 500, status: 'open' };

  it('accepts a subset of Stripe’s fields, with nulls where Stripe’s types allow them', () => {
    expect(stripeShapeProblems(session)).toEqual([]);
    // Null in Stripe's example; a string id or an expanded object otherwise.
    expect(stripeShapeProblems({ ...session, customer: 'cus_1' })).toEqual([]);
    // A string in Stripe's example, nullable in its types.
    expect(stripeShapeProblems({ ...session, payment_intent: null })).toEqual([]);
    expect(stripeShapeProblems({ ...session, metadata: { any_key: 'text' } })).toEqual([]);
  });

  it('names a field Stripe does not have, one named differently, and one of another type', () => {
    expect(stripeShapeProblems({ ...session, amount_totl: 500 })).toEqual([
      "checkout.session.amount_totl: not a field of Stripe's checkout.session",
    ]);
    expect(stripeShapeProblems({ ...session, amount_total: '500' })).toEqual([
      "checkout.session.amount_total: string, Stripe's types say null or number",
    ]);
    expect(stripeShapeProblems({ ...session, customer: 42 })).toEqual([
      "checkout.session.customer: number, Stripe's types say null or object or string",
    ]);
    expect(stripeShapeProblems({ ...session, id: null })).toEqual([
      "checkout.session.id: null, where Stripe's checkout.session is never null",
    ]);
    expect(stripeShapeProblems({ ...session, metadata: { n: 1 } })).toEqual([
      'checkout.session.metadata.n: metadata values are strings',
    ]);
    expect(
      stripeShapeProblems({ ...session, customer_details: { email: 'a@b.c', e_mail: 'x' } }),
    ).toEqual([
      "checkout.session.customer_details.e_mail: not a field of Stripe's checkout.session",
    ]);
  });

  it('accepts a field Stripe sends only when expanded, only when the request expanded it', () => {
    const invoice = { id: 'in_1', object: 'invoice', payments: { data: [] } };
    expect(stripeShapeProblems(invoice)).toEqual([
      'invoice.payments: Stripe sends it only when the request expands it',
    ]);
    expect(stripeShapeProblems(invoice, { expand: ['payments'] })).toEqual([]);
  });

  it('accepts the field a polymorphic hash’s type names, and no other of its kind', () => {
    const paid = (payment: Record<string, unknown>) => ({
      id: 'inpay_1',
      object: 'invoice_payment',
      payment,
    });
    expect(stripeShapeProblems(paid({ type: 'payment_intent', payment_intent: 'pi_1' }))).toEqual(
      [],
    );
    expect(stripeShapeProblems(paid({ type: 'charge', payment_intent: 'pi_1' }))).toEqual([
      'invoice_payment.payment.payment_intent: Stripe sends it only when the request expands it',
    ]);
  });

  it('reads lists and events by what they carry', () => {
    const list = { object: 'list', data: [session], has_more: false, url: '/v1/x' };
    expect(stripeShapeProblems(list)).toEqual([]);
    expect(stripeShapeProblems({ ...list, total: 1 })).toEqual([
      "list.total: not a field of Stripe's lists",
    ]);
    const event = {
      id: 'evt_1',
      object: 'event',
      type: 'customer.subscription.updated',
      created: 1,
      data: { object: { id: 'sub_1', object: 'subscription', status: 'active', plan_name: 'x' } },
    };
    expect(stripeShapeProblems(event)).toEqual([
      "subscription.plan_name: not a field of Stripe's subscription",
    ]);
    expect(eventObjectResource('charge.dispute.created')).toBe('dispute');
    expect(eventObjectResource('checkout.session.completed')).toBe('checkout.session');
    expect(eventObjectResource('invoice_payment.paid')).toBe('invoice_payment');
  });
});

describe('the Stripe stand-in', () => {
  let standIn: StandIn;
  beforeAll(async () => {
    standIn = await startStripeStandIn({ catalogue: true });
  });
  afterAll(() => standIn.close());

  it('answers every endpoint in Stripe’s published shapes', async () => {
    const stripe = await createStripeClient({
      stripeSecretKey: 'sk_test_standin',
      stripeApiHost: standIn.url,
    });
    const products = await stripe.products.list({ ids: ['catalogue_starter'], limit: 100 });
    await stripe.products.update(products.data[0]!.id, { description: 'Five pages.' });
    const prices = await stripe.prices.list({
      lookup_keys: ['catalogue:starter:oneTime'],
      limit: 10,
    });
    await stripe.prices.update(prices.data[0]!.id, { nickname: 'Starter' });
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [{ price: prices.data[0]!.id, quantity: 1 }],
        success_url: 'https://shop.example/ok',
        cancel_url: 'https://shop.example/no',
        automatic_tax: { enabled: true },
        metadata: { items: '[]' },
      },
      { idempotencyKey: 'shapes' },
    );
    await stripe.checkout.sessions.retrieve(session.id);
    const portal = await stripe.billingPortal.configurations.create({
      features: { invoice_history: { enabled: true } },
      metadata: { managed_by: 'test' },
    });
    await stripe.billingPortal.configurations.update(portal.id, {
      default_return_url: 'https://x.example',
    });
    await stripe.billingPortal.configurations.list({
      limit: 100,
      expand: ['data.features.subscription_update.products'],
    });
    expect(standIn.shapeProblems).toEqual([]);
  });

  it('refuses to answer a field Stripe does not have, naming it', async () => {
    const stripe = await createStripeClient({
      stripeSecretKey: 'sk_test_standin',
      stripeApiHost: standIn.url,
    });
    const [{ id }] = [...standIn.sessions.values()] as [{ id: string }];
    Object.assign(standIn.sessions.get(id)!, { amount_totl: 1 });
    await expect(stripe.checkout.sessions.retrieve(id)).rejects.toThrow(
      "checkout.session.amount_totl: not a field of Stripe's checkout.session",
    );
    delete standIn.sessions.get(id)!.amount_totl;
    standIn.shapeProblems.length = 0;
  });
});

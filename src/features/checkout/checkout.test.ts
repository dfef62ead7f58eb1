import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, cyclesOf, onboardingPathFor, toCents } from '../catalogue/catalogue';
import {
  CheckoutError,
  createCheckoutSessionSchema,
  isAllowedRedirect,
  priceCart,
  withCanceledFlag,
  withSessionIdPlaceholder,
} from './checkout';

const ORIGIN = 'http://localhost:4321';

describe('priceCart', () => {
  it('prices lines from the catalogue in cents and picks the mode', () => {
    const oneTime = priceCart([{ id: 'starter', billingCycle: 'oneTime', quantity: 2 }]);
    expect(oneTime).toMatchObject({
      mode: 'payment',
      amountTotalCents: 200000,
      recurringCycle: null,
    });
    expect(oneTime.lines[0]).toMatchObject({
      id: 'starter',
      name: 'Starter Website Package',
      unitAmountCents: 100000,
    });

    const mixed = priceCart([
      { id: 'starter', billingCycle: 'oneTime', quantity: 1 },
      { id: 'lily-ai', billingCycle: 'monthly', quantity: 1 },
    ]);
    expect(mixed).toMatchObject({
      mode: 'subscription',
      amountTotalCents: 119900,
      recurringCycle: 'monthly',
    });
  });

  it('resolves aliases and merges duplicate lines', () => {
    const cart = priceCart([
      { id: 'social-media-empire', billingCycle: 'oneTime', quantity: 1 },
      { id: 'social-empire', billingCycle: 'oneTime', quantity: 2 },
    ]);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({
      id: 'social-empire',
      quantity: 3,
      unitAmountCents: 1_000_000,
    });
  });

  it.each([
    [[], 'Your cart is empty'],
    [[{ id: 'nope', billingCycle: 'oneTime', quantity: 1 }], 'Unknown item: nope'],
    [
      [{ id: 'starter', billingCycle: 'monthly', quantity: 1 }],
      'Starter Website Package is not sold with monthly billing',
    ],
    [
      [
        { id: 'lily-starter', billingCycle: 'monthly', quantity: 1 },
        { id: 'lily-growth', billingCycle: 'yearly', quantity: 1 },
      ],
      'Subscription items must have the same billing cycle',
    ],
    [
      [{ id: 'starter', billingCycle: 'oneTime', quantity: 0 }],
      'Quantity must be between 1 and 99',
    ],
    [
      [{ id: 'starter', billingCycle: 'oneTime', quantity: 100 }],
      'Quantity must be between 1 and 99',
    ],
    [
      [{ id: 'starter', billingCycle: 'oneTime', quantity: 1.5 }],
      'Quantity must be between 1 and 99',
    ],
    [
      [
        { id: 'starter', billingCycle: 'oneTime', quantity: 60 },
        { id: 'starter', billingCycle: 'oneTime', quantity: 40 },
      ],
      'Quantity must be between 1 and 99',
    ],
  ] as const)('refuses %j', (items, message) => {
    expect(() => priceCart(items as never)).toThrow(new CheckoutError(message));
  });

  it('charges the catalogue price whatever else a tampered cart line claims', () => {
    const sellable = CATALOGUE.flatMap((item) => cyclesOf(item).map((cycle) => ({ item, cycle })));
    fc.assert(
      fc.property(
        fc.constantFrom(...sellable),
        fc.integer({ min: 1, max: 99 }),
        fc.record({
          price: fc.double(),
          originalPrice: fc.double(),
          name: fc.string(),
          description: fc.string(),
          type: fc.string(),
          unitAmountCents: fc.integer(),
        }),
        ({ item, cycle }, quantity, junk) => {
          const parsed = createCheckoutSessionSchema.parse({
            items: [{ ...junk, id: item.id, billingCycle: cycle, quantity }],
            success_url: `${ORIGIN}/checkout/success`,
            cancel_url: `${ORIGIN}/checkout`,
          });
          expect(parsed.items[0]).toEqual({ id: item.id, billingCycle: cycle, quantity });
          const cart = priceCart(parsed.items);
          expect(cart.amountTotalCents).toBe(toCents(item.prices[cycle] ?? NaN) * quantity);
          expect(cart.lines[0]?.name).toBe(item.name);
        },
      ),
    );
  });

  it('rejects quantities outside 1..99 in the request schema', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ max: 0 }),
          fc.integer({ min: 100 }),
          fc.double({ noInteger: true }),
          fc.constant(1e308),
        ),
        (quantity) => {
          const result = createCheckoutSessionSchema.safeParse({
            items: [{ id: 'starter', billingCycle: 'oneTime', quantity }],
            success_url: `${ORIGIN}/checkout/success`,
            cancel_url: `${ORIGIN}/checkout`,
          });
          expect(result.success).toBe(false);
        },
      ),
    );
  });
});

describe('redirect URLs', () => {
  it('accepts only our own origins over http(s)', () => {
    const allowed = [ORIGIN, 'https://novareach.example'];
    expect(isAllowedRedirect(`${ORIGIN}/checkout/success`, allowed)).toBe(true);
    expect(isAllowedRedirect('https://novareach.example/checkout', allowed)).toBe(true);
    for (const url of [
      'https://evil.example/checkout',
      'http://localhost:4322/checkout',
      'javascript:alert(1)',
      '//evil.example/x',
      '/checkout',
      'http://user:pw@localhost:4321/checkout',
      'http://localhost:4321.evil.example/',
    ]) {
      expect(isAllowedRedirect(url, allowed), url).toBe(false);
    }
  });

  it('adds the session placeholder and the canceled flag', () => {
    expect(withSessionIdPlaceholder(`${ORIGIN}/checkout/success`)).toBe(
      `${ORIGIN}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(withSessionIdPlaceholder(`${ORIGIN}/checkout/success?a=1&session_id=x`)).toBe(
      `${ORIGIN}/checkout/success?a=1&session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(withCanceledFlag(`${ORIGIN}/checkout`)).toBe(`${ORIGIN}/checkout?canceled=1`);
  });

  it('adds the checkout’s reference after the placeholder, never the browser’s own', () => {
    const ref = 'Rk3_x-0123456789abcdef';
    expect(withSessionIdPlaceholder(`${ORIGIN}/checkout/success?ref=forged`, ref)).toBe(
      `${ORIGIN}/checkout/success?session_id={CHECKOUT_SESSION_ID}&ref=${ref}`,
    );
  });
});

describe('display rules', () => {
  it('routes each product to its onboarding wizard with the order id', () => {
    expect(onboardingPathFor('starter', 12)).toBe('/onboarding-starter/12');
    expect(onboardingPathFor('advanced', 12)).toBe('/onboarding-advanced/12');
    expect(onboardingPathFor('social-empire', 12)).toBe('/onboarding-social-media/12');
    expect(onboardingPathFor('social-media-empire', 12)).toBe('/onboarding-social-media/12');
    expect(onboardingPathFor('lily-ai', 12)).toBe('/onboarding-ai-agent/12');
    expect(onboardingPathFor('customer-service', 12)).toBe('/onboarding-ai-agent/12');
    expect(onboardingPathFor('lily-growth', 12)).toBe('/onboarding-ai-agent/12');
    expect(onboardingPathFor('meeting-assistant', 12)).toBe('/onboarding/12');
  });
});

import { describe, expect, it } from 'vitest';
import {
  displayStatus,
  invoiceFromStripe,
  monthlyCents,
  simulatedActionsFor,
  subscriptionFromStripe,
  supersedes,
  switchTarget,
} from './subscriptions';

const at = (s: string) => new Date(`2026-11-0${s}T00:00:00Z`);

describe('supersedes', () => {
  it('lets a newer event win and an older one lose', () => {
    const current = { status: 'active' as const, lastEventAt: at('2') };
    expect(supersedes({ status: 'past_due', eventAt: at('3') }, current)).toBe(true);
    expect(supersedes({ status: 'past_due', eventAt: at('1') }, current)).toBe(false);
  });
  it('keeps an ended subscription ended, even against a newer active event', () => {
    const ended = { status: 'canceled' as const, lastEventAt: at('2') };
    expect(supersedes({ status: 'active', eventAt: at('3') }, ended)).toBe(false);
    expect(supersedes({ status: 'canceled', eventAt: at('3') }, ended)).toBe(true);
  });
  it('at the same second, prefers the later stage', () => {
    const active = { status: 'active' as const, lastEventAt: at('2') };
    expect(supersedes({ status: 'incomplete', eventAt: at('2') }, active)).toBe(false);
    expect(supersedes({ status: 'past_due', eventAt: at('2') }, active)).toBe(true);
  });
});

describe('what the client sees', () => {
  it('maps provider statuses to active, past due, canceling and canceled', () => {
    expect(displayStatus({ status: 'active', cancelAtPeriodEnd: false })).toBe('active');
    expect(displayStatus({ status: 'trialing', cancelAtPeriodEnd: false })).toBe('active');
    expect(displayStatus({ status: 'active', cancelAtPeriodEnd: true })).toBe('canceling');
    expect(displayStatus({ status: 'past_due', cancelAtPeriodEnd: true })).toBe('past due');
    expect(displayStatus({ status: 'unpaid', cancelAtPeriodEnd: false })).toBe('past due');
    expect(displayStatus({ status: 'canceled', cancelAtPeriodEnd: true })).toBe('canceled');
  });
  it('counts a yearly plan as a twelfth of its price per month', () => {
    expect(monthlyCents({ amountCents: 29900, interval: 'month' })).toBe(29900);
    expect(monthlyCents({ amountCents: 299000, interval: 'year' })).toBe(24917);
  });
});

describe('reading Stripe objects', () => {
  it('sums the lines and names the plan from the checkout metadata, else from the first line', () => {
    const object = {
      id: 'sub_1',
      status: 'active',
      customer: { id: 'cus_1' },
      items: {
        data: [
          {
            quantity: 2,
            price: { unit_amount: 1000, nickname: 'Seat', recurring: { interval: 'year' } },
          },
          { quantity: 1, price: { unit_amount: 500, recurring: { interval: 'year' } } },
        ],
      },
    };
    expect(subscriptionFromStripe(object)).toMatchObject({
      providerCustomerId: 'cus_1',
      amountCents: 2500,
      interval: 'year',
      plan: 'Seat (yearly)',
      currentPeriodEnd: null,
    });
    expect(subscriptionFromStripe({ ...object, metadata: { plan: 'Lily AI Pro' } })?.plan).toBe(
      'Lily AI Pro',
    );
    expect(subscriptionFromStripe({ ...object, status: 'weird' })).toBeNull();
  });
  it('takes the service period from the invoice lines and the payment intent from its payments', () => {
    const snapshot = invoiceFromStripe({
      id: 'in_1',
      billing_reason: 'subscription_cycle',
      amount_paid: 29900,
      parent: { subscription_details: { subscription: 'sub_1' } },
      payments: { data: [{ payment: { payment_intent: 'pi_1' } }] },
      lines: { data: [{ period: { start: 100, end: 200 } }, { period: { start: 50, end: 150 } }] },
    });
    expect(snapshot).toMatchObject({
      providerSubscriptionId: 'sub_1',
      paymentIntentId: 'pi_1',
      periodStart: new Date(50_000),
      periodEnd: new Date(200_000),
    });
  });
  it('names each line by the catalogue item its Price’s lookup key names, and the plan by its current cycle', () => {
    const item = (key: string, amount: number, interval: string) => ({
      quantity: 1,
      price: { unit_amount: amount, nickname: null, lookup_key: key, recurring: { interval } },
    });
    const monthly = {
      id: 'sub_switch',
      status: 'active',
      // Checkout's name of the plan stays in the metadata after a switch in the portal.
      metadata: { plan: 'Lily AI Starter (monthly)' },
      items: { data: [item('catalogue:lily-starter:monthly', 19800, 'month')] },
    };
    expect(subscriptionFromStripe(monthly)).toMatchObject({
      plan: 'Lily AI Starter (monthly)',
      lines: [
        {
          name: 'Lily AI Starter',
          productId: 'lily-starter',
          unitAmountCents: 19800,
          interval: 'month',
        },
      ],
    });
    const yearly = {
      ...monthly,
      items: { data: [item('catalogue:lily-starter:yearly', 190000, 'year')] },
    };
    expect(subscriptionFromStripe(yearly)).toMatchObject({
      plan: 'Lily AI Starter (yearly)',
      interval: 'year',
      amountCents: 190000,
      lines: [{ name: 'Lily AI Starter', productId: 'lily-starter', interval: 'year' }],
    });
    // A Price that is not the catalogue's keeps the metadata's name.
    const foreign = { ...monthly, items: { data: [item('other', 500, 'month')] } };
    expect(subscriptionFromStripe(foreign)).toMatchObject({ plan: 'Lily AI Starter (monthly)' });
    expect(subscriptionFromStripe(foreign)?.lines[0]).not.toHaveProperty('productId');
  });
});

describe('switching a plan between monthly and yearly', () => {
  const line = (productId: string | undefined, interval: 'month' | 'year') => ({
    name: 'x',
    quantity: 1,
    unitAmountCents: 100,
    interval,
    ...(productId ? { productId } : {}),
  });
  it('offers the other cycle only when every line is a catalogue item sold that way', () => {
    expect(switchTarget({ interval: 'month', lines: [line('lily-starter', 'month')] })).toBe(
      'yearly',
    );
    expect(switchTarget({ interval: 'year', lines: [line('lily-growth', 'year')] })).toBe(
      'monthly',
    );
    expect(switchTarget({ interval: 'month', lines: [line('lily', 'month')] })).toBeNull();
    expect(switchTarget({ interval: 'month', lines: [line(undefined, 'month')] })).toBeNull();
    expect(
      switchTarget({
        interval: 'month',
        lines: [line('lily-starter', 'month'), line('lily', 'month')],
      }),
    ).toBeNull();
  });
  it('is a button of the simulated provider for an active plan, not a canceling or past due one', () => {
    const plan: NonNullable<Parameters<typeof simulatedActionsFor>[1]> = {
      provider: 'simulated',
      status: 'active',
      cancelAtPeriodEnd: false,
      interval: 'month',
      lines: [line('lily-starter', 'month')],
    };
    const actions = (p: typeof plan) =>
      simulatedActionsFor({ status: 'paid' }, p, true).map((a) => a.action);
    expect(simulatedActionsFor({ status: 'paid' }, plan, true)).toContainEqual({
      action: 'switch_to_yearly',
      label: 'Switch to yearly',
    });
    expect(actions({ ...plan, cancelAtPeriodEnd: true })).not.toContain('switch_to_yearly');
    expect(actions({ ...plan, status: 'past_due' })).not.toContain('switch_to_yearly');
    expect(simulatedActionsFor({ status: 'paid' }, plan, false)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { signInRequestSchema } from '../clients/clients';
import { formatCents } from '../../lib/money';
import {
  MARKETING_FEATURES,
  lastPaymentLine,
  subscriptionTerms,
  type DashboardSubscription,
} from './dashboard';

describe('dashboard', () => {
  it('validates the sign-in e-mail with the site’s message', () => {
    expect(signInRequestSchema.parse({ email: '  Ada@Example.com ' })).toEqual({
      email: 'Ada@Example.com',
    });
    const result = signInRequestSchema.safeParse({ email: 'nope' });
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid email address.');
    expect(signInRequestSchema.safeParse({}).error?.issues[0]?.message).toBe(
      'Please enter a valid email address.',
    );
  });

  it('lists the spec’s marketing features', () => {
    expect(MARKETING_FEATURES.map((f) => f.title)).toEqual([
      'Campaign management',
      'CRM',
      'Email and SMS campaigns',
      'Analytics',
      'Automated workflows',
    ]);
  });
});

describe('a subscription on the dashboard', () => {
  const base: DashboardSubscription = {
    id: 1,
    orderId: 3,
    plan: 'Lily AI Sales Agent (monthly)',
    status: 'active',
    interval: 'month',
    amountCents: 29900,
    currentPeriodEnd: '2026-12-01T10:00:00.000Z',
    endedAt: null,
    orderNumber: 'NR-20261101-ABCDEF',
    lastPayment: {
      amountCents: 29900,
      paidAt: '2026-11-01T10:00:00.000Z',
      refundedCents: 0,
      charge: {
        currency: 'usd',
        subtotalCents: 29900,
        discountCents: 0,
        discounts: [],
        taxCents: 0,
        taxes: [],
        totalCents: 29900,
        refundedCents: 0,
        invoice: null,
      },
      refunds: [],
    },
    simulatedActions: [],
  };
  it('says when an active plan renews and for how much', () => {
    expect(subscriptionTerms(base, formatCents)).toBe(
      'Renews on December 1, 2026 for $299.00 per month.',
    );
  });
  it('says until when a canceling plan stays active, and when a canceled one ended', () => {
    expect(subscriptionTerms({ ...base, status: 'canceling' }, formatCents)).toBe(
      'Canceled: stays active until December 1, 2026 and will not renew.',
    );
    expect(
      subscriptionTerms(
        { ...base, status: 'canceled', endedAt: '2026-12-01T10:00:00.000Z' },
        formatCents,
      ),
    ).toBe('Canceled. It ended on December 1, 2026.');
  });
  it('asks for a new payment method when past due', () => {
    expect(subscriptionTerms({ ...base, status: 'past due', interval: 'year' }, formatCents)).toBe(
      'The last renewal payment failed. Update your payment method under "Manage billing" to keep the plan ($299.00 per year).',
    );
  });
  it('names the last payment and what was refunded of it', () => {
    expect(lastPaymentLine(base, formatCents)).toBe('Last payment $299.00 on November 1, 2026');
    const partly = { ...base, lastPayment: { ...base.lastPayment!, refundedCents: 10000 } };
    expect(lastPaymentLine(partly, formatCents)).toBe(
      'Last payment $299.00 on November 1, 2026 (refunded $100.00)',
    );
    const fully = { ...base, lastPayment: { ...base.lastPayment!, refundedCents: 29900 } };
    expect(lastPaymentLine(fully, formatCents)).toContain('(refunded)');
    expect(lastPaymentLine({ ...base, lastPayment: null }, formatCents)).toBeNull();
  });
});

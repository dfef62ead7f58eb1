import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../server/auth/guard';
import {
  ADMIN_REQUEST_HEADERS,
  humanizeKey,
  listParams,
  listQuerySchema,
  onboardingProgressLabel,
} from './admin';
import { meetingActionSchema } from '../meeting/meeting';
import { csvCell, neutraliseFormulas, toCsv } from '../../lib/csv';
import { leadsByWeek, revenueByWeek, revenueTotals, weekStart } from './overview/weeks';
import { onboardingProgress } from '../order-onboarding/order-onboarding';
import { paymentKind, stripeDashboardUrl } from '../orders/orders';

/** A small RFC 4180 reader, to check that what toCsv writes reads back unchanged. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endCell();
    else if (ch === '\r' && src[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += ch;
  }
  return rows;
}

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
  });

  it('defuses spreadsheet formulas (= + - @, tab, CR) but keeps negative numbers numeric', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell('+1 555 0100')).toBe("'+1 555 0100");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('  =1+1')).toBe("'  =1+1");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\r=cmd')).toBe(`"'\r'=cmd"`);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('defuses a formula after a separator, where a semicolon-locale spreadsheet splits the cell', () => {
    expect(csvCell('Mallory;=HYPERLINK("http://evil","x")')).toBe(
      '"Mallory;\'=HYPERLINK(""http://evil"",""x"")"',
    );
    expect(csvCell('Acme;@SUM(1+1)')).toBe("Acme;'@SUM(1+1)");
    expect(csvCell('a, +1')).toBe('"a, \'+1"');
    expect(csvCell('a\t-2')).toBe("a\t'-2");
    expect(csvCell('line\n=cmd')).toBe(`"line\n'=cmd"`);
    expect(csvCell('=a;=b')).toBe("'=a;'=b");
    expect(csvCell('a;b')).toBe('a;b');
    expect(csvCell('555-0142; ext 12')).toBe('555-0142; ext 12');
  });

  it('writes a BOM, a header row and CRLF rows that read back to the same text', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.string()), { maxLength: 5 }), (pairs) => {
        const csv = toCsv(
          [
            { header: 'A', value: (r: [string, string]) => r[0] },
            { header: 'B', value: (r: [string, string]) => r[1] },
          ],
          pairs,
        );
        expect(csv.startsWith('\uFEFFA,B\r\n')).toBe(true);
        const parsed = parseCsv(csv);
        expect(parsed).toHaveLength(pairs.length + 1);
        // Every cell reads back as its text, with only the formula guard added.
        parsed.slice(1).forEach((cells, i) => {
          expect(cells[0]).toBe(neutraliseFormulas(pairs[i]![0]));
          expect(cells[1]).toBe(neutraliseFormulas(pairs[i]![1]));
        });
      }),
    );
  });
});

describe('list query', () => {
  const parse = (qs: string) => {
    const r = listQuerySchema('orders').safeParse(listParams(new URLSearchParams(qs)));
    if (!r.success) throw new Error(r.error.issues.map((i) => i.message).join('; '));
    return r.data;
  };

  it('has defaults and coerces numbers', () => {
    expect(parse('')).toEqual({
      q: '',
      status: '',
      from: '',
      to: '',
      page: 'first',
      after: '',
      before: '',
      pageSize: 20,
      format: 'json',
    });
    expect(parse('q=%20ada%20&after=abc&pageSize=50&format=csv&status=paid')).toMatchObject({
      q: 'ada',
      after: 'abc',
      pageSize: 50,
      format: 'csv',
      status: 'paid',
    });
  });

  it('rejects unknown statuses, bad dates, reversed ranges and huge pages', () => {
    expect(() => parse('status=hacked')).toThrow(/status must be one of/);
    expect(() => parse('from=2026-13-45')).toThrow(/YYYY-MM-DD/);
    expect(() => parse('to=2026-02-30')).toThrow(/YYYY-MM-DD/);
    expect(() => parse('from=yesterday')).toThrow(/YYYY-MM-DD/);
    expect(() => parse('from=2026-02-01&to=2026-01-01')).toThrow(/start date/);
    expect(() => parse('pageSize=5000')).toThrow();
    expect(() => parse('page=0')).toThrow();
    expect(() => parse('page=2')).toThrow();
    expect(() => parse('after=a&before=b')).toThrow(/either after or before/);
    expect(() => parse('page=last&after=a')).toThrow(/takes no cursor/);
    expect(() => parse(`after=${'a'.repeat(201)}`)).toThrow(/cursor is not valid/);
  });
});

describe('weekly revenue', () => {
  it('starts weeks on Monday (UTC)', () => {
    expect(weekStart(new Date('2026-03-04T15:00:00Z')).toISOString()).toBe(
      '2026-03-02T00:00:00.000Z',
    );
    expect(weekStart(new Date('2026-03-08T23:59:59Z')).toISOString()).toBe(
      '2026-03-02T00:00:00.000Z',
    );
    expect(weekStart(new Date('2026-03-09T00:00:00Z')).toISOString()).toBe(
      '2026-03-09T00:00:00.000Z',
    );
  });

  it('lays weekly sums on zero-filled weeks, oldest first, ignoring older ones', () => {
    const now = new Date('2026-03-11T12:00:00Z');
    const weeks = revenueByWeek(
      {
        orders: [
          { week: '2026-03-09', count: 2, cents: 350_000, taxCents: 0, taxUnknown: 0 },
          { week: '2026-02-23', count: 1, cents: 19_800, taxCents: 0, taxUnknown: 0 },
          { week: '2025-01-06', count: 1, cents: 999, taxCents: 0, taxUnknown: 0 },
        ],
        renewals: [],
        refunds: [],
      },
      now,
      4,
    );
    const empty = {
      grossCents: 0,
      taxCents: 0,
      refundedCents: 0,
      netCents: 0,
      orders: 0,
      renewals: 0,
      taxUnknown: 0,
    };
    expect(weeks).toEqual([
      { weekStart: '2026-02-16', ...empty },
      { ...empty, weekStart: '2026-02-23', grossCents: 19_800, netCents: 19_800, orders: 1 },
      { weekStart: '2026-03-02', ...empty },
      { ...empty, weekStart: '2026-03-09', grossCents: 350_000, netCents: 350_000, orders: 2 },
    ]);
  });

  it('adds renewals and subtracts refunds (of orders and renewals alike) in their week', () => {
    const now = new Date('2026-03-11T12:00:00Z');
    const [earlier, current] = revenueByWeek(
      {
        orders: [{ week: '2026-03-02', count: 1, cents: 29_900, taxCents: 0, taxUnknown: 0 }],
        renewals: [{ week: '2026-03-09', count: 1, cents: 29_900, taxCents: 0, taxUnknown: 0 }],
        refunds: [
          { week: '2026-03-09', count: 1, cents: 10_000 },
          { week: '2026-03-09', count: 1, cents: 5_000 },
        ],
      },
      now,
      2,
    );
    expect(earlier).toMatchObject({ netCents: 29_900, orders: 1, renewals: 0 });
    expect(current).toMatchObject({
      netCents: 14_900,
      orders: 0,
      renewals: 1,
      refundedCents: 15_000,
    });
  });

  it('counts net revenue as an accountant does: tax out, a refund in its own later week, unknown tax flagged', () => {
    const now = new Date('2026-03-18T12:00:00Z');
    const weeks = revenueByWeek(
      {
        // Week 1: a $1,082.50 order with $82.50 tax, and an old $500 order of unknown tax.
        orders: [{ week: '2026-03-02', count: 2, cents: 158_250, taxCents: 8_250, taxUnknown: 1 }],
        // Week 2: a renewal of $108.25 with $8.25 tax.
        renewals: [{ week: '2026-03-09', count: 1, cents: 10_825, taxCents: 825, taxUnknown: 0 }],
        // Week 3: $250 refunded of the first order, by the refund's date.
        refunds: [{ week: '2026-03-16', count: 1, cents: 25_000 }],
      },
      now,
      3,
    );
    expect(weeks).toEqual([
      {
        weekStart: '2026-03-02',
        grossCents: 158_250,
        taxCents: 8_250,
        refundedCents: 0,
        netCents: 150_000,
        orders: 2,
        renewals: 0,
        taxUnknown: 1,
      },
      {
        weekStart: '2026-03-09',
        grossCents: 10_825,
        taxCents: 825,
        refundedCents: 0,
        netCents: 10_000,
        orders: 0,
        renewals: 1,
        taxUnknown: 0,
      },
      {
        weekStart: '2026-03-16',
        grossCents: 0,
        taxCents: 0,
        refundedCents: 25_000,
        netCents: -25_000,
        orders: 0,
        renewals: 0,
        taxUnknown: 0,
      },
    ]);
    expect(revenueTotals(weeks)).toEqual({
      grossCents: 169_075,
      taxCents: 9_075,
      refundedCents: 25_000,
      netCents: 135_000,
      taxUnknown: 1,
    });
  });

  it('counts leads per week from contact messages and meeting requests', () => {
    const now = new Date('2026-03-11T12:00:00Z');
    expect(
      leadsByWeek(
        {
          contactMessages: [{ week: '2026-03-09', count: 3, cents: 0 }],
          meetingRequests: [
            { week: '2026-03-09', count: 1, cents: 0 },
            { week: '2026-03-02', count: 2, cents: 0 },
          ],
        },
        now,
        2,
      ),
    ).toEqual([
      { weekStart: '2026-03-02', contactMessages: 0, meetingRequests: 2 },
      { weekStart: '2026-03-09', contactMessages: 3, meetingRequests: 1 },
    ]);
  });
});

describe('orders', () => {
  it('links real payments to the Stripe dashboard, never simulated or test ones', () => {
    const live = {
      isTest: false,
      checkoutSessionId: 'cs_live_a1',
      stripePaymentIntentId: 'pi_3Abc',
    };
    expect(paymentKind(live)).toBe('live');
    expect(stripeDashboardUrl(live)).toBe('https://dashboard.stripe.com/payments/pi_3Abc');
    expect(stripeDashboardUrl({ ...live, isTest: true })).toBeNull();
    expect(paymentKind({ ...live, checkoutSessionId: 'cs_test_a1' })).toBe('stripe-test');
    expect(stripeDashboardUrl({ ...live, checkoutSessionId: 'cs_test_a1' })).toBeNull();
    expect(
      paymentKind({ ...live, checkoutSessionId: 'sim_cs_1', stripePaymentIntentId: 'sim_pi_1' }),
    ).toBe('simulated');
    expect(
      stripeDashboardUrl({ ...live, stripePaymentIntentId: 'in_1', stripeSubscriptionId: 'sub_9' }),
    ).toBe('https://dashboard.stripe.com/subscriptions/sub_9');
    expect(stripeDashboardUrl({ ...live, stripePaymentIntentId: 'pi_1/../../x' })).toBeNull();
  });

  it('describes onboarding progress', () => {
    expect(onboardingProgressLabel(onboardingProgress(null))).toBe('Not started');
    expect(
      onboardingProgressLabel(onboardingProgress({ businessInfo: {}, projectDetails: {} })),
    ).toBe('2 of 3 steps');
    expect(onboardingProgressLabel(onboardingProgress({ completed: true }))).toBe('Completed');
  });
});

describe('meeting actions', () => {
  const schema = meetingActionSchema(['9:30 AM', '2:00 PM']);

  it('requires an offered slot and a date to propose', () => {
    expect(schema.parse({ action: 'confirm' })).toEqual({ action: 'confirm', note: '' });
    expect(
      schema.safeParse({ action: 'propose', date: '2026-05-01', time: '9:30 AM' }).success,
    ).toBe(true);
    expect(
      schema.safeParse({ action: 'propose', date: '2026-05-01', time: '12:00 PM' }).success,
    ).toBe(false);
    expect(
      schema.safeParse({ action: 'propose', date: '2026-02-30', time: '9:30 AM' }).success,
    ).toBe(false);
    expect(schema.safeParse({ action: 'propose', time: '9:30 AM' }).success).toBe(false);
    expect(schema.safeParse({ action: 'delete' }).success).toBe(false);
  });
});

describe('misc', () => {
  it('the panel sends the header the server requires', () => {
    expect(Object.entries(ADMIN_REQUEST_HEADERS).map(([k, v]) => [k.toLowerCase(), v])).toEqual([
      [CSRF_HEADER, CSRF_HEADER_VALUE],
    ]);
  });

  it('humanizes field names', () => {
    expect(humanizeKey('businessName')).toBe('Business name');
    expect(humanizeKey('logoUrl')).toBe('Logo url');
    expect(humanizeKey('years_in-business')).toBe('Years in business');
  });
});

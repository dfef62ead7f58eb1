/**
 * Browser-safe core of the admin panel: the zod schemas shared by the panel's forms and the
 * /api/admin/* functions, the list definitions (filters), CSV encoding and small pure helpers.
 *
 * The schemas use `zod/mini` (about 5 KB gzipped instead of about 90 KB for classic zod) because
 * the panel island imports this module; for the same reason nothing here imports modules that
 * pull in classic zod. Servers validate with `validate()` from validate.server.ts, which turns
 * a failure into a 400 like the classic ZodError path of src/server/http.ts.
 */
import * as z from 'zod/mini';

// As in src/lib/zod.ts: no `new Function` probe, which the strict CSP would report.
z.config({ jitless: true });

/** Sent with every admin request; cross-site pages cannot add it (see src/server/auth/guard.ts). */
export const ADMIN_REQUEST_HEADERS = { 'X-Requested-With': 'fetch' } as const;

export const LOGIN_FAILED_MESSAGE = 'Invalid username or password.';

export const loginSchema = z.object({
  username: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Please enter your username'),
      z.maxLength(64, 'Username is too long'),
    ),
  password: z
    .string()
    .check(z.minLength(1, 'Please enter your password'), z.maxLength(256, 'Password is too long')),
});
export type LoginInput = z.output<typeof loginSchema>;

/* ----------------------------------------------------------------------------------------- */
/* Lists                                                                                      */

export const LISTS = {
  orders: {
    label: 'Orders',
    statuses: ['pending', 'paid', 'completed', 'failed', 'refunded'],
    statusLabel: 'Status',
  },
  'contact-messages': {
    label: 'Contact messages',
    statuses: ['new', 'handled'],
    statusLabel: 'Status',
  },
  'meeting-requests': {
    label: 'Meeting requests',
    statuses: ['requested', 'confirmed', 'proposed', 'declined'],
    statusLabel: 'Status',
  },
  'order-onboarding': {
    label: 'Order onboarding',
    statuses: ['in-progress', 'completed'],
    statusLabel: 'Progress',
  },
  'client-onboarding': {
    label: 'Client onboarding',
    statuses: ['crm-account', 'demo-mode'],
    statusLabel: 'CRM account',
  },
  outbox: {
    label: 'E-mail outbox',
    statuses: ['pending', 'sent', 'failed'],
    statusLabel: 'Status',
  },
} as const;

export type ListName = keyof typeof LISTS;

export const STATUS_LABELS: Record<string, string> = {
  'in-progress': 'In progress',
  'crm-account': 'Created',
  'demo-mode': 'Demo Mode',
};

export const statusLabel = (status: string) =>
  STATUS_LABELS[status] ?? status.charAt(0).toUpperCase() + status.slice(1);

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const CSV_ROW_LIMIT = 10_000;

/** A real calendar date, YYYY-MM-DD (2026-02-30 is refused). */
const isoDate = (message: string) => z.iso.date(message);

const withDefault = <T extends z.ZodMiniType>(schema: T, value: z.output<T>) =>
  z._default(schema, value as never) as unknown as z.ZodMiniDefault<T>;

/** Query of every list endpoint: search, status, created-at range (inclusive, UTC), page, format. */
export function listQuerySchema(list: ListName) {
  const statuses = LISTS[list].statuses as readonly string[];
  return z
    .object({
      q: withDefault(z.string().check(z.trim(), z.maxLength(200, 'Search text is too long')), ''),
      status: withDefault(
        z
          .string()
          .check(
            z.refine(
              (s) => s === '' || statuses.includes(s),
              `status must be one of: ${statuses.join(', ')}`,
            ),
          ),
        '',
      ),
      from: withDefault(
        z.union([z.literal(''), isoDate('from: Use a real date written YYYY-MM-DD')]),
        '',
      ),
      to: withDefault(
        z.union([z.literal(''), isoDate('to: Use a real date written YYYY-MM-DD')]),
        '',
      ),
      page: withDefault(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1_000_000)), 1),
      pageSize: withDefault(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
      format: withDefault(z.enum(['json', 'csv']), 'json'),
    })
    .check(
      z.refine((v) => !v.from || !v.to || v.from <= v.to, {
        message: 'The start date must not be after the end date',
        path: ['from'],
      }),
    );
}

export type ListQuery = z.output<ReturnType<typeof listQuerySchema>>;

/** The list query parameters present in a URL (absent ones take the schema's defaults). */
export function listParams(params: URLSearchParams): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const key of ['q', 'status', 'from', 'to', 'page', 'pageSize', 'format']) {
    const v = params.get(key);
    if (v !== null) raw[key] = v;
  }
  return raw;
}

/** Inclusive UTC day bounds of a list query, as Dates for SQL comparisons. */
export function dateBounds(q: Pick<ListQuery, 'from' | 'to'>): { start?: Date; end?: Date } {
  return {
    ...(q.from ? { start: new Date(`${q.from}T00:00:00.000Z`) } : {}),
    ...(q.to ? { end: new Date(`${q.to}T23:59:59.999Z`) } : {}),
  };
}

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/* ----------------------------------------------------------------------------------------- */
/* CSV                                                                                        */

/**
 * One CSV cell. Text that a spreadsheet would run as a formula (leading = + - @, tab or CR,
 * also after spaces) is prefixed with an apostrophe (OWASP "CSV injection"); numbers stay numbers.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  if (typeof value !== 'number' && /^[\s]*[=+\-@]|^[\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export type CsvColumn<T> = { header: string; value: (row: T) => unknown };

/** RFC 4180 text with CRLF line ends and a BOM so spreadsheet apps read UTF-8 correctly. */
export function toCsv<T>(columns: CsvColumn<T>[], rows: T[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/* ----------------------------------------------------------------------------------------- */
/* Overview                                                                                   */

/** Monday 00:00 UTC of the week containing `date`. */
export function weekStart(date: Date): Date {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d;
}

export type WeekRevenue = { weekStart: string; cents: number; orders: number };

/** Revenue of the last `weeks` weeks (oldest first, current week last), zero-filled. */
export function revenueByWeek(
  orders: { amount: number; createdAt: Date }[],
  now: Date,
  weeks = 12,
): WeekRevenue[] {
  const current = weekStart(now);
  const buckets: WeekRevenue[] = [];
  for (let i = weeks - 1; i >= 0; i--) {
    const start = new Date(current);
    start.setUTCDate(start.getUTCDate() - 7 * i);
    buckets.push({ weekStart: start.toISOString().slice(0, 10), cents: 0, orders: 0 });
  }
  const index = new Map(buckets.map((b, i) => [b.weekStart, i]));
  for (const o of orders) {
    const i = index.get(weekStart(o.createdAt).toISOString().slice(0, 10));
    if (i === undefined) continue;
    buckets[i]!.cents += o.amount;
    buckets[i]!.orders += 1;
  }
  return buckets;
}

/** Order statuses that count as money received. */
export const REVENUE_STATUSES = ['paid', 'completed'] as const;

/* ----------------------------------------------------------------------------------------- */
/* Orders                                                                                     */

type PaymentRefs = {
  isTest: boolean;
  checkoutSessionId: string;
  stripePaymentIntentId: string;
  stripeSubscriptionId?: string | null;
};

/**
 * Where an order's money came from: Stripe in live mode, Stripe in test mode (session ids
 * `cs_test_...`), or the simulated provider / test pages (flagged, or `sim_` ids).
 */
export function paymentKind(order: PaymentRefs): 'live' | 'stripe-test' | 'simulated' {
  if (
    order.isTest ||
    !order.checkoutSessionId.startsWith('cs_') ||
    order.stripePaymentIntentId.startsWith('sim_')
  ) {
    return 'simulated';
  }
  return order.checkoutSessionId.startsWith('cs_test_') ? 'stripe-test' : 'live';
}

export const PAYMENT_KIND_LABEL = {
  live: 'Live payment',
  'stripe-test': 'Stripe test mode',
  simulated: 'Simulated payment',
} as const;

/** A link to the payment in Stripe's dashboard, only for real (live, not simulated or test) orders. */
export function stripeDashboardUrl(order: PaymentRefs): string | null {
  if (paymentKind(order) !== 'live') return null;
  if (/^pi_[A-Za-z0-9]+$/.test(order.stripePaymentIntentId)) {
    return `https://dashboard.stripe.com/payments/${order.stripePaymentIntentId}`;
  }
  if (order.stripeSubscriptionId && /^sub_[A-Za-z0-9]+$/.test(order.stripeSubscriptionId)) {
    return `https://dashboard.stripe.com/subscriptions/${order.stripeSubscriptionId}`;
  }
  return null;
}

export const ONBOARDING_STEPS = ['businessInfo', 'projectDetails', 'designPreferences'] as const;

export type OnboardingProgress = { stepsDone: number; totalSteps: number; completed: boolean };

export function onboardingProgress(
  form:
    (Partial<Record<(typeof ONBOARDING_STEPS)[number], unknown>> & { completed?: boolean }) | null,
): OnboardingProgress {
  const stepsDone = form ? ONBOARDING_STEPS.filter((k) => form[k] != null).length : 0;
  return { stepsDone, totalSteps: ONBOARDING_STEPS.length, completed: Boolean(form?.completed) };
}

export function onboardingProgressLabel(p: OnboardingProgress): string {
  if (p.completed) return 'Completed';
  if (p.stepsDone === 0) return 'Not started';
  return `${p.stepsDone} of ${p.totalSteps} steps`;
}

/* ----------------------------------------------------------------------------------------- */
/* Meetings                                                                                   */

const note = withDefault(z.string().check(z.trim(), z.maxLength(2000, 'The note is too long')), '');

/**
 * An answer to a meeting request. `timeSlots` are the meeting form's slots (meeting.ts); the
 * server and the panel pass them in so this module does not pull classic zod into the island.
 */
export function meetingActionSchema(timeSlots: readonly string[]) {
  return z.discriminatedUnion('action', [
    z.object({ action: z.literal('confirm'), note }),
    z.object({
      action: z.literal('propose'),
      date: isoDate('Please choose a valid date'),
      time: z
        .string()
        .check(z.refine((t) => timeSlots.includes(t), 'Please choose one of the offered times')),
      note,
    }),
    z.object({ action: z.literal('decline'), note }),
  ]);
}
export type MeetingAction = z.output<ReturnType<typeof meetingActionSchema>>;

export const contactStatusSchema = z.object({ status: z.enum(['new', 'handled']) });

/* ----------------------------------------------------------------------------------------- */
/* Formatting                                                                                 */

export function formatCents(cents: number, currency = 'usd'): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(cents / 100);
}

export function formatDateTime(iso: string | Date | null | undefined): string {
  if (!iso) return '';
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** "businessName" -> "Business name", for showing every stored onboarding field. */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// `zod/mini` (about 5 KB gzip, not 90 KB) because the panel island imports this module: nothing
// here may import modules that pull in classic zod.
import { SECURITY_EVENT_LABELS, SECURITY_EVENTS } from '../../lib/security-events.ts';
import { emailAddress, isoDate, requiredText, withDefault, z } from '../../lib/zod-mini.ts';
import type { OnboardingProgress } from '../order-onboarding/order-onboarding.ts';

/** Sent with every admin request; cross-site pages cannot add it (see src/server/auth/guard.ts). */
export const ADMIN_REQUEST_HEADERS = { 'X-Requested-With': 'fetch' } as const;

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
    statuses: ['pending', 'sent', 'failed', 'canceled', 'unattributed'],
    statusLabel: 'Status',
  },
  /** Its "status" is the event; its search words match the account's username. */
  'security-log': {
    label: 'Security log',
    statuses: SECURITY_EVENTS,
    statusLabel: 'Event',
  },
} as const;

export type ListName = keyof typeof LISTS;

const STATUS_LABELS: Record<string, string> = {
  'in-progress': 'In progress',
  'crm-account': 'Created',
  'demo-mode': 'Demo Mode',
  unattributed: 'Not attributed to a person',
  ...SECURITY_EVENT_LABELS,
};

export const statusLabel = (status: string) =>
  STATUS_LABELS[status] ?? status.charAt(0).toUpperCase() + status.slice(1);

export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** A page cursor as handed out by a list (opaque to the panel; the server checks it). */
const cursorParam = withDefault(
  z.string().check(z.maxLength(200, 'The page cursor is not valid. Start from the first page.')),
  '',
);

/** The created-at range is inclusive, in UTC; format `csv` answers every matching row. */
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
      page: withDefault(z.enum(['first', 'last']), 'first'),
      after: cursorParam,
      before: cursorParam,
      pageSize: withDefault(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
      format: withDefault(z.enum(['json', 'csv']), 'json'),
    })
    .check(
      z.refine((v) => !v.from || !v.to || v.from <= v.to, {
        message: 'The start date must not be after the end date',
        path: ['from'],
      }),
      z.refine((v) => !(v.after && v.before), {
        message: 'Give either after or before, not both',
        path: ['before'],
      }),
      z.refine((v) => v.page === 'first' || (!v.after && !v.before), {
        message: 'page=last takes no cursor',
        path: ['page'],
      }),
    );
}

export type ListQuery = z.output<ReturnType<typeof listQuerySchema>>;

export function listParams(params: URLSearchParams): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const key of [
    'q',
    'status',
    'from',
    'to',
    'page',
    'after',
    'before',
    'pageSize',
    'format',
  ]) {
    const v = params.get(key);
    if (v !== null) raw[key] = v;
  }
  return raw;
}

export type ListTotal = { count: number; exact: boolean };

export type Page<T> = {
  items: T[];
  pageSize: number;
  /** Cursor of the next (older) page, or null on the last page. */
  next: string | null;
  /** Cursor of the previous (newer) page, or null on the first page. */
  previous: string | null;
  /** Sent with the first and the last page only; the panel keeps it while paging. */
  total: ListTotal | null;
};

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function totalLabel(total: ListTotal): string {
  if (total.exact) return total.count.toLocaleString('en-US');
  // An estimate is good to two digits; more would look exact.
  const step = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, total.count))) - 1);
  return `about ${(Math.round(total.count / step) * step).toLocaleString('en-US')}`;
}

export function onboardingProgressLabel(p: OnboardingProgress): string {
  if (p.completed) return 'Completed';
  if (p.stepsDone === 0) return 'Not started';
  return `${p.stepsDone} of ${p.totalSteps} steps`;
}

export const contactStatusSchema = z.object({ status: z.enum(['new', 'handled']) });

export function formatDateTime(iso: string | Date | null | undefined): string {
  if (!iso) return '';
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const factorLabel = requiredText(
  1,
  60,
  'Please give this factor a name',
  'The name must be at most 60 characters',
);

const totpCode = z
  .string({ error: 'Please enter the 6-digit code from your app' })
  .check(z.trim(), z.regex(/^\d{3}\s?\d{3}$/, 'Please enter the 6-digit code from your app'));

/** A WebAuthn credential as @simplewebauthn/browser hands it over; the library checks the rest. */
const credential = z.looseObject({
  id: z.string().check(z.minLength(1), z.maxLength(1024)),
  rawId: z.string().check(z.maxLength(1024)),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().check(z.maxLength(16_384)) }),
});

export const totpConfirmSchema = z.object({ code: totpCode, label: factorLabel });
export const passkeyRegisterSchema = z.object({ response: credential, label: factorLabel });

export const verifySchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: totpCode }),
  z.object({
    method: z.literal('recovery'),
    code: requiredText(1, 40, 'Please enter a recovery code', 'That is not a recovery code'),
  }),
  z.object({ method: z.literal('passkey'), response: credential }),
]);

// The address always travels in a POST body: a query string ends up in CDN and log-drain logs.
export const personQuerySchema = z.object({
  email: emailAddress('Please enter a valid email address'),
});
export const personExportSchema = z.object({
  email: emailAddress('Please enter a valid email address'),
  /** One table as CSV; the whole export as JSON without it. */
  table: z.optional(
    z.string().check(z.regex(/^[a-z_]{1,64}$/, 'table must be the name of a table')),
  ),
});
export const personEraseSchema = z.object({
  email: emailAddress('Please enter a valid email address'),
  /** The address typed again: an erasure cannot be undone. */
  confirm: z.string().check(z.trim(), z.maxLength(254)),
});
export type PersonFoundView = {
  email: string;
  counts: Record<string, number>;
  logos: number | null;
};
export type ErasureView = {
  counts: Record<string, number>;
  skipped: string[];
  crmLeft: string[];
};
export type PrivacyRequestAdminView = {
  id: number;
  kind: 'export' | 'erase';
  email: string;
  requestedAt: string;
  dueAt: string;
  /** Why the last answer failed (the request stayed open), and when; null otherwise. */
  lastError: string | null;
  lastAttemptAt: string | null;
};
export type CrmLeftView = {
  id: number;
  locationIds: string[];
  erasedAt: string;
  /** The admin's username; null for an erasure from the command line. */
  erasedBy: string | null;
};
/** POST /api/admin/privacy-requests/:id/answer: `leave: ['crm']` erases without the CRM account. */
export const requestAnswerSchema = z.object({
  leave: withDefault(z.array(z.literal('crm')).check(z.maxLength(1)), []),
});

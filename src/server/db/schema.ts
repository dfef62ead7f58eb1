// Migrations are generated from this file (`npm run db:generate`) and never edited by hand, except
// 0005's trigram block: drizzle-kit does not create extensions.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  type ExtraConfigColumn,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ChargeDiscount, ChargeTax } from '../../lib/charge.ts';

export * from './insights-schema.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// A search word holds no whitespace, so it never matches across two fields.
const searchText = (...columns: string[]) =>
  text('search_text')
    .notNull()
    .generatedAlwaysAs(
      sql.raw(
        columns
          .map((c) => c.split('::'))
          .map(([name, cast]) => `coalesce("${name}"${cast ? `::${cast}` : ''}, '')`)
          .join(` || ' ' || `),
      ),
    );

// Migration 0005 creates these only where pg_trgm is available (not in `npm run dev`'s database).
const searchIndex = (name: string, column: ExtraConfigColumn) =>
  index(name).using('gin', column.op('gin_trgm_ops'));

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  password: text('password').notNull(),
  createdAt: createdAt(),
});

// Without `factorVerifiedAt` a session reaches only the second-factor screens (auth/guard.ts).
export const adminSessions = pgTable('admin_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  factorVerifiedAt: timestamp('factor_verified_at', { withTimezone: true }),
  pendingChallenge: text('pending_challenge'),
  pendingChallengeAt: timestamp('pending_challenge_at', { withTimezone: true }),
  pendingTotpSecret: text('pending_totp_secret'),
  factorFailures: integer('factor_failures').notNull().default(0),
});

export const adminFactors = pgTable(
  'admin_factors',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['passkey', 'totp'] }).notNull(),
    label: text('label').notNull(),
    credentialId: text('credential_id'),
    publicKey: text('public_key'),
    signCount: integer('sign_count').notNull().default(0),
    transports: text('transports'),
    totpSecret: text('totp_secret'),
    lastTotpStep: integer('last_totp_step'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    index('admin_factors_user_idx').on(t.userId),
    uniqueIndex('admin_factors_credential_unique').on(t.credentialId),
  ],
);

export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('admin_recovery_codes_user_idx').on(t.userId)],
);

// Never a password, code or the personal data an erasure removed.
export const securityLog = pgTable(
  'security_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    event: text('event').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username'),
    ip: text('ip'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('security_log_at_idx').on(t.at)],
);

export const privacyRuns = pgTable(
  'privacy_runs',
  {
    id: serial('id').primaryKey(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
    source: text('source', { enum: ['schedule', 'command'] }).notNull(),
    counts: jsonb('counts').$type<Record<string, Record<string, number>>>().notNull(),
  },
  (t) => [index('privacy_runs_finished_idx').on(t.finishedAt)],
);

// The client reference is set null when the account goes, never cascaded: the request must
// outlive the account.
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['export', 'erase'] }).notNull(),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: text('completed_by'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    crmLeft: text('crm_left')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    index('privacy_requests_client_idx').on(t.clientId),
    index('privacy_requests_due_idx').on(t.dueAt),
    // One open request of a kind per client: a second press, or a second tab, finds the first.
    uniqueIndex('privacy_requests_open_idx')
      .on(t.clientId, t.kind)
      .where(sql`${t.completedAt} is null`),
  ],
);

// Lets a restored backup taken before an erasure erase the person again. A digest names nobody,
// so it has no retention period.
export const erasureRecords = pgTable('erasure_records', {
  id: serial('id').primaryKey(),
  addressDigest: text('address_digest'),
  erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
});

export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

// Typing an address at checkout proves nothing: it counts as the client's only once a magic link
// sent to it has been used (`emailVerifiedAt`).
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    name: text('name').notNull().default(''),
    /** Attached only once the address is proven (features/clients). */
    stripeCustomerId: text('stripe_customer_id'),
    ghlLocationId: text('ghl_location_id'),
    ghlUserId: text('ghl_user_id'),
    /** Only the claiming request may call the CRM, until it stores the account or gives it back. */
    crmClaimedAt: timestamp('crm_claimed_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('clients_ghl_location_idx').on(t.ghlLocationId)],
);

export const clientSessions = pgTable(
  'client_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    wholeAccount: boolean('whole_account').notNull().default(false),
    orderIds: integer('order_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('client_sessions_client_idx').on(t.clientId)],
);

// A link requested from the site works only in the browser that asked for it (`browserNonceHash`).
export const magicLinks = pgTable('magic_links', {
  tokenHash: text('token_hash').primaryKey(),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  browserNonceHash: text('browser_nonce_hash'),
  createdAt: createdAt(),
});

export type PricedLine = {
  id: string;
  name: string;
  description: string;
  type: 'package' | 'website' | 'agent';
  billingCycle: 'oneTime' | 'monthly' | 'yearly';
  unitAmountCents: number;
  quantity: number;
};

export type CheckoutMode = 'payment' | 'subscription';

export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    provider: text('provider', { enum: ['stripe', 'simulated'] }).notNull(),
    mode: text('mode', { enum: ['payment', 'subscription'] }).notNull(),
    status: text('status', { enum: ['open', 'complete', 'declined', 'canceled', 'expired'] })
      .notNull()
      .default('open'),
    lines: jsonb('lines').$type<PricedLine[]>().notNull(),
    amountTotalCents: integer('amount_total_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    customerEmail: text('customer_email'),
    customerName: text('customer_name'),
    paymentIntentId: text('payment_intent_id'),
    attemptHash: text('attempt_hash'),
    sessionGrantedAt: timestamp('session_granted_at', { withTimezone: true }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    promotionsConsent: text('promotions_consent', { enum: ['opt_in', 'opt_out'] }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    recoveredFrom: text('recovered_from'),
    // A success page naming a session this site never stored must show one of an expired checkout
    // before the provider is asked about that session.
    successRef: text('success_ref'),
    promotionCode: text('promotion_code'),
  },
  (t) => [
    index('checkout_sessions_status_idx').on(t.status, t.createdAt),
    index('checkout_sessions_expired_idx').on(t.expiredAt),
    index('checkout_sessions_recovered_idx').on(t.recoveredFrom),
    index('checkout_sessions_success_ref_idx').on(t.successRef),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNumber: text('order_number').notNull().unique(),
    checkoutSessionId: text('checkout_session_id').notNull(),
    clientId: integer('client_id').references(() => clients.id),
    productId: text('product_id').notNull(),
    productName: text('product_name').notNull(),
    /** In cents: what the provider charged. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    // Null where the provider did not say: unknown, never zero.
    subtotalCents: integer('subtotal_cents'),
    discountCents: integer('discount_cents'),
    discounts: jsonb('discounts').$type<ChargeDiscount[]>(),
    taxCents: integer('tax_cents'),
    taxes: jsonb('taxes').$type<ChargeTax[]>(),
    invoiceId: text('invoice_id'),
    invoiceNumber: text('invoice_number'),
    invoiceHostedUrl: text('invoice_hosted_url'),
    invoicePdfUrl: text('invoice_pdf_url'),
    stripePaymentIntentId: text('stripe_payment_intent_id').notNull(),
    stripeSubscriptionId: text('stripe_subscription_id'),
    stripeCustomerId: text('stripe_customer_id'),
    customerEmail: text('customer_email').notNull(),
    customerName: text('customer_name').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'completed', 'failed', 'refunded'] })
      .notNull()
      .default('pending'),
    items: text('items').notNull(),
    mode: text('mode', { enum: ['payment', 'subscription'] })
      .notNull()
      .default('payment'),
    isTest: boolean('is_test').notNull().default(false),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A partial refund keeps status 'paid'. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    recoveredFrom: text('recovered_from'),
    searchText: searchText(
      'order_number',
      'customer_name',
      'customer_email',
      'product_name',
      'stripe_payment_intent_id',
    ),
  },
  (t) => [
    uniqueIndex('orders_checkout_session_unique').on(t.checkoutSessionId),
    index('orders_payment_intent_idx').on(t.stripePaymentIntentId),
    index('orders_client_idx').on(t.clientId),
    index('orders_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_status_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    index('orders_subscription_idx').on(t.stripeSubscriptionId),
    searchIndex('orders_search_idx', t.searchText),
    index('orders_refunded_idx')
      .on(t.refundedAt)
      .where(sql`${t.refundedCents} > 0`),
    index('orders_recovered_idx')
      .on(t.createdAt)
      .where(sql`${t.recoveredFrom} is not null`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: ['package', 'website', 'agent'] }).notNull(),
    billingCycle: text('billing_cycle', { enum: ['oneTime', 'monthly', 'yearly'] }).notNull(),
    unitAmountCents: integer('unit_amount_cents').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    // Line items are read per order (lists, exports, downloads).
    index('order_items_order_idx').on(t.orderId),
  ],
);

export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const onboardingForms = pgTable(
  'onboarding_forms',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    businessInfo: jsonb('business_info').$type<Record<string, unknown>>(),
    projectDetails: jsonb('project_details').$type<Record<string, unknown>>(),
    designPreferences: jsonb('design_preferences').$type<Record<string, unknown>>(),
    completed: boolean('completed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchText: searchText(
      'business_info::text',
      'project_details::text',
      'design_preferences::text',
    ),
  },
  (t) => [
    index('onboarding_forms_updated_idx').on(
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    searchIndex('onboarding_forms_search_idx', t.searchText),
  ],
);

export const clientOnboardingSubmissions = pgTable(
  'client_onboarding_submissions',
  {
    id: serial('id').primaryKey(),
    productId: text('product_id').notNull().default('starter'),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    businessName: text('business_name').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    ghlLocationId: text('ghl_location_id'),
    simulated: boolean('simulated').notNull().default(false),
    confirmTokenHash: text('confirm_token_hash').unique(),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
    searchText: searchText('full_name', 'email', 'business_name', 'product_id', 'data::text'),
  },
  (t) => [
    index('client_onboarding_created_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    searchIndex('client_onboarding_search_idx', t.searchText),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    company: text('company').notNull().default(''),
    message: text('message').notNull(),
    formType: text('form_type').notNull().default('contact'),
    status: text('status', { enum: ['new', 'handled'] })
      .notNull()
      .default('new'),
    createdAt: createdAt(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    searchText: searchText('name', 'email', 'company', 'phone', 'message'),
  },
  (t) => [
    index('contact_messages_created_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('contact_messages_status_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    searchIndex('contact_messages_search_idx', t.searchText),
  ],
);

export const meetingRequests = pgTable(
  'meeting_requests',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    company: text('company').notNull().default(''),
    meetingType: text('meeting_type').notNull(),
    preferredDate: text('preferred_date').notNull(),
    preferredTime: text('preferred_time').notNull(),
    timezone: text('timezone').notNull(),
    message: text('message').notNull().default(''),
    status: text('status', { enum: ['requested', 'confirmed', 'proposed', 'declined'] })
      .notNull()
      .default('requested'),
    proposedDate: text('proposed_date'),
    proposedTime: text('proposed_time'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchText: searchText('name', 'email', 'company', 'phone', 'meeting_type', 'message'),
  },
  (t) => [
    index('meeting_requests_created_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('meeting_requests_status_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    searchIndex('meeting_requests_search_idx', t.searchText),
  ],
);

export type OutboxAttachment = {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
  /** Also sent as the text/calendar alternative, so mail clients show Accept/Decline. */
  invitation?: 'REQUEST' | 'CANCEL';
};

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attachments: jsonb('attachments')
      .$type<OutboxAttachment[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'canceled'] })
      .notNull()
      .default('pending'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** How a person's export and erasure find it; null on rows queued before it was recorded. */
    aboutEmails: text('about_emails').array(),
    aboutClientIds: integer('about_client_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    secrets: jsonb('secrets').$type<Record<string, string>>(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    searchText: searchText('to', 'subject', 'kind', 'text'),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    searchIndex('email_outbox_search_idx', t.searchText),
    index('email_outbox_about_emails_idx').using('gin', t.aboutEmails),
    index('email_outbox_about_clients_idx').using('gin', t.aboutClientIds),
  ],
);

// Claimed before its e-mail is queued, so a redelivered or concurrent expiry queues one.
export const checkoutReminders = pgTable(
  'checkout_reminders',
  {
    checkoutSessionId: text('checkout_session_id').primaryKey(),
    addressHash: text('address_hash').notNull(),
    outboxEmailId: integer('outbox_email_id'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    capped: boolean('capped').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('checkout_reminders_address_idx').on(t.addressHash, t.createdAt)],
);

// The unsubscribe link carries the hash, never the address.
export const reminderOptOuts = pgTable('reminder_opt_outs', {
  addressHash: text('address_hash').primaryKey(),
  createdAt: createdAt(),
});

// Sealed with a key derived from SESSION_SECRET: a copy of the table is no key.
export const storedKeys = pgTable('stored_keys', {
  purpose: text('purpose').primaryKey(),
  sealed: text('sealed').notNull(),
  createdAt: createdAt(),
});

// Kept by migration 0005's triggers: the overview reads these few rows instead of counting 100,000.
export const rowTallies = pgTable(
  'row_tallies',
  {
    tableName: text('table_name').notNull(),
    bucket: text('bucket').notNull(),
    rowCount: bigint('row_count', { mode: 'number' }).notNull().default(0),
    cents: bigint('cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.bucket] })],
);

export const subscribers = pgTable('subscribers', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  source: text('source').notNull(),
  createdAt: createdAt(),
});

export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'paused',
  'canceled',
] as const;

export type SubscriptionLine = {
  name: string;
  quantity: number;
  unitAmountCents: number;
  interval: 'month' | 'year';
  productId?: string;
};

// `lastEventAt` (the newest event applied) keeps an event that arrives late from moving it back.
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    provider: text('provider', { enum: ['stripe', 'simulated'] }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull().unique(),
    providerCustomerId: text('provider_customer_id'),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    plan: text('plan').notNull(),
    lines: jsonb('lines').$type<SubscriptionLine[]>().notNull().default([]),
    interval: text('interval', { enum: ['month', 'year'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    latestInvoiceId: text('latest_invoice_id'),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_status_idx').on(t.status)],
);

export const subscriptionPayments = pgTable(
  'subscription_payments',
  {
    id: serial('id').primaryKey(),
    providerInvoiceId: text('provider_invoice_id').notNull().unique(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    paymentIntentId: text('payment_intent_id'),
    billingReason: text('billing_reason').notNull(),
    status: text('status', { enum: ['paid', 'failed'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    subtotalCents: integer('subtotal_cents'),
    discountCents: integer('discount_cents'),
    discounts: jsonb('discounts').$type<ChargeDiscount[]>(),
    taxCents: integer('tax_cents'),
    taxes: jsonb('taxes').$type<ChargeTax[]>(),
    totalCents: integer('total_cents'),
    invoiceNumber: text('invoice_number'),
    invoiceHostedUrl: text('invoice_hosted_url'),
    invoicePdfUrl: text('invoice_pdf_url'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('subscription_payments_subscription_idx').on(t.providerSubscriptionId),
    index('subscription_payments_payment_intent_idx').on(t.paymentIntentId),
  ],
);

export const REFUND_STATUSES = [
  'pending',
  'requires_action',
  'succeeded',
  'failed',
  'canceled',
] as const;

export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    providerRefundId: text('provider_refund_id').notNull().unique(),
    provider: text('provider', { enum: ['stripe', 'simulated'] }).notNull(),
    orderId: integer('order_id').references(() => orders.id),
    providerInvoiceId: text('provider_invoice_id'),
    paymentIntentId: text('payment_intent_id'),
    chargeId: text('charge_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    reason: text('reason'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_payment_intent_idx').on(t.paymentIntentId),
    index('refunds_refunded_at_idx').on(t.refundedAt),
  ],
);

export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  /** A fresh deploy's first period of grace before the health check expects the job. */
  firstExpectedAt: timestamp('first_expected_at', { withTimezone: true }).notNull().defaultNow(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastStatus: text('last_status', { enum: ['running', 'ok', 'failed'] }),
  lastSucceededAt: timestamp('last_succeeded_at', { withTimezone: true }),
});

type Row<T extends { $inferSelect: object }> = Omit<T['$inferSelect'], 'searchText'>;

export type AdminFactor = typeof adminFactors.$inferSelect;
export type SecurityEvent = typeof securityLog.$inferSelect;
export type PrivacyRun = typeof privacyRuns.$inferSelect;
export type PrivacyRequest = typeof privacyRequests.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type SubscriptionStatus = Subscription['status'];
export type SubscriptionPayment = typeof subscriptionPayments.$inferSelect;
export type Refund = typeof refunds.$inferSelect;
export type RefundStatus = Refund['status'];
export type Order = Row<typeof orders>;
export type NewOrder = typeof orders.$inferInsert;
export type Client = typeof clients.$inferSelect;
export type ContactMessage = Row<typeof contactMessages>;
export type MeetingRequest = Row<typeof meetingRequests>;
export type OutboxEmail = Row<typeof emailOutbox>;
export type OnboardingForm = Row<typeof onboardingForms>;
export type CheckoutSession = typeof checkoutSessions.$inferSelect;
export type ClientOnboardingSubmission = Row<typeof clientOnboardingSubmissions>;
export type OrderItem = typeof orderItems.$inferSelect;
export type CheckoutReminder = typeof checkoutReminders.$inferSelect;
export type JobRun = typeof jobRuns.$inferSelect;

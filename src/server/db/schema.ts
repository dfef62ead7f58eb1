/**
 * The one database schema. Every entity the product stores lives here; migrations in
 * netlify/database/migrations are generated from this file by `npm run db:generate` and never edited by hand,
 * except 0005's trigram block: drizzle-kit does not create extensions, and the block makes the
 * indexes conditional on pg_trgm being available.
 * Money is stored in integer cents.
 */
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

/**
 * What an admin search looks in, as a generated column: the searched fields joined by spaces
 * (a search word holds no whitespace, so it never matches across two fields). A trigram GIN
 * index on it ({@link searchIndex}) serves `ILIKE '%word%'` (src/server/db/list-query.ts).
 */
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

/**
 * pg_trgm's GIN index on a table's search text. Migration 0005 creates these only where the
 * extension is available (not in `npm run dev`'s emulated database, where a search reads the
 * table instead, with the same results).
 */
const searchIndex = (name: string, column: ExtraConfigColumn) =>
  index(name).using('gin', column.op('gin_trgm_ops'));

/** Admin panel users (spec: users). Passwords are argon2id hashes, never plain text. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  password: text('password').notNull(),
  createdAt: createdAt(),
});

/**
 * Server-side admin sessions; the cookie holds the token, the table only its SHA-256. A
 * password opens a session without `factorVerifiedAt`: it reaches only the second-factor
 * screens (src/server/auth/guard.ts) until a factor is verified.
 */
export const adminSessions = pgTable('admin_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** When a second factor was last verified in this session (sign-in or step-up). */
  factorVerifiedAt: timestamp('factor_verified_at', { withTimezone: true }),
  /** A passkey ceremony's challenge, or an authenticator app's secret being enrolled (sealed). */
  pendingChallenge: text('pending_challenge'),
  /** When the challenge was issued: a ceremony answered later than 5 minutes is refused. */
  pendingChallengeAt: timestamp('pending_challenge_at', { withTimezone: true }),
  pendingTotpSecret: text('pending_totp_secret'),
  /** Wrong second-factor answers in this session; a few end it (src/server/auth/second-factor.ts). */
  factorFailures: integer('factor_failures').notNull().default(0),
});

/**
 * An admin's second factors: passkeys (WebAuthn public-key credentials) and authenticator
 * apps (TOTP, the shared secret sealed with a key from the environment: src/server/mail/sealed.ts).
 */
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
    /** The last TOTP time step accepted: a code is never accepted twice. */
    lastTotpStep: integer('last_totp_step'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    index('admin_factors_user_idx').on(t.userId),
    uniqueIndex('admin_factors_credential_unique').on(t.credentialId),
  ],
);

/** One-time recovery codes, stored as SHA-256 hashes (each code is 80 random bits). */
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

/**
 * What happened to the admin accounts and to people's data: sign-ins and their failures,
 * factor changes, exports and erasures. Never a password, code or the personal data an
 * erasure removed; kept 90 days (src/server/privacy/retention.ts).
 */
export const securityLog = pgTable(
  'security_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    event: text('event').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The admin username the event is about (a failed sign-in names what was typed). */
    username: text('username'),
    ip: text('ip'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('security_log_at_idx').on(t.at)],
);

/**
 * Each run of the retention rules (src/server/privacy/retention.ts): when it ran, from where,
 * and how many rows each rule deleted or anonymised per table. Counts only, never a row.
 */
export const privacyRuns = pgTable(
  'privacy_runs',
  {
    id: serial('id').primaryKey(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
    /** `schedule`: the daily function; `command`: `npm run privacy:purge`. */
    source: text('source', { enum: ['schedule', 'command'] }).notNull(),
    /** Rule → table → rows; logos removed from Blobs count as the table `logos`. */
    counts: jsonb('counts').$type<Record<string, Record<string, number>>>().notNull(),
  },
  (t) => [index('privacy_runs_finished_idx').on(t.finishedAt)],
);

/**
 * A client's request from the dashboard to export or erase their data (owner:
 * features/privacy/privacy-requests). It is due 30 days after it was made; once completed it is
 * kept as proof for the period of src/server/privacy/retention.ts (`privacyRequests`), and an
 * erasure of the person keeps it without their address and account. The client reference is
 * set null when the account goes, never cascaded: the request must outlive the account.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['export', 'erase'] }).notNull(),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    /** The account's address when asked (lower-cased); '' once the person is erased. */
    email: text('email').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The admin's username; null when the person's erasure closed it. */
    completedBy: text('completed_by'),
    /** Why the admin's latest answer failed (an erasure that did not run); null once answered. */
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /**
     * CRM sub-accounts the erasure left (the admin said so), a to-do until the admin deleted
     * them by hand. An erasure that answered no request records them in a completed row of its own.
     */
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

/**
 * Each erasure of a person, kept so that a restored backup taken before it can erase the person
 * again (scripts/db-backup.ts): the keyed digest of the address, never the address or the
 * account. A digest names nobody, so it has no retention period (as reminder_opt_outs).
 */
export const erasureRecords = pgTable('erasure_records', {
  id: serial('id').primaryKey(),
  /** privateDigest of the lower-cased address; null when the erasing command lacked the secret. */
  addressDigest: text('address_digest'),
  erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters for rate limits (contact form, meeting form, sign-in, subscribe). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * A purchaser. Created by the first paid order for an e-mail address; typing an address at
 * checkout proves nothing, so the address counts as the client's only once a magic link sent
 * to it has been used (`emailVerifiedAt`). Owner: features/clients.
 */
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
    /**
     * When a request took the client's one CRM provisioning (features/clients/crm-link): the
     * only request that may call the CRM until it stores the account or gives the claim back.
     */
    crmClaimedAt: timestamp('crm_claimed_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // One CRM sub-account belongs to one client.
  (t) => [uniqueIndex('clients_ghl_location_idx').on(t.ghlLocationId)],
);

/**
 * Client sessions; the cookie holds a random token, the table only its SHA-256, so sign-out
 * ends a session at once. `wholeAccount`: every order of `clientId` (granted by a magic link,
 * which proves the address). `orderIds`: orders granted to the browser that paid for them.
 */
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

/**
 * Single-use sign-in links for the client dashboard; only the token's hash is stored.
 * `browserNonceHash`: a link requested from the site works only in the browser that asked for
 * it (the hash of that browser's nonce cookie); links in order confirmations have none.
 */
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

/** A cart line priced by the server, as stored on checkout sessions and sent to the provider. */
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

/** A checkout started with a payment provider, priced by the server from the catalogue. */
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
    /** SHA-256 of the checkout-attempt cookie of the browser that started this checkout. */
    attemptHash: text('attempt_hash'),
    /** When that browser was granted a session for the order (once). */
    sessionGrantedAt: timestamp('session_granted_at', { withTimezone: true }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * The buyer's answer to the provider's promotional e-mail checkbox (Stripe's
     * `consent.promotions`), known once the session ended; null when it was not asked.
     */
    promotionsConsent: text('promotions_consent', { enum: ['opt_in', 'opt_out'] }),
    /** When the provider let the session expire (the overview's abandoned checkouts). */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** The expired session this one was recovered from (its recovery link opened it). */
    recoveredFrom: text('recovered_from'),
    /**
     * The reference in this checkout's success URL (a session recovered from it has the same
     * URL): a success page naming a session this site never stored must show one of an expired
     * checkout before the provider is asked about that session.
     */
    successRef: text('success_ref'),
    /** The simulated provider's promotion code applied on its payment page ("SAVE10"). */
    promotionCode: text('promotion_code'),
  },
  (t) => [
    // The checkout sweep's work list (open or complete sessions of the last day or week).
    index('checkout_sessions_status_idx').on(t.status, t.createdAt),
    // The overview's abandoned checkouts by week.
    index('checkout_sessions_expired_idx').on(t.expiredAt),
    // A recovery link finds the session it already opened.
    index('checkout_sessions_recovered_idx').on(t.recoveredFrom),
    // The success page of a recovered session finds the checkout it came from.
    index('checkout_sessions_success_ref_idx').on(t.successRef),
  ],
);

/** Orders (spec: orders). One per checkout session, enforced by the unique index. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNumber: text('order_number').notNull().unique(),
    checkoutSessionId: text('checkout_session_id').notNull(),
    /** Null while the order waits for its buyer to prove the address of an existing client. */
    clientId: integer('client_id').references(() => clients.id),
    productId: text('product_id').notNull(),
    productName: text('product_name').notNull(),
    /** Total in cents: what the provider charged (Stripe's `amount_total`). */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    /**
     * How the provider made up the total (Stripe's `amount_subtotal` and `total_details`):
     * subtotal − discount + tax = amount. Null where the provider did not say (orders from
     * before these columns, an event without them): unknown, never zero.
     */
    subtotalCents: integer('subtotal_cents'),
    discountCents: integer('discount_cents'),
    /** Each promotion code and what it took off (they add up to discount_cents). */
    discounts: jsonb('discounts').$type<ChargeDiscount[]>(),
    taxCents: integer('tax_cents'),
    /** Each tax with its rate and jurisdiction where known (they add up to tax_cents). */
    taxes: jsonb('taxes').$type<ChargeTax[]>(),
    /** The provider's invoice of the payment (Stripe's `in_…`), its number, page and PDF. */
    invoiceId: text('invoice_id'),
    invoiceNumber: text('invoice_number'),
    invoiceHostedUrl: text('invoice_hosted_url'),
    invoicePdfUrl: text('invoice_pdf_url'),
    stripePaymentIntentId: text('stripe_payment_intent_id').notNull(),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** The payment provider's customer; copied to the client once its address is proven. */
    stripeCustomerId: text('stripe_customer_id'),
    customerEmail: text('customer_email').notNull(),
    customerName: text('customer_name').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'completed', 'failed', 'refunded'] })
      .notNull()
      .default('pending'),
    /** The purchased lines as JSON text, as the spec's entity has it. */
    items: text('items').notNull(),
    mode: text('mode', { enum: ['payment', 'subscription'] })
      .notNull()
      .default('payment'),
    isTest: boolean('is_test').notNull().default(false),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * What the provider refunded of the first payment so far (a partial refund keeps status
     * 'paid'); each refund is its own row in `refunds`.
     */
    refundedCents: integer('refunded_cents').notNull().default(0),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The abandoned checkout session whose recovery link led to this order, if any. */
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
    // The admin list's order, and its status filter.
    index('orders_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_status_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    index('orders_subscription_idx').on(t.stripeSubscriptionId),
    searchIndex('orders_search_idx', t.searchText),
    // The overview's refunds by week.
    index('orders_refunded_idx')
      .on(t.refundedAt)
      .where(sql`${t.refundedCents} > 0`),
    // The overview's recovered orders by week.
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

/** Stripe events already handled, so a redelivered event is acknowledged without new work. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Order onboarding wizard (spec: onboarding_forms). One row per order, filled step by step. */
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
    // The admin list's order (latest update first).
    index('onboarding_forms_updated_idx').on(
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    searchIndex('onboarding_forms_search_idx', t.searchText),
  ],
);

/** The long /client-onboarding form. */
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
    /**
     * The CRM account waits for the typed address to be proven: the SHA-256 of the token in
     * the confirmation link e-mailed to it, until it is used (`confirmedAt`).
     */
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
    // The admin list's order, and its status filter.
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
    /** ISO date, YYYY-MM-DD. */
    preferredDate: text('preferred_date').notNull(),
    /** One of the offered slots, e.g. "9:30 AM". */
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
  /**
   * Set for a calendar invitation: sent as the message's text/calendar alternative with this
   * method (mail clients then show Accept/Decline), and still attached as the .ics file.
   */
  invitation?: 'REQUEST' | 'CANCEL';
};

/** Every e-mail is written here first, then delivered (and retried) from here. */
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
    /** 'canceled': withdrawn before it left (a checkout reminder whose buyer paid meanwhile). */
    status: text('status', { enum: ['pending', 'sent', 'failed', 'canceled'] })
      .notNull()
      .default('pending'),
    /** Extra message headers (List-Unsubscribe); a value may hold a secret's slot. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /**
     * The people it concerns (normalised addresses, client ids): how a person's export and
     * erasure find it. Null: queued before this was recorded and not attributable.
     */
    aboutEmails: text('about_emails').array(),
    aboutClientIds: integer('about_client_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    /** Slot word → sealed secret (src/server/mail/sealed.ts); null on rows queued before slots. */
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
    // The admin list's order, and its search.
    index('email_outbox_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    searchIndex('email_outbox_search_idx', t.searchText),
    index('email_outbox_about_emails_idx').using('gin', t.aboutEmails),
    index('email_outbox_about_clients_idx').using('gin', t.aboutClientIds),
  ],
);

/**
 * The one reminder an abandoned checkout may get (src/features/recovery): one row per expired
 * checkout session, claimed before its e-mail is queued, so a redelivered or concurrent expiry
 * queues one. The address is kept only as its keyed hash (the outbox row holds the e-mail).
 */
export const checkoutReminders = pgTable(
  'checkout_reminders',
  {
    checkoutSessionId: text('checkout_session_id').primaryKey(),
    /** privateDigest of the lower-cased address: "reminded in the last 7 days" without it. */
    addressHash: text('address_hash').notNull(),
    outboxEmailId: integer('outbox_email_id'),
    /** When the e-mail is due (an hour after the expiry). */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** Set when the buyer paid before the reminder left; it was withdrawn from the outbox. */
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** The day's cap of reminders was reached: none was queued, and none will be for it. */
    capped: boolean('capped').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('checkout_reminders_address_idx').on(t.addressHash, t.createdAt)],
);

/**
 * Addresses that asked for no more checkout reminders, as their keyed hash only (the
 * unsubscribe link carries the hash, never the address).
 */
export const reminderOptOuts = pgTable('reminder_opt_outs', {
  addressHash: text('address_hash').primaryKey(),
  createdAt: createdAt(),
});

/**
 * Keys that must outlive a rotation of SESSION_SECRET (the address key of opt-outs, the
 * unsubscribe links' key), each sealed with a key derived from it: a copy of the table is no
 * key, and `npm run secrets:rotate` seals them again under the new secret (src/server/stored-keys.ts).
 */
export const storedKeys = pgTable('stored_keys', {
  purpose: text('purpose').primaryKey(),
  /** sealed2.<id of the SESSION_SECRET key>.<the key, AES-256-GCM> */
  sealed: text('sealed').notNull(),
  createdAt: createdAt(),
});

/**
 * Row counts and amount sums of the big tables per bucket (an order's status and test flag, a
 * contact message's status), kept by triggers that migration 0005 defines next to a backfill.
 * The overview reads these few rows instead of counting 100,000 (src/server/db/tallies.ts).
 */
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

/** Early-access sign-ups from the rental-host landing page. */
export const subscribers = pgTable('subscribers', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  source: text('source').notNull(),
  createdAt: createdAt(),
});

/** Statuses of a provider subscription, as Stripe names them. */
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

/** One recurring line of a subscription, as the provider bills it. */
export type SubscriptionLine = {
  name: string;
  quantity: number;
  unitAmountCents: number;
  interval: 'month' | 'year';
  /** The catalogue item billed, when the provider names it (a catalogue Price's lookup key). */
  productId?: string;
};

/**
 * A plan bought at checkout, followed after the first payment: renewals, failures,
 * cancellations. Kept in step by the payment provider's events; `lastEventAt` (the newest
 * event applied) keeps an event that arrives late from moving it backwards.
 * Linked to its order and client through orders.stripe_subscription_id.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    provider: text('provider', { enum: ['stripe', 'simulated'] }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull().unique(),
    providerCustomerId: text('provider_customer_id'),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    /** The plan's name as the buyer saw it ("Lily AI Sales Agent (monthly)"). */
    plan: text('plan').notNull(),
    lines: jsonb('lines').$type<SubscriptionLine[]>().notNull().default([]),
    interval: text('interval', { enum: ['month', 'year'] }).notNull(),
    /** What one renewal costs, in cents. */
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

/**
 * Every invoice of a subscription: the first payment (also recorded as the order) and each
 * renewal, paid or failed, with what was refunded of it.
 */
export const subscriptionPayments = pgTable(
  'subscription_payments',
  {
    id: serial('id').primaryKey(),
    providerInvoiceId: text('provider_invoice_id').notNull().unique(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    paymentIntentId: text('payment_intent_id'),
    /** subscription_create (the order's first payment), subscription_cycle (a renewal), … */
    billingReason: text('billing_reason').notNull(),
    status: text('status', { enum: ['paid', 'failed'] }).notNull(),
    /** What the invoice charged (Stripe's `amount_paid`, else `amount_due`). */
    amountCents: integer('amount_cents').notNull(),
    /** Every price is in US dollars, so the rows from before this column are too. */
    currency: text('currency').notNull().default('usd'),
    /**
     * The invoice's own breakdown (Stripe's `subtotal`, `total_discount_amounts`,
     * `total_taxes`, `total`); null where unknown, as on orders.
     */
    subtotalCents: integer('subtotal_cents'),
    discountCents: integer('discount_cents'),
    discounts: jsonb('discounts').$type<ChargeDiscount[]>(),
    taxCents: integer('tax_cents'),
    taxes: jsonb('taxes').$type<ChargeTax[]>(),
    totalCents: integer('total_cents'),
    invoiceNumber: text('invoice_number'),
    invoiceHostedUrl: text('invoice_hosted_url'),
    invoicePdfUrl: text('invoice_pdf_url'),
    /** The running total refunded of this invoice's payment; each refund is a row in `refunds`. */
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

/** Statuses of a provider refund, as Stripe names them. */
export const REFUND_STATUSES = [
  'pending',
  'requires_action',
  'succeeded',
  'failed',
  'canceled',
] as const;

/**
 * Every refund, full or partial, one row per provider refund (Stripe's `re_…`): what it gave
 * back, of which payment, and when. The running totals stay on the order and the invoice
 * (`refunded_cents`). Owner: features/orders/refund-records.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    providerRefundId: text('provider_refund_id').notNull().unique(),
    provider: text('provider', { enum: ['stripe', 'simulated'] }).notNull(),
    /** The order whose payment, or whose plan's renewal, was refunded. */
    orderId: integer('order_id').references(() => orders.id),
    /** The invoice the refunded payment paid, where known. */
    providerInvoiceId: text('provider_invoice_id'),
    paymentIntentId: text('payment_intent_id'),
    chargeId: text('charge_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    /** Stripe's reason (duplicate, fraudulent, requested_by_customer), if given. */
    reason: text('reason'),
    /** When the provider made the refund (Stripe's `created`). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_payment_intent_idx').on(t.paymentIntentId),
    // The admin's refunds by week.
    index('refunds_refunded_at_idx').on(t.refundedAt),
  ],
);

/**
 * Each scheduled function's last run (src/server/jobs/job-runs.ts), for /api/health. One row
 * per job, written at the start and the end of each run; no personal data.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  /** When the health check first expected the job: a fresh deploy's first period of grace. */
  firstExpectedAt: timestamp('first_expected_at', { withTimezone: true }).notNull().defaultNow(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastStatus: text('last_status', { enum: ['running', 'ok', 'failed'] }),
  lastSucceededAt: timestamp('last_succeeded_at', { withTimezone: true }),
});

/** A stored row as the site reads it: the search text is the search index's business only. */
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

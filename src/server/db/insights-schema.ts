/**
 * The insights' tables (src/features/insights): counts per day, never a row per visitor. The
 * one per-visitor trace, a day's hashes, is kept only for that day, like the salt behind it.
 */
import {
  customType,
  date,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';

const count = (name: string) => integer(name).notNull().default(0);

/**
 * One row per day × page path × referrer host × UTM source/medium/campaign × device class:
 * the views, the visitors first seen there that day, and the funnel's steps. Server-side
 * steps have the path '(server)' and no source.
 */
export const insightsDaily = pgTable(
  'insights_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    referrerHost: text('referrer_host').notNull().default(''),
    utmSource: text('utm_source').notNull().default(''),
    utmMedium: text('utm_medium').notNull().default(''),
    utmCampaign: text('utm_campaign').notNull().default(''),
    device: text('device').notNull(),
    views: count('views'),
    visitors: count('visitors'),
    productViews: count('product_views'),
    cartAdds: count('cart_adds'),
    checkouts: count('checkouts'),
    payments: count('payments'),
    onboardings: count('onboardings'),
    meetings: count('meetings'),
    contacts: count('contacts'),
    clientOnboardings: count('client_onboardings'),
  },
  (t) => [
    primaryKey({
      columns: [t.day, t.path, t.referrerHost, t.utmSource, t.utmMedium, t.utmCampaign, t.device],
    }),
  ],
);

/** Core Web Vitals per page per day as bucket counts (src/features/insights/histogram.ts). */
export const insightsVitals = pgTable(
  'insights_vitals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    /** LCP, INP, CLS, FCP, TTFB; `ALL3` counts views passing all three (bucket 0) or not (1). */
    metric: text('metric').notNull(),
    bucket: smallint('bucket').notNull(),
    samples: count('samples'),
  },
  (t) => [primaryKey({ columns: [t.day, t.path, t.metric, t.bucket] })],
);

/** Which element was the LCP, which target the slowest interaction: a few per page-day. */
export const insightsVitalTargets = pgTable(
  'insights_vital_targets',
  {
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    metric: text('metric').notNull(),
    target: text('target').notNull(),
    samples: count('samples'),
    poor: count('poor'),
  },
  (t) => [primaryKey({ columns: [t.day, t.path, t.metric, t.target] })],
);

const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });

/** Today's salt for the visitor hash; yesterday's is deleted as the day changes. */
export const insightsSalts = pgTable('insights_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: bytea('salt').notNull(),
});

/** Today's visitor hashes, alone: a hash is never stored with a page, a source or a count. */
export const insightsVisitorHashes = pgTable(
  'insights_visitor_hashes',
  {
    day: date('day', { mode: 'string' }).notNull(),
    hash: bytea('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.hash] })],
);

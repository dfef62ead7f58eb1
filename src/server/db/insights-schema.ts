// Counts per day, never a row per visitor; a day's visitor hashes are kept only for that day.
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

const counts = () => ({
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
});

// Server-side steps have the path '(server)' and no source.
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
    ...counts(),
  },
  (t) => [
    primaryKey({
      columns: [t.day, t.path, t.referrerHost, t.utmSource, t.utmMedium, t.utmCampaign, t.device],
    }),
  ],
);

// Rollups of insights_daily written with it, so that a year's read is thousands of rows.
export const insightsDailyPaths = pgTable(
  'insights_daily_paths',
  {
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    ...counts(),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);

export const insightsDailySources = pgTable(
  'insights_daily_sources',
  {
    day: date('day', { mode: 'string' }).notNull(),
    referrerHost: text('referrer_host').notNull(),
    utmSource: text('utm_source').notNull(),
    ...counts(),
  },
  (t) => [primaryKey({ columns: [t.day, t.referrerHost, t.utmSource] })],
);

export const insightsVitals = pgTable(
  'insights_vitals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    /** `ALL3` counts views passing all three (bucket 0) or not (1). */
    metric: text('metric').notNull(),
    bucket: smallint('bucket').notNull(),
    samples: count('samples'),
  },
  (t) => [primaryKey({ columns: [t.day, t.path, t.metric, t.bucket] })],
);

/** insights_vitals per calendar month (`month`: its first day), written with it. */
export const insightsVitalsMonthly = pgTable(
  'insights_vitals_monthly',
  {
    month: date('month', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    metric: text('metric').notNull(),
    bucket: smallint('bucket').notNull(),
    samples: count('samples'),
  },
  (t) => [primaryKey({ columns: [t.month, t.path, t.metric, t.bucket] })],
);

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

export const insightsSalts = pgTable('insights_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: bytea('salt').notNull(),
});

// Alone: a hash is never stored with a page, a source or a count.
export const insightsVisitorHashes = pgTable(
  'insights_visitor_hashes',
  {
    day: date('day', { mode: 'string' }).notNull(),
    hash: bytea('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.hash] })],
);

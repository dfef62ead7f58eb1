// Counting never fails its caller: an error is logged and swallowed.
import { clientIp } from '../../server/client-address.ts';
import type { Db } from '../../server/db/client.ts';
import { getDb } from '../../server/db/client.ts';
import { handler } from '../../server/handler.ts';
import { logError } from '../../server/log.ts';
import { enforce, type RateLimit } from '../../server/rate-limit.ts';
import { readJson } from '../../server/request-body.ts';
import { HttpError, withSecurityHeaders } from '../../server/responses.ts';
import { assertSameOrigin } from '../../server/same-origin.ts';
import { addCounts, purgeDailyBefore, type DailyKey } from './daily-counts.server.ts';
import { deviceClass, normalisePath, parseUtm, PRODUCT_PATHS, referrerHost } from './dimensions.ts';
import { BEACON_MAX_BYTES, beaconSchema, type Beacon, type ServerStep } from './insights.ts';
import { skipReason } from './traffic-rules.ts';
import { firstToday, forgetDaysBefore } from './visitor-days.server.ts';
import { addVitals, purgeVitalsBefore } from './vitals.server.ts';

/** Beacons per visitor address: a page sends two or three; a loop gets 429. */
export const BEACON_RATE_LIMIT: RateLimit = { limit: 300, windowSeconds: 10 * 60 };

export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export const SERVER_PATH = '(server)';

export type BeaconRequest = { headers: Headers; site: string; address: string; now?: Date };

export async function recordBeacon(db: Db, beacon: Beacon, from: BeaconRequest): Promise<void> {
  const day = dayOf(from.now ?? new Date());
  const path = normalisePath(beacon.p);
  const userAgent = from.headers.get('user-agent') ?? '';
  if (beacon.k === 'vitals') {
    await addVitals(db, { day, path, values: beacon.m, targets: beacon.a });
    return;
  }
  const key: DailyKey = {
    day,
    path,
    referrerHost: '',
    utmSource: '',
    utmMedium: '',
    utmCampaign: '',
    device: deviceClass(userAgent),
  };
  // Each funnel step counts a visitor once a day, so that no step can outnumber the one before.
  const visitor = { site: from.site, address: from.address, userAgent };
  if (beacon.k === 'step') {
    const first = await firstToday(db, day, visitor, [beacon.s]);
    if (first.has(beacon.s)) await addCounts(db, key, { [beacon.s]: 1 });
    return;
  }
  const utm = parseUtm(beacon.q);
  const first = await firstToday(
    db,
    day,
    visitor,
    PRODUCT_PATHS.has(path) ? ['visit', 'productViews'] : ['visit'],
  );
  await addCounts(
    db,
    {
      ...key,
      referrerHost: referrerHost(beacon.r, from.site),
      utmSource: utm.source,
      utmMedium: utm.medium,
      utmCampaign: utm.campaign,
    },
    {
      views: 1,
      visitors: first.has('visit') ? 1 : 0,
      productViews: first.has('productViews') ? 1 : 0,
    },
  );
}

/** `visitor`: the request that made it, under the beacon's traffic rules. Never throws. */
export async function countStep(
  db: Db,
  step: ServerStep,
  visitor?: { headers: Headers } | null,
  now = new Date(),
): Promise<void> {
  try {
    if (visitor && skipReason(visitor.headers)) return;
    await addCounts(
      db,
      {
        day: dayOf(now),
        path: SERVER_PATH,
        referrerHost: '',
        utmSource: '',
        utmMedium: '',
        utmCampaign: '',
        device: deviceClass(visitor?.headers.get('user-agent') ?? ''),
      },
      { [step]: 1 },
    );
  } catch (error) {
    logError('Insights step not counted', error, { step });
  }
}

const noContent = () => new Response(null, { status: 204, headers: withSecurityHeaders() });

/** POST /api/insights: bad input is a 4xx; a failure to count is logged, never a 5xx. */
export function beaconHandler() {
  return handler(['POST'], async (req, context) => {
    assertSameOrigin(req);
    const beacon = beaconSchema.parse(await readJson(req, BEACON_MAX_BYTES));
    if (skipReason(req.headers)) return noContent();
    try {
      const db = await getDb();
      const address = clientIp(context);
      await enforce(db, `insights:${address || 'unknown'}`, BEACON_RATE_LIMIT);
      await recordBeacon(db, beacon, {
        headers: req.headers,
        site: new URL(req.url).host,
        address,
      });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      logError('Insights beacon not counted', error);
    }
    return noContent();
  });
}

export async function purgeInsights(db: Db, cutoff: Date, now = new Date()) {
  const before = dayOf(cutoff);
  return {
    insights_daily: await purgeDailyBefore(db, before),
    insights_vitals: await purgeVitalsBefore(db, before),
    insights_visitor_hashes: await forgetDaysBefore(db, dayOf(now)),
  };
}
export { insightsCsv, readInsights } from './insights-report.server.ts';

/**
 * Which requests are never counted: a visitor who asks not to be tracked (DNT: 1 or
 * Sec-GPC: 1), robots and headless browsers (by user agent), and the site's own tests (the
 * TEST_TRAFFIC_HEADER the e2e suite sends, or the headless browser it runs).
 */

/** Sent by the site's own test runs; a request carrying it is never counted. */
export const TEST_TRAFFIC_HEADER = 'x-test-traffic';

const BOT =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|preview|headless|phantom|puppeteer|playwright|selenium|lighthouse|pagespeed|chrome-lighthouse|gtmetrix|pingdom|uptime|monitor|curl\/|wget\/|python-|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|libwww|httpclient|scrapy/i;

export type SkipReason = 'privacy-signal' | 'bot' | 'test-traffic';

/** Why a request with these headers is not counted, or null when it is. */
export function skipReason(headers: Headers): SkipReason | null {
  if (headers.get('dnt') === '1' || headers.get('sec-gpc') === '1') return 'privacy-signal';
  if (headers.has(TEST_TRAFFIC_HEADER)) return 'test-traffic';
  const userAgent = headers.get('user-agent') ?? '';
  if (!userAgent || userAgent.length > 512 || BOT.test(userAgent)) return 'bot';
  return null;
}

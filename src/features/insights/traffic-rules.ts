/** Sent by the site's own test runs; a request carrying it is never counted. */
export const TEST_TRAFFIC_HEADER = 'x-test-traffic';

const BOT =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|preview|headless|phantom|puppeteer|playwright|selenium|lighthouse|pagespeed|chrome-lighthouse|gtmetrix|pingdom|uptime|monitor|curl\/|wget\/|python-|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|libwww|httpclient|scrapy/i;

export type SkipReason = 'privacy-signal' | 'bot' | 'test-traffic';

export function skipReason(headers: Headers): SkipReason | null {
  if (headers.get('dnt') === '1' || headers.get('sec-gpc') === '1') return 'privacy-signal';
  if (headers.has(TEST_TRAFFIC_HEADER)) return 'test-traffic';
  const userAgent = headers.get('user-agent') ?? '';
  if (!userAgent || userAgent.length > 512 || BOT.test(userAgent)) return 'bot';
  return null;
}

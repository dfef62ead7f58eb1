// Every value is bounded in length and alphabet; no query, id or typed path is ever stored.
import { PURCHASE_KEYS } from '../catalogue/catalogue.ts';

/** Pages the site has, as counted; `:order` and `:product` stand for the ids in the path. */
export const KNOWN_PATHS = [
  '/',
  '/about',
  '/advanced-website-package',
  '/airbnb-automation',
  '/checkout',
  '/checkout/advanced',
  '/checkout/starter',
  '/checkout/success',
  '/client-onboarding',
  '/contact',
  '/cookie-policy',
  '/dashboard',
  '/dashboard/demo-portal',
  '/how-it-works',
  '/lily-ai',
  '/onboarding/:order',
  '/onboarding-advanced/:order',
  '/onboarding-ai-agent/:order',
  '/onboarding-social-media/:order',
  '/onboarding-starter/:order',
  '/pay/simulated',
  '/portfolio',
  '/privacy-policy',
  '/products',
  '/purchase/:product',
  '/schedule-meeting',
  '/services',
  '/social-media-empire',
  '/starter-website-package',
  '/terms-of-service',
  '/unsubscribe',
] as const;

export const OTHER = 'other';

export const PRODUCT_PATHS: ReadonlySet<string> = new Set([
  '/advanced-website-package',
  '/airbnb-automation',
  '/lily-ai',
  '/products',
  '/purchase/:product',
  '/social-media-empire',
  '/starter-website-package',
]);

const KNOWN: ReadonlySet<string> = new Set(KNOWN_PATHS);
const PURCHASE: ReadonlySet<string> = new Set(PURCHASE_KEYS);

export function normalisePath(raw: string): string {
  let path = (raw.split(/[?#]/, 1)[0] ?? '').replace(/\/{2,}/g, '/');
  if (!path.startsWith('/')) return OTHER;
  try {
    path = new URL(path, 'https://x.invalid').pathname;
  } catch {
    return OTHER;
  }
  path =
    path
      .toLowerCase()
      .replace(/\/{2,}/g, '/')
      .replace(/\/$/, '') || '/';
  if (KNOWN.has(path)) return path;
  const [, first, second, ...rest] = path.split('/');
  if (rest.length || !second) return OTHER;
  if (first === 'purchase') return PURCHASE.has(second) ? '/purchase/:product' : OTHER;
  const withOrder = `/${first}/:order`;
  return KNOWN.has(withOrder) && /^[\w-]{1,64}$/.test(second) ? withOrder : OTHER;
}

const HOST = /^[a-z0-9.-]{1,100}$/;

/** The referrer's host ('' when none, or when it is this site), bounded. */
export function referrerHost(referrer: string, siteHost: string): string {
  if (!referrer) return '';
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return OTHER;
    host = url.hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return OTHER;
  }
  if (host === siteHost.toLowerCase().replace(/^www\./, '')) return '';
  return HOST.test(host) ? host : OTHER;
}

export type Utm = { source: string; medium: string; campaign: string };

const UTM_VALUE = /^[a-z0-9._~ +-]{1,60}$/;

function utmValue(raw: string | null): string {
  if (!raw) return '';
  const value = raw.trim().toLowerCase().slice(0, 60);
  if (!value) return '';
  return UTM_VALUE.test(value) ? value : OTHER;
}

export function parseUtm(query: string): Utm {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(query.slice(0, 512));
  } catch {
    return { source: '', medium: '', campaign: '' };
  }
  return {
    source: utmValue(params.get('utm_source')),
    medium: utmValue(params.get('utm_medium')),
    campaign: utmValue(params.get('utm_campaign')),
  };
}

export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number] | 'unknown';

/** A device class from the user agent; nothing else of it is kept. */
export function deviceClass(userAgent: string): DeviceClass {
  if (!userAgent) return 'unknown';
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

export function sourceOf(row: { utmSource: string; referrerHost: string }): string {
  return row.utmSource || row.referrerHost || '(direct)';
}

// A missing Price, or one that would charge another amount, is a 503 naming that the catalogue is
// not set up in Stripe, never a wrong price.
import type Stripe from 'stripe';
import type { PricedLine } from '../db/schema.ts';
import { HttpError } from '../responses.ts';
import { pricesByLookupKey } from './catalogue-sync.ts';
import { catalogueLookupKey, chargeDrift } from './stripe-catalogue.ts';
import { logError } from '../log.ts';

export const CATALOGUE_NOT_IN_STRIPE =
  'Checkout is not available right now: our product catalogue is not set up in Stripe yet. Please try again later or contact us.';

const known = new Map<string, Map<string, string>>();

export function lookupKeyOf(line: Pick<PricedLine, 'id' | 'billingCycle'>): string {
  return catalogueLookupKey(line.id, line.billingCycle);
}

export function forgetPrices(account: string, keys: readonly string[]): void {
  for (const key of keys) known.get(account)?.delete(key);
}

// `fromCache`: only a Price from this instance's memory can have been replaced since.
export async function resolvePrices(
  stripe: Pick<Stripe, 'prices'>,
  account: string,
  lines: readonly PricedLine[],
): Promise<{ priceIds: string[]; fromCache: boolean }> {
  const cache = known.get(account) ?? new Map<string, string>();
  known.set(account, cache);
  const keys = lines.map(lookupKeyOf);
  const unknown = [...new Set(keys.filter((k) => !cache.has(k)))];
  const fromCache = unknown.length < new Set(keys).size;
  if (unknown.length) {
    const found = await pricesByLookupKey(stripe, unknown, { active: true });
    const problems: string[] = [];
    for (const line of lines) {
      const key = lookupKeyOf(line);
      if (!unknown.includes(key) || cache.has(key)) continue;
      const price = found.get(key);
      const drift = price
        ? chargeDrift(price, line.id, {
            cycle: line.billingCycle,
            unitAmountCents: line.unitAmountCents,
          })
        : ['no active Price has this lookup key'];
      if (drift.length) problems.push(`${key}: ${drift.join(', ')}`);
      else cache.set(key, price!.id);
    }
    if (problems.length) {
      logError(
        `[stripe catalogue] checkout refused, the catalogue is not set up in Stripe: ${problems.join('; ')}. Run npm run stripe:setup.`,
      );
      throw new HttpError(503, CATALOGUE_NOT_IN_STRIPE, { 'Retry-After': '300' });
    }
  }
  return { priceIds: keys.map((k) => cache.get(k)!), fromCache };
}

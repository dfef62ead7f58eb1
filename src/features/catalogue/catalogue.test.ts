import { describe, expect, it } from 'vitest';
import {
  CATALOGUE,
  PURCHASE_KEYS,
  findItem,
  formatUsd,
  itemTypeFor,
  priceOf,
  toCents,
} from './catalogue';

describe('catalogue', () => {
  it.each([
    ['starter', 'Starter Website Package', 1000],
    ['advanced', 'Advanced Website Package', 2500],
    ['lily', 'Lily AI Sales Agent', 299],
    ['social-empire', 'Social Media Empire Digital Agent', 10000],
    ['customer-service', 'Customer Service Agent', 199],
    ['lead-generation', 'Lead Generation Agent', 349],
    ['appointment-booking', 'Appointment Booking Agent', 149],
    ['inventory-optimization', 'Inventory Optimization Agent', 299],
    ['data-pipeline', 'Data Integration Agent', 199],
    ['social-scheduler', 'Social Media Automation Agent', 149],
  ])('purchase key %s is %s at $%i', (id, name, price) => {
    const item = findItem(id);
    expect(item?.name).toBe(name);
    expect(Object.values(item?.prices ?? {})[0]).toBe(price);
    expect(PURCHASE_KEYS).toContain(id);
  });

  it('resolves social-media-empire to the same item as social-empire', () => {
    expect(findItem('social-media-empire')).toBe(findItem('social-empire'));
  });

  it('prices the Lily AI plans monthly and yearly', () => {
    expect(priceOf('lily-starter', 'monthly')).toBe(198);
    expect(priceOf('lily-starter', 'yearly')).toBe(1900);
    expect(priceOf('lily-growth', 'yearly')).toBe(4780);
    expect(priceOf('lily-enterprise', 'monthly')).toBe(998);
    expect(findItem('lily-growth')?.popular).toBe(true);
    expect(priceOf('starter', 'monthly')).toBeUndefined();
  });

  it('has the post-purchase test products at their prices', () => {
    expect(priceOf('lily-ai', 'monthly')).toBe(199);
    expect(priceOf('social-media-empire', 'oneTime')).toBe(10000);
    // The test suite's starter + lily-ai cart totals 1199.
    expect((priceOf('starter', 'oneTime') ?? 0) + (priceOf('lily-ai', 'monthly') ?? 0)).toBe(1199);
  });

  it('applies the type rule: website, then agent/lily, else package', () => {
    expect(itemTypeFor('starter', 'Starter Website Package')).toBe('website');
    expect(itemTypeFor('lily', 'Lily AI Sales Agent')).toBe('agent');
    expect(itemTypeFor('lily-addon')).toBe('agent');
    expect(itemTypeFor('meeting-assistant', 'Meeting Assistant')).toBe('package');
    expect(itemTypeFor('my-agent-website')).toBe('website');
    for (const item of CATALOGUE) expect(item.type).toBe(itemTypeFor(item.id, item.name));
  });

  it('has unique ids and at least one price per item', () => {
    const ids = CATALOGUE.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const item of CATALOGUE) expect(Object.keys(item.prices).length).toBeGreaterThan(0);
  });

  it('formats US dollars in en-US and converts to cents without float error', () => {
    expect(formatUsd(1199)).toBe('$1,199.00');
    expect(toCents(0.14)).toBe(14);
    expect(toCents(4780)).toBe(478000);
  });
});

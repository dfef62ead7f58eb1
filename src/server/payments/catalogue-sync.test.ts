/**
 * The catalogue's Products and Prices in Stripe (`npm run stripe:setup`), against the local
 * stand-in: created once with the catalogue's amounts, cycles and tax behaviour; a second run
 * changes nothing; a drifted Price is replaced the Stripe way; `check` only reports.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stripeCatalogue } from '../../features/catalogue/catalogue.server';
import { CATALOGUE, cyclesOf } from '../../features/catalogue/catalogue';
import { startStripeStandIn, type StandIn } from '../../testing/stripe-stand-in';
import { syncCatalogue, type CatalogueChange } from './catalogue-sync';
import { createStripeClient } from './stripe';
import type { CatalogueProduct } from './stripe-catalogue';

let standIn: StandIn;
beforeEach(async () => {
  standIn = await startStripeStandIn();
});
afterEach(async () => {
  expect(standIn.shapeProblems).toEqual([]);
  await standIn.close();
});

const client = () =>
  createStripeClient({ stripeSecretKey: 'sk_test_standin', stripeApiHost: standIn.url });
const actions = (changes: CatalogueChange[]) => [...new Set(changes.map((c) => c.action))];
const writes = () => standIn.requests.filter((r) => r.method === 'POST');
const priceWithKey = (key: string) =>
  [...standIn.prices.values()].find((p) => p.lookup_key === key);

/** The catalogue with one item's price in one cycle changed. */
function withPrice(id: string, cycle: string, unitAmountCents: number): CatalogueProduct[] {
  return stripeCatalogue().map((p) =>
    p.catalogueId !== id
      ? p
      : { ...p, prices: p.prices.map((c) => (c.cycle === cycle ? { ...c, unitAmountCents } : c)) },
  );
}

describe('syncCatalogue', () => {
  it('creates one Product per item and one Price per cycle, then changes nothing on a second run', async () => {
    const stripe = await client();
    const first = await syncCatalogue(stripe, stripeCatalogue());
    const priceCount = CATALOGUE.reduce((n, item) => n + cyclesOf(item).length, 0);
    expect(first.changes.filter((c) => c.kind === 'product')).toHaveLength(CATALOGUE.length);
    expect(first.changes.filter((c) => c.kind === 'price')).toHaveLength(priceCount);
    expect(actions(first.changes)).toEqual(['created']);
    expect(standIn.products.size).toBe(CATALOGUE.length);
    expect(standIn.prices.size).toBe(priceCount);

    expect(standIn.products.get('catalogue_starter')).toMatchObject({
      name: 'Starter Website Package',
      tax_code: 'txcd_20030000',
      metadata: { catalogue_id: 'starter' },
    });
    expect(standIn.products.get('catalogue_lily-starter')).toMatchObject({
      tax_code: 'txcd_10103001',
    });
    expect(priceWithKey('catalogue:starter:oneTime')).toMatchObject({
      product: 'catalogue_starter',
      unit_amount: 100000,
      currency: 'usd',
      tax_behavior: 'exclusive',
      type: 'one_time',
      recurring: null,
    });
    expect(priceWithKey('catalogue:lily-starter:monthly')).toMatchObject({
      unit_amount: 19800,
      recurring: { interval: 'month', interval_count: 1 },
      nickname: 'Lily AI Starter (monthly)',
    });
    expect(priceWithKey('catalogue:lily-starter:yearly')).toMatchObject({
      unit_amount: 190000,
      recurring: { interval: 'year' },
    });
    expect(first.priceIds.get('catalogue:lily-starter:yearly')).toBe(
      priceWithKey('catalogue:lily-starter:yearly')!.id,
    );

    standIn.requests.length = 0;
    const second = await syncCatalogue(stripe, stripeCatalogue());
    expect(actions(second.changes)).toEqual(['unchanged']);
    expect(writes()).toEqual([]);
    // Lookup keys go 10 to a request, as Stripe allows.
    const lists = standIn.requests.filter((r) => r.path === '/v1/prices');
    expect(lists).toHaveLength(Math.ceil(priceCount / 10));
  });

  it('reports what is missing under check, and writes nothing', async () => {
    const { changes } = await syncCatalogue(await client(), stripeCatalogue(), { check: true });
    expect(actions(changes)).toEqual(['missing']);
    expect(writes()).toEqual([]);
  });

  it('replaces a Price whose amount drifted: the new one takes the lookup key, the old one is deactivated', async () => {
    const stripe = await client();
    await syncCatalogue(stripe, stripeCatalogue());
    const old = priceWithKey('catalogue:lily-starter:monthly')!;
    const changed = withPrice('lily-starter', 'monthly', 19900);

    standIn.requests.length = 0;
    const checked = await syncCatalogue(stripe, changed, { check: true });
    expect(checked.changes.filter((c) => c.action !== 'unchanged')).toEqual([
      {
        kind: 'price',
        key: 'catalogue:lily-starter:monthly',
        action: 'drifted',
        detail: 'unit_amount 19800 (catalogue 19900)',
        id: old.id,
      },
    ]);
    expect(writes()).toEqual([]);

    const { changes } = await syncCatalogue(stripe, changed);
    const replaced = changes.find((c) => c.action === 'replaced')!;
    expect(replaced).toMatchObject({
      key: 'catalogue:lily-starter:monthly',
      detail: `${String(old.id)} (unit_amount 19800 (catalogue 19900)) deactivated`,
    });
    expect(priceWithKey('catalogue:lily-starter:monthly')).toMatchObject({
      id: replaced.id,
      unit_amount: 19900,
      active: true,
    });
    expect(standIn.prices.get(String(old.id))).toMatchObject({ active: false, lookup_key: null });
    const create = writes().find((r) => r.path === '/v1/prices')!;
    expect(create.form.transfer_lookup_key).toBe('true');

    expect(actions((await syncCatalogue(stripe, changed)).changes)).toEqual(['unchanged']);
  });

  it('replaces a deactivated Price, and updates a renamed Product in place', async () => {
    const stripe = await client();
    await syncCatalogue(stripe, stripeCatalogue());
    const off = priceWithKey('catalogue:starter:oneTime')!;
    await stripe.prices.update(String(off.id), { active: false });
    const renamed = stripeCatalogue().map((p) =>
      p.catalogueId === 'advanced' ? { ...p, name: 'Advanced Website' } : p,
    );
    const { changes } = await syncCatalogue(stripe, renamed);
    expect(
      changes.filter((c) => c.action !== 'unchanged').map((c) => [c.key, c.action, c.detail]),
    ).toEqual([
      ['catalogue:starter:oneTime', 'replaced', `${String(off.id)} (inactive) deactivated`],
      ['catalogue_advanced', 'updated', 'name'],
      ['catalogue:advanced:oneTime', 'updated', 'nickname or metadata'],
    ]);
    expect(standIn.products.get('catalogue_advanced')).toMatchObject({ name: 'Advanced Website' });
    expect(actions((await syncCatalogue(stripe, renamed)).changes)).toEqual(['unchanged']);
  });
});

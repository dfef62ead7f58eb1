/**
 * `npm run stripe:setup` against the local Stripe stand-in, run as a child process exactly as an
 * operator runs it: the first run creates the catalogue and the Billing Portal configuration, the
 * second changes nothing, `--check` exits 1 once the catalogue and Stripe differ.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE, cyclesOf } from '../src/features/catalogue/catalogue';
import { runScript, SCRIPT_TIMEOUT as SLOW } from '../src/testing/script-runs';
import { startStripeStandIn, type StandIn } from '../src/testing/stripe-stand-in';

let standIn: StandIn;
let cwd: string;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  // No .env of a developer's checkout is read: the run sees only the variables given here.
  cwd = await mkdtemp(path.join(tmpdir(), 'stripe-setup-'));
});
afterAll(() => standIn.close());

const setup = (args: string[] = []) =>
  runScript('scripts/stripe-setup.ts', args, {
    cwd,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_API_HOST: standIn.url,
      SITE_URL: 'https://shop.example',
    },
  });
const writes = () => standIn.requests.filter((r) => r.method === 'POST').length;

const products = CATALOGUE.length;
const prices = CATALOGUE.reduce((n, item) => n + cyclesOf(item).length, 0);

describe('npm run stripe:setup', () => {
  it(
    'creates the catalogue and the portal on the first run and changes nothing on the second',
    async () => {
      const first = await setup();
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.stdout).toContain(
        `stripe:setup: catalogue products: ${products} created; prices: ${prices} created.`,
      );
      expect(first.stdout).toMatch(
        /Billing Portal configuration bpc_test_\d+ created for https:\/\/shop\.example\./,
      );
      expect(first.stdout).toMatch(/Set STRIPE_PORTAL_CONFIGURATION=bpc_test_\d+/);
      expect(standIn.prices.size).toBe(prices);

      const before = writes();
      const second = await setup();
      expect(second.code).toBe(0);
      expect(second.stdout).toContain(
        `stripe:setup: catalogue products: ${products} unchanged; prices: ${prices} unchanged.`,
      );
      expect(second.stdout).toMatch(/Billing Portal configuration bpc_test_\d+ unchanged/);
      expect(writes()).toBe(before);

      const check = await setup(['--check']);
      expect(check.code).toBe(0);
      expect(check.stdout).toContain('stripe:setup --check: Stripe matches the catalogue.');
      expect(standIn.shapeProblems).toEqual([]);
    },
    SLOW,
  );

  it(
    '--check reports a drifted Price and exits 1 without changing anything',
    async () => {
      const price = [...standIn.prices.values()].find(
        (p) => p.lookup_key === 'catalogue:starter:oneTime',
      )!;
      // The state a changed catalogue leaves: Stripe's Price charges something else.
      price.unit_amount = 90000;
      price.unit_amount_decimal = '90000';
      const before = writes();
      const check = await setup(['--check']);
      expect(check.code).toBe(1);
      expect(check.stdout).toContain(
        `  price catalogue:starter:oneTime: drifted ${String(price.id)} (unit_amount 90000 (catalogue 100000))`,
      );
      expect(check.stderr).toContain('Stripe differs from the catalogue');
      expect(writes()).toBe(before);

      const fixed = await setup();
      expect(fixed.code).toBe(0);
      expect(fixed.stdout).toMatch(
        /price catalogue:starter:oneTime: replaced price_test_\d+ \(price_test_\d+ \(unit_amount 90000/,
      );
      expect((await setup(['--check'])).code).toBe(0);
    },
    SLOW,
  );
});

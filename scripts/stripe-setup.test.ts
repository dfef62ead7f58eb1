/**
 * `npm run stripe:setup` against the local Stripe stand-in, run as a child process exactly as an
 * operator runs it: the first run creates the catalogue, the Billing Portal configuration and the
 * webhook endpoint, the second changes nothing, `--check` exits 1 once the site and Stripe differ.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE, cyclesOf } from '../src/features/catalogue/catalogue';
import { STRIPE_API_VERSION } from '../src/server/payments/stripe';
import { HANDLED_EVENTS } from '../src/server/payments/webhook-events';
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

const setup = (args: string[] = [], siteUrl = 'https://shop.example') =>
  runScript('scripts/stripe-setup.ts', args, {
    cwd,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_API_HOST: standIn.url,
      SITE_URL: siteUrl,
    },
  });
const writes = () => standIn.requests.filter((r) => r.method === 'POST').length;
const WEBHOOK_URL = 'https://shop.example/api/stripe-webhook';
const ourEndpoints = () =>
  [...standIn.webhookEndpoints.values()].filter(
    (e) => (e.metadata as Record<string, string>).managed_by === 'novareach-storefront',
  );

const products = CATALOGUE.length;
const prices = CATALOGUE.reduce((n, item) => n + cyclesOf(item).length, 0);

describe('npm run stripe:setup', () => {
  it(
    'creates the catalogue, the portal and the webhook endpoint, then changes nothing on the second run',
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
      expect(first.stdout).toMatch(
        /webhook endpoint we_test_\d+ created for https:\/\/shop\.example\/api\/stripe-webhook\./,
      );
      expect(first.stdout).toMatch(/^ {2}STRIPE_PORTAL_CONFIGURATION=bpc_test_\d+$/m);
      expect(first.stdout).toMatch(/^ {2}STRIPE_WEBHOOK_SECRET=whsec_test_we_test_\d+$/m);
      expect(standIn.prices.size).toBe(prices);
      const [endpoint, ...more] = ourEndpoints();
      expect(more).toEqual([]);
      expect(endpoint).toMatchObject({
        url: WEBHOOK_URL,
        api_version: STRIPE_API_VERSION,
        status: 'enabled',
      });
      expect(endpoint!.enabled_events).toEqual([...HANDLED_EVENTS]);

      const before = writes();
      const second = await setup();
      expect(second.code).toBe(0);
      expect(second.stdout).toContain(
        `stripe:setup: catalogue products: ${products} unchanged; prices: ${prices} unchanged.`,
      );
      expect(second.stdout).toMatch(/Billing Portal configuration bpc_test_\d+ unchanged/);
      expect(second.stdout).toMatch(/webhook endpoint we_test_\d+ unchanged/);
      expect(second.stdout).not.toContain('whsec_');
      expect(second.stdout).toMatch(/STRIPE_WEBHOOK_SECRET stays the signing secret of we_test_/);
      expect(writes()).toBe(before);

      const check = await setup(['--check']);
      expect(check.code).toBe(0);
      expect(check.stdout).toContain('stripe:setup --check: Stripe matches the site.');
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
      expect(check.stderr).toContain('Stripe differs from the site');
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

  it(
    '--check reports a removed event without changing anything; a run puts it back',
    async () => {
      const [endpoint] = ourEndpoints();
      // Someone unticked an event in the Dashboard.
      endpoint!.enabled_events = HANDLED_EVENTS.filter((e) => e !== 'invoice.paid');
      const before = writes();
      const check = await setup(['--check']);
      expect(check.code).toBe(1);
      expect(check.stdout).toContain(
        `webhook endpoint ${String(endpoint!.id)} drifted for ${WEBHOOK_URL} (missing event invoice.paid).`,
      );
      expect(check.stderr).toContain('Stripe differs from the site');
      expect(writes()).toBe(before);

      const fixed = await setup();
      expect(fixed.code).toBe(0);
      expect(fixed.stdout).toContain(
        `webhook endpoint ${String(endpoint!.id)} updated for ${WEBHOOK_URL} (missing event invoice.paid).`,
      );
      expect(fixed.stdout).not.toContain('whsec_');
      expect(endpoint!.enabled_events).toEqual([...HANDLED_EVENTS]);
      expect((await setup(['--check'])).code).toBe(0);
    },
    SLOW,
  );

  it(
    '--check reports another API version; a run replaces the endpoint and prints its new secret',
    async () => {
      const [old] = ourEndpoints();
      old!.api_version = '2025-02-24.acacia';
      const before = writes();
      const check = await setup(['--check']);
      expect(check.code).toBe(1);
      expect(check.stdout).toContain(
        `(api_version 2025-02-24.acacia (site ${STRIPE_API_VERSION}))`,
      );
      expect(writes()).toBe(before);

      const fixed = await setup();
      expect(fixed.code).toBe(0);
      const [endpoint, ...more] = ourEndpoints();
      expect(more).toEqual([]);
      expect(endpoint!.id).not.toBe(old!.id);
      expect(endpoint!.api_version).toBe(STRIPE_API_VERSION);
      expect(fixed.stdout).toContain(
        `webhook endpoint ${String(endpoint!.id)} replaced for ${WEBHOOK_URL}`,
      );
      expect(fixed.stdout).toContain(`  STRIPE_WEBHOOK_SECRET=whsec_test_${String(endpoint!.id)}`);
      expect(fixed.stdout).toContain(`The previous endpoint ${String(old!.id)} is disabled`);
      expect(old).toMatchObject({ status: 'disabled', metadata: { replaced_by: endpoint!.id } });
      expect((await setup(['--check'])).code).toBe(0);
      expect(standIn.shapeProblems).toEqual([]);
    },
    SLOW,
  );

  it(
    'leaves endpoints it did not make alone, even on the same URL',
    async () => {
      const foreign = (id: string, url: string) => ({
        id,
        object: 'webhook_endpoint',
        api_version: null,
        application: null,
        created: 1_700_000_000,
        description: null,
        enabled_events: ['charge.succeeded'],
        livemode: false,
        metadata: {},
        status: 'enabled',
        url,
      });
      standIn.webhookEndpoints.set('we_by_hand', foreign('we_by_hand', WEBHOOK_URL));
      standIn.webhookEndpoints.set('we_crm', foreign('we_crm', 'https://crm.example/hooks'));
      const snapshot = JSON.stringify([...standIn.webhookEndpoints.values()]);
      const before = standIn.requests.length;

      const run = await setup();
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/webhook endpoint we_test_\d+ unchanged/);
      expect(run.stdout).toContain('Endpoint we_by_hand (not made by stripe:setup)');
      expect(run.stdout).not.toContain('we_crm');
      expect(JSON.stringify([...standIn.webhookEndpoints.values()])).toBe(snapshot);
      const touched = standIn.requests
        .slice(before)
        .filter((r) => r.path.startsWith('/v1/webhook_endpoints/'));
      expect(touched).toEqual([]);
      expect((await setup(['--check'])).code).toBe(0);
    },
    SLOW,
  );

  it(
    'makes no webhook endpoint for an address Stripe cannot reach',
    async () => {
      const count = standIn.webhookEndpoints.size;
      const local = await setup([], 'http://localhost:4321');
      expect(local.code).toBe(0);
      expect(local.stdout).toContain('no webhook endpoint for http://localhost:4321');
      expect(local.stdout).toContain('stripe listen --forward-to');
      expect(standIn.webhookEndpoints.size).toBe(count);
    },
    SLOW,
  );
});

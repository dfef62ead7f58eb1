import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  callsFetch,
  COMPONENT_REQUEST_RULE,
  featureCycles,
  featureFileNameViolations,
  featureGraph,
  importedNames,
  importsOf,
  isComponentFile,
  isPublicModule,
  layeringViolations,
  zodImportRule,
} from './layering';

const root = path.resolve(import.meta.dirname, '../..');

describe('layering of the project', () => {
  it('has no import that points up a layer or into another feature’s internals', () => {
    const found = layeringViolations(root).map((v) => `${v.file} → ${v.specifier}: ${v.rule}`);
    expect(found).toEqual([]);
  });

  it('has features that depend on each other in one direction only', () => {
    expect(featureCycles(featureGraph(root))).toEqual([]);
  });

  it('names every feature file after the floor plan (five roles, PascalCase components)', () => {
    expect(featureFileNameViolations(root)).toEqual([]);
  });
});

describe('the layering check', () => {
  const tree = mkdtempSync(path.join(tmpdir(), 'layering-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), text);
  };
  mkdirSync(path.join(tree, 'netlify/functions'), { recursive: true });
  write('src/lib/money.ts', "import { x } from '../features/catalogue/catalogue';\n");
  write(
    'src/server/payments/stripe.ts',
    "import type { PricedLine } from '../../features/checkout/checkout';\n",
  );
  write(
    'src/components/sections/Cards.astro',
    "---\nimport { findItem } from '../../features/catalogue/catalogue';\n---\n",
  );
  write('src/features/catalogue/catalogue.ts', 'export const x = 1;\n');
  write('src/features/catalogue/money.ts', 'export const y = 1;\n');
  write('src/features/checkout/checkout.ts', 'export type PricedLine = {};\n');
  write(
    'src/features/orders/orders.ts',
    "import { x } from '../catalogue/catalogue';\nimport { y } from '../catalogue/money';\nimport '../checkout/checkout.css';\n",
  );
  write(
    'src/features/orders/Page.astro',
    "---\nimport Layout from '../../layouts/Layout.astro';\n---\n",
  );
  write('src/pages/pay.astro', "---\nimport { getDb } from '../server/db/client';\n---\n");
  write(
    'src/pages/prices.astro',
    "---\nimport { x } from '../features/catalogue/catalogue';\nimport { y } from '../features/catalogue/money';\n---\n",
  );
  write(
    'netlify/functions/prices.mts',
    "import { x } from '../../src/features/catalogue/catalogue.ts';\nimport { y } from '../../src/features/catalogue/money.ts';\n",
  );
  write('src/features/orders/orders.test.ts', "import { y } from '../catalogue/money';\n");
  write('src/testing/seed.ts', "import { x } from '../features/catalogue/catalogue';\n");
  write('src/features/orders/Fixture.tsx', "import { seed } from '../../testing/seed';\n");
  write(
    'src/features/privacy/personal-data-owners.server.ts',
    "import { personalData as notes } from '../catalogue/money';\nimport { y } from '../checkout/money';\n",
  );
  write(
    'src/features/privacy/erasure.server.ts',
    "import { personalData } from '../catalogue/money';\n",
  );

  it('reports each wrong-way import with its rule, and only those', () => {
    const found = layeringViolations(tree).map((v) => `${v.file} → ${v.specifier}`);
    expect(found.sort()).toEqual(
      [
        'src/lib/money.ts → ../features/catalogue/catalogue',
        'src/server/payments/stripe.ts → ../../features/checkout/checkout',
        'src/components/sections/Cards.astro → ../../features/catalogue/catalogue',
        'src/features/orders/orders.ts → ../catalogue/money',
        'src/features/orders/orders.ts → ../checkout/checkout.css',
        'src/features/orders/Page.astro → ../../layouts/Layout.astro',
        'src/pages/pay.astro → ../server/db/client',
        'src/pages/prices.astro → ../features/catalogue/money',
        'netlify/functions/prices.mts → ../../src/features/catalogue/money.ts',
        'src/features/orders/Fixture.tsx → ../../testing/seed',
        'src/features/privacy/personal-data-owners.server.ts → ../checkout/money',
        'src/features/privacy/erasure.server.ts → ../catalogue/money',
      ].sort(),
    );
  });

  it('reads imports, re-exports and dynamic imports, but not comments', () => {
    expect(
      importsOf(
        "import a from './a';\nimport type { B } from './b';\nexport { c } from './c';\nconst d = await import('./d');\n// import e from './e';\nimport './f.css';\n",
      ),
    ).toEqual(['./a', './b', './c', './d', './f.css']);
  });

  it('takes a feature’s own-named modules and its components as its front door', () => {
    expect(isPublicModule('cart', 'cart.ts')).toBe(true);
    expect(isPublicModule('cart', 'cart.store.ts')).toBe(true);
    expect(isPublicModule('clients', 'clients.server.ts')).toBe(true);
    expect(isPublicModule('clients', 'SignInLinkForm.tsx')).toBe(true);
    expect(isPublicModule('meeting', 'meeting.mini.ts')).toBe(false);
    expect(isPublicModule('meeting', 'meeting-requests.server.ts')).toBe(false);
    expect(isPublicModule('cart', 'cart-state.ts')).toBe(false);
    expect(isPublicModule('checkout', 'checkout.css')).toBe(false);
  });
});

describe('components only render', () => {
  const tree = mkdtempSync(path.join(tmpdir(), 'component-requests-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), text);
  };
  mkdirSync(path.join(tree, 'netlify/functions'), { recursive: true });
  write('src/lib/request-json.ts', 'export async function requestJson() {}\n');
  write(
    'src/features/admin/shell/api.ts',
    'export const adminFetch = () => 1;\nexport const $adminUser = 1;\n',
  );
  // Refused: components that make requests themselves.
  write(
    'src/features/orders/OrderList.tsx',
    "export function OrderList() {\n  void fetch('/api/orders');\n  return null;\n}\n",
  );
  write('src/components/form/Sender.tsx', 'export const send = () => window.fetch(url);\n');
  write(
    'src/features/orders/OrderForm.tsx',
    "import { requestJson } from '../../lib/request-json';\nexport const f = requestJson;\n",
  );
  write(
    'src/features/admin/shell/Login.tsx',
    "import { $adminUser, adminFetch as send } from './api';\nexport const f = [$adminUser, send];\n",
  );
  write('src/features/admin/shell/Lazy.tsx', "export const api = () => import('./api');\n");
  // Allowed: the store makes the request; components read stores and other parts of api.ts;
  // e-mail templates, tests and comments are not components' requests.
  write(
    'src/features/orders/orders.store.ts',
    "import { requestJson } from '../../lib/request-json';\nexport const load = () => fetch('/api/orders');\nexport const get = requestJson;\n",
  );
  write(
    'src/features/orders/OrderView.tsx',
    "import { load } from './orders.store';\n// fetch('/api/orders') is the store's job\nexport const v = () => prefetch(load);\n",
  );
  write(
    'src/features/admin/shell/Panel.tsx',
    "import { $adminUser, type AdminUserView } from './api';\nexport const p = $adminUser;\n",
  );
  write('src/features/orders/orders-emails.tsx', "export const logo = () => fetch('/logo.png');\n");
  write('src/features/orders/OrderList.test.tsx', "void fetch('/api/orders');\n");

  it('refuses a component that fetches or imports a request function, and allows a store that does', () => {
    const found = layeringViolations(tree);
    expect(found.map((v) => `${v.file} → ${v.specifier}`).sort()).toEqual(
      [
        'src/features/orders/OrderList.tsx → fetch(',
        'src/components/form/Sender.tsx → fetch(',
        'src/features/orders/OrderForm.tsx → ../../lib/request-json',
        'src/features/admin/shell/Login.tsx → ./api',
        'src/features/admin/shell/Lazy.tsx → ./api',
      ].sort(),
    );
    expect(new Set(found.map((v) => v.rule))).toEqual(new Set([COMPONENT_REQUEST_RULE]));
    expect(COMPONENT_REQUEST_RULE).toBe(
      "components only render: requests live in the feature's store",
    );
  });

  it('takes .tsx files under src for components, but not e-mail templates or tests', () => {
    expect(isComponentFile('src/features/clients/SignInLinkForm.tsx')).toBe(true);
    expect(isComponentFile('src/features/cart/cart-ui.tsx')).toBe(true);
    expect(isComponentFile('src/components/form/fields.tsx')).toBe(true);
    expect(isComponentFile('src/features/clients/clients-emails.tsx')).toBe(false);
    expect(isComponentFile('src/features/clients/clients.store.ts')).toBe(false);
    expect(isComponentFile('src/features/admin/AdminApp.test.tsx')).toBe(false);
    expect(isComponentFile('scripts/Tool.tsx')).toBe(false);
  });

  it('sees fetch( calls, not the word, comments or prefetch(', () => {
    expect(callsFetch("await fetch('/x');")).toBe(true);
    expect(callsFetch("await globalThis.fetch('/x');")).toBe(true);
    expect(callsFetch('deps = { fetch: (input) => fetch(input) };')).toBe(true);
    expect(callsFetch("// fetch('/x')\n/* fetch('/y') */\nprefetch(); refetch();")).toBe(false);
    expect(callsFetch('type F = typeof fetch;')).toBe(false);
  });

  it('reads the names each import takes', () => {
    expect(
      importedNames(
        "import A, { b, type C, d as e } from './m';\nimport * as ns from './n';\nexport * from './o';\nimport './p.css';\nconst q = import('./q');\nimport type R from './r';\n",
      ),
    ).toEqual([
      { specifier: './m', names: ['b', 'C', 'd', 'default'] },
      { specifier: './n', names: ['*'] },
      { specifier: './o', names: ['*'] },
      { specifier: './p.css', names: [] },
      { specifier: './q', names: ['*'] },
      { specifier: './r', names: ['default'] },
    ]);
  });
});

describe('the feature cycle check', () => {
  it('finds loops of any length, and none in a one-way graph', () => {
    const graph = (edges: Record<string, string[]>) =>
      new Map(Object.entries(edges).map(([k, v]) => [k, new Set(v)]));
    expect(featureCycles(graph({ a: ['b'], b: ['c'], c: [] }))).toEqual([]);
    expect(featureCycles(graph({ a: ['b'], b: ['a'] }))).toEqual([['a', 'b', 'a']]);
    expect(featureCycles(graph({ a: ['b'], b: ['c'], c: ['a'] }))).toEqual([['a', 'b', 'c', 'a']]);
  });
});

describe('the zod import rule', () => {
  it('lets zod in through its setup modules (the error class in zod-errors.ts) and astro/zod in content', () => {
    expect(zodImportRule('src/lib/zod.ts', 'zod')).toBeNull();
    expect(zodImportRule('src/lib/zod-mini.ts', 'zod/mini')).toBeNull();
    expect(zodImportRule('src/lib/zod-errors.ts', 'zod/v4/core')).toBeNull();
    expect(zodImportRule('src/lib/zod-errors.ts', 'zod/v4/locales/en.js')).toBeNull();
    expect(zodImportRule('src/content/schemas.ts', 'astro/zod')).toBeNull();
    expect(zodImportRule('src/features/contact/contact.ts', '../../lib/zod-mini')).toBeNull();
  });

  it('refuses zod imported any other way', () => {
    expect(zodImportRule('netlify/functions/x.mts', 'zod')).toMatch(/src\/lib\/zod\.ts/);
    expect(zodImportRule('src/features/admin/admin.ts', 'zod/mini')).not.toBeNull();
    expect(zodImportRule('src/features/meeting/meeting.server.ts', 'zod/v4/core')).not.toBeNull();
    expect(zodImportRule('src/server/handler.ts', 'zod/v4/core')).not.toBeNull();
    expect(zodImportRule('src/server/handler.ts', 'zod/v4/locales/en.js')).not.toBeNull();
    expect(zodImportRule('src/lib/request-json.ts', 'zod/v4/core')).not.toBeNull();
    expect(zodImportRule('src/features/admin/admin.ts', 'astro/zod')).not.toBeNull();
  });
});

describe('the floor plan names', () => {
  const tree = mkdtempSync(path.join(tmpdir(), 'floor-plan-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  const files = [
    'cart/cart.ts',
    'cart/cart.store.ts',
    'cart/cart-rules.ts',
    'cart/CartPanel.tsx',
    'cart/cart.store.test.ts',
    'cart/cart.css',
    'orders/order-records.server.ts',
    'subscribe/subscribe.client.ts',
    'cart/cart.state.ts',
    'contact/contact.texts.ts',
    'meeting/meeting.mini.ts',
    'admin/parts.Tsx',
    'contact/contact-form.function.test.ts',
  ];
  for (const file of files) {
    mkdirSync(path.dirname(path.join(tree, 'src/features', file)), { recursive: true });
    writeFileSync(path.join(tree, 'src/features', file), '');
  }

  it('refuses a sixth role and odd names', () => {
    expect(featureFileNameViolations(tree).sort()).toEqual([
      'src/features/admin/parts.Tsx',
      'src/features/cart/cart.state.ts',
      'src/features/contact/contact-form.function.test.ts',
      'src/features/contact/contact.texts.ts',
      'src/features/meeting/meeting.mini.ts',
    ]);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  featureCycles,
  featureFileNameViolations,
  featureGraph,
  importsOf,
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
  it('lets zod in through its two modules, the error class in http.ts and astro/zod in content', () => {
    expect(zodImportRule('src/lib/zod.ts', 'zod')).toBeNull();
    expect(zodImportRule('src/lib/zod-mini.ts', 'zod/mini')).toBeNull();
    expect(zodImportRule('src/server/http.ts', 'zod/v4/core')).toBeNull();
    expect(zodImportRule('src/content/schemas.ts', 'astro/zod')).toBeNull();
    expect(zodImportRule('src/features/contact/contact.ts', '../../lib/zod-mini')).toBeNull();
  });

  it('refuses zod imported any other way', () => {
    expect(zodImportRule('netlify/functions/x.mts', 'zod')).toMatch(/src\/lib\/zod\.ts/);
    expect(zodImportRule('src/features/admin/admin.ts', 'zod/mini')).not.toBeNull();
    expect(zodImportRule('src/features/meeting/meeting.server.ts', 'zod/v4/core')).not.toBeNull();
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

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importChainTo, packageName, runtimeImports } from './source-imports.ts';

describe('runtimeImports', () => {
  it('keeps value imports, re-exports and inline-type imports; skips type-only and dynamic ones', () => {
    const source = `
      import { a } from './a';
      import { type B } from './b';
      import type { C } from './c';
      import './d.css';
      export * from './e';
      export type { F } from './f';
      export { g } from 'zod';
      const lazy = () => import('./h');
      type T = { x: number };
    `;
    expect(runtimeImports('x.tsx', source)).toEqual(['./a', './b', './d.css', './e', 'zod']);
  });
});

describe('packageName', () => {
  it('names the package of a bare specifier', () => {
    expect(packageName('zod')).toBe('zod');
    expect(packageName('zod/v4')).toBe('zod');
    expect(packageName('@nanostores/react')).toBe('@nanostores/react');
    expect(packageName('@nanostores/persistent/x')).toBe('@nanostores/persistent');
  });
});

describe('importChainTo', () => {
  const src = path.resolve('src');
  const shown = (chain: string[] | undefined) =>
    chain?.map((step) => (path.isAbsolute(step) ? path.relative(src, step) : step));

  it('finds the chain from an entry to a package through relative imports', () => {
    const chain = importChainTo(path.join(src, 'features/contact/contact.ts'), 'zod');
    expect(shown(chain)).toEqual(['features/contact/contact.ts', 'lib/zod-mini.ts', 'zod/mini']);
  });

  it("with `exact`, follows only that specifier, not the package's subpaths", () => {
    const contact = path.join(src, 'features/contact/contact.ts');
    expect(importChainTo(contact, 'zod', true)).toBeUndefined();
    const checkout = importChainTo(path.join(src, 'features/checkout/checkout.ts'), 'zod', true);
    expect(shown(checkout)).toEqual(['features/checkout/checkout.ts', 'lib/zod.ts', 'zod']);
  });

  it('is undefined when the package is never reached', () => {
    expect(importChainTo(path.join(src, 'lib/request-json.ts'), 'zod')).toBeUndefined();
  });
});

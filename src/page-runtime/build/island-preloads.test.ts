import { describe, expect, it } from 'vitest';
import { islandFiles, withIslandPreloads } from './island-preloads';

const FILES: Record<string, string> = {
  '/_astro/CartUi.js':
    'import{a}from"./react.js?dpl=7";import{b}from"./cart-state.js?dpl=7";import("./later.js");',
  '/_astro/client.js': 'import{a}from"./react.js?dpl=7";',
  '/_astro/react.js': 'import"./runtime.js?dpl=7";export const a=1;',
  '/_astro/cart-state.js': 'export const b=2;',
  '/_astro/runtime.js': '',
  '/_astro/later.js': 'import"./never.js";',
};
const read = async (pathname: string) => FILES[pathname];

describe('island preloads', () => {
  it('lists every module an island loads statically, with the query the imports carry', async () => {
    expect(await islandFiles(['/_astro/CartUi.js?dpl=7', '/_astro/client.js?dpl=7'], read)).toEqual(
      [
        '/_astro/CartUi.js?dpl=7',
        '/_astro/client.js?dpl=7',
        '/_astro/react.js?dpl=7',
        '/_astro/cart-state.js?dpl=7',
        '/_astro/runtime.js?dpl=7',
      ],
    );
  });

  it('writes the list on client:intent islands only, once', async () => {
    const html =
      '<astro-island uid="a" component-url="/_astro/CartUi.js" renderer-url="/_astro/client.js" client="intent"></astro-island>' +
      '<astro-island uid="b" component-url="/_astro/Form.js" client="visible"></astro-island>';
    const once = await withIslandPreloads(html, read);
    expect(once).toContain(
      'client="intent" data-preload="/_astro/CartUi.js /_astro/client.js /_astro/react.js?dpl=7 /_astro/cart-state.js?dpl=7 /_astro/runtime.js?dpl=7">',
    );
    expect(once).toContain('client="visible"></astro-island>');
    expect(await withIslandPreloads(once, read)).toBe(once);
  });
});

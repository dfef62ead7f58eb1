import { describe, expect, it } from 'vitest';
import {
  BUDGETS,
  eagerDirectivesInSource,
  extractPageScripts,
  hydratesOnUse,
  hydratesWithoutInput,
  islandUrls,
  judge,
  pageKind,
  parseAttributes,
  routeOfPageFile,
} from './js-budget.ts';
import {
  moduleClosure,
  resolveImport,
  staticImports,
} from '../../src/page-runtime/build/module-graph.ts';

// Shaped like Astro 7's output: an inline header module, a hoisted module script, the island
// runtime as classic inline scripts, JSON-LD, and islands with different directives.
const PAGE = `<!DOCTYPE html><html><head>
<script type="application/ld+json">{"@type":"Organization","x":"import './nope.js'"}</script>
<link rel="stylesheet" href="/_astro/Layout.css">
<link rel="modulepreload" href="/_astro/preloaded.js">
</head><body>
<script type="module">var e=50;import"./_astro/header-dep.js";export{e as X};</script>
<script>(()=>{var e=async t=>{await(await t())()};})();</script>
<astro-island uid="a" component-url="/_astro/Cart.js" component-export="CartPanel" renderer-url="/_astro/client.js" props="{}" client="idle" opts="{&quot;name&quot;:&quot;CartPanel&quot;,&quot;value&quot;:true}"></astro-island>
<astro-island uid="b" component-url="/_astro/Form.js" component-export="ContactForm" renderer-url="/_astro/client.js" before-hydration-url="/_astro/before.js" client="visible" opts="{&quot;name&quot;:&quot;ContactForm&quot;,&quot;value&quot;:true}"></astro-island>
<script type="module" src="/_astro/page.js"></script>
</body></html>`;

describe('parseAttributes', () => {
  it('reads quoted, unquoted, boolean and entity-encoded attributes', () => {
    expect(
      parseAttributes(`<astro-island a="1" b='two' c=three ssr d="{&quot;k&quot;:1}">`),
    ).toEqual({
      a: '1',
      b: 'two',
      c: 'three',
      ssr: '',
      d: '{"k":1}',
    });
  });
});

describe('extractPageScripts', () => {
  const scripts = extractPageScripts(PAGE);

  it('collects script src and modulepreload URLs, not stylesheets', () => {
    expect(scripts.scriptUrls).toEqual(['/_astro/page.js', '/_astro/preloaded.js']);
  });

  it('keeps executable inline scripts and skips JSON-LD data blocks', () => {
    expect(scripts.inlineCode).toHaveLength(2);
    expect(scripts.inlineCode.join('')).not.toContain('Organization');
  });

  it('reads islands with their directive, URLs and name', () => {
    expect(scripts.islands).toEqual([
      {
        directive: 'idle',
        componentUrl: '/_astro/Cart.js',
        rendererUrl: '/_astro/client.js',
        beforeHydrationUrl: undefined,
        name: 'CartPanel',
      },
      {
        directive: 'visible',
        componentUrl: '/_astro/Form.js',
        rendererUrl: '/_astro/client.js',
        beforeHydrationUrl: '/_astro/before.js',
        name: 'ContactForm',
      },
    ]);
    expect(scripts.islands.map(hydratesWithoutInput)).toEqual([true, false]);
    expect(scripts.islands.map(hydratesOnUse)).toEqual([false, false]);
    expect(islandUrls(scripts.islands[1]!)).toEqual([
      '/_astro/Form.js',
      '/_astro/client.js',
      '/_astro/before.js',
    ]);
  });
});

describe('staticImports', () => {
  it('returns static imports and re-exports, not dynamic imports', async () => {
    const code =
      'import{a as b}from"./chunk.js";import"./side.js";export*from"./re.js";' +
      'const m=()=>import("./lazy.js");export{b};';
    expect(await staticImports(code)).toEqual(['./chunk.js', './side.js', './re.js']);
  });

  it('returns nothing for classic scripts that are not modules', async () => {
    expect(await staticImports('return 1 +')).toEqual([]);
  });
});

describe('resolveImport', () => {
  it('resolves relative and absolute specifiers with their query, ignores bare ones', () => {
    expect(resolveImport('./b.js', '/_astro/a.js')).toBe('/_astro/b.js');
    expect(resolveImport('../x.js', '/_astro/sub/a.js')).toBe('/_astro/x.js');
    expect(resolveImport('/_astro/c.js', '/about')).toBe('/_astro/c.js');
    expect(resolveImport('./_astro/d.js', '/')).toBe('/_astro/d.js');
    expect(resolveImport('react', '/_astro/a.js')).toBeUndefined();
    expect(resolveImport('./b.js?dpl=7', '/_astro/a.js?dpl=7')).toBe('/_astro/b.js?dpl=7');
  });
});

describe('moduleClosure', () => {
  const files: Record<string, string> = {
    '/_astro/page.js': 'import{x}from"./shared.js";import("./lazy.js");',
    '/_astro/shared.js': 'import"./leaf.js";export const x=1;',
    '/_astro/leaf.js': 'export{};',
    '/_astro/lazy.js': 'import"./never.js";',
    '/_astro/header-dep.js': 'import"./shared.js";',
  };
  const read = async (url: string) => files[url];

  it('follows static imports of entries and inline modules, once each, not dynamic ones', async () => {
    const closure = await moduleClosure(
      ['/_astro/page.js'],
      ['import"./_astro/header-dep.js";'],
      '/',
      read,
    );
    expect([...closure].sort()).toEqual([
      '/_astro/header-dep.js',
      '/_astro/leaf.js',
      '/_astro/page.js',
      '/_astro/shared.js',
    ]);
  });

  it('survives cycles and missing files', async () => {
    const cyclic: Record<string, string> = {
      '/a.js': 'import"./b.js";',
      '/b.js': 'import"./a.js";import"./gone.js";',
    };
    const closure = await moduleClosure(['/a.js'], [], '/', async (u) => cyclic[u]);
    expect([...closure].sort()).toEqual(['/a.js', '/b.js', '/gone.js']);
  });
});

describe('pageKind', () => {
  it.each([
    ['/', 'content'],
    ['/about', 'content'],
    ['/products', 'content'],
    ['/purchase/starter', 'content'],
    ['/schedule-meeting', 'content'],
    ['/payments-explained', 'content'],
    ['/checkout', 'interactive'],
    ['/checkout/success', 'interactive'],
    ['/onboarding/1', 'interactive'],
    ['/onboarding-ai-agent/1', 'interactive'],
    ['/client-onboarding', 'interactive'],
    ['/dashboard', 'interactive'],
    ['/admin', 'interactive'],
    ['/admin/orders', 'interactive'],
    ['/test-checkout', 'interactive'],
    ['/test-purchase-flow', 'interactive'],
    ['/pay/abc', 'interactive'],
  ])('%s is %s', (path, kind) => {
    expect(pageKind(path)).toBe(kind);
  });
});

describe('judge', () => {
  const base = { inlineBytes: 0, files: [], visibleIslands: [], eagerIslands: [] };

  it('passes a content page within 12 KB and fails one above', () => {
    expect(judge({ ...base, path: '/', kind: 'content', bytes: BUDGETS.content }).problems).toEqual(
      [],
    );
    expect(
      judge({ ...base, path: '/', kind: 'content', bytes: BUDGETS.content + 1 }).problems[0],
    ).toMatch(/exceeds the content budget of 12.0 KB/);
  });

  it('fails a content page hydrating on load, whatever its size', () => {
    const r = judge({
      ...base,
      path: '/about',
      kind: 'content',
      bytes: 100,
      eagerIslands: ['load Chat'],
    });
    expect(r.problems).toEqual([expect.stringMatching(/hydrates island load Chat on load/)]);
  });

  it('allows client:load on interactive pages within their budget', () => {
    const r = judge({
      ...base,
      path: '/checkout',
      kind: 'interactive',
      bytes: 100 * 1024,
      eagerIslands: ['load Checkout'],
    });
    expect(r.problems).toEqual([]);
    expect(r.budget).toBe(BUDGETS.interactive);
  });
});

describe('source checks', () => {
  it('finds client:load and client:only but not client:visible', () => {
    expect(
      eagerDirectivesInSource('<A client:load /><B client:visible /><C client:only="react" />'),
    ).toEqual(['client:load', 'client:only']);
  });

  it('maps page files to routes', () => {
    expect(routeOfPageFile('index.astro')).toBe('/');
    expect(routeOfPageFile('about.astro')).toBe('/about');
    expect(routeOfPageFile('checkout/index.astro')).toBe('/checkout');
    expect(routeOfPageFile('onboarding-starter/[orderId].astro')).toBe(
      '/onboarding-starter/[orderId]',
    );
  });
});

describe('islands that load on use', () => {
  it('counts a client:intent island neither as eager nor as possibly visible', () => {
    const { islands } = extractPageScripts(
      '<astro-island component-url="/_astro/CartUi.js" renderer-url="/_astro/client.js" client="intent" opts="{&quot;name&quot;:&quot;CartUi&quot;}"></astro-island>',
    );
    expect(islands.map((i) => [i.directive, hydratesWithoutInput(i), hydratesOnUse(i)])).toEqual([
      ['intent', false, true],
    ]);
  });
});

/**
 * Gives Vite's preload list the deploy query that Astro gives the imports themselves.
 *
 * On Netlify the adapter asks for skew protection: every import between the site's chunks
 * becomes `./react.C1eX.js?dpl=<deploy id>` (Astro's plugin-chunk-imports). Vite's list of
 * what a lazy import needs (`__vite__mapDeps`) keeps the bare file names, so the browser
 * preloads `react.C1eX.js`, then imports `react.C1eX.js?dpl=…`: two URLs, two downloads, and
 * the second only starts once the importing chunk has arrived. On a phone over slow 4G
 * (562 ms a round trip) that doubled the time from a press on the cart to its panel.
 *
 * Astro 7.3 and @astrojs/netlify 7 (2026-11); drop this once Astro rewrites the list itself.
 */
import type { Plugin } from 'vite';

/** The query the Netlify adapter adds (`assetQueryParams`): the deploy's id, when there is one. */
export function deployQuery(env: NodeJS.ProcessEnv = process.env): string {
  return env.DEPLOY_ID ? new URLSearchParams({ dpl: env.DEPLOY_ID }).toString() : '';
}

/** The `m.f=[…]` file list of Vite's preload map, as Vite 7/8 prints it. */
const PRELOAD_LIST = /(__vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=)(\[[^\]]*\])/g;

/** `code` with every script in its preload list carrying `query` (stylesheets have none). */
export function addQueryToPreloads(code: string, query: string): string {
  if (!query) return code;
  return code.replace(PRELOAD_LIST, (_, head: string, list: string) => {
    const files = (JSON.parse(list) as string[]).map((file) =>
      /\.m?js$/.test(file) ? `${file}?${query}` : file,
    );
    return head + JSON.stringify(files);
  });
}

export function skewProtectedPreloads(query = deployQuery()): Plugin {
  return {
    name: 'novareach:skew-protected-preloads',
    apply: 'build',
    enforce: 'post',
    // Last of all: Vite writes the preload map in its own generateBundle, after user plugins.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk') chunk.code = addQueryToPreloads(chunk.code, query);
        }
      },
    },
  };
}
